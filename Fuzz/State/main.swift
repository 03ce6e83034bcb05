// Fuzzes decoded state, on both front-ends. The first byte picks the tree: 0, the hand-written
// `AppSteps`; 1, its schema twin; 2, a schema given in the input. Then come NUL-separated
// parts: the schema (for 2), the state JSON, and path operations, one a line. A state that
// decodes encodes and decodes back to an equal value, its modals can be dismissed, and the path
// API keeps its promises on it.
import ExampleSteps
import Foundation
import FuzzSupport
import StepTree
import StepTreeTools

let exampleSchema: StepSchema = {
    do {
        return try ExampleSchema.load()
    } catch {
        fatalError("the example schema does not load: \(error)")
    }
}()

func decoder(_ schema: StepSchema?) -> JSONDecoder {
    let decoder = JSONDecoder()
    if let schema { decoder.userInfo[.stepSchema] = schema }
    return decoder
}

func check(_ bytes: [UInt8]) {
    guard let mode = bytes.first else { return }
    var parts = bytes.dropFirst().split(
        separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    switch mode % 3 {
    case 0:
        checkState(AppSteps.self, parts, decoder: decoder(nil))
    case 1:
        checkState(DynamicSteps.self, parts, decoder: decoder(exampleSchema))
    default:
        guard parts.count > 1, let schema = try? StepSchema(json: Data(parts.removeFirst())) else {
            return
        }
        checkState(DynamicSteps.self, parts, decoder: decoder(schema))
        // Without the schema in `userInfo`, nothing decodes.
        let refused = (try? JSONDecoder().decode(DynamicSteps.self, from: Data(parts[0]))) == nil
        require(refused, "a state decoded without its schema")
    }
}

/// Decodes `parts[0]` as a `Root`; if it decodes, checks it and runs the operations of
/// `parts[1]` on it.
func checkState<Root: StepNode>(
    _ type: Root.Type, _ parts: [ArraySlice<UInt8>], decoder: JSONDecoder
) {
    guard let json = parts.first, var state = try? decoder.decode(Root.self, from: Data(json))
    else { return }
    checkRoundTrip(state, decoder: decoder, "decoded")
    state.checkModals("decoded")
    let again = try? decoder.decode(Root.self, from: Data(json))
    require(again == state, "the same text decodes to two states")
    guard parts.count > 1 else { return }
    for (index, line) in lines(Array(parts[1])).prefix(32).enumerated() {
        _ = state.checkedApply(PathOperation(line: line), "line \(index)")
    }
    checkRoundTrip(state, decoder: decoder, "after the operations")
    state.checkModals("after the operations")
}

/// Busy states of the example on both front-ends, and the state each conformance case ends in,
/// with its schema.
func seeds(_ fixtures: [URL]) throws -> [[UInt8]] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let walk: [PathOperation] = [
        .select("profile/detail/dark", fresh: false), .stack("profile/friends", ids: ["u1", "u2"]),
        .select("profile/friends/u1/detail/light", fresh: true),
        .stack("profile/friends/u2/friends", ids: ["v1"]),
        .select("profile/friends/u2/friends/v1/settings", fresh: false),
        .select("explore", fresh: true), .select("login/signUp", fresh: false),
    ]
    let cleanUp: [PathOperation] = [
        .deselect("login"), .show("profile/friends/u2", fresh: false),
        .remove("profile/settings"),
        .select("home", fresh: false),
    ]
    let operations = Array(cleanUp.map(\.line).joined(separator: [10]))
    var typed = AppSteps()
    var dynamic = DynamicSteps(schema: exampleSchema)
    var seeds: [[UInt8]] = []
    for operation in walk {
        try typed.perform(operation)
        try dynamic.perform(operation)
        seeds.append([0] + Array(try encoder.encode(typed)) + [0] + operations)
        seeds.append([1] + Array(try encoder.encode(dynamic)) + [0] + operations)
    }
    for file in fixtures {
        let cases = try ConformanceCase.load(json: Data(contentsOf: file))
        for testCase in cases {
            var state = DynamicSteps(schema: testCase.schema)
            for check in testCase.checks {
                try? ConformanceRunner.perform(check.action, on: &state)
            }
            seeds.append(
                [2] + Array(try schemaJSON(testCase.schema)) + [0]
                    + Array(try encoder.encode(state)))
        }
    }
    return seeds
}

FuzzDriver.main("fuzz-state", seeds: seeds, dictionary: Tokens.state, check: check)
