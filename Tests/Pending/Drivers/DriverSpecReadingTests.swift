import Foundation
import StepTree
import Testing

/// Pins how the engine reads three places where SPEC §3 leaves room, each played on the
/// headless driver. See the driver's report for the questions they raise.
@Suite struct DriverSpecReadingTests {
    static func state(_ json: String) throws -> DynamicSteps {
        DynamicSteps(schema: try StepSchema(json: Data(json.utf8)))
    }

    static func path(_ text: String) -> StepPath {
        StepPath(text.split(separator: "/").map(String.init))
    }

    /// Teardown walks the old rendering in reverse depth-first order, so a pop in a later tab
    /// comes before the dismiss of a modal in an earlier one, although SPEC's consequences say
    /// a deep link "first dismisses modals topmost-first, then pops".
    @Test func aPopInALaterTabComesBeforeADismiss() throws {
        let old = try Self.state(
            """
            {"initial": "t1", "children": [
              {"key": "t1", "kind": "tab", "initial": "m", "children": [
                {"key": "m", "kind": "present"}]},
              {"key": "t2", "kind": "tab", "initial": "p", "children": [
                {"key": "p", "kind": "push"}, {"key": "x", "kind": "inline"}]}]}
            """)
        var new = old
        try new.select(path: "t2/x")
        let events = NavigationDiff.events(from: old, to: new)
        #expect(
            events.map(\.description) == [
                "pop /t2/p", "dismiss /t1/m sheet", "select / t1 -> t2",
            ])
        var screen = HeadlessScreen(old)
        try screen.apply(events, reaching: new)
        #expect(screen == HeadlessScreen(new))
    }

    /// The window's frame lists match by identity, so read literally §3 keeps the modal; but
    /// the element that presented it is popped and pushed back, and the engine (like the
    /// `recursive-stack` conformance case) dismisses and presents the modal again. A UI cannot
    /// pop a screen from under its own modal, which is what the literal reading asks for.
    @Test func aModalOverAPoppedElementIsPresentedAgain() throws {
        let old = try Self.state(
            """
            {"initial": "s", "children": [
              {"key": "s", "kind": "stack", "element": {"children": [
                {"key": "m", "kind": "present"}]}}]}
            """)
        var shown = old
        try shown.setStack(path: "s", ids: ["u1", "u2"])
        try shown.select(path: "s/u2/m")
        var new = shown
        try new.setStack(path: "s", ids: ["u2"])
        let events = NavigationDiff.events(from: shown, to: new)
        #expect(
            events.map(\.description) == [
                "dismiss /s/u2/m sheet", "pop /s/u2", "pop /s/u1", "push /s/u2",
                "present /s/u2/m sheet",
            ])
        var screen = HeadlessScreen(shown)
        try screen.apply(events, reaching: new)
        #expect(screen == HeadlessScreen(new))

        var literal = HeadlessScreen(shown)
        let error = try #require(throws: ScreenError.self) {
            try literal.apply(
                [.pop(Self.path("s/u2")), .pop(Self.path("s/u1")), .push(Self.path("s/u2"))],
                reaching: new)
        }
        #expect(error.description == "pop /s/u2: modal /s/u2/m is still presented above it")
    }

    /// A tab selected with a new value is a new container whose frames come with it, so a tab
    /// without modals emits nothing: an event-driven UI is not told to rebuild it.
    @Test func aTabWithANewValueEmitsNothing() throws {
        let old = try Self.state(
            """
            {"initial": "a", "children": [{"key": "a", "kind": "tab"}, {"key": "b", "kind": "tab"}]}
            """)
        var new = old
        try new.select(path: "a", fresh: true)
        #expect(new != old)
        #expect(NavigationDiff.events(from: old, to: new).isEmpty)
        #expect(HeadlessScreen(new) != HeadlessScreen(old))
        var screen = HeadlessScreen(old)
        try screen.apply([], reaching: new)
        #expect(screen.description.contains("tab /a@1 []"))
        #expect(screen == HeadlessScreen(new))
    }
}
