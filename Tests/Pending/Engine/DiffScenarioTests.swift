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
        // Selected in the background: not mounted, nothing to show.
        #expect(
            state.apply(.select("b/s"))
                == .events(["dismiss /a/s sheet", "select / a -> b", "present /b/s cover"]))
        #expect(
            state.apply(.select("a"))
                == .events(["dismiss /b/s cover", "select / b -> a", "present /a/s sheet"]))
        #expect(state.apply(.deselect("b/s")) == .events([]))
        #expect(state.apply(.select("b")) == .events(["dismiss /a/s sheet", "select / a -> b"]))
    }

    /// A tab selected with a new value is a new container: what it holds comes with it, so
    /// nothing is popped or pushed (and there is no event for the replacement itself).
    @Test func freshTabCarriesItsStack() throws {
        var state = AppSteps()
        try state.select(path: "profile/detail/dark")
        #expect(state.apply(.select("profile", fresh: true)) == .events([]))
        #expect(state.profile.generation == 1)
        #expect(state.apply(.select("home", fresh: true)) == .events(["select / profile -> home"]))
        // Back to a renewed tab: it is selected again, its stack is still there.
        #expect(state.apply(.select("profile")) == .events(["select / home -> profile"]))
    }

    /// Deselecting a stack pops its elements and what they pushed, topmost first.
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
        #expect(state.profile.friends.ids == ["u1", "u2"])
        #expect(state.profile.selected == nil)
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
                == .events([
                    "select /profile/friends/u1/detail - -> dark"
                ]))
    }

    /// A path that ends at a stack element selects the stack; the element stays where it is.
    @Test func selectingAnElementKeepsTheStack() throws {
        var state = AppSteps()
        try state.setStack(path: "profile/friends", ids: ["u1", "u2"])
        try state.select(path: "profile/main")
        #expect(
            state.apply(.select("profile/friends/u1"))
                == .events([
                    "push /profile/friends/u1", "push /profile/friends/u2",
                ]))
        #expect(state.profile.friends.ids == ["u1", "u2"])
    }

    /// Emptying a stack that is selected shows its parent again.
    @Test func emptyStackShowsItsParent() throws {
        var state = AppSteps()
        try state.setStack(path: "profile/friends", ids: ["u1"])
        #expect(
            state.apply(.stack("profile/friends", ids: [])) == .events(["pop /profile/friends/u1"]))
        #expect(state.profile.selected == .friends)
        #expect(state.apply(.select("profile/main")) == .events([]))
    }
}
