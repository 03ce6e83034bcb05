import ExampleSteps
import StepTree
import TestSupport
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
                    + " [reselect /profile]"
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
        #expect(recorder.lines == ["#1 userGesture: pop /profile/detail [reselect /profile]"])
    }

    @Test func aReTapWithNoneChangesNothingButIsReported() throws {
        let start = try Self.deepInProfile()
        let navigator = Navigator(start)
        let recorder = UIChangeRecorder()
        let tab = navigator.selectionBinding(reselect: .none)
        StepsObservation.withObserver(recorder) {
            tab.set(.profile)
            tab.set(.home)
        }
        #expect(navigator.root.selected == StepSelection(.home))
        #expect(navigator.root.profile.friends.ids == ["ann", "bob"])
        #expect(
            recorder.lines == [
                "#1 userGesture:  [reselect /profile]",
                "#2 userGesture: select / profile -> home [UI]",
            ])
    }

    /// Selecting what is selected emits no event (SPEC), but the re-tap is still a change
    /// observers get, for scroll-to-top and analytics.
    @Test func aReTapOnATabAtItsRootIsAReselectionWithNoEvents() async throws {
        let navigator = Navigator(AppSteps())
        let changes = navigator.changes
        let recorder = UIChangeRecorder()
        try StepsObservation.withObserver(recorder) { () throws in
            navigator.selectionBinding(at: .root).set("home")
            try navigator.userDidSelectTab(path: "home")
        }
        #expect(
            recorder.lines == [
                "#1 userGesture:  [reselect /home]", "#2 userGesture:  [reselect /home]",
            ])
        #expect(navigator.root == AppSteps())
        var iterator = changes.makeAsyncIterator()
        let change = try #require(await iterator.next())
        #expect(change.reselectedTab == "/home")
        #expect(change.events.isEmpty)
        #expect(change.old == change.new)
        #expect(change.transaction.isAppliedByUI == false)
        // A tap on another tab is no reselection.
        try navigator.userDidSelectTab(path: "profile")
        _ = try #require(await iterator.next())
        let tap = try #require(await iterator.next())
        #expect(tap.reselectedTab == nil)
        #expect(tap.events.map(\.description) == ["select / home -> profile"])
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
                "#3 userGesture: pop /profile/friends/bob, pop /profile/friends/ann"
                    + " [reselect /profile]",
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
        #expect(change.reselectedTab == "/profile")
        #expect(change.new.profile.friends.ids == [])
        #expect(
            change.disappeared.map(\.path.description) == [
                "/profile/friends/bob", "/profile/friends/ann",
            ])
    }
}

/// A re-tap is a gesture: its pops are refused whole when they would take away a modal that no
/// gesture may dismiss, as a swipe would be.
@Suite struct ReTapUnderAnUndismissibleModalTests {
    @Test func aTabBarReTapIsRefusedAndChangesNothing() throws {
        let navigator = try GuardedTabs.underTheSheet()
        let before = navigator.root
        let recorder = UIChangeRecorder()
        StepsObservation.withObserver(recorder) {
            #expect(throws: StepPathError.notUserDismissible("home/detail/record")) {
                try navigator.userDidSelectTab(path: "home")
            }
        }
        #expect(navigator.root == before)
        #expect(recorder.lines == [])
    }

    @Test func writingTheSelectedTabThroughTheBindingChangesNothing() throws {
        let navigator = try GuardedTabs.underTheSheet()
        let before = navigator.root
        let recorder = UIChangeRecorder()
        StepsObservation.withObserver(recorder) {
            navigator.selectionBinding().set(.home)
            navigator.selectionBinding(at: .root).set("home")
        }
        #expect(navigator.root == before)
        #expect(recorder.lines == [])
    }

    @Test func aReTapPopsOnceTheAppHasDismissedTheModal() throws {
        let navigator = try GuardedTabs.underTheSheet()
        try navigator.deselect(path: "home/detail/record")
        let recorder = UIChangeRecorder()
        try StepsObservation.withObserver(recorder) { () throws in
            try navigator.userDidSelectTab(path: "home")
        }
        #expect(recorder.lines == ["#3 userGesture: pop /home/detail [reselect /home]"])
    }
}
