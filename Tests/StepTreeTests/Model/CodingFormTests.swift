import ExampleSteps
import Foundation
import StepTreeJSON
import TestSupport
import Testing

@testable import StepTree
@testable import StepTreeRestoration

/// Steps written bare or in their wrapper (`StepCodingForm`): what is written, and that both
/// forms, and any mix of them, decode to the same state.
@Suite struct CodingFormTests {
    /// The encoding of `value` with every step in its wrapper: the form written before steps
    /// were bare.
    static func wrappedEncoding<T: Encodable>(_ value: T) throws -> Data {
        try StepCodingForm.wrappingEverything { try CodableTests.encode(value) }
    }

    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    /// A node with children named like the wrapper's fields, `value` first.
    struct FieldNamed: StepsCollection {
        enum Key: String, StepKey { case value, renewal }
        var value = Step()
        var renewal = Step()
        var selected = StepSelection<Key>()
        static let steps = StepTable<Self>(.inline(.value, \.value), .inline(.renewal, \.renewal))
        init() {}
    }

    struct FieldNamedRoot: StepsCollection {
        enum Key: String, StepKey { case inner }
        var selected = StepSelection<Key>()
        var inner = Step(FieldNamed())
        static let steps = StepTable<Self>(.inline(.inner, \.inner))
        init() {}
    }

    @Test func structuredStepsAreBareAndPayloadsAndRenewalsWrapped() throws {
        var app = AppSteps()
        try app.setStack(path: "profile/friends", ids: ["u1"])
        try app.renew(path: "profile/friends/u1/detail")
        let bare = Self.text(try CodableTests.encode(app))
        let wrapped = Self.text(try Self.wrappedEncoding(app))
        #expect(
            bare
                == #"{"explore":{"value":{"query":""}},"home":0,"login":{"form":0,"selected":"form","signUp":0},"profile":{"detail":{"dark":0,"light":0,"selected":""},"friends":[{"id":"u1","value":{"detail":{"renewal":"0ddc4dbb05ee26985bdf7b9607f6cd88","value":{"dark":0,"light":0,"selected":""}},"friends":[],"main":0,"selected":["main","detail"],"settings":0}}],"main":0,"selected":["main","friends"],"settings":0},"selected":"profile"}"#
        )
        #expect(
            wrapped
                == #"{"explore":{"value":{"query":""}},"home":{"value":{}},"login":{"value":{"form":{"value":{}},"selected":{"content":"form"},"signUp":{"value":{}}}},"profile":{"value":{"detail":{"value":{"dark":{"value":{}},"light":{"value":{}},"selected":{}}},"friends":{"value":[{"id":"u1","value":{"detail":{"renewal":"0ddc4dbb05ee26985bdf7b9607f6cd88","value":{"dark":{"value":{}},"light":{"value":{}},"selected":{}}},"friends":{"value":[]},"main":{"value":{}},"selected":{"content":"main","push":"detail"},"settings":{"value":{}}}}]},"main":{"value":{}},"selected":{"content":"main","push":"friends"},"settings":{"value":{}}}},"selected":{"content":"profile"}}"#
        )
    }

    /// The wrapped form is byte for byte what was written before: the identity fixture, saved
    /// by StepTree 0.3, encodes again to the same bytes.
    @Test func wrappedFormIsTheOneWrittenBefore() throws {
        let fixture = try Fixtures.identityData("app-state.json")
        let saved = try JSONDecoder().decode(AppSteps.self, from: fixture)
        #expect(
            Self.text(try Self.wrappedEncoding(saved))
                == Self.text(fixture).trimmingCharacters(in: .newlines))
    }

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
            : try Self.wrappedEncoding(try IdentityTests.fixtureState())
        let wrapped = try JSONValue.parse(wrappedData)
        let state = try JSONValue.parse(Fixtures.identityData(name))
        #expect(StateRepair.wrapped(state, schemaDriven: false) == wrapped)
    }

    /// Encodings written before steps were bare decode to the states they were written from.
    @Test(arguments: [
        #"{"dark":{"value":{}},"light":{"value":{}},"selected":{"content":"dark"}}"#,
        #"{"dark":{"value":{}},"light":{"renewal":"0ddc4dbb05ee26985bdf7b9607f6cd88","value":{}},"selected":{"content":"light"}}"#,
    ])
    func wrappedThemesDecode(_ json: String) throws {
        let decoded = try JSONDecoder().decode(ThemeSteps.self, from: Data(json.utf8))
        #expect(try Self.wrappedEncoding(decoded) == Data(json.utf8))
    }

    /// A node's steps may be in either form, each on its own.
    @Test func mixedFormsDecode() throws {
        let state = try CodableTests.busyState(AppSteps())
        let bare = try JSONValue.parse(CodableTests.encode(state))
        let wrapped = try JSONValue.parse(Self.wrappedEncoding(state))
        // Every top-level step and every step of the profile, alternately from each form.
        var mixed = bare
        let places: [[JSONValue.Component]] =
            ["home", "explore", "profile", "login"].map { [.key($0)] }
            + ["main", "detail", "settings", "friends"].map { [.key("profile"), .key($0)] }
        for (index, place) in places.enumerated() where index.isMultiple(of: 2) {
            let replaced = mixed.set(wrapped.value(at: place), at: place[...])
            #expect(replaced)
        }
        #expect(mixed != bare && mixed != wrapped)
        let decoded = try JSONDecoder().decode(AppSteps.self, from: mixed.jsonData)
        #expect(decoded == state)
        #expect(try CodableTests.encode(decoded) == CodableTests.encode(state))
    }

    /// The bare form written before the scalars (`{}` leaves, selection objects) mixes with the
    /// one written now, step by step, and selection by selection.
    @Test func previousAndCurrentBareFormsMix() throws {
        let state = try IdentityTests.fixtureState()
        let current = try JSONValue.parse(Fixtures.identityData("app-state-scalar.json"))
        let previous = try JSONValue.parse(Fixtures.identityData("app-state-bare.json"))
        var mixed = current
        let ann: [JSONValue.Component] = [
            .key("profile"), .key("friends"), .index(0), .key("value"),
        ]
        let places: [[JSONValue.Component]] =
            ["home", "selected"].map { [.key($0)] }
            + ["main", "settings"].map { [.key("profile"), .key($0)] }
            + [
                [.key("profile"), .key("detail"), .key("light")],
                [.key("login"), .key("selected")],
                ann + [.key("selected")], ann + [.key("main")],
            ]
        for place in places {
            #expect(current.value(at: place) != previous.value(at: place))
            let replaced = mixed.set(previous.value(at: place), at: place[...])
            #expect(replaced)
        }
        #expect(mixed != current && mixed != previous)
        let decoded = try JSONDecoder().decode(AppSteps.self, from: mixed.jsonData)
        #expect(decoded == state)
        #expect(try CodableTests.encode(decoded) == CodableTests.encode(state))
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

    /// Children named `value` and `renewal` do not make a bare node look like a wrapper.
    @Test func fieldsNamedLikeTheWrapperAreSteps() throws {
        var root = FieldNamedRoot()
        root.select(\.inner, \.renewal)
        #expect(
            Self.text(try CodableTests.encode(root))
                == #"{"inner":{"renewal":0,"selected":"renewal","value":0},"selected":"inner"}"#
        )
        for data in [try CodableTests.encode(root), try Self.wrappedEncoding(root)] {
            #expect(try JSONDecoder().decode(FieldNamedRoot.self, from: data) == root)
        }
        root.renew(\.inner)
        #expect(
            try JSONDecoder().decode(FieldNamedRoot.self, from: CodableTests.encode(root)) == root)
    }

    /// A bad step says where it is, in either form.
    @Test(arguments: [
        (#"{"dark":{},"light":7,"selected":{}}"#, ["light"]),
        (#"{"dark":{},"light":{"renewal":7,"value":{}},"selected":{}}"#, ["light", "renewal"]),
        (
            #"{"dark":{},"light":{"renewal":"0ddc4dbb05ee26985bdf7b9607f6cd88"},"selected":{}}"#,
            ["light"]
        ),
    ])
    func aBadStepNamesItsPlace(_ json: String, codingPath: [String]) {
        do {
            _ = try JSONDecoder().decode(ThemeSteps.self, from: Data(json.utf8))
            Issue.record("\(json) decoded")
        } catch let error as DecodingError {
            let context: DecodingError.Context? =
                switch error {
                case .typeMismatch(_, let context), .valueNotFound(_, let context),
                    .dataCorrupted(let context):
                    context
                case .keyNotFound(_, let context): context
                @unknown default: nil
                }
            #expect(context?.codingPath.map(\.stringValue) == codingPath)
        } catch {
            Issue.record("not a DecodingError: \(error)")
        }
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
            if let operation = DiffWalkEquivalenceTests.randomOperation(state, &random) {
                try? state.perform(operation)
            }
            let bare = try CodableTests.encode(state)
            let wrapped = try wrappedEncoding(state)
            let fromBare = try decoder.decode(Root.self, from: bare)
            #expect(fromBare == state, "seed \(seed)")
            #expect(fromBare.hashValue == state.hashValue, "seed \(seed)")
            #expect(try CodableTests.encode(fromBare) == bare, "seed \(seed)")
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
