import ExampleSteps
import Foundation
import StepTree

/// Valid inputs that fuzzing mutates: every conformance case on its own, and every schema.
package enum FuzzCorpus {
    /// Each conformance case of the fixtures as a one-case file, compact JSON with sorted keys.
    package static let caseFiles: [[UInt8]] = conformanceCases().map { serialize([$0]) }

    /// Each schema of the fixtures, plus the example app's schema.
    package static let schemas: [[UInt8]] =
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

/// Structure-aware mutation: edits one random place of a decoded JSON value (replaces a value,
/// drops or adds a field, drops or duplicates an array item), so that the result still parses
/// as JSON and reaches the checks behind the parser.
package func mutateJSON(_ value: Any, _ random: inout SeededGenerator) -> Any {
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
