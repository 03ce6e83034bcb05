import ExampleSteps
import StepTree
import StepTreeDrivers
import StepTreeTools
import Testing

extension ThreadSafety {
    /// `await sequencer.settled()` returns once what the followed navigator committed is on
    /// screen and the driver is idle: tests await it instead of yielding in a loop.
    @MainActor @Suite struct SettledTests {
        private static func following(_ navigator: Navigator<AppSteps>)
            -> NavigationSequencer<SimulatedUIKitDriver<AppSteps>>
        {
            let driver = SimulatedUIKitDriver(
                showing: navigator.root, clock: ContinuousClock(),
                durations: .init(push: .zero, present: .zero))
            let sequencer = NavigationSequencer(driver: driver, showing: navigator.root)
            sequencer.follow(navigator)
            return sequencer
        }

        @Test func settledShowsEveryChangeCommittedBeforeIt() async throws {
            let navigator = Navigator(AppSteps())
            let sequencer = Self.following(navigator)
            try navigator.select(path: "profile/settings")
            try navigator.setStack(path: "profile/friends", ids: ["ann"])
            await sequencer.settled()
            #expect(sequencer.isIdle)
            #expect(sequencer.target == navigator.root)
            #expect(sequencer.applied == navigator.root)
            #expect(
                sequencer.driver.window.log == [
                    "select / profile", "present /profile/settings",
                    "push /profile/friends/ann",
                ])
        }

        @Test func settledAfterARetapShowsTheTabAtItsRoot() async throws {
            var steps = AppSteps()
            try steps.setStack(path: "profile/friends", ids: ["ann", "bob"])
            let navigator = Navigator(steps)
            let sequencer = Self.following(navigator)
            try navigator.userDidSelectTab(path: "profile")
            await sequencer.settled()
            #expect(sequencer.applied == navigator.root)
            #expect(navigator.root.profile.friends.ids == [])
        }

        @Test func settledWithNothingFollowedReturnsWhenIdle() async {
            let navigator = Navigator(AppSteps())
            let driver = SimulatedUIKitDriver(
                showing: navigator.root, clock: ContinuousClock(),
                durations: .init(push: .zero, present: .zero))
            let sequencer = NavigationSequencer(driver: driver, showing: navigator.root)
            await sequencer.settled()
            #expect(sequencer.isIdle)
        }
    }
}
