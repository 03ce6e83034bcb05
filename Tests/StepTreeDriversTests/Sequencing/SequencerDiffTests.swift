import ExampleSteps
import StepTree
import StepTreeTools
import TestSupport
import Testing

@testable import StepTreeDrivers

/// A sequencer following a navigator plans each change from the events the navigator's diff
/// gave it; the drivers diff two states again only when what they apply does not start from
/// the change's old state.
@MainActor @Suite struct SequencerDiffTests {
    /// Runs `body` and returns how many times the drivers diffed two states in it.
    private static func diffs(in body: () async throws -> Void) async rethrows -> Int {
        let count = Mutex(0)
        let counting: @Sendable () -> Void = { count.withLock { $0 += 1 } }
        try await NavigationPlan.$didDiff.withValue(counting) { try await body() }
        return count.withLock { $0 }
    }

    private static func sequencer(showing state: AppSteps)
        -> NavigationSequencer<SimulatedUIKitDriver<AppSteps>>
    {
        let driver = SimulatedUIKitDriver(
            showing: state, clock: ContinuousClock(),
            durations: .init(push: .zero, present: .zero))
        return NavigationSequencer(driver: driver, showing: state)
    }

    @Test func followedChangesAreDiffedByTheNavigatorAlone() async throws {
        let navigator = Navigator(AppSteps())
        let sequencer = Self.sequencer(showing: navigator.root)
        let diffs = try await Self.diffs {
            sequencer.follow(navigator)
            try navigator.select(path: "profile/settings")
            await sequencer.settled()
            try navigator.setStack(path: "profile/friends", ids: ["ann"])
            await sequencer.settled()
        }
        #expect(diffs == 0)
        #expect(sequencer.applied == navigator.root)
        #expect(
            sequencer.driver.window.log == [
                "select / profile", "present /profile/settings", "push /profile/friends/ann",
            ])
    }

    @Test func aChangeFromAStateNotOnScreenIsDiffedFromTheScreen() async throws {
        var old = AppSteps()
        try old.select(path: "explore")
        var new = AppSteps()
        try new.select(path: "profile/settings")
        let change = NavigationChange(
            old: old, new: new, events: NavigationDiff.events(from: old, to: new), sequence: 1)
        let sequencer = Self.sequencer(showing: AppSteps())
        let diffs = await Self.diffs {
            sequencer.show(change)
            await sequencer.idle()
        }
        #expect(diffs == 1)
        #expect(sequencer.applied == new)
        #expect(sequencer.driver.window.log == ["select / profile", "present /profile/settings"])
    }

    @Test func aTargetShownWithoutEventsIsDiffed() async throws {
        var new = AppSteps()
        try new.select(path: "profile/settings")
        let sequencer = Self.sequencer(showing: AppSteps())
        let diffs = await Self.diffs {
            sequencer.show(new)
            await sequencer.idle()
        }
        #expect(diffs == 1)
        #expect(sequencer.applied == new)
    }
}
