import ExampleSteps
import Foundation
import StepTree
import Testing

/// Trees are values: the same selections give equal, equally hashed trees, whatever the route.
@Suite struct DeterminismTests {
    /// Two routes to: home tab shown, profile on its detail with the dark theme, friends
    /// [u1, u2] with u1 on its detail.
    static let routes: [[PathOperation]] = [
        [
            .stack("profile/friends", ids: ["u1", "u2"]), .select("profile/friends/u1/detail"),
            .select("profile/detail/dark"), .select("home"),
        ],
        [
            .select("profile/settings"), .select("explore"), .stack("profile/friends", ids: ["u1"]),
            .select("profile/friends/u1/detail/light"),
            .deselect("profile/friends/u1/detail/light"),
            .stack("profile/friends", ids: ["u1", "u2", "u3"]),
            .stack("profile/friends", ids: ["u1", "u2"]), .select("profile/detail/light"),
            .select("profile/detail/dark"), .select("home"),
        ],
    ]

    static func walk<Root: StepNode>(_ start: Root, _ route: [PathOperation]) throws -> Root {
        var state = start
        for operation in route { try state.perform(operation) }
        return state
    }

    @Test func differentRoutesGiveEqualHandWrittenTrees() throws {
        let first = try Self.walk(AppSteps(), Self.routes[0])
        let second = try Self.walk(AppSteps(), Self.routes[1])
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(eventText(from: first, to: second) == [])
        #expect(first.profile.friends.ids == ["u1", "u2"])
        #expect(first.profile.friends[id: "u1"]?.selected == .detail)
    }

    @Test func differentRoutesGiveEqualSchemaTrees() throws {
        let start = DynamicSteps(schema: try ExampleSchema.load())
        let first = try Self.walk(start, Self.routes[0])
        let second = try Self.walk(start, Self.routes[1])
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(eventText(from: first, to: second) == [])
        #expect(first.selectedKey == "home")
    }

    @Test func differentValuesAreNotEqual() throws {
        let base = try Self.walk(AppSteps(), Self.routes[0])
        var other = base
        other.profile.detail.selected = .light
        #expect(base != other)
        var renewed = base
        renewed.select(\.home, fresh: true)
        #expect(base != renewed)
    }

    /// Two loads of the same schema describe the same tree: their states are equal, hash
    /// alike and diff to nothing.
    @Test func twoLoadsOfOneSchemaGiveEqualTrees() throws {
        let first = DynamicSteps(schema: try ExampleSchema.load())
        let second = DynamicSteps(schema: try ExampleSchema.load())
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(eventText(from: first, to: second) == [])
    }

    /// A state under an updated schema replaces the old screen wholesale instead of being
    /// compared child by child with a tree of another shape.
    @Test func statesOfDifferentSchemasDiffAsAReplacement() throws {
        let old = try StepSchema(
            json: Data(#"{"initial": "a", "children": [{"key": "a", "kind": "tab"}]}"#.utf8))
        let new = try StepSchema(
            json: Data(
                #"""
                {"initial": "b", "children": [{"key": "a", "kind": "tab"},
                  {"key": "b", "kind": "tab", "initial": "d", "children": [
                    {"key": "d", "kind": "push"}]}]}
                """#.utf8))
        #expect(old != new)
        let navigator = Navigator(DynamicSteps(schema: old))
        let events = navigator.restore(DynamicSteps(schema: new))
        #expect(events == [])
        #expect(navigator.root == DynamicSteps(schema: new))
        var pushed = DynamicSteps(schema: old)
        try pushed.select(path: "a")
        var target = DynamicSteps(schema: new)
        try target.select(path: "b/d")
        #expect(eventText(from: pushed, to: target) == [])
    }

    /// `==` must be substitutable: equal trees, after the same operation, stay equal. An
    /// element's identity depends only on its id and its `fresh` selections, never on history.
    @Test func equalTreesStayEqualUnderTheSameOperation() throws {
        // The same stack reached with and without a detour through a third element.
        var direct = AppSteps()
        try direct.setStack(path: "profile/friends", ids: ["u1"])
        var detour = AppSteps()
        try detour.setStack(path: "profile/friends", ids: ["u1", "u2"])
        try detour.setStack(path: "profile/friends", ids: ["u1"])
        #expect(direct == detour)
        try direct.setStack(path: "profile/friends", ids: ["u1", "u3"])
        try detour.setStack(path: "profile/friends", ids: ["u1", "u3"])
        #expect(direct == detour)
        #expect(eventText(from: direct, to: detour) == [])
    }
}
