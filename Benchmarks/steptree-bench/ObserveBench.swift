import ExampleSteps
import StepTree
import Synchronization

/// An observer that counts the calls it gets.
final class CallCounter: StepsObserver {
    let willChanges = Atomic<Int>(0)
    let didChanges = Atomic<Int>(0)

    func willChange(_ change: NavigationChange) {
        willChanges.add(1, ordering: .relaxed)
    }

    func didChange(_ change: NavigationChange) {
        didChanges.add(1, ordering: .relaxed)
    }
}

enum ObserveBench {
    /// Transaction `index`: even ones open the profile tab with its detail pushed, odd ones go
    /// back to the home tab, so every transaction commits a change.
    @inline(__always)
    private static func transaction(_ navigator: Navigator<AppSteps>, _ index: Int)
        -> [NavigationEvent]
    {
        if index & 1 == 0 {
            navigator.transaction { $0.select(\.profile, \.detail, \.dark) }
        } else {
            navigator.transaction { $0.select(\.home) }
        }
    }

    /// Navigator transactions with `StepSystem.observer` set to a counter, or to `nil`.
    static func transactions(observed: Bool) throws -> Runner {
        let counter = CallCounter()
        StepSystem.observer = observed ? counter : nil
        defer { StepSystem.observer = nil }
        let navigator = Navigator(AppSteps())
        let expected = [
            ["select / home -> profile", "push /profile/detail"], ["select / profile -> home"],
            ["select / home -> profile"], ["select / profile -> home"],
        ]
        for (index, events) in expected.enumerated() {
            let got = transaction(navigator, index).map(\.description)
            try expect(got == events, "transaction \(index) gave \(got), expected \(events)")
        }
        let calls = observed ? expected.count : 0
        let will = counter.willChanges.load(ordering: .relaxed)
        let did = counter.didChanges.load(ordering: .relaxed)
        try expect(
            will == calls && did == calls,
            "observer counted \(will) willChange and \(did) didChange calls, expected \(calls)")
        return { count in
            StepSystem.observer = observed ? counter : nil
            defer { StepSystem.observer = nil }
            let navigator = Navigator(AppSteps())
            return timeLoop(count) { index in
                let events = transaction(navigator, index)
                blackHole(events)
            }
        }
    }
}
