import ExampleSteps
import Foundation
import StepTree
import StepTreeTools
import TestSupport
import Testing

@Suite struct StepSchemaTests {
    @Test func exampleSchemaShape() throws {
        let schema = try ExampleSchema.load()
        #expect(schema.key == "")
        #expect(schema.kind == .inline)
        #expect(schema.hasTabs)
        #expect(schema.children.map(\.key) == ["home", "explore", "profile", "login"])
        #expect(schema.children.map(\.kind) == [.tab, .tab, .tab, .present(.cover)])
        #expect(schema.initialKeys == ["home"])
        #expect(schema.element == nil)
        let profile = schema.children[2]
        #expect(!profile.hasTabs)
        #expect(profile.children.map(\.key) == ["main", "detail", "settings", "friends"])
        #expect(profile.children.map(\.kind) == [.inline, .push, .present(.sheet), .stack])
        #expect(profile.initialKeys == ["main"])
        #expect(profile.childIndex(forKey: "settings") == 2)
        #expect(profile.childIndex(forKey: "nope") == nil)
        #expect(profile.children[1].initialKeys == [])
        let login = schema.children[3]
        #expect(login.children.map(\.key) == ["form", "signUp"])
        #expect(login.children.map(\.kind) == [.inline, .push])
        #expect(login.initialKeys == ["form"])
        let friend = try #require(profile.children[3].element)
        #expect(friend.key == "")
        #expect(friend.kind == .inline)
        #expect(friend.children.map(\.key) == ["main", "detail", "settings", "friends"])
    }

    /// The friends stack is unrolled `friendDepth` levels; below that, elements are leaves.
    @Test(arguments: 0...3)
    func friendDepthUnrollsTheStack(depth: Int) throws {
        var node = try ExampleSchema.load(friendDepth: depth).children[2]
        var levels = 0
        while let element = node.children.last?.element, !element.children.isEmpty {
            node = element
            levels += 1
        }
        #expect(levels == depth)
        #expect(node.children.last?.element?.children.map(\.key) == [])
    }

    @Test func defaultsAndNulls() throws {
        let json = """
            {"initial": null, "kind": null, "children": [
              {"key": "a"},
              {"key": "b", "kind": "present"},
              {"key": "c", "kind": "present", "style": "popover"},
              {"key": "d", "kind": "present", "style": null},
              {"key": "s", "kind": "stack", "element": null, "children": null},
              {"key": "t", "kind": "stack", "element": {"initial": "x", "children": [{"key": "x"}]}}]}
            """
        let schema = try StepSchema(json: Data(json.utf8))
        #expect(schema.initialKeys == [])
        #expect(!schema.hasTabs)
        #expect(
            schema.children.map(\.kind) == [
                .inline, .present(.sheet), .present("popover"), .present(.sheet), .stack, .stack,
            ])
        let leafElement = try #require(schema.children[4].element)
        #expect(leafElement.children.count == 0)
        #expect(leafElement.kind == .inline)
        let element = try #require(schema.children[5].element)
        #expect(element.initialKeys == ["x"])
    }

    @Test func customStyleAppearsInEvents() throws {
        let schema = try StepSchema(
            json: Data(#"{"children": [{"key": "m", "kind": "present", "style": "popover"}]}"#.utf8)
        )
        var state = DynamicSteps(schema: schema)
        #expect(state.selectedKeys == [])
        #expect(state.apply(.select("m")) == .events(["present /m popover"]))
        #expect(state.selectedKey(in: .modal) == "m")
        #expect(state.apply(.deselect("m")) == .events(["dismiss /m popover"]))
    }

    @Test func initialSelectionsApplyEverywhere() throws {
        let state = DynamicSteps(schema: try ExampleSchema.load())
        #expect(state.selectedKeys == ["home"])
        #expect(state.isSelected(path: StepPath(["profile", "main"])) == false)
        #expect(state.elementIDs == [])
        var profile = state
        try profile.select(path: "profile")
        #expect(profile.isSelected(path: StepPath(["profile", "main"])))
        #expect(!profile.isSelected(path: StepPath(["profile", "detail"])))
    }

    @Test func emptySchemaIsALeafRoot() throws {
        var state = DynamicSteps(schema: try StepSchema(json: Data("{}".utf8)))
        #expect(state.selectedKeys == [])
        #expect(state.apply(.select("a")) == .error(.unknownStep("a", in: .root)))
    }

    // MARK: Layers (SPEC v2 §1)

    /// `initial` may list one key per layer, in any order; they are kept bottom layer first.
    @Test(arguments: [
        #"["main", "detail", "sheet"]"#, #"["sheet", "main", "detail"]"#,
        #"["detail", "sheet", "main"]"#,
    ])
    func initialListSelectsOneKeyPerLayer(initial: String) throws {
        let json = """
            {"initial": \(initial), "children": [
              {"key": "main"}, {"key": "other"}, {"key": "detail", "kind": "push"},
              {"key": "sheet", "kind": "present"}]}
            """
        let schema = try StepSchema(json: Data(json.utf8))
        #expect(schema.initialKeys == ["main", "detail", "sheet"])
        let state = DynamicSteps(schema: schema)
        #expect(state.selectedKeys == ["main", "detail", "sheet"])
        #expect(state.selectedKey(in: .content) == "main")
        #expect(state.selectedKey(in: .push) == "detail")
        #expect(state.selectedKey(in: .modal) == "sheet")
        #expect(state.presentedModals == [StepPath(["sheet"])])
        #expect(state.visibleScreen == StepPath(["sheet"]))
        // The initial state shows what selecting the three keys shows without an initial.
        let bare = try StepSchema(
            json: Data(json.replacingOccurrences(of: #""initial": \#(initial), "#, with: "").utf8))
        #expect(bare.initialKeys == [])
        var built = DynamicSteps(schema: bare)
        try built.select(path: "main")
        try built.select(path: "detail")
        try built.select(path: "sheet")
        #expect(built.selectedKeys == state.selectedKeys)
        #expect(HeadlessScreen(built) == HeadlessScreen(state))
        #expect(eventText(from: built, to: state) == [])
    }

    @Test func twoInitialKeysInOneLayerAreRefused() {
        let json = #"{"initial": ["a", "b"], "children": [{"key": "a"}, {"key": "b"}]}"#
        #expect(
            throws: StepSchemaError(
                path: "/", problem: "initial steps 'a' and 'b' are both in the content layer")
        ) {
            try StepSchema(json: Data(json.utf8))
        }
        let nested = """
            {"children": [{"key": "p", "initial": ["d", "s"], "children": [
              {"key": "d", "kind": "push"}, {"key": "s", "kind": "stack"}]}]}
            """
        #expect(
            throws: StepSchemaError(
                path: "/p", problem: "initial steps 'd' and 's' are both in the push layer")
        ) {
            try StepSchema(json: Data(nested.utf8))
        }
    }

    @Test func tabsMixedWithInlineAreRefused() {
        let json = #"{"children": [{"key": "a", "kind": "tab"}, {"key": "b", "kind": "inline"}]}"#
        #expect(
            throws: StepSchemaError(
                path: "/", problem: "content children must be all tabs or all inline")
        ) {
            try StepSchema(json: Data(json.utf8))
        }
    }

    /// Pushed, stacked and presented children may sit beside tabs: they are other layers.
    @Test func framesBesideTabsAreAccepted() throws {
        let json = """
            {"initial": ["feed", "cover"], "children": [
              {"key": "feed", "kind": "tab"}, {"key": "search", "kind": "tab"},
              {"key": "detail", "kind": "push"}, {"key": "list", "kind": "stack"},
              {"key": "cover", "kind": "present", "style": "cover"}]}
            """
        let schema = try StepSchema(json: Data(json.utf8))
        #expect(schema.hasTabs)
        #expect(
            schema.children.map(\.kind) == [.tab, .tab, .push, .stack, .present(.cover)])
        #expect(schema.initialKeys == ["feed", "cover"])
        var state = DynamicSteps(schema: schema)
        #expect(state.presentedModals == [StepPath(["cover"])])
        #expect(state.apply(.select("search")) == .events(["select / feed -> search"]))
        #expect(state.apply(.select("detail")) == .events(["push /detail"]))
        #expect(
            state.apply(.stack("list", ids: ["a"])) == .events(["pop /detail", "push /list/a"]))
        #expect(state.apply(.deselect("cover")) == .events(["dismiss /cover cover"]))
        #expect(state.selectedKeys == ["search", "list"])
    }
}
