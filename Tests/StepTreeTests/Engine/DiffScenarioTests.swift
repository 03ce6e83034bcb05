import ExampleSteps
import Foundation
import StepTree
import Testing

/// The consequences SPEC §3 lists, on small trees.
@Suite struct DiffScenarioTests {
    static func tree(_ json: String) throws -> DynamicSteps {
        DynamicSteps(schema: try StepSchema(json: Data(json.utf8)))
    }

    /// Each tab keeps its own sheet; only the shown tab's sheet is on screen.
    @Test func sheetsFollowTheirTabs() throws {
        var state = try Self.tree(
            """
            {"initial": "a", "children": [
              {"key": "a", "kind": "tab", "children": [{"key": "s", "kind": "present"}]},
              {"key": "b", "kind": "tab", "children": [{"key": "s", "kind": "present", "style": "cover"}]}]}
            """)
        #expect(state.apply(.select("a/s")) == .events(["present /a/s sheet"]))
        #expect(
            state.apply(.select("b/s"))
                == .events(["dismiss /a/s sheet", "select / a -> b", "present /b/s cover"]))
        // The tab left behind kept its sheet: it comes back with the tab.
        #expect(
            state.apply(.select("a"))
                == .events(["dismiss /b/s cover", "select / b -> a", "present /a/s sheet"]))
        // Closed in the background: not mounted, nothing to show.
        #expect(state.apply(.deselect("b/s")) == .events([]))
        #expect(state.apply(.select("b")) == .events(["dismiss /a/s sheet", "select / a -> b"]))
    }

    /// A tab renewed in place is replaced: its container goes with what it held and a new one
    /// is built from the new state, so nothing is popped or pushed.
    @Test func renewedTabIsReplacedWithItsStack() throws {
        var state = AppSteps()
        try state.select(path: "profile/detail/dark")
        #expect(state.apply(.select("profile", fresh: true)) == .events(["replace /profile"]))
        #expect(!state.profile.renewal.isInitial)
        // A renewal keeps the step's own selections.
        #expect(state.profile.selected == StepSelection(.main, push: .detail))
        #expect(state.profile.detail.selected.content == .dark)
        // A tab switch to a renewed tab: a select, and the new tab's replace at its position.
        #expect(
            state.apply(.select("home", fresh: true))
                == .events(["select / profile -> home", "replace /home"]))
        // Back to the renewed tab: it is selected again, its stack is still there.
        #expect(state.apply(.select("profile")) == .events(["select / home -> profile"]))
        #expect(state.visibleScreen == StepPath(["profile", "detail", "dark"]))
    }

    /// Deselecting a stack pops its elements and what they pushed, topmost first; the stack
    /// starts afresh.
    @Test func deselectingAStackPopsEverythingTopmostFirst() throws {
        var state = AppSteps()
        try state.setStack(path: "profile/friends", ids: ["u1", "u2"])
        try state.select(path: "profile/friends/u1/detail")
        try state.select(path: "profile/friends/u2/detail")
        #expect(
            state.apply(.deselect("profile/friends"))
                == .events([
                    "pop /profile/friends/u2/detail", "pop /profile/friends/u2",
                    "pop /profile/friends/u1/detail", "pop /profile/friends/u1",
                ]))
        #expect(state.profile.friends.ids == [])
        #expect(state.profile.selected == StepSelection(.main))
        #expect(state.apply(.select("profile/friends")) == .events([]))
        #expect(
            state.apply(.stack("profile/friends", ids: ["u1"]))
                == .events(["push /profile/friends/u1"]))
        #expect(state.profile.friends.value[id: "u1"]?.selected == StepSelection(.main))
    }

    /// Changing a non-top element's screen pops what is above it and pushes it back.
    @Test func pushingBelowTheTopReplaysTheElementsAbove() throws {
        var state = AppSteps()
        try state.setStack(path: "profile/friends", ids: ["u1", "u2", "u3"])
        #expect(
            state.apply(.select("profile/friends/u1/detail"))
                == .events([
                    "pop /profile/friends/u3", "pop /profile/friends/u2",
                    "push /profile/friends/u1/detail", "push /profile/friends/u2",
                    "push /profile/friends/u3",
                ]))
        // An inline change below the top is a selection, nothing moves.
        #expect(
            state.apply(.select("profile/friends/u1/detail/dark"))
                == .events(["select /profile/friends/u1/detail - -> dark"]))
    }

    /// A path that ends at a stack element selects the stack; the element stays where it is.
    /// Showing it removes the elements above.
    @Test func selectingAnElementKeepsTheStack() throws {
        var state = AppSteps()
        try state.setStack(path: "profile/friends", ids: ["u1", "u2"])
        try state.select(path: "home")
        #expect(state.apply(.select("profile/friends/u1")) == .events(["select / home -> profile"]))
        #expect(state.profile.friends.ids == ["u1", "u2"])
        #expect(state.visibleScreen == StepPath(["profile", "friends", "u2", "main"]))
        #expect(state.apply(.show("profile/friends/u1")) == .events(["pop /profile/friends/u2"]))
        #expect(state.profile.friends.ids == ["u1"])
        #expect(state.visibleScreen == StepPath(["profile", "friends", "u1", "main"]))
    }

    /// Emptying a stack that is selected shows its parent again; the stack stays selected.
    @Test func emptyStackShowsItsParent() throws {
        var state = AppSteps()
        try state.setStack(path: "profile/friends", ids: ["u1"])
        #expect(
            state.apply(.stack("profile/friends", ids: [])) == .events(["pop /profile/friends/u1"]))
        #expect(state.profile.selected == StepSelection(.main, push: .friends))
        #expect(state.visibleScreen == StepPath(["profile", "main"]))
        #expect(state.apply(.select("profile/main")) == .events([]))
        #expect(
            state.apply(.stack("profile/friends", ids: ["u2"]))
                == .events(["push /profile/friends/u2"]))
    }

    /// A push replaced by another push of the same node: one frame pops, the other is pushed,
    /// and the replaced one starts afresh when it comes back.
    @Test func replacingAPushedStepInItsLayer() throws {
        var state = AppSteps()
        try state.select(path: "profile/detail/dark")
        #expect(
            state.apply(.stack("profile/friends", ids: ["u1"]))
                == .events(["pop /profile/detail", "push /profile/friends/u1"]))
        #expect(state.profile.detail.selected == StepSelection())
        #expect(
            state.apply(.select("profile/detail"))
                == .events(["pop /profile/friends/u1", "push /profile/detail"]))
        #expect(state.profile.friends.ids == [])
        #expect(state.visibleScreen == StepPath(["profile", "detail"]))
    }

    /// A modal presented from a stack element that is popped and pushed back is dismissed and
    /// presented again, though the element keeps its identity.
    @Test func modalOfAReplayedElementIsPresentedAgain() throws {
        var state = AppSteps()
        try state.setStack(path: "profile/friends", ids: ["u1", "u2"])
        try state.select(path: "profile/friends/u2/settings")
        #expect(
            state.apply(.select("profile/friends/u1/detail"))
                == .events([
                    "dismiss /profile/friends/u2/settings sheet", "pop /profile/friends/u2",
                    "push /profile/friends/u1/detail", "push /profile/friends/u2",
                    "present /profile/friends/u2/settings sheet",
                ]))
    }

    /// Showing a stack removes all its elements, topmost first; the stack stays selected and
    /// its parent's screen shows.
    @Test func showingAStackEmptiesIt() throws {
        var state = AppSteps()
        try state.setStack(path: "profile/friends", ids: ["u1", "u2"])
        try state.select(path: "profile/friends/u2/detail")
        #expect(
            state.apply(.show("profile/friends"))
                == .events([
                    "pop /profile/friends/u2/detail", "pop /profile/friends/u2",
                    "pop /profile/friends/u1",
                ]))
        #expect(state.profile.selected == StepSelection(.main, push: .friends))
        #expect(state.visibleScreen == StepPath(["profile", "main"]))
    }

    /// `show` through a present step clears nothing beneath it: the sheet comes over the
    /// pushed detail.
    @Test func showingASheetKeepsWhatItCovers() throws {
        var state = AppSteps()
        try state.select(path: "profile/detail")
        try state.select(path: "login")
        #expect(
            state.apply(.show("profile/settings"))
                == .events(["dismiss /login cover", "present /profile/settings sheet"]))
        #expect(state.profile.selected == StepSelection(.main, push: .detail, modal: .settings))
    }
}
