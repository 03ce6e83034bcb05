import ExampleSteps
import Foundation
import StepTree
import Testing

@Suite struct StepSchemaTests {
    @Test func exampleSchemaShape() throws {
        let schema = try ExampleSchema.load()
        #expect(schema.key == "")
        #expect(schema.kind == .inline)
        #expect(schema.hasTabs)
        #expect(schema.children.map(\.key) == ["home", "explore", "profile"])
        #expect(schema.children.map(\.kind) == [.tab, .tab, .tab])
        #expect(schema.initialIndex == 0)
        #expect(schema.element == nil)
        let profile = schema.children[2]
        #expect(!profile.hasTabs)
        #expect(profile.children.map(\.key) == ["main", "detail", "settings", "friends"])
        #expect(profile.children.map(\.kind) == [.inline, .push, .present(.sheet), .stack])
        #expect(profile.initialIndex == 0)
        #expect(profile.childIndex(forKey: "settings") == 2)
        #expect(profile.childIndex(forKey: "nope") == nil)
        #expect(profile.children[1].initialIndex == nil)
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
        #expect(schema.initialIndex == nil)
        #expect(!schema.hasTabs)
        #expect(
            schema.children.map(\.kind) == [
                .inline, .present(.sheet), .present("popover"), .present(.sheet), .stack, .stack,
            ])
        let leafElement = try #require(schema.children[4].element)
        #expect(leafElement.children.count == 0)
        #expect(leafElement.kind == .inline)
        let element = try #require(schema.children[5].element)
        #expect(element.initialIndex == 0)
    }

    @Test func customStyleAppearsInEvents() throws {
        let schema = try StepSchema(
            json: Data(#"{"children": [{"key": "m", "kind": "present", "style": "popover"}]}"#.utf8)
        )
        var state = DynamicSteps(schema: schema)
        #expect(state.selectedKey == nil)
        #expect(state.apply(.select("m")) == .events(["present /m popover"]))
        #expect(state.apply(.deselect("m")) == .events(["dismiss /m popover"]))
    }

    @Test func initialSelectionsApplyEverywhere() throws {
        let state = DynamicSteps(schema: try ExampleSchema.load())
        #expect(state.selectedKey == "home")
        #expect(state.isSelected(path: StepPath(["profile", "main"])) == false)
        #expect(state.elementIDs == [])
        var profile = state
        try profile.select(path: "profile")
        #expect(profile.isSelected(path: StepPath(["profile", "main"])))
        #expect(!profile.isSelected(path: StepPath(["profile", "detail"])))
    }

    @Test func emptySchemaIsALeafRoot() throws {
        var state = DynamicSteps(schema: try StepSchema(json: Data("{}".utf8)))
        #expect(state.selectedKey == nil)
        #expect(state.apply(.select("a")) == .error(.unknownStep("a", in: .root)))
    }
}
