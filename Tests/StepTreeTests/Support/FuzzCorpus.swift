import ExampleSteps
import Foundation
import StepTree

/// Valid inputs that fuzzing mutates: every conformance case on its own, and every schema.
enum FuzzCorpus {
    /// Each conformance case of the fixtures as a one-case file, compact JSON with sorted keys.
    static let caseFiles: [[UInt8]] = conformanceCases().map { serialize([$0]) }

    /// Each schema of the fixtures, plus the example app's schema.
    static let schemas: [[UInt8]] =
        [Array(ExampleSchema.json().utf8)]
        + conformanceCases().compactMap { ($0 as? [String: Any])?["schema"] }.map(serialize)

    private static func conformanceCases() -> [Any] {
        Fixtures.conformanceFiles.flatMap { name -> [Any] in
            guard let data = try? Fixtures.conformanceData(name),
                let list = try? JSONSerialization.jsonObject(with: data) as? [Any]
            else { return [] }
            return list
        }
    }

    private static func serialize(_ object: Any) -> [UInt8] {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: .sortedKeys)
        else { return [] }
        return Array(data)
    }
}

/// Checks the promises of a loaded schema; returns the broken ones, empty when all hold.
func schemaViolations(_ schema: StepSchema, path: String = "/", depth: Int = 0) -> [String] {
    var problems: [String] = []
    if depth > StepSchema.maximumDepth { problems.append("\(path): deeper than the maximum") }
    let keys = schema.children.map(\.key)
    if Set(keys).count != keys.count { problems.append("\(path): duplicate keys \(keys)") }
    for key in keys where key.isEmpty || key.unicodeScalars.contains("/") {
        problems.append("\(path): bad key '\(key)'")
    }
    let tabs = schema.children.count { $0.kind == .tab }
    let inline = schema.children.count { $0.kind == .inline }
    if tabs != 0 && inline != 0 { problems.append("\(path): tabs mixed with inline steps") }
    if schema.hasTabs != (tabs > 0) { problems.append("\(path): hasTabs is wrong") }
    let initial = schema.initialKeys.compactMap { schema.childIndex(forKey: $0) }
    if initial.count != schema.initialKeys.count {
        problems.append("\(path): initial out of range")
    }
    let layers = initial.map { schema.children[$0].kind.layer }
    if Set(layers).count != layers.count { problems.append("\(path): two initial in a layer") }
    for (index, key) in keys.enumerated() where schema.childIndex(forKey: key) != index {
        problems.append("\(path): childIndex(\(key)) is wrong")
    }
    if schema.kind == .stack {
        if !keys.isEmpty { problems.append("\(path): a stack with children") }
        if !schema.initialKeys.isEmpty { problems.append("\(path): a stack with an initial") }
        if let element = schema.element {
            if !element.key.isEmpty { problems.append("\(path): an element with a key") }
            problems += schemaViolations(element, path: path + "/*", depth: depth + 1)
        } else {
            problems.append("\(path): a stack without an element schema")
        }
    } else if schema.element != nil {
        problems.append("\(path): an element schema on a non-stack")
    }
    for child in schema.children {
        let childPath = path == "/" ? "/" + child.key : path + "/" + child.key
        problems += schemaViolations(child, path: childPath, depth: depth + 1)
    }
    return problems
}

/// Structure-aware mutation: edits one random place of a decoded JSON value (replaces a value,
/// drops or adds a field, drops or duplicates an array item), so that the result still parses
/// as JSON and reaches the checks behind the parser.
func mutateJSON(_ value: Any, _ random: inout SeededGenerator) -> Any {
    let replacements: [Any] = [
        NSNull(), true, 0, -1, 1.5, "", "a", "a/b", "/", "sheet", "tab", "push", "stack",
        [Any](), ["x"], [String: Any](), ["key": "k"],
    ]
    if var object = value as? [String: Any], !object.isEmpty, random.chance(3, in: 4) {
        let key = random.pick(object.keys.sorted())
        switch random.below(4) {
        case 0: object[key] = nil
        case 1:
            object[random.pick(["key", "kind", "initial", "children", "x"])] = random.pick(
                replacements)
        default: object[key] = mutateJSON(object[key] ?? NSNull(), &random)
        }
        return object
    }
    if var array = value as? [Any], !array.isEmpty, random.chance(3, in: 4) {
        let index = random.below(array.count)
        switch random.below(4) {
        case 0: array.remove(at: index)
        case 1: array.insert(array[index], at: index)
        default: array[index] = mutateJSON(array[index], &random)
        }
        return array
    }
    return random.pick(replacements)
}
