import ExampleSteps
import StepTree
import Testing

/// A tap on the tab already selected (a re-tap) pops that tab to its root, as UIKit's tab bar
/// does, through the binding and through the entry a tab bar delegate calls; observers see it.
@Suite struct TabReselectionTests {
    /// The profile tab with two friends on its stack (over the detail it replaced), its theme
    /// dark.
    private static func deepInProfile() throws -> AppSteps {
        var steps = AppSteps()
        try steps.select(path: "profile/detail/dark")
        try steps.setStack(path: "profile/friends", ids: ["ann", "bob"])
        return steps
    }

    @Test func writingTheSelectedTabPopsItsStacksToTheirRoots() throws {
        let navigator = Navigator(try Self.deepInProfile())
        let recorder = UIChangeRecorder()
        let tab = navigator.selectionBinding()
        StepsObservation.withObserver(recorder) {
            tab.set(.profile)  // the user taps the profile tab again
        }
        #expect(navigator.root.profile.friends.ids == [])
        #expect(navigator.root.selected == StepSelection(.profile))
        #expect(navigator.frames(in: "profile") == [])
        #expect(
            recorder.lines == [
                "#1 userGesture: pop /profile/friends/bob, pop /profile/friends/ann"
            ])
    }

    @Test func aReTapPopsAPushedStep() throws {
        var steps = AppSteps()
        try steps.select(path: "profile/detail/dark")
        let navigator = Navigator(steps)
        let recorder = UIChangeRecorder()
        StepsObservation.withObserver(recorder) {
            navigator.selectionBinding(at: .root).set("profile")
        }
        #expect(navigator.frames(in: "profile") == [])
        #expect(recorder.lines == ["#1 userGesture: pop /profile/detail"])
    }

    @Test func aReTapWithNoneChangesNothing() throws {
        let navigator = Navigator(try Self.deepInProfile())
        let recorder = UIChangeRecorder()
        let tab = navigator.selectionBinding(reselect: .none)
        StepsObservation.withObserver(recorder) {
            tab.set(.profile)
            tab.set(.home)
        }
        #expect(navigator.root.selected == StepSelection(.home))
        #expect(recorder.lines == ["#1 userGesture: select / profile -> home [UI]"])
    }

    @Test func aReTapOnATabAtItsRootTellsNoOne() {
        let navigator = Navigator(AppSteps())
        let recorder = UIChangeRecorder()
        StepsObservation.withObserver(recorder) {
            navigator.selectionBinding(at: .root).set("home")
        }
        #expect(recorder.lines == [])
    }

    @Test func aTabBarReportsTapsAndReTaps() throws {
        let navigator = Navigator(try Self.deepInProfile())
        let recorder = UIChangeRecorder()
        try StepsObservation.withObserver(recorder) { () throws in
            try navigator.userDidSelectTab(path: "home")  // shown by the tab bar already
            try navigator.userDidSelectTab(path: "profile")  // back: its stacks as they were
            try navigator.userDidSelectTab(path: "profile")  // a re-tap: the driver pops
        }
        #expect(
            recorder.lines == [
                "#1 userGesture: select / profile -> home [UI]",
                "#2 userGesture: select / home -> profile [UI]",
                "#3 userGesture: pop /profile/friends/bob, pop /profile/friends/ann",
            ])
    }

    @Test func aTapOnWhatIsNoTabThrowsAndChangesNothing() throws {
        let steps = try Self.deepInProfile()
        let navigator = Navigator(steps)
        #expect(throws: StepPathError.notATab(StepPath(["profile", "detail"]))) {
            try navigator.userDidSelectTab(path: "profile/detail")
        }
        #expect(throws: StepPathError.self) { try navigator.userDidSelectTab(path: "nowhere") }
        #expect(navigator.root == steps)
    }

    @Test func aStreamSeesAReTap() async throws {
        let navigator = Navigator(try Self.deepInProfile())
        let changes = navigator.changes
        try navigator.userDidSelectTab(path: "profile")
        var iterator = changes.makeAsyncIterator()
        let change = try #require(await iterator.next())
        #expect(change.cause == .userGesture)
        #expect(change.transaction.isAppliedByUI == false)
        #expect(change.new.profile.friends.ids == [])
        #expect(
            change.disappeared.map(\.path.description) == [
                "/profile/friends/bob", "/profile/friends/ann",
            ])
    }
}
