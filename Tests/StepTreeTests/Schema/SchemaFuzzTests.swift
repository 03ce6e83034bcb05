import Foundation
import FuzzSupport
import StepTree
import TestSupport
import Testing

/// Whatever bytes come in, `StepSchema(json:)` returns a schema that keeps its promises or a
/// `StepSchemaError`; and every valid schema it is given is accepted.
@Suite struct SchemaFuzzTests {
    static func check(_ bytes: [UInt8], seed: UInt64, round: Int) {
        let schema: StepSchema
        do {
            schema = try StepSchema(json: Data(bytes))
        } catch {
            #expect(error.path.hasPrefix("/"), "seed \(seed) round \(round): \(error)")
            #expect(isKnownSchemaProblem(error.problem), "seed \(seed) round \(round): \(error)")
            return
        }
        #expect(schemaViolations(schema) == [], "seed \(seed) round \(round)")
        // A schema that loads also drives a tree.
        var state = DynamicSteps(schema: schema)
        let start = state
        for key in schema.children.map(\.key) {
            _ = try? state.select(path: StepPath(parsing: key))
        }
        _ = NavigationDiff.events(from: start, to: state)
        _ = NavigationDiff.events(from: state, to: start)
    }

    @Test func corpusIsLoaded() {
        #expect(FuzzCorpus.schemas.count == 94)
        for (index, bytes) in FuzzCorpus.schemas.enumerated() {
            #expect(throws: Never.self, "schema \(index)") { try StepSchema(json: Data(bytes)) }
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func mutatedSchemas(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for round in 0..<400 {
            let original = random.pick(FuzzCorpus.schemas)
            let bytes = random.mutate(original, edits: 1 + random.below(6))
            Self.check(bytes, seed: seed, round: round)
        }
    }

    @Test func randomBytes() {
        var random = SeededGenerator(seed: 7)
        for round in 0..<500 {
            let bytes: [UInt8]
            if random.chance(1, in: 2) {
                bytes = random.bytes(random.below(64))
            } else {
                bytes = Array(random.string(from: Self.tokens, count: random.below(40)).utf8)
            }
            Self.check(bytes, seed: 7, round: round)
        }
    }

    /// JSON-ish tokens, so that random text often parses and reaches the schema checks.
    static let tokens = [
        "{", "}", "[", "]", ",", ":", #""key""#, #""kind""#, #""children""#, #""element""#,
        #""initial""#, #""style""#, #""a""#, #""b""#, #""a/b""#, #""""#, #""tab""#, #""push""#,
        #""present""#, #""stack""#, #""inline""#, "null", "true", "1", " ",
    ]

    /// Random trees of random nodes: a mix of valid and invalid fields.
    @Test func randomTrees() {
        var random = SeededGenerator(seed: 11)
        for round in 0..<600 {
            let object = Self.randomNode(&random, depth: 0, isRoot: true)
            // The object entry point must agree with the text entry point.
            let direct = Result { () throws(StepSchemaError) in try StepSchema(jsonObject: object) }
            // `JSONSerialization` traps on a top-level scalar instead of throwing.
            guard JSONSerialization.isValidJSONObject(object),
                let data = try? JSONSerialization.data(withJSONObject: object)
            else {
                #expect(throws: StepSchemaError(path: "/", problem: "a node must be an object")) {
                    try direct.get()
                }
                continue
            }
            let parsed = Result { () throws(StepSchemaError) in try StepSchema(json: data) }
            switch (direct, parsed) {
            case (.failure(let first), .failure(let second)):
                #expect(first == second, "round \(round)")
            case (.success(let first), .success(let second)):
                #expect(Self.shape(first) == Self.shape(second), "round \(round)")
            default:
                Issue.record("round \(round): the entry points disagree: \(direct) vs \(parsed)")
            }
            Self.check(Array(data), seed: 11, round: round)
        }
    }

    static func randomNode(_ random: inout SeededGenerator, depth: Int, isRoot: Bool) -> Any {
        if random.chance(1, in: 30) { return random.pick([1, "x", NSNull(), [Any]()] as [Any]) }
        var node: [String: Any] = [:]
        let keys = ["a", "b", "c", "a", "", "x/y", "tab"]
        if !isRoot || random.chance(1, in: 20) { node["key"] = random.pick(keys) }
        if random.chance(2, in: 3) {
            node["kind"] = random.pick(["tab", "inline", "push", "present", "stack", "modal"])
        }
        if random.chance(1, in: 5) {
            node["style"] = random.pick(["sheet", "cover", "x"] as [Any])
        }
        if depth < 4 && random.chance(2, in: 3) {
            node["children"] = (0..<random.below(4)).map { _ in
                randomNode(&random, depth: depth + 1, isRoot: false)
            }
        }
        if depth < 4 && random.chance(1, in: 4) {
            node["element"] = randomNode(&random, depth: depth + 1, isRoot: true)
        }
        if random.chance(1, in: 3) {
            node["initial"] =
                random.chance(1, in: 2)
                ? random.pick(keys) as Any : [random.pick(keys), random.pick(keys)] as Any
        }
        if random.chance(1, in: 40) { node["extra"] = true }
        return node
    }

    /// Valid trees must load, with the shape they describe.
    @Test func validTreesLoad() throws {
        var random = SeededGenerator(seed: 13)
        var framesBesideTabs = 0
        var initialLists = 0
        for round in 0..<250 {
            let object = Self.validNode(&random, depth: 0, key: nil)
            let data = try JSONSerialization.data(withJSONObject: object)
            let schema = try StepSchema(json: data)
            #expect(schemaViolations(schema) == [], "round \(round)")
            #expect(Self.shape(schema) == Self.shape(object), "round \(round)")
            let nodes = Self.allNodes(schema)
            if nodes.contains(where: { $0.hasTabs && $0.children.contains { $0.kind.isFrame } }) {
                framesBesideTabs += 1
            }
            if nodes.contains(where: { $0.initialKeys.count > 1 }) { initialLists += 1 }
        }
        // The v2 shapes are generated, not only v1 ones.
        #expect(framesBesideTabs > 10, "\(framesBesideTabs) trees with frames beside tabs")
        #expect(initialLists > 10, "\(initialLists) trees with several initial keys")
    }

    static func allNodes(_ schema: StepSchema) -> [StepSchema] {
        [schema] + schema.children.flatMap(allNodes) + (schema.element.map(allNodes) ?? [])
    }

    static func validNode(_ random: inout SeededGenerator, depth: Int, key: String?) -> [String:
        Any]
    {
        var node: [String: Any] = [:]
        if let key { node["key"] = key }
        let kind = key == nil ? "inline" : random.pick(["inline", "push", "present", "stack"])
        if key != nil { node["kind"] = kind }
        if kind == "present" { node["style"] = random.pick(["sheet", "cover", "popover"]) }
        if kind == "stack" {
            if random.chance(1, in: 2) && depth < 4 {
                node["element"] = validNode(&random, depth: depth + 1, key: nil)
            }
            return node
        }
        guard depth < 4 else { return node }
        let keys = Array(["a", "b", "c", "d"].prefix(random.below(5)))
        var children = keys.map { validNode(&random, depth: depth + 1, key: $0) }
        if random.chance(1, in: 4) {
            // Tabs: the inline children become tabs; pushed, stacked and presented ones may
            // stay beside them (SPEC v2 §1).
            for index in children.indices where children[index]["kind"] as? String == "inline" {
                children[index]["kind"] = "tab"
            }
        }
        if !children.isEmpty { node["children"] = children }
        // One initial key per layer at most, as a key or a list, in a random order.
        var initial: [String] = []
        for layer in ["content", "push", "modal"] {
            let candidates = children.compactMap { child -> String? in
                guard Self.layer(of: child["kind"] as? String ?? "inline") == layer else {
                    return nil
                }
                return child["key"] as? String
            }
            if !candidates.isEmpty && random.chance(1, in: 2) {
                initial.append(random.pick(candidates))
            }
        }
        if initial.count == 1 && random.chance(1, in: 2) {
            node["initial"] = initial[0]
        } else if !initial.isEmpty {
            node["initial"] = random.chance(1, in: 2) ? initial : initial.reversed()
        }
        return node
    }

    static func layer(of kind: String) -> String {
        switch kind {
        case "push", "stack": "push"
        case "present": "modal"
        default: "content"
        }
    }

    /// A comparable outline: kind and key of every node, depth first.
    static func shape(_ schema: StepSchema) -> [String] {
        ["\(schema.key):\(schema.kind):\(schema.initialKeys.joined(separator: ","))"]
            + schema.children.flatMap(shape) + (schema.element.map { ["*"] + shape($0) } ?? [])
    }

    static func shape(_ object: [String: Any]) -> [String] {
        let key = object["key"] as? String ?? ""
        let kindName = object["key"] == nil ? "inline" : object["kind"] as? String ?? "inline"
        let kind: StepKind =
            switch kindName {
            case "tab": .tab
            case "push": .push
            case "present":
                .present(PresentationStyle(rawValue: object["style"] as? String ?? "sheet"))
            case "stack": .stack
            default: .inline
            }
        let children = object["children"] as? [[String: Any]] ?? []
        let names =
            (object["initial"] as? [String]) ?? (object["initial"] as? String).map { [$0] } ?? []
        // Bottom layer first, as `initialKeys` gives them; only keys of children.
        let initial = ["content", "push", "modal"].flatMap { layer in
            names.filter { name in
                children.contains {
                    $0["key"] as? String == name
                        && Self.layer(of: $0["kind"] as? String ?? "inline") == layer
                }
            }
        }
        var element = (object["element"] as? [String: Any]).map { ["*"] + shape($0) }
        if kindName == "stack" && element == nil { element = ["*", ":inline:"] }
        return ["\(key):\(kind):\(initial.joined(separator: ","))"]
            + children.flatMap { shape($0) } + (element ?? [])
    }
}
