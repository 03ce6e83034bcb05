import ExampleSteps
import Foundation
import StepTree
import StepTreeJSON
import TestSupport
import Testing

@testable import StepTreeRestoration

/// The repairs bring every form a save may have (steps bare or in their wrappers, and any mix)
/// to the one wrapped form (see the core's `CodingFormTests` for the forms themselves).
@Suite struct CodingFormRepairTests {
    /// Every form a save may have (`app-state.json` all wrappers, `app-state-bare.json` bare
    /// with `{}` leaves and selection objects, `app-state-scalar.json` as written now) is
    /// brought by the repairs to the one wrapped form: the oldest, byte for byte, for the save
    /// of 0.3; the wrapped encoding of the same state for the saves since (whose renewals
    /// carry scheme 2 fingerprints).
    @Test(arguments: ["app-state.json", "app-state-bare.json", "app-state-scalar.json"])
    func everyFormWrapsToTheOldest(_ name: String) throws {
        let wrappedData =
            name == "app-state.json"
            ? try Fixtures.identityData(name)
            : try CodingForms.wrapped(try CodingForms.identityFixtureState())
        let wrapped = try JSONValue.parse(wrappedData)
        let state = try JSONValue.parse(Fixtures.identityData(name))
        #expect(StateRepair.wrapped(state, schemaDriven: false) == wrapped)
    }

    /// The repairs' walk reads a node by its `selected`; a payload with a `selected` string of
    /// its own and a field no step could be is left as it is, while the node around it is
    /// brought to the wrapped form.
    @Test func aPayloadWithASelectedFieldIsNotANode() {
        let payload = JSONValue.object(["selected": .string("red"), "name": .string("x")])
        let state = JSONValue.object([
            "selected": .array([.string("home"), .string(""), .string("paint")]),
            "home": .number("0"), "paint": .object(["value": payload]),
        ])
        #expect(
            StateRepair.wrapped(state, schemaDriven: false)
                == .object([
                    "selected": .object(["content": .string("home"), "modal": .string("paint")]),
                    "home": .object(["value": .object([:])]), "paint": .object(["value": payload]),
                ]))
    }

    /// Random states of both kinds of tree: the bare encoding round trips exactly, the wrapped
    /// one decodes to the same state, and a save's repair brings the bare one to the wrapped one.
    @Test(arguments: 0..<8)
    func randomStatesRoundTripInBothForms(seed: UInt64) throws {
        let schema = try ExampleSchema.load()
        try Self.walk(from: AppSteps(), seed: seed, schemaDriven: false) { _ in }
        try Self.walk(from: DynamicSteps(schema: schema), seed: seed, schemaDriven: true) {
            $0.userInfo[.stepSchema] = schema
        }
    }

    static func walk<Root: StepNode>(
        from start: Root, seed: UInt64, schemaDriven: Bool, configure: (JSONDecoder) -> Void
    ) throws {
        var random = SeededGenerator(seed: seed)
        var state = start
        let decoder = JSONDecoder()
        configure(decoder)
        for _ in 0..<40 {
            if let operation = RandomOperations.operation(state, &random) {
                try? state.perform(operation)
            }
            let bare = try CodingForms.bare(state)
            let wrapped = try CodingForms.wrapped(state)
            let fromBare = try decoder.decode(Root.self, from: bare)
            #expect(fromBare == state, "seed \(seed)")
            #expect(fromBare.hashValue == state.hashValue, "seed \(seed)")
            #expect(try CodingForms.bare(fromBare) == bare, "seed \(seed)")
            #expect(try decoder.decode(Root.self, from: wrapped) == state, "seed \(seed)")
            let bareJSON = try JSONValue.parse(bare)
            let wrappedJSON = try JSONValue.parse(wrapped)
            #expect(
                StateRepair.wrapped(bareJSON, schemaDriven: schemaDriven) == wrappedJSON,
                "seed \(seed)")
            #expect(
                StateRepair.wrapped(wrappedJSON, schemaDriven: schemaDriven) == wrappedJSON,
                "seed \(seed)")
        }
    }
}
