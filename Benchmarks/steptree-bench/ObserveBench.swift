import ExampleSteps
import Foundation
import StepTree

/// An observer that counts the calls it gets.
///
/// Counts under a lock rather than with `Synchronization.Atomic`, which needs newer systems than
/// the package's deployment targets.
final class CallCounter: StepsObserver, @unchecked Sendable {
    // `@unchecked Sendable`: the counts are read and written only under `lock`.
    private let lock = NSLock()
    private var counts = (will: 0, did: 0, selections: 0)

    var willChanges: Int { lock.withLock { counts.will } }
    var didChanges: Int { lock.withLock { counts.did } }
    var selections: Int { lock.withLock { counts.selections } }

    func didSelect(_ selection: SelectionChange) {
        lock.withLock { counts.selections += 1 }
    }

    func willChange(_ change: NavigationChange<any StepNode>) {
        lock.withLock { counts.will += 1 }
    }

    func didChange(_ change: NavigationChange<any StepNode>) {
        lock.withLock { counts.did += 1 }
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

    /// Navigator transactions with `StepsObservation.observer` set to a counter, or to `nil`.
    static func transactions(observed: Bool) throws -> Runner {
        let counter = CallCounter()
        StepsObservation.observer = observed ? counter : nil
        defer { StepsObservation.observer = nil }
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
        let will = counter.willChanges
        let did = counter.didChanges
        try expect(
            will == calls && did == calls,
            "observer counted \(will) willChange and \(did) didChange calls, expected \(calls)")
        return { count in
            StepsObservation.observer = observed ? counter : nil
            defer { StepsObservation.observer = nil }
            let navigator = Navigator(AppSteps())
            return timeLoop(count) { index in
                let events = transaction(navigator, index)
                blackHole(events)
            }
        }
    }
}
