import ExampleSteps
import Foundation
import StepTree
import Testing

@Suite struct HeadlessScreenTests {
    /// Two tabs; the first has a pushed item that presents an editor with its own stack, and a
    /// stack of people, each with a pushed info screen and a chat sheet.
    static let tabs = """
        {"initial": "main", "children": [
          {"key": "main", "kind": "tab", "initial": "list", "children": [
            {"key": "list", "kind": "inline"},
            {"key": "item", "kind": "push", "children": [
              {"key": "edit", "kind": "present", "style": "cover", "children": [
                {"key": "step", "kind": "push"}]}]},
            {"key": "people", "kind": "stack", "element": {"children": [
              {"key": "info", "kind": "push"},
              {"key": "chat", "kind": "present"}]}}]},
          {"key": "settings", "kind": "tab", "children": [{"key": "about", "kind": "push"}]}]}
        """

    /// A pushed screen that presents a sheet, which presents a cover: two modals at start.
    static let modals = """
        {"initial": "a", "children": [
          {"key": "a", "kind": "push", "initial": "m", "children": [
            {"key": "b", "kind": "push"},
            {"key": "m", "kind": "present", "initial": "n", "children": [
              {"key": "n", "kind": "present", "style": "cover"}]}]}]}
        """

    static func state(_ json: String) throws -> DynamicSteps {
        DynamicSteps(schema: try StepSchema(json: Data(json.utf8)))
    }

    static func path(_ text: String) -> StepPath {
        StepPath(text.split(separator: "/").map(String.init))
    }

    /// The screen of `old` after playing the engine's events up to `new`.
    static func played(from old: DynamicSteps, to new: DynamicSteps) throws -> HeadlessScreen {
        var screen = HeadlessScreen(old)
        try screen.apply(NavigationDiff.events(from: old, to: new), reaching: new)
        return screen
    }

    // MARK: Rendering

    @Test func initialTabs() throws {
        let screen = HeadlessScreen(try Self.state(Self.tabs))
        #expect(
            screen.description == """
                visible /main/list
                window []
                root / []
                tab /main []
                tab /settings []
                """)
        #expect(screen.containers == [.root, .tab(Self.path("main")), .tab(Self.path("settings"))])
        #expect(screen.stack(of: .tab(Self.path("main"))) == [])
        #expect(screen.stack(of: .modal(Self.path("main/item/edit"))) == nil)
        #expect(screen.modals.isEmpty)
        #expect(screen.visibleScreen == Self.path("main/list"))
    }

    @Test func deepLinkIntoAModal() throws {
        let old = try Self.state(Self.tabs)
        var new = old
        try new.select(path: "main/item/edit/step")
        let screen = HeadlessScreen(new)
        #expect(
            screen.description == """
                visible /main/item/edit/step
                window [/main/item/edit cover]
                root / []
                tab /main [/main/item]
                modal /main/item/edit [/main/item/edit/step]
                tab /settings []
                """)
        #expect(screen.modals.map(\.path) == [Self.path("main/item/edit")])
        #expect(screen.modals.map(\.style) == [.cover])
        #expect(
            screen.stack(of: .modal(Self.path("main/item/edit"))) == [
                Self.path("main/item/edit/step")
            ])
        #expect(try Self.played(from: old, to: new) == screen)
    }

    @Test func stackElementsAndTheirChains() throws {
        var state = try Self.state(Self.tabs)
        try state.setStack(path: "main/people", ids: ["u1", "u2", "u3"])
        try state.select(path: "main/people/u1/info")
        // u2 is not the top element, so it is not active and its sheet is not mounted.
        try state.select(path: "main/people/u2/chat")
        try state.select(path: "main/people/u3/chat")
        let screen = HeadlessScreen(state)
        #expect(
            screen.description == """
                visible /main/people/u3/chat
                window [/main/people/u3/chat sheet]
                root / []
                tab /main [/main/people/u1, /main/people/u1/info, /main/people/u2, /main/people/u3]
                modal /main/people/u3/chat []
                tab /settings []
                """)
        #expect(
            screen.frames(of: .tab(Self.path("main")))?.map(\.generations) == [
                [0, 0, 0], [0, 0, 0, 0], [0, 0, 0], [0, 0, 0],
            ])
    }

    @Test func aModalInABackgroundTabIsNotMounted() throws {
        var state = try Self.state(Self.tabs)
        try state.select(path: "main/item/edit")
        let shown = state
        try state.select(path: "settings")
        let hidden = HeadlessScreen(state)
        #expect(
            hidden.description == """
                visible /settings
                window []
                root / []
                tab /main [/main/item]
                tab /settings []
                """)
        #expect(try Self.played(from: shown, to: state) == hidden)
        let back = state
        try state.select(path: "main")
        #expect(HeadlessScreen(state).modals.map(\.path) == [Self.path("main/item/edit")])
        #expect(try Self.played(from: back, to: state) == HeadlessScreen(state))
    }

    @Test func exampleApp() throws {
        var steps = AppSteps()
        try steps.select(path: "profile/detail/dark")
        try steps.setStack(path: "profile/friends", ids: ["ann"])
        #expect(
            HeadlessScreen(steps).description == """
                visible /profile/friends/ann/main
                window []
                root / []
                tab /explore []
                tab /home []
                tab /profile [/profile/friends/ann]
                """)
    }

    // MARK: Playing events

    @Test func tabsMountedByAnInlineSwitchAreBuiltSilently() throws {
        let old = try Self.state(
            """
            {"initial": "a", "children": [
              {"key": "a", "kind": "inline"},
              {"key": "b", "kind": "inline", "children": [
                {"key": "x", "kind": "tab", "initial": "p", "children": [{"key": "p", "kind": "push"}]},
                {"key": "y", "kind": "tab"}]}]}
            """)
        var new = old
        try new.select(path: "b")
        #expect(NavigationDiff.events(from: old, to: new).map(\.description) == ["select / a -> b"])
        let screen = try Self.played(from: old, to: new)
        #expect(
            screen.description == """
                visible /b
                window []
                root / []
                tab /b/x [/b/x/p]
                tab /b/y []
                """)
        #expect(screen == HeadlessScreen(new))
    }

    @Test func aTabWithANewIdentityIsRebuiltAndTakesNoEvents() throws {
        var old = try Self.state(Self.tabs)
        try old.select(path: "main/item")
        var new = old
        try new.select(path: "main", fresh: true)
        #expect(NavigationDiff.events(from: old, to: new).isEmpty)
        let screen = try Self.played(from: old, to: new)
        #expect(screen.frames(of: .tab(Self.path("main")))?.map(\.description) == ["/main@1/item"])
        #expect(screen == HeadlessScreen(new))

        var touched = HeadlessScreen(old)
        let error = try #require(throws: ScreenError.self) {
            try touched.apply([.pop(Self.path("main/item"))], reaching: new)
        }
        #expect(
            error
                == ScreenError(
                    .pop(Self.path("main/item")), .containerGoesAway(.tab(Self.path("main")))))
        #expect(error.description == "pop /main/item: container /main goes away in the same update")
        #expect(touched == HeadlessScreen(old))
    }

    @Test func popNotOnTop() throws {
        var state = try Self.state(
            """
            {"children": [{"key": "a", "kind": "push", "initial": "c", "children": [
              {"key": "b", "kind": "push"}, {"key": "c", "kind": "push"}]}]}
            """)
        try state.select(path: "a")
        var screen = HeadlessScreen(state)
        #expect(screen.stack(of: .root) == [Self.path("a"), Self.path("a/c")])
        let error = try #require(throws: ScreenError.self) {
            try screen.apply([.pop(Self.path("a/b"))], reaching: state)
        }
        #expect(
            error == ScreenError(.pop(Self.path("a/b")), .notOnTop(.root, top: Self.path("a/c"))))
        #expect(error.description == "pop /a/b: top of / is /a/c")
        #expect(screen == HeadlessScreen(state))
    }

    @Test func popNotOnTopOfATab() throws {
        var state = try Self.state(Self.tabs)
        try state.setStack(path: "main/people", ids: ["u1", "u2"])
        var screen = HeadlessScreen(state)
        let error = try #require(throws: ScreenError.self) {
            try screen.apply([.pop(Self.path("main/people/u1"))], reaching: state)
        }
        #expect(error.description == "pop /main/people/u1: top of /main is /main/people/u2")
    }

    @Test func pushIntoAMissingContainer() throws {
        let state = try Self.state(Self.tabs)
        var screen = HeadlessScreen(state)
        let event = NavigationEvent.push(Self.path("main/item/edit/step"))
        let error = try #require(throws: ScreenError.self) {
            try screen.apply([event], reaching: state)
        }
        #expect(error == ScreenError(event, .missingContainer(.modal(Self.path("main/item/edit")))))
        #expect(
            error.description
                == "push /main/item/edit/step: container /main/item/edit is not on screen")
    }

    @Test func dismissNotTopmost() throws {
        let state = try Self.state(Self.modals)
        var screen = HeadlessScreen(state)
        #expect(screen.modals.map(\.description) == ["/a/m sheet", "/a/m/n cover"])
        let event = NavigationEvent.dismiss(Self.path("a/m"), style: .sheet)
        let error = try #require(throws: ScreenError.self) {
            try screen.apply([event], reaching: state)
        }
        #expect(error == ScreenError(event, .notTopmostModal(top: Self.path("a/m/n"))))
        #expect(error.description == "dismiss /a/m sheet: the topmost modal is /a/m/n")
    }

    @Test func aFailedUpdateLeavesTheScreenUnchanged() throws {
        let state = try Self.state(Self.modals)
        var screen = HeadlessScreen(state)
        let error = try #require(throws: ScreenError.self) {
            try screen.apply(
                [
                    .dismiss(Self.path("a/m/n"), style: .cover),
                    .dismiss(Self.path("a/m"), style: .cover),
                ],
                reaching: state)
        }
        #expect(error.description == "dismiss /a/m cover: the step's style is sheet")
        #expect(screen == HeadlessScreen(state))
        #expect(screen.modals.count == 2)
    }

    @Test func otherRefusals() throws {
        let state = try Self.state(Self.modals)
        let cases: [(NavigationEvent, String)] = [
            (.pop(Self.path("a")), "pop /a: modal /a/m is still presented above it"),
            (.pop(Self.path("zz")), "pop /zz: no such step in the state on screen"),
            (.push(Self.path("a")), "push /a: already on screen in /"),
            (
                .push(Self.path("a/m")),
                "push /a/m: the step is neither a push step nor a stack element"
            ),
            (
                .dismiss(Self.path("a/m/n"), style: .sheet),
                "dismiss /a/m/n sheet: the step's style is cover"
            ),
            (
                .present(Self.path("a/m/n"), style: .cover),
                "present /a/m/n cover: the topmost modal /a/m/n does not contain it"
            ),
            (
                .present(Self.path("a/b"), style: .sheet),
                "present /a/b sheet: the step is not a present step"
            ),
            (
                .select(.root, from: "a", to: nil),
                "select / a -> -: a is a frame step; frame events tell that change"
            ),
            (
                .select(Self.path("a"), from: "b", to: "m"),
                "select /a b -> m: the state on screen selects m"
            ),
            (
                .select(Self.path("a"), from: "m", to: "m"),
                "select /a m -> m: the selection does not change"
            ),
        ]
        for (event, message) in cases {
            var screen = HeadlessScreen(state)
            let error = try #require(throws: ScreenError.self) {
                try screen.apply([event], reaching: state)
            }
            #expect(error.description == message)
        }
    }

    @Test func dismissTakesTheModalsContainerAlong() throws {
        let old = try Self.state(Self.modals)
        var new = old
        try new.deselect(path: "a/m")
        #expect(
            NavigationDiff.events(from: old, to: new).map(\.description) == [
                "dismiss /a/m/n cover", "dismiss /a/m sheet",
            ])
        let screen = try Self.played(from: old, to: new)
        #expect(screen.containers == [.root])
        #expect(screen.stack(of: .modal(Self.path("a/m"))) == nil)
        #expect(screen == HeadlessScreen(new))
    }
}
