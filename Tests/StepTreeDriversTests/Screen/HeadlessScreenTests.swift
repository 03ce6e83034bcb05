import ExampleSteps
import Foundation
import TestSupport
import Testing

@testable import StepTree
@testable import StepTreeDrivers
@testable import StepTreeTools

@Suite struct HeadlessScreenTests {
    /// A tab bar with a login cover beside it. The `main` tab keeps `list` as its content while
    /// `item` or a stack of `people` is pushed and a `help` sheet is presented; `list` has a
    /// `filter` sheet of its own, `item` an `edit` cover with a stack inside, each person an
    /// `info` push and a `chat` sheet.
    static let tabs = """
        {"initial": "main", "children": [
          {"key": "main", "kind": "tab", "initial": "list", "children": [
            {"key": "list", "kind": "inline", "children": [{"key": "filter", "kind": "present"}]},
            {"key": "item", "kind": "push", "children": [
              {"key": "edit", "kind": "present", "style": "cover", "children": [
                {"key": "step", "kind": "push"}]}]},
            {"key": "people", "kind": "stack", "element": {"children": [
              {"key": "info", "kind": "push"},
              {"key": "chat", "kind": "present"}]}},
            {"key": "help", "kind": "present"}]},
          {"key": "settings", "kind": "tab", "children": [{"key": "about", "kind": "push"}]},
          {"key": "login", "kind": "present", "style": "cover", "initial": "form", "children": [
            {"key": "form", "kind": "inline"},
            {"key": "signUp", "kind": "push"}]}]}
        """

    /// A pushed screen that presents a sheet, which presents a cover: two modals at start.
    static let modals = """
        {"initial": "a", "children": [
          {"key": "a", "kind": "push", "initial": ["m", "v"], "children": [
            {"key": "v", "kind": "inline"},
            {"key": "w", "kind": "inline"},
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

    /// The identity of the mounted step at `path` in `state`, for events written by hand.
    static func identity(_ text: String, in state: some StepNode) throws -> StepIdentity {
        let rendering = ScreenRendering(StepStorage.make(state))
        let index = try #require(rendering.index(of: path(text)), "\(text) is not mounted")
        return rendering.nodes[index].identity
    }

    /// The screen of `old` after playing the engine's events up to `new`.
    static func played(from old: DynamicSteps, to new: DynamicSteps) throws -> HeadlessScreen {
        var screen = HeadlessScreen(old)
        try screen.apply(NavigationDiff.events(from: old, to: new), reaching: new)
        return screen
    }

    /// The error of playing `events` on the screen of `old` towards `new`; the screen must be
    /// left as it was.
    static func refusal(
        _ events: [NavigationEvent], from old: DynamicSteps, to new: DynamicSteps,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ScreenError {
        var screen = HeadlessScreen(old)
        let error = try #require(throws: ScreenError.self, sourceLocation: sourceLocation) {
            try screen.apply(events, reaching: new)
        }
        #expect(screen == HeadlessScreen(old), sourceLocation: sourceLocation)
        #expect(
            screen.description == HeadlessScreen(old).description, sourceLocation: sourceLocation)
        return error
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
        #expect(screen.stack(of: .modal(Self.path("login"))) == nil)
        #expect(screen.frames(of: .modal(Self.path("login"))) == nil)
        #expect(screen.modals.isEmpty)
        #expect(screen.visibleScreen == Self.path("main/list"))
    }

    @Test func aCoverOverTheTabBar() throws {
        var old = try Self.state(Self.tabs)
        try old.select(path: "settings/about")
        var new = old
        try new.select(path: "login/signUp")
        #expect(new.selectedKeys == ["settings", "login"])
        let screen = HeadlessScreen(new)
        #expect(
            screen.description == """
                visible /login/signUp
                window [/login cover]
                root / []
                modal /login [/login/signUp]
                tab /main []
                tab /settings [/settings/about]
                """)
        #expect(screen.modals.map(\.path) == [Self.path("login")])
        #expect(screen.modals.map(\.style) == [.cover])
        #expect(screen.modals.first?.frame.identity == (try Self.identity("login", in: new)))
        // The cover's stack comes with it; every tab stays as it is.
        #expect(eventText(from: old, to: new) == ["present /login cover"])
        #expect(try Self.played(from: old, to: new) == screen)
        #expect(eventText(from: new, to: old) == ["dismiss /login cover"])
        #expect(try Self.played(from: new, to: old) == HeadlessScreen(old))
    }

    @Test func aSheetOverAPushedScreen() throws {
        let old = try Self.state(Self.tabs)
        var new = old
        try new.select(path: "main/item")
        try new.select(path: "main/help")
        #expect(new.isSelected(path: "main/list"))
        let screen = HeadlessScreen(new)
        #expect(
            screen.description == """
                visible /main/help
                window [/main/help sheet]
                root / []
                tab /main [/main/item]
                modal /main/help []
                tab /settings []
                """)
        #expect(eventText(from: old, to: new) == ["push /main/item", "present /main/help sheet"])
        #expect(try Self.played(from: old, to: new) == screen)
    }

    /// A node's own modal comes after every modal presented from its content and push
    /// subtrees; the root's cover comes after the tab's.
    @Test func modalsAreOrderedDepthFirst() throws {
        var fromContent = try Self.state(Self.tabs)
        try fromContent.select(path: "login")
        try fromContent.select(path: "main/help")
        try fromContent.select(path: "main/list/filter")
        #expect(
            HeadlessScreen(fromContent).description == """
                visible /login/form
                window [/main/list/filter sheet, /main/help sheet, /login cover]
                root / []
                modal /login []
                tab /main []
                modal /main/help []
                modal /main/list/filter []
                tab /settings []
                """)

        var fromPush = try Self.state(Self.tabs)
        try fromPush.select(path: "main/help")
        try fromPush.select(path: "main/item/edit/step")
        let screen = HeadlessScreen(fromPush)
        #expect(
            screen.description == """
                visible /main/help
                window [/main/item/edit cover, /main/help sheet]
                root / []
                tab /main [/main/item]
                modal /main/help []
                modal /main/item/edit [/main/item/edit/step]
                tab /settings []
                """)
        #expect(screen.modals.map(\.description) == ["/main/item/edit cover", "/main/help sheet"])
        // Pushing `item` covers `list`: its sheet is no longer mounted, so the modals above it
        // in the window go too (topmost first) and come back above the new cover.
        var both = fromContent
        try both.select(path: "main/item/edit")
        #expect(
            eventText(from: fromContent, to: both) == [
                "dismiss /login cover", "dismiss /main/help sheet",
                "dismiss /main/list/filter sheet",
                "push /main/item", "present /main/item/edit cover", "present /main/help sheet",
                "present /login cover",
            ])
        #expect(
            HeadlessScreen(both).modals.map(\.description) == [
                "/main/item/edit cover", "/main/help sheet", "/login cover",
            ])
        #expect(try Self.played(from: fromContent, to: both) == HeadlessScreen(both))
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
        let frames = try #require(screen.frames(of: .tab(Self.path("main"))))
        #expect(Set(frames.map(\.identity)).count == 4)
        #expect(frames.last?.identity == (try Self.identity("main/people/u3", in: state)))
        // The same element renewed is another frame.
        var renewed = state
        try renewed.renew(path: "main/people/u3")
        let after = try #require(HeadlessScreen(renewed).frames(of: .tab(Self.path("main"))))
        #expect(after.map(\.path) == frames.map(\.path))
        #expect(after.last?.identity != frames.last?.identity)
        #expect(Array(after.dropLast()) == Array(frames.dropLast()))
    }

    @Test func backgroundTabsKeepTheirContainers() throws {
        var state = try Self.state(Self.tabs)
        try state.select(path: "main/item/edit")
        let shown = state
        try state.select(path: "settings/about")
        let hidden = HeadlessScreen(state)
        // The cover presented from inside `main` is not mounted while `main` is not shown.
        #expect(
            hidden.description == """
                visible /settings/about
                window []
                root / []
                tab /main [/main/item]
                tab /settings [/settings/about]
                """)
        #expect(
            eventText(from: shown, to: state) == [
                "dismiss /main/item/edit cover", "select / main -> settings",
                "push /settings/about",
            ])
        #expect(try Self.played(from: shown, to: state) == hidden)
        // Going back to the tab's root while another tab is shown pops in the background.
        var popped = state
        try popped.deselect(path: "main/item")
        #expect(eventText(from: state, to: popped) == ["pop /main/item"])
        #expect(HeadlessScreen(popped).stack(of: .tab(Self.path("main"))) == [])
        // Back on `main`, the cover comes back: its state was kept.
        let back = state
        try state.select(path: "main")
        #expect(
            eventText(from: back, to: state) == [
                "select / settings -> main", "present /main/item/edit cover",
            ])
        #expect(HeadlessScreen(state).modals.map(\.path) == [Self.path("main/item/edit")])
        #expect(try Self.played(from: back, to: state) == HeadlessScreen(state))
    }

    @Test func exampleApp() throws {
        var steps = AppSteps()
        try steps.select(path: "profile/detail/dark")
        try steps.setStack(path: "profile/friends", ids: ["ann"])
        try steps.select(path: "home")
        try steps.select(path: "login/signUp")
        // The friends stack took the push layer from `detail`; the cover sits over the tab bar.
        #expect(
            HeadlessScreen(steps).description == """
                visible /login/signUp
                window [/login cover]
                root / []
                tab /explore []
                tab /home []
                modal /login [/login/signUp]
                tab /profile [/profile/friends/ann]
                """)
        try steps.select(path: "profile/settings")
        // A friend pushed above the profile covers its content, not the profile: the profile
        // stays active and its sheet is mounted, below the root's cover.
        #expect(
            HeadlessScreen(steps).modals.map(\.description) == [
                "/profile/settings sheet", "/login cover",
            ])
        try steps.show(path: "profile/settings")
        #expect(
            HeadlessScreen(steps).description == """
                visible /profile/settings
                window [/profile/settings sheet]
                root / []
                tab /explore []
                tab /home []
                tab /profile [/profile/friends/ann]
                modal /profile/settings []
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
        #expect(eventText(from: old, to: new) == ["select / a -> b"])
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
        #expect(try Self.played(from: new, to: old) == HeadlessScreen(old))
    }

    @Test func aRenewedTabIsReplacedAndRebuilt() throws {
        var old = try Self.state(Self.tabs)
        try old.select(path: "main/item")
        var new = old
        try new.renew(path: "main")
        #expect(eventText(from: old, to: new) == ["replace /main"])
        let screen = try Self.played(from: old, to: new)
        let frames = try #require(screen.frames(of: .tab(Self.path("main"))))
        #expect(frames.map(\.description) == ["/main/item"])
        #expect(
            frames.first?.identity
                != HeadlessScreen(old).frames(of: .tab(Self.path("main")))?.first?.identity)
        #expect(screen == HeadlessScreen(new))
        #expect(screen != HeadlessScreen(old))

        // Its frames go with the old container: an event into it before the replace is refused.
        let pop = NavigationEvent(
            .pop, Self.path("main/item"), identity: try Self.identity("main/item", in: old))
        let replace = NavigationEvent(
            .replace, Self.path("main"), identity: try Self.identity("main", in: new))
        let error = try Self.refusal([pop, replace], from: old, to: new)
        #expect(error == ScreenError(pop, .containerGoesAway(.tab(Self.path("main")))))
        #expect(error.description == "pop /main/item: container /main goes away in the same update")
    }

    @Test func popNotOnTop() throws {
        var state = try Self.state(
            """
            {"children": [{"key": "a", "kind": "push", "initial": "c", "children": [
              {"key": "b", "kind": "inline"}, {"key": "c", "kind": "push"}]}]}
            """)
        try state.select(path: "a")
        #expect(HeadlessScreen(state).stack(of: .root) == [Self.path("a"), Self.path("a/c")])
        let event = NavigationEvent(
            .pop, Self.path("a"), identity: try Self.identity("a", in: state))
        let error = try Self.refusal([event], from: state, to: state)
        #expect(error == ScreenError(event, .notOnTop(.root, top: Self.path("a/c"))))
        #expect(error.description == "pop /a: top of / is /a/c")
    }

    @Test func popNotOnTopOfATab() throws {
        var state = try Self.state(Self.tabs)
        try state.setStack(path: "main/people", ids: ["u1", "u2"])
        let event = NavigationEvent(.pop, Self.path("main/people/u1"), identity: .root)
        let error = try Self.refusal([event], from: state, to: state)
        #expect(error.description == "pop /main/people/u1: top of /main is /main/people/u2")
    }

    @Test func pushIntoAMissingContainer() throws {
        let old = try Self.state(Self.tabs)
        var new = old
        try new.select(path: "main/item/edit/step")
        let step = try Self.identity("main/item/edit/step", in: new)
        let event = NavigationEvent(.push, Self.path("main/item/edit/step"), identity: step)
        let error = try Self.refusal([event], from: old, to: new)
        #expect(error == ScreenError(event, .missingContainer(.modal(Self.path("main/item/edit")))))
        #expect(
            error.description
                == "push /main/item/edit/step: container /main/item/edit is not on screen")
        // Pushed before the cover is presented: the same refusal.
        let item = NavigationEvent(
            .push, Self.path("main/item"), identity: try Self.identity("main/item", in: new))
        let later = try Self.refusal([item, event], from: old, to: new)
        #expect(later.event == event)
    }

    @Test func dismissNotTopmost() throws {
        let state = try Self.state(Self.modals)
        #expect(HeadlessScreen(state).modals.map(\.description) == ["/a/m sheet", "/a/m/n cover"])
        let event = NavigationEvent(.dismiss(.sheet), Self.path("a/m"), identity: .root)
        let error = try Self.refusal([event], from: state, to: state)
        #expect(error == ScreenError(event, .notTopmostModal(top: Self.path("a/m/n"))))
        #expect(error.description == "dismiss /a/m sheet: the topmost modal is /a/m/n")
    }

    @Test func replaceOfAStepThatWasNotRenewed() throws {
        let old = try Self.state(Self.modals)
        var new = old
        try new.select(path: "a/w")
        // `w` was not on screen before, `v` keeps its identity: neither is a replace.
        for key in ["w", "v"] {
            var target = new
            if key == "v" { try target.select(path: "a/v") }
            let event = NavigationEvent(
                .replace, Self.path("a/\(key)"), identity: try Self.identity("a/\(key)", in: target)
            )
            let error = try Self.refusal([event], from: old, to: target)
            #expect(error == ScreenError(event, .notRenewed))
            #expect(
                error.description
                    == "replace /a/\(key): the step was not on screen with another identity")
        }
        var renewed = old
        try renewed.renew(path: "a/v")
        #expect(eventText(from: old, to: renewed) == ["replace /a/v"])
        #expect(try Self.played(from: old, to: renewed) == HeadlessScreen(renewed))
    }

    @Test func aFailedUpdateLeavesTheScreenUnchanged() throws {
        let state = try Self.state(Self.modals)
        let error = try Self.refusal(
            [
                NavigationEvent(.dismiss(.cover), Self.path("a/m/n"), identity: .root),
                NavigationEvent(.dismiss(.cover), Self.path("a/m"), identity: .root),
            ], from: state, to: state)
        #expect(error.description == "dismiss /a/m cover: the step's style is sheet")
        #expect(HeadlessScreen(state).modals.count == 2)
    }

    @Test func otherRefusals() throws {
        let state = try Self.state(Self.modals)
        var pushed = state
        try pushed.select(path: "a/b")
        func event(_ kind: NavigationEvent.Kind, _ path: String, in target: DynamicSteps? = nil)
            throws -> NavigationEvent
        {
            let identity = try target.map { try Self.identity(path, in: $0) } ?? .root
            return NavigationEvent(kind, Self.path(path), identity: identity)
        }
        let cases: [(NavigationEvent, DynamicSteps, String)] = [
            (try event(.pop, "a"), state, "pop /a: modal /a/m is still presented above it"),
            (try event(.pop, "zz"), state, "pop /zz: no container on screen holds it"),
            (try event(.push, "a/b"), pushed, "push /a/b: no such step in the new state"),
            (try event(.push, "a", in: state), state, "push /a: already on screen in /"),
            (
                try event(.push, "a/m", in: state), state,
                "push /a/m: the step is neither a push step nor a stack element"
            ),
            (
                try event(.dismiss(.sheet), "a/m/n"), state,
                "dismiss /a/m/n sheet: the step's style is cover"
            ),
            (
                try event(.present(.cover), "a/m/n", in: state), state,
                "present /a/m/n cover: already on screen in /a/m/n"
            ),
            (
                try event(.present(.sheet), "a/m/n", in: state), state,
                "present /a/m/n sheet: the step's style is cover"
            ),
            (
                try event(.present(.sheet), "a/b", in: pushed), pushed,
                "present /a/b sheet: the step is not a present step"
            ),
            (
                try event(.replace, "a/b", in: pushed), pushed,
                "replace /a/b: the step is not a tab or an inline step"
            ),
            (
                try event(.select(oldKey: "w", newKey: "v"), "a"), state,
                "select /a w -> v: the state on screen selects v"
            ),
            (
                try event(.select(oldKey: "v", newKey: "w"), "a"), state,
                "select /a v -> w: the new state selects v"
            ),
            (
                try event(.select(oldKey: "v", newKey: "v"), "a"), state,
                "select /a v -> v: the selection does not change"
            ),
            (
                try event(.select(oldKey: nil, newKey: "v"), "zz"), state,
                "select /zz - -> v: no such step in the state on screen"
            ),
        ]
        for (event, target, message) in cases {
            let error = try Self.refusal([event], from: state, to: target)
            #expect(error.description == message)
        }
    }

    @Test func dismissTakesTheModalsContainerAlong() throws {
        let old = try Self.state(Self.modals)
        var new = old
        try new.deselect(path: "a/m")
        #expect(eventText(from: old, to: new) == ["dismiss /a/m/n cover", "dismiss /a/m sheet"])
        let screen = try Self.played(from: old, to: new)
        #expect(screen.containers == [.root])
        #expect(screen.stack(of: .modal(Self.path("a/m"))) == nil)
        #expect(screen == HeadlessScreen(new))
        // Opened again, the sheet starts afresh: its cover is presented with it.
        #expect(eventText(from: new, to: old) == ["present /a/m sheet", "present /a/m/n cover"])
    }
}
