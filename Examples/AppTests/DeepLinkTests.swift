// How an app team tests its navigation without a simulator: drive deep links and gestures
// through a navigator, then assert on the exact events and on the visible screen. A few lines
// per test.
import ExampleSteps
import StepTree
import StepTreeAnalytics
import StepTreeTools
import Testing

@Suite struct DeepLinkTests {
    @Test func aDeepLinkIntoTheProfileSwitchesTabAndPushesTheDetail() throws {
        let navigator = Navigator(AppSteps())
        let events = try navigator.transaction { try $0.select(path: "profile/detail/dark") }
        #expect(events.map(\.description) == ["select / home -> profile", "push /profile/detail"])
        #expect(navigator.root.visibleScreen == StepPath(["profile", "detail", "dark"]))
    }

    @Test func aDeepLinkWhileTheLoginCoverIsUpDismissesItFirst() throws {
        let navigator = Navigator(AppSteps())
        try navigator.select(path: "login/signUp")
        let events = try navigator.transaction { try $0.show(path: "explore") }
        #expect(events.map(\.description) == ["dismiss /login cover", "select / home -> explore"])
    }

    @Test func swipingBackKeepsTheModelInStep() throws {
        let navigator = Navigator(AppSteps())
        try navigator.select(path: "profile/detail")
        try navigator.userDidRemove(path: "profile/detail")
        #expect(navigator.root.visibleScreen == StepPath(["profile", "main"]))
    }

    @Test(arguments: ["profile/nope", "login/form/extra", ""])
    func aBadLinkChangesNothing(path: String) {
        let navigator = Navigator(AppSteps())
        #expect(throws: StepPathError.self) { try navigator.select(path: StepPath(parsing: path)) }
        #expect(navigator.root == AppSteps())
    }

    @Test func analyticsSeeOnlyTheFinalScreenOfEachLink() throws {
        let clock = TestClock()
        let tracker = ScreenTracker(clock: clock)
        let navigator = Navigator(AppSteps())
        // The tracker sees this test's changes only, as the global observer would in the app.
        try StepsObservation.withObserver(tracker) {
            try navigator.setStack(path: "profile/friends", ids: ["ann", "bob"])
            clock.advance(by: .seconds(3))
            try navigator.show(path: "profile/friends/ann/settings")
        }
        #expect(
            tracker.views.map(\.screen.description) == [
                "/profile/friends/bob/main", "/profile/friends/ann/settings",
            ])
        #expect(tracker.views.map(\.previousDuration) == [nil, .seconds(3)])
    }

    @Test func theScreenAfterALinkIsWhatTheUIShows() throws {
        var state = AppSteps()
        try state.select(path: "profile/settings")
        let screen = HeadlessScreen(state)
        #expect(screen.modals.map(\.description) == ["/profile/settings sheet"])
        #expect(screen.stack(of: .tab(StepPath(["profile"]))) == [])
    }
}
