import Foundation
import StepTree
import Testing

/// Malformed schemas are refused with the node path and the problem (never a crash).
@Suite struct StepSchemaErrorTests {
    struct BadSchema: Sendable, CustomTestStringConvertible {
        let json: String
        let path: String
        let problem: String
        init(_ json: String, _ path: String, _ problem: String) {
            self.json = json
            self.path = path
            self.problem = problem
        }
        var testDescription: String { "\(path): \(problem)" }
    }

    static let badSchemas: [BadSchema] = [
        // Not JSON, or not an object.
        BadSchema("", "/", "not valid JSON"),
        BadSchema("{", "/", "not valid JSON"),
        BadSchema(#"{"children": [}"#, "/", "not valid JSON"),
        BadSchema("[]", "/", "a node must be an object"),
        BadSchema(#"{"children": [42]}"#, "/?", "a node must be an object"),
        BadSchema(
            #"{"children": [{"key": "a", "children": ["b"]}]}"#, "/a/?", "a node must be an object"),
        // Fields.
        BadSchema(#"{"childs": []}"#, "/", "unknown field 'childs'"),
        BadSchema(#"{"children": [{"key": "a", "Kind": "tab"}]}"#, "/a", "unknown field 'Kind'"),
        BadSchema(#"{"key": "root"}"#, "/", "the root has no key"),
        BadSchema(#"{"children": [{"key": 1}]}"#, "/?", "'key' must be a string"),
        BadSchema(#"{"children": [{"kind": "push"}]}"#, "/", "a child has no key"),
        BadSchema(#"{"children": [{"key": "a", "kind": 1}]}"#, "/a", "'kind' must be a string"),
        BadSchema(#"{"children": {"key": "a"}}"#, "/", "'children' must be an array"),
        BadSchema(
            #"{"initial": 0, "children": [{"key": "a"}]}"#, "/",
            "'initial' must be a key or a list of keys"),
        BadSchema(
            #"{"initial": ["a", 1], "children": [{"key": "a"}]}"#, "/",
            "'initial' must be a key or a list of keys"),
        BadSchema(
            #"{"initial": {"content": "a"}, "children": [{"key": "a"}]}"#, "/",
            "'initial' must be a key or a list of keys"),
        BadSchema(
            #"{"children": [{"key": "a", "kind": "present", "style": 2}]}"#, "/a",
            "'style' must be a string"),
        BadSchema(
            #"{"children": [{"key": "a", "kind": "push", "style": "sheet"}]}"#, "/a",
            "'style' is only for present steps"),
        // A style is a name: what a terminal would act on is refused, and named visibly.
        BadSchema(
            #"{"children": [{"key": "a", "kind": "present", "style": "\u001b[2J\u0007"}]}"#, "/a",
            "style '\\u{1B}[2J\\u{7}' is empty, too long, or contains a space or a control character"
        ),
        BadSchema(
            #"{"children": [{"key": "a", "kind": "present", "style": "a\r\nb"}]}"#, "/a",
            "style 'a\\u{D}\\u{A}b' is empty, too long, or contains a space or a control character"),
        BadSchema(
            #"{"children": [{"key": "a", "kind": "present", "style": "\u202egol"}]}"#, "/a",
            "style '\\u{202E}gol' is empty, too long, or contains a space or a control character"),
        BadSchema(
            #"{"children": [{"key": "a", "kind": "present", "style": "page sheet"}]}"#, "/a",
            "style 'page sheet' is empty, too long, or contains a space or a control character"),
        BadSchema(
            #"{"children": [{"key": "a", "kind": "present", "style": ""}]}"#, "/a",
            "style '' is empty, too long, or contains a space or a control character"),
        // Keys.
        BadSchema(
            #"{"children": [{"key": "\u001b[2J"}]}"#, "/\\u{1B}[2J",
            "key '\\u{1B}[2J' is empty, too long, or contains '/' or a control character"),
        BadSchema(
            #"{"children": [{"key": "a", "\u001b[2J": 1}]}"#, "/a", "unknown field '\\u{1B}[2J'"),
        BadSchema(
            #"{"children": [{"key": "a"}, {"key": "a"}]}"#, "/", "step 'a' is declared twice"),
        BadSchema(
            #"{"children": [{"key": "p", "children": [{"key": "x"}, {"key": "y"}, {"key": "x"}]}]}"#,
            "/p", "step 'x' is declared twice"),
        BadSchema(
            #"{"children": [{"key": "a/b"}]}"#, "/a/b",
            "key 'a/b' is empty, too long, or contains '/' or a control character"),
        BadSchema(
            #"{"children": [{"key": "/"}]}"#, "//",
            "key '/' is empty, too long, or contains '/' or a control character"),
        BadSchema(
            #"{"children": [{"key": ""}]}"#, "/",
            "key '' is empty, too long, or contains '/' or a control character"),
        // Kinds.
        BadSchema(#"{"children": [{"key": "a", "kind": "modal"}]}"#, "/a", "unknown kind 'modal'"),
        BadSchema(#"{"children": [{"key": "a", "kind": "Tab"}]}"#, "/a", "unknown kind 'Tab'"),
        // Content children are all tabs or all inline (SPEC §1).
        BadSchema(
            #"{"children": [{"key": "a", "kind": "tab"}, {"key": "b"}]}"#, "/",
            "content children must be all tabs or all inline"),
        BadSchema(
            #"{"children": [{"key": "a", "kind": "inline"}, {"key": "p", "kind": "push"}, {"key": "b", "kind": "tab"}]}"#,
            "/", "content children must be all tabs or all inline"),
        // Initial selections.
        BadSchema(
            #"{"initial": "x", "children": [{"key": "a"}]}"#, "/", "initial step 'x' is not a child"
        ),
        BadSchema(#"{"initial": "a"}"#, "/", "initial step 'a' is not a child"),
        BadSchema(
            #"{"initial": ["a", "x"], "children": [{"key": "a"}]}"#, "/",
            "initial step 'x' is not a child"),
        BadSchema(
            #"{"initial": ["a", "b"], "children": [{"key": "a"}, {"key": "b"}]}"#, "/",
            "initial steps 'a' and 'b' are both in the content layer"),
        BadSchema(
            #"{"initial": ["p", "a", "q"], "children": [{"key": "a"}, {"key": "p", "kind": "push"}, {"key": "q", "kind": "stack"}]}"#,
            "/", "initial steps 'p' and 'q' are both in the push layer"),
        BadSchema(
            #"{"initial": ["m", "a", "n"], "children": [{"key": "a"}, {"key": "m", "kind": "present"}, {"key": "n", "kind": "present", "style": "cover"}]}"#,
            "/", "initial steps 'm' and 'n' are both in the modal layer"),
        BadSchema(
            #"{"children": [{"key": "s", "kind": "stack", "initial": "a"}]}"#, "/s",
            "a stack has no initial selection"),
        // Stacks and elements.
        BadSchema(
            #"{"children": [{"key": "a", "kind": "push", "element": {}}]}"#, "/a",
            "'element' is only for stack steps"),
        BadSchema(#"{"element": {}}"#, "/", "'element' is only for stack steps"),
        BadSchema(
            #"{"children": [{"key": "s", "kind": "stack", "children": [{"key": "x"}]}]}"#, "/s",
            "a stack has elements, not children"),
        BadSchema(
            #"{"children": [{"key": "s", "kind": "stack", "element": {"key": "e"}}]}"#, "/s",
            "an element schema has no key"),
        BadSchema(
            #"{"children": [{"key": "s", "kind": "stack", "element": []}]}"#, "/s/*",
            "a node must be an object"),
        BadSchema(
            #"{"children": [{"key": "s", "kind": "stack", "element": {"children": [{"key": "a"}, {"key": "a"}]}}]}"#,
            "/s/*", "step 'a' is declared twice"),
        BadSchema(
            #"{"children": [{"key": "s", "kind": "stack", "element": {"children": [{"key": "a", "kind": "nope"}]}}]}"#,
            "/s/*/a", "unknown kind 'nope'"),
        // Too deep.
        BadSchema(
            nested(depth: StepSchema.maximumDepth + 1), deepPath, "nested deeper than 64 levels"),
        BadSchema(
            nestedStacks(depth: StepSchema.maximumDepth + 1),
            nestedStacksPath(StepSchema.maximumDepth + 1), "nested deeper than 64 levels"),
        // Modals a gesture cannot dismiss.
        BadSchema(
            #"{"children": [{"key": "a", "kind": "push", "userDismissible": false}]}"#, "/a",
            "'userDismissible' is only for present steps"),
        BadSchema(
            #"{"children": [{"key": "a", "kind": "present", "userDismissible": 0}]}"#, "/a",
            "'userDismissible' must be true or false"),
        BadSchema(
            #"{"children": [{"key": "a", "kind": "present", "userDismissible": "no"}]}"#, "/a",
            "'userDismissible' must be true or false"),
        // Destinations.
        BadSchema(
            #"{"destinations": []}"#, "/",
            "'destinations' is only for a stack's element or a present step"),
        BadSchema(
            #"{"children": [{"key": "a", "destinations": [{"key": "x"}]}]}"#, "/a",
            "'destinations' is only for a stack's element or a present step"),
        BadSchema(
            #"{"children": [{"key": "s", "kind": "stack", "element": {"destinations": {}}}]}"#,
            "/s/*", "'destinations' must be an array"),
        BadSchema(
            #"{"children": [{"key": "s", "kind": "stack", "element": {"destinations": []}}]}"#,
            "/s/*", "'destinations' is empty"),
        BadSchema(
            #"{"children": [{"key": "s", "kind": "stack", "element": {"destinations": [{"key": "x"}], "children": []}}]}"#,
            "/s/*", "a step with destinations has no 'children'"),
        BadSchema(
            #"{"children": [{"key": "s", "kind": "stack", "element": {"initial": "x", "destinations": [{"key": "x"}]}}]}"#,
            "/s/*", "a step with destinations has no 'initial'"),
        BadSchema(
            #"{"children": [{"key": "s", "kind": "stack", "element": {"destinations": [{}]}}]}"#,
            "/s/*", "a destination has no key"),
        BadSchema(
            #"{"children": [{"key": "s", "kind": "stack", "element": {"destinations": [{"key": "x", "kind": "push"}]}}]}"#,
            "/s/*/x", "a destination is shown inline: it has no kind"),
        BadSchema(
            #"{"children": [{"key": "s", "kind": "stack", "element": {"destinations": [{"key": "x"}, {"key": "x"}]}}]}"#,
            "/s/*", "destination 'x' is declared twice"),
        BadSchema(
            #"{"children": [{"key": "s", "kind": "stack", "element": {"destinations": [{"key": "x", "children": [{"key": "y", "kind": "jump"}]}]}}]}"#,
            "/s/*/x/y", "unknown kind 'jump'"),
        BadSchema(
            #"{"children": [{"key": "s", "kind": "stack", "element": {"destinations": [{"key": "a/b"}]}}]}"#,
            "/s/*/a/b", "key 'a/b' is empty, too long, or contains '/' or a control character"),
    ]

    /// A chain of `depth` nodes below the root, each the only child `a` of the previous one.
    static func nested(depth: Int) -> String {
        var json = #"{"key": "a"}"#
        for _ in 1..<depth { json = #"{"key": "a", "children": [\#(json)]}"# }
        return #"{"children": [\#(json)]}"#
    }

    /// Stacks of profiles of stacks…: `depth` levels below the root, alternating a stack `s`
    /// and its element schema `*`.
    static func nestedStacks(depth: Int) -> String {
        func node(_ level: Int) -> String {
            if level % 2 == 1 {
                let element = level < depth ? #", "element": \#(node(level + 1))"# : ""
                return #"{"key": "s", "kind": "stack"\#(element)}"#
            }
            return level < depth ? #"{"children": [\#(node(level + 1))]}"# : "{}"
        }
        return #"{"children": [\#(node(1))]}"#
    }

    /// The path of the node at `depth` in ``nestedStacks(depth:)``.
    static func nestedStacksPath(_ depth: Int) -> String {
        (1...depth).map { $0 % 2 == 1 ? "/s" : "/*" }.joined()
    }

    static let deepPath = String(repeating: "/a", count: StepSchema.maximumDepth + 1)

    @Test(arguments: badSchemas)
    func malformedSchemaIsRefused(_ bad: BadSchema) {
        do {
            let schema = try StepSchema(json: Data(bad.json.utf8))
            Issue.record("accepted a schema with \(schema.children.count) children")
        } catch {
            #expect(error == StepSchemaError(path: bad.path, problem: bad.problem))
            #expect(error.description == "schema error at \(bad.path): \(bad.problem)")
        }
    }

    @Test func maximumDepthIsAccepted() throws {
        #expect(StepSchema.maximumDepth == 64)
        var node = try StepSchema(json: Data(Self.nested(depth: StepSchema.maximumDepth).utf8))
        var depth = 0
        while let child = node.children.first {
            node = child
            depth += 1
        }
        #expect(depth == 64)
        #expect(throws: StepSchemaError.self) {
            try StepSchema(json: Data(Self.nested(depth: StepSchema.maximumDepth + 1).utf8))
        }
        _ = try StepSchema(json: Data(Self.nestedStacks(depth: StepSchema.maximumDepth).utf8))
    }

    /// A hostile document far deeper than the limit is refused, not a stack overflow.
    @Test func hostileNestingIsRefused() {
        let depth = 100_000
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: StepSchemaError.self) { try StepSchema(json: Data(arrays.utf8)) }
        let objects = String(repeating: #"{"children": ["#, count: depth)
        #expect(throws: StepSchemaError.self) { try StepSchema(json: Data(objects.utf8)) }
    }

    @Test func jsonObjectEntryPointChecksTheSame() {
        #expect(throws: StepSchemaError(path: "/", problem: "a node must be an object")) {
            try StepSchema(jsonObject: 42)
        }
        #expect(throws: StepSchemaError(path: "/", problem: "a node must be an object")) {
            try StepSchema(jsonObject: NSNull())
        }
        #expect(throws: StepSchemaError(path: "/a", problem: "unknown kind 'x'")) {
            try StepSchema(jsonObject: ["children": [["key": "a", "kind": "x"]]])
        }
    }

    @Test func slashWithACombiningMarkIsRefusedInKeys() {
        #expect(throws: StepSchemaError.self) {
            try StepSchema(json: Data(#"{"children": [{"key": "a/\u0301"}]}"#.utf8))
        }
    }
}
