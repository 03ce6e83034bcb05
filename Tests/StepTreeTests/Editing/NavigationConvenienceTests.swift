import ExampleSteps
import Foundation
import StepTree
import TestSupport
import Testing

/// The peers' push, pop and dismiss family, on values (hand-written and schema-driven) and on
/// the navigator: state changes whose events come from the engine.
@Suite struct NavigationConvenienceTests {
    private static let profile = StepPath(["profile"])

    /// The profile tab with ann, bob and carl stacked.
    private static func stacked() throws -> AppSteps {
        var steps = AppSteps()
        try steps.setStack(path: "profile/friends", ids: ["ann", "bob", "carl"])
        return steps
    }

    private static func paths(_ paths: [StepPath]) -> [String] { paths.map(\.description) }

    /// `pop(to:)` finds the id by its scalars, as every id is compared: `café` written with
    /// `é` is not the one written with `e` + U+0301, which a link may give.
    @Test func popToComparesIdsByScalars() throws {
        var steps = AppSteps()
        try steps.setStack(path: "profile/friends", ids: ["caf\u{E9}", "bob"])
        #expect(throws: StepPathError.unknownStep("cafe\u{301}", in: Self.profile)) {
            try steps.pop(to: "cafe\u{301}")
        }
        #expect(steps.profile.friends.ids == ["caf\u{E9}", "bob"])
        #expect(Self.paths(try steps.pop(to: "caf\u{E9}")) == ["/profile/friends/bob"])
    }

    @Test func popFamilyOnAValue() throws {
        var steps = try Self.stacked()
        #expect(steps.visibleContainer == Self.profile)
        #expect(steps.pop() == StepPath(["profile", "friends", "carl"]))
        #expect(steps.profile.friends.ids == ["ann", "bob"])
        try steps.push(path: StepPath(["profile", "friends"]), id: "dan")
        try steps.push(path: StepPath(["profile", "friends"]), id: "eve")
        #expect(Self.paths(steps.pop(last: 2)) == ["/profile/friends/dan", "/profile/friends/eve"])
        try steps.push(path: StepPath(["profile", "friends"]), id: "fay")
        #expect(
            Self.paths(try steps.pop(to: "ann")) == [
                "/profile/friends/bob", "/profile/friends/fay",
            ])
        #expect(throws: StepPathError.unknownStep("zed", in: Self.profile)) {
            try steps.pop(to: "zed")
        }
        try steps.setStack(path: "profile/friends", ids: ["ann", "bob", "carl"])
        #expect(
            Self.paths(try steps.pop(to: "ann")) == [
                "/profile/friends/bob", "/profile/friends/carl",
            ])
        #expect(Self.paths(steps.popToRoot()) == ["/profile/friends/ann"])
        #expect(steps.pop() == nil)
        #expect(steps.visibleScreen == StepPath(["profile", "main"]))
    }

    @Test func popInAnotherContainerLeavesTheVisibleOneAlone() throws {
        var steps = try Self.stacked()
        steps.select(\.home)
        #expect(steps.visibleContainer == StepPath(["home"]))
        #expect(steps.pop() == nil)  // the home tab has no frames
        #expect(Self.paths(steps.popToRoot(in: Self.profile)).count == 3)
        #expect(steps.profile.friends.ids == [])
    }

    @Test func navigatorPopsInOneTransactionCarryingItsMetadata() throws {
        let navigator = Navigator(try Self.stacked())
        let recorder = UIChangeRecorder()
        try StepsObservation.withObserver(recorder) {
            let quiet = NavigationTransaction(animated: false)
            #expect(Self.paths(navigator.pop(last: 2, transaction: quiet)).count == 2)
            try navigator.push(path: StepPath(["profile", "detail"]))
            #expect(navigator.popToRoot() == [StepPath(["profile", "detail"])])
            #expect(
                recorder.lines == [
                    "#1 programmatic: pop /profile/friends/carl, pop /profile/friends/bob [not animated]",
                    "#2 programmatic: pop /profile/friends/ann, push /profile/detail",
                    "#3 programmatic: pop /profile/detail",
                ])
            #expect(throws: StepPathError.unknownStep("main", in: Self.profile)) {
                try navigator.pop(to: "main")  // no frame ends in main
            }
            #expect(recorder.lines.count == 3)
        }
    }

    @Test func modalFamilyOnAValue() throws {
        var steps = AppSteps()
        try steps.present(path: StepPath(["profile", "settings"]))
        try steps.present(path: StepPath(["login"]))
        #expect(Self.paths(steps.presentedModals) == ["/profile/settings", "/login"])
        let before = steps
        #expect(steps.dismiss() == StepPath(["login"]))
        #expect(Self.paths(steps.presentedModals) == ["/profile/settings"])
        steps = before
        #expect(Self.paths(steps.dismiss(to: StepPath(["profile", "settings"]))) == ["/login"])
        steps = before
        #expect(Self.paths(steps.dismiss(last: 5)) == ["/profile/settings", "/login"])
        steps = before
        #expect(Self.paths(steps.dismissAll()) == ["/profile/settings", "/login"])
        #expect(
            NavigationDiff.events(from: before, to: steps).map(\.description) == [
                "dismiss /login cover", "dismiss /profile/settings sheet",
            ])
        #expect(steps.dismiss() == nil)
    }

    @Test func navigatorDismissesTopmostFirst() throws {
        let navigator = Navigator(AppSteps())
        let recorder = UIChangeRecorder()
        try StepsObservation.withObserver(recorder) {
            try navigator.present(path: StepPath(["profile", "settings"]))
            try navigator.present(path: StepPath(["login"]))
            #expect(navigator.dismiss(to: .root).count == 2)
            #expect(navigator.dismiss() == nil)
            #expect(navigator.dismissAll() == [])
            #expect(navigator.dismiss(last: 1) == [])
            #expect(
                recorder.lines == [
                    "#1 programmatic: select / home -> profile, present /profile/settings sheet",
                    "#2 programmatic: present /login cover",
                    "#3 programmatic: dismiss /login cover, dismiss /profile/settings sheet",
                ])
        }
    }

    @Test func schemaDrivenTreeWithNestedReads() throws {
        let json = """
            {"initial": ["feed"], "children": [
              {"key": "feed", "kind": "tab", "children": [
                {"key": "item", "kind": "push"},
                {"key": "people", "kind": "stack", "element": {"children": [{"key": "bio", "kind": "push"}]}},
                {"key": "share", "kind": "present", "style": "sheet"}]}]}
            """
        var state = DynamicSteps(schema: try StepSchema(json: Data(json.utf8)))
        try state.push(path: StepPath(["feed", "people"]), id: "ann")
        try state.push(path: StepPath(["feed", "people"]), id: "bob")
        try state.present(path: StepPath(["feed", "share"]))
        #expect(state["feed"]?.node(at: StepPath(["people"]))?.elementIDs == ["ann", "bob"])
        #expect(state.node(at: StepPath(["feed", "people", "bob"]))?.key == "")
        #expect(state["feed"]?.selectedKey(in: .modal) == "share")
        #expect(state["nope"] == nil)
        #expect(state.dismissAll() == [StepPath(["feed", "share"])])
        #expect(state.pop(last: 1) == [StepPath(["feed", "people", "bob"])])
        #expect(state["feed"]?["people"]?.elementIDs == ["ann"])
    }
}
