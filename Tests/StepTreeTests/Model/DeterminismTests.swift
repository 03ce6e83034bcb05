import ExampleSteps
import Foundation
import StepTree
import StepTreeTools
import TestSupport
import Testing

/// Trees are values: the same final state gives equal, equally hashed trees, whatever the
/// route that reached it (SPEC v2 §1: state is kept in the content layer, closed frames start
/// afresh).
@Suite struct DeterminismTests {
    /// Two routes to: the home tab shown; the profile on its main screen with friends
    /// [u1, u2] pushed, u1 on its detail with the dark theme.
    static let routes: [[PathOperation]] = [
        [
            .stack("profile/friends", ids: ["u1", "u2"]),
            .select("profile/friends/u1/detail/dark"), .select("home"),
        ],
        [
            .select("profile/settings"), .select("explore"), .select("profile/detail/light"),
            // The stack replaces the detail, which starts afresh.
            .stack("profile/friends", ids: ["u1"]),
            .select("profile/friends/u1/detail/light"),
            .deselect("profile/friends/u1/detail/light"),
            .stack("profile/friends", ids: ["u1", "u2", "u3"]),
            .stack("profile/friends", ids: ["u1", "u2"]),
            .select("profile/friends/u1/detail/dark"), .deselect("profile/settings"),
            .select("home"),
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
        #expect(HeadlessScreen(first) == HeadlessScreen(second))
        #expect(first.profile.friends.ids == ["u1", "u2"])
        #expect(first.profile.selected == StepSelection(.main, push: .friends))
        #expect(first.profile.friends.value[id: "u1"]?.selected.push == .detail)
        #expect(first.profile.friends.value[id: "u1"]?.detail.selected == StepSelection(.dark))
        // The detail that the stack replaced was reset.
        #expect(second.profile.detail.value == ThemeSteps())
    }

    @Test func differentRoutesGiveEqualSchemaTrees() throws {
        let start = DynamicSteps(schema: try ExampleSchema.load())
        let first = try Self.walk(start, Self.routes[0])
        let second = try Self.walk(start, Self.routes[1])
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(eventText(from: first, to: second) == [])
        #expect(HeadlessScreen(first) == HeadlessScreen(second))
        #expect(first.selectedKeys == ["home"])
        #expect(first.selectedKey(in: .content) == "home")
        #expect(first.selectedKey(in: .modal) == nil)
    }

    @Test func differentValuesAreNotEqual() throws {
        let base = try Self.walk(AppSteps(), Self.routes[0])
        var other = base
        other.profile.friends.value[id: "u1"]?.detail.value.select(.light)
        #expect(base != other)
        var renewed = base
        renewed.renew(\.home)
        #expect(base != renewed)
        var covered = base
        covered.select(\.login)
        #expect(base != covered)
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

    /// States of two versions of a schema are compared by identity (SPEC §3): what both
    /// render the same is kept; a new tab container is built with its contents.
    @Test func statesOfDifferentSchemasDiffByIdentity() throws {
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
        #expect(DynamicSteps(schema: old) != DynamicSteps(schema: new))
        let navigator = Navigator(DynamicSteps(schema: old))
        let events = navigator.transaction(.restoration) { $0.restore(DynamicSteps(schema: new)) }
        #expect(events.map(\.description) == ["select / a -> b"])
        #expect(navigator.root == DynamicSteps(schema: new))
        #expect(navigator.root.visibleScreen == StepPath(["b", "d"]))
    }

    /// A kind is part of an identity: the same key pushed in one version and presented in the
    /// other is another screen.
    @Test func aStepOfAnotherKindIsAnotherScreen() throws {
        func schema(_ kind: String) throws -> StepSchema {
            try StepSchema(
                json: Data(
                    #"{"initial": ["m", "a"], "children": [{"key": "m"}, {"key": "a", "kind": "\#(kind)"}]}"#
                        .utf8))
        }
        let pushed = DynamicSteps(schema: try schema("push"))
        let presented = DynamicSteps(schema: try schema("present"))
        #expect(eventText(from: pushed, to: presented) == ["pop /a", "present /a sheet"])
        #expect(eventText(from: presented, to: pushed) == ["dismiss /a sheet", "push /a"])
    }

    /// `==` must be substitutable: equal trees, after the same operation, stay equal. An
    /// element's identity depends only on its id and its renewals, never on history.
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
        // A closed and reopened sheet is the sheet of a state that never opened it.
        var reopened = direct
        try reopened.select(path: "profile/friends/u3/settings")
        try reopened.deselect(path: "profile/friends/u3/settings")
        #expect(reopened == direct)
        try reopened.select(path: "profile/friends/u3/settings")
        try direct.select(path: "profile/friends/u3/settings")
        #expect(reopened == direct)
        #expect(eventText(from: direct, to: reopened) == [])
    }
}

private struct TagFilter: StepValue {
    var tags: Set<String>
}

private struct TaggedList: StepsCollection {
    enum Key: String, StepKey { case list, filter }
    var selected = StepSelection<Key>(.list)
    var list = Step()
    var filter = Step(TagFilter(tags: []))
    static let steps = StepTable<Self>(.inline(.list, \.list), .push(.filter, \.filter))
}

@Suite struct PayloadEncodingDeterminismTests {
    /// Equal payloads must give equal renewal histories (SPEC §1: the same operations give the
    /// same identities). A `Set` encodes in its iteration order, which differs between equal
    /// sets (per-instance hash seeds): the fingerprint digests its elements in any order.
    @Test func equalSetPayloadsRenewAlike() {
        let tags = (0..<8).map { "t\($0)" }
        var first = TaggedList()
        var second = TaggedList()
        first.select(\.filter, with: TagFilter(tags: Set(tags)))
        second.select(\.filter, with: TagFilter(tags: Set(tags.reversed())))
        #expect(first.filter.renewal == second.filter.renewal)
        #expect(eventText(from: first, to: second) == [])
    }
}
