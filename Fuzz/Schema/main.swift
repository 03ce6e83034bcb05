// Fuzzes schema JSON: `StepSchema(json:)` either refuses it with one of its designed errors,
// or returns a schema that keeps its promises, loads the same way from the decoded object and
// again from the same bytes, and drives a tree: every path of it is selected, shown, deselected
// and removed with the promises of the path API, and the state round-trips through JSON.
import ExampleSteps
import Foundation
import FuzzSupport
import StepTree

func check(_ bytes: [UInt8]) {
    let data = Data(bytes)
    let schema: StepSchema
    do {
        schema = try StepSchema(json: data)
    } catch {
        require(error.path.hasPrefix("/"), "the error path does not start with /: \(error)")
        require(isKnownSchemaProblem(error.problem), "not a designed refusal: \(error)")
        let again = Result { () throws(StepSchemaError) in try StepSchema(json: data) }
        require(again == .failure(error), "a second load gives \(again), not \(error)")
        return
    }
    let violations = schemaViolations(schema)
    require(violations.isEmpty, "the schema breaks its promises: \(violations)")
    let again = Result { () throws(StepSchemaError) in try StepSchema(json: data) }
    require(again == .success(schema), "a second load gives another schema: \(again)")
    require(
        (try? again.get())?.hashValue == schema.hashValue, "two loads of one text hash apart")
    if let object = try? JSONSerialization.jsonObject(with: data) {
        let direct = Result { () throws(StepSchemaError) in try StepSchema(jsonObject: object) }
        require(direct == .success(schema), "the object entry point gives \(direct)")
    }
    drive(schema)
}

/// Selects, shows, deselects and removes every path of the tree, up to a bound, with two-element
/// stacks, checking the path API's promises after each.
func drive(_ schema: StepSchema) {
    let decoder = JSONDecoder()
    decoder.userInfo[.stepSchema] = schema
    var state = DynamicSteps(schema: schema)
    let initial = state
    var budget = 256
    func walk(_ node: StepSchema, _ path: [String]) {
        guard budget > 0, path.count < 12 else { return }
        budget -= 1
        let text = path.joined(separator: "/")
        if node.kind == .stack {
            _ = state.checkedApply(.stack(text, ids: ["a", "b"]), "stack \(text)")
            if let element = node.element {
                walk(element, path + ["a"])
                walk(element, path + ["b"])
            }
            _ = state.checkedApply(.remove(text + "/b"), "remove \(text)/b")
            return
        }
        for child in node.children {
            let childPath = path + [child.key]
            let childText = childPath.joined(separator: "/")
            _ = state.checkedApply(
                .select(childText, fresh: budget % 3 == 0), "select \(childText)")
            walk(child, childPath)
            if budget % 2 == 0 {
                _ = state.checkedApply(.show(childText, fresh: false), "show \(childText)")
            }
            if budget % 5 == 0 {
                _ = state.checkedApply(.selectValue(childText, "v"), "value \(childText)")
            }
        }
        // Unknown steps and bad paths are refused with the state unchanged.
        _ = state.checkedApply(.select(text + "/\u{0}", fresh: false), "unknown below \(text)")
        for child in node.children.reversed() {
            let childText = (path + [child.key]).joined(separator: "/")
            let operation: PathOperation =
                budget % 2 == 0 ? .deselect(childText) : .remove(childText)
            _ = state.checkedApply(operation, "\(operation)")
        }
    }
    for (index, key) in schema.initialKeys.enumerated() {
        require(
            state.isSelected(path: StepPath([key])), "initial key \(index) '\(key)' is not selected"
        )
    }
    walk(schema, [])
    state.checkModals("driven state")
    checkRoundTrip(state, decoder: decoder, "driven state")
    checkRoundTrip(initial, decoder: decoder, "initial state")
    _ = NavigationDiff.events(from: initial, to: state)
    _ = NavigationDiff.events(from: state, to: initial)
}

/// The example's schema at several depths, and the schema of every conformance case.
func seeds(_ fixtures: [URL]) throws -> [[UInt8]] {
    var seeds = (0...3).map { Array(ExampleSchema.json(friendDepth: $0).utf8) }
    for file in fixtures {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
        for item in object as? [Any] ?? [] {
            guard let schema = (item as? [String: Any])?["schema"] else { continue }
            seeds.append(
                Array(try JSONSerialization.data(withJSONObject: schema, options: .sortedKeys)))
        }
    }
    return seeds
}

FuzzDriver.main("fuzz-schema", seeds: seeds, dictionary: Tokens.schema, check: check)
