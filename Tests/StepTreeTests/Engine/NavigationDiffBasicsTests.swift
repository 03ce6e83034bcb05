import ExampleSteps
import Foundation
import StepTree
import TestSupport
import Testing

@Suite struct NavigationDiffBasicsTests {
    /// States of the example tree with something on every kind of frame.
    static let routes: [[PathOperation]] = [
        [],
        [.select("profile/detail/dark")],
        [.select("profile/settings")],
        [.select("profile/settings"), .select("home")],
        [.stack("profile/friends", ids: ["u1", "u2"]), .select("profile/friends/u2/settings")],
        [
            .stack("profile/friends", ids: ["u1", "u2"]), .select("profile/friends/u1/detail/dark"),
            .stack("profile/friends/u2/friends", ids: ["v1"]), .select("explore", fresh: true),
        ],
    ]

    static func state<Root: StepNode>(_ start: Root, _ route: [PathOperation]) throws -> Root {
        var state = start
        for operation in route { try state.perform(operation) }
        return state
    }

    @Test(arguments: routes)
    func diffWithItselfIsEmpty(_ route: [PathOperation]) throws {
        let typed = try Self.state(AppSteps(), route)
        #expect(eventText(from: typed, to: typed) == [])
        let dynamic = try Self.state(DynamicSteps(schema: try ExampleSchema.load()), route)
        #expect(eventText(from: dynamic, to: dynamic) == [])
    }

    @Test(arguments: routes)
    func independentlyBuiltEqualTreesDiffEmpty(_ route: [PathOperation]) throws {
        let first = try Self.state(AppSteps(), route)
        let second = try Self.state(AppSteps(), route)
        #expect(first == second)
        #expect(eventText(from: first, to: second) == [])
        let schema = try ExampleSchema.load()
        let dynamicFirst = try Self.state(DynamicSteps(schema: schema), route)
        let dynamicSecond = try Self.state(DynamicSteps(schema: schema), route)
        #expect(dynamicFirst == dynamicSecond)
        #expect(eventText(from: dynamicFirst, to: dynamicSecond) == [])
        // Not even the schema object has to be shared.
        let otherSchema = try Self.state(DynamicSteps(schema: try ExampleSchema.load()), route)
        #expect(eventText(from: dynamicFirst, to: otherSchema) == [])
    }

    @Test(arguments: [
        "home", "profile", "profile/main", "profile/detail", "profile/detail/dark",
        "profile/friends", "profile/friends/u1", "profile/friends/u1/main",
        "profile/friends/u2/settings",
    ])
    func selectingWhatIsSelectedEmitsNothing(_ path: String) throws {
        var state = AppSteps()
        try state.setStack(path: "profile/friends", ids: ["u1", "u2"])
        try state.select(path: StepPath(parsing: path))
        let before = state
        #expect(state.apply(.select(path)) == .events([]))
        #expect(state == before)
        var dynamic = DynamicSteps(schema: try ExampleSchema.load())
        try dynamic.setStack(path: "profile/friends", ids: ["u1", "u2"])
        try dynamic.select(path: StepPath(parsing: path))
        let dynamicBefore = dynamic
        #expect(dynamic.apply(.select(path)) == .events([]))
        #expect(dynamic == dynamicBefore)
    }

    @Test func settingTheSameStackEmitsNothing() throws {
        var state = AppSteps()
        try state.setStack(path: "profile/friends", ids: ["u1", "u2"])
        let before = state
        #expect(state.apply(.stack("profile/friends", ids: ["u1", "u2"])) == .events([]))
        #expect(state == before)
    }

    /// One change with every kind of event, in SPEC §3 order: dismiss, pop, select, push,
    /// present.
    @Test func everyKindOfEventInOrder() throws {
        var old = AppSteps()
        try old.setStack(path: "profile/friends", ids: ["u1", "u2"])
        try old.select(path: "profile/friends/u1/detail/dark")
        try old.select(path: "profile/friends/u2/settings")
        var new = old
        try new.profile.friends.value.setIDs(["u1", "u4"])
        new.profile.friends.value[id: "u1"]?.detail.value.select(.light)
        new.profile.friends.value[id: "u4"]?.select(.settings)
        #expect(
            eventText(from: old, to: new) == [
                "dismiss /profile/friends/u2/settings sheet", "pop /profile/friends/u2",
                "select /profile/friends/u1/detail dark -> light", "push /profile/friends/u4",
                "present /profile/friends/u4/settings sheet",
            ])
        // And back.
        #expect(
            eventText(from: new, to: old) == [
                "dismiss /profile/friends/u4/settings sheet", "pop /profile/friends/u4",
                "select /profile/friends/u1/detail light -> dark", "push /profile/friends/u2",
                "present /profile/friends/u2/settings sheet",
            ])
    }

    /// Modals chain in the window; the topmost goes first, and frames inside a modal come and go
    /// with it. A dismissed modal starts afresh when presented again.
    @Test func nestedModals() throws {
        let json = """
            {"initial": "main", "children": [
              {"key": "main"},
              {"key": "a", "kind": "present", "style": "cover", "initial": "idle", "children": [
                {"key": "idle"},
                {"key": "b", "kind": "present", "initial": "idle", "children": [
                  {"key": "idle"}, {"key": "c", "kind": "push"}]}]}]}
            """
        var state = DynamicSteps(schema: try StepSchema(json: Data(json.utf8)))
        #expect(
            state.apply(.select("a/b/c")) == .events(["present /a cover", "present /a/b sheet"]))
        // `main` is the content: selecting it again changes nothing, the cover stays over it.
        #expect(state.apply(.select("main")) == .events([]))
        #expect(
            state.apply(.show("main")) == .events(["dismiss /a/b sheet", "dismiss /a cover"]))
        // Dismissed, `a` lost its sheet: it comes back as it started.
        #expect(state.apply(.select("a")) == .events(["present /a cover"]))
        #expect(state.apply(.select("a/b/c")) == .events(["present /a/b sheet"]))
        // The variant under a push is kept: selecting it again pops nothing.
        #expect(state.apply(.select("a/b/idle")) == .events([]))
        #expect(state.apply(.deselect("a/b/c")) == .events(["pop /a/b/c"]))
        #expect(state.apply(.select("a/b/c")) == .events(["push /a/b/c"]))
        #expect(state.apply(.select("a/idle")) == .events([]))
        #expect(state.apply(.show("a/idle")) == .events(["dismiss /a/b sheet"]))
        #expect(
            state.apply(.select("a", fresh: true))
                == .events(["dismiss /a cover", "present /a cover"]))
        #expect(state.apply(.deselect("a")) == .events(["dismiss /a cover"]))
        #expect(state.selectedKey(in: .modal) == nil)
        #expect(state.selectedKeys == ["main"])
    }

    /// A node selecting nothing shows its own screen; inline changes are selections, and a
    /// variant that is switched away keeps its own selections.
    @Test func inlineVariantsAreSelections() throws {
        let json = """
            {"initial": "a", "children": [
              {"key": "a", "initial": "x", "children": [{"key": "x"}, {"key": "y"}]},
              {"key": "b", "children": [{"key": "p", "kind": "push"}]}]}
            """
        var state = DynamicSteps(schema: try StepSchema(json: Data(json.utf8)))
        #expect(state.apply(.select("a/y")) == .events(["select /a x -> y"]))
        #expect(state.apply(.select("b/p")) == .events(["select / a -> b", "push /b/p"]))
        // Switching the root's content takes the old content's frames away.
        #expect(state.apply(.select("a")) == .events(["pop /b/p", "select / b -> a"]))
        #expect(state.apply(.deselect("a")) == .events(["select / a -> -"]))
        #expect(state.apply(.deselect("a")) == .events([]))
        #expect(state.apply(.select("a")) == .events(["select / - -> a"]))
        #expect(state.selectedKeys == ["a"])
        // `a` kept `y`, and `b` kept its pushed `p`.
        #expect(state.apply(.select("a/y")) == .events([]))
        #expect(state.apply(.select("b")) == .events(["select / a -> b", "push /b/p"]))
        // Renewed in place: the variant is replaced, and the frame it pushed into the root's
        // container is a new screen there.
        #expect(
            state.apply(.select("b", fresh: true))
                == .events(["pop /b/p", "replace /b", "push /b/p"]))
    }
}
