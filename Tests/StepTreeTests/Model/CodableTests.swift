import ExampleSteps
import Foundation
import StepTree
import TestSupport
import Testing

@Suite struct CodableTests {
    static func encode<T: Encodable>(_ value: T) throws -> Data { try CodingForms.bare(value) }

    static func decoder(_ schema: StepSchema? = nil) -> JSONDecoder {
        let decoder = JSONDecoder()
        if let schema { decoder.userInfo[.stepSchema] = schema }
        return decoder
    }

    static func busyState<Root: StepNode>(_ start: Root) throws -> Root {
        var state = start
        try state.select(path: "profile/detail/dark")
        try state.setStack(path: "profile/friends", ids: ["u1", "u2"])
        try state.renew(path: "profile/friends/u1/detail/light")
        try state.setStack(path: "profile/friends/u2/friends", ids: ["v1"])
        try state.select(path: "profile/friends/u2/friends/v1/settings")
        try state.renew(path: "explore")
        return state
    }

    @Test func encodingIsExactAndStable() throws {
        var theme = ThemeSteps()
        theme.select(.dark)
        #expect(
            String(decoding: try Self.encode(theme), as: UTF8.self)
                == #"{"dark":0,"light":0,"selected":"dark"}"#)
        // One renewal with no value: the same hash chain in every process.
        theme.renew(\.light)
        #expect(
            String(decoding: try Self.encode(theme), as: UTF8.self)
                == #"{"dark":0,"light":{"renewal":"0ddc4dbb05ee26985bdf7b9607f6cd88","value":{}},"selected":"light"}"#
        )
        var stack = StepStack<ThemeSteps>()
        try stack.push(id: "a")
        #expect(
            String(decoding: try Self.encode(stack), as: UTF8.self)
                == #"{"elements":[{"id":"a","renewal":"f96b8ae924918ec6d00a9aa2f9e12997","value":{"dark":0,"light":0,"selected":""}}],"next":2}"#
        )
        // One key per layer.
        var login = LoginSteps()
        login.select(.signUp)
        #expect(
            String(decoding: try Self.encode(login), as: UTF8.self)
                == #"{"form":0,"selected":["form","signUp"],"signUp":0}"#
        )
        var app = AppSteps()
        app.select(\.login)
        #expect(
            String(decoding: try Self.encode(app.selected), as: UTF8.self)
                == #"["home","","login"]"#)
    }

    @Test func handWrittenTreeRoundTrips() throws {
        var state = try Self.busyState(AppSteps())
        state.explore.query = "swift"
        let data = try Self.encode(state)
        let decoded = try JSONDecoder().decode(AppSteps.self, from: data)
        #expect(decoded == state)
        #expect(decoded.hashValue == state.hashValue)
        #expect(try Self.encode(decoded) == data)
        #expect(eventText(from: state, to: decoded) == [])
    }

    @Test func schemaTreeRoundTrips() throws {
        let schema = try ExampleSchema.load()
        let state = try Self.busyState(DynamicSteps(schema: schema))
        let data = try Self.encode(state)
        let decoded = try Self.decoder(schema).decode(DynamicSteps.self, from: data)
        #expect(decoded == state)
        #expect(decoded.hashValue == state.hashValue)
        #expect(try Self.encode(decoded) == data)
        #expect(eventText(from: state, to: decoded) == [])
    }

    @Test func schemaTreeDecodesItsInitialState() throws {
        let schema = try ExampleSchema.load()
        let initial = DynamicSteps(schema: schema)
        let data = try Self.encode(initial)
        let decoded = try Self.decoder(schema).decode(DynamicSteps.self, from: data)
        #expect(decoded == initial)
    }

    /// Minimal repro of the bug above: one child with its own initial selection.
    @Test func schemaTreeDecodesNestedSelections() throws {
        let schema = try StepSchema(
            json: Data(
                #"{"children": [{"key": "a", "initial": "x", "children": [{"key": "x"}]}]}"#.utf8))
        let state = DynamicSteps(schema: schema)
        let data = try Self.encode(state)
        #expect(
            String(decoding: data, as: UTF8.self)
                == #"{"steps":{"a":{"selected":["x"],"steps":{"x":{}}}}}"#)
        let decoded = try Self.decoder(schema).decode(DynamicSteps.self, from: data)
        #expect(decoded == state)
    }

    /// A restored state must go on exactly like the original.
    @Test func restoredStateBehavesLikeTheOriginal() throws {
        var original = AppSteps()
        try original.setStack(path: "profile/friends", ids: ["u1", "u2"])
        try original.setStack(path: "profile/friends", ids: ["u1"])
        var restored = try JSONDecoder().decode(AppSteps.self, from: try Self.encode(original))
        #expect(restored == original)
        try original.setStack(path: "profile/friends", ids: ["u1", "u2"])
        try restored.setStack(path: "profile/friends", ids: ["u1", "u2"])
        #expect(restored == original)
    }

    struct Mutation: Sendable, CustomTestStringConvertible {
        let find: String
        let replace: String
        init(_ find: String, _ replace: String) {
            self.find = find
            self.replace = replace
        }
        var testDescription: String { "\(find) → \(replace)" }
    }

    /// Edits that break a valid encoding of `busyState`.
    static let appMutations: [Mutation] = [
        Mutation(#""selected":"explore""#, #""selected":"nope""#),
        Mutation(#""selected":"explore""#, #""selected":3"#),
        Mutation(#""selected":"explore""#, #""selected":["explore","","","home"]"#),
        Mutation(#""selected":"explore""#, #""selected":["explore",null]"#),
        Mutation(#""selected":"explore""#, #""selected":{"content":"nope"}"#),
        // A key in the wrong layer of a node inside a step.
        Mutation(#""selected":["main","friends"]"#, #""selected":["main","main"]"#),
        Mutation(#""selected":["main","","settings"]"#, #""selected":["main","","detail"]"#),
        Mutation(#""selected":["main","","settings"]"#, #""selected":{"modal":"detail"}"#),
        Mutation(#""id":"u2""#, #""id":"u1""#),
        Mutation(#""id":"u2""#, #""id":"""#),
        Mutation(#""id":"u2""#, #""id":"a/b""#),
        Mutation(#""renewal":"0ddc4dbb05ee26985bdf7b9607f6cd88""#, #""renewal":"-1""#),
        Mutation(#""renewal":"0ddc4dbb05ee26985bdf7b9607f6cd88""#, #""renewal":1"#),
        Mutation(
            #""renewal":"0ddc4dbb05ee26985bdf7b9607f6cd88""#,
            #""renewal":"0ddc4dbb05ee26985bdf7b9607f6cd880""#),
        Mutation(
            #""renewal":"0ddc4dbb05ee26985bdf7b9607f6cd88""#,
            #""renewal":"0ddc4dbb05ee26985bdf7b9607f6cd8g""#),
        // Only the form the encoder writes: no sign, no capitals, not all zeros.
        Mutation(
            #""renewal":"0ddc4dbb05ee26985bdf7b9607f6cd88""#,
            #""renewal":"+ddc4dbb05ee26985bdf7b9607f6cd88""#),
        Mutation(
            #""renewal":"0ddc4dbb05ee26985bdf7b9607f6cd88""#,
            #""renewal":"0DDC4DBB05EE26985BDF7B9607F6CD88""#),
        Mutation(
            #""renewal":"0ddc4dbb05ee26985bdf7b9607f6cd88""#,
            #""renewal":"00000000000000000000000000000000""#),
        Mutation(#""home":0,"#, ""),
        // A bare leaf is the number 0 and nothing else.
        Mutation(#""home":0,"#, #""home":1,"#),
        Mutation(#""home":0,"#, #""home":0.5,"#),
        Mutation(#""home":0,"#, #""home":"","#),
        Mutation(#""home":0,"#, #""home":null,"#),
        Mutation(#""home":0,"#, #""home":[],"#),
        Mutation(#""query":"""#, #""query":null"#),
        Mutation(#""selected":"explore"}"#, #""selected":"explore""#),
    ]

    @Test(arguments: appMutations)
    func malformedHandWrittenStateThrows(_ mutation: Mutation) throws {
        let valid = String(decoding: try Self.encode(try Self.busyState(AppSteps())), as: UTF8.self)
        #expect(valid.contains(mutation.find))
        let broken = valid.replacingOccurrences(of: mutation.find, with: mutation.replace)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(AppSteps.self, from: Data(broken.utf8))
        }
    }

    @Test(arguments: ["", "{", "[]", "null", #"{"selected": "home"}"#])
    func notAHandWrittenStateThrows(_ json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(AppSteps.self, from: Data(json.utf8))
        }
    }

    static let theme = #"{"dark":{"value":{}},"light":{"value":{}},"selected":{}}"#
    static let renewal = "000000000000000000000000000000a7"

    @Test func stackDecodes() throws {
        let json =
            #"[{"id": "a", "value": \#(Self.theme)}, {"id": "b", "value": \#(Self.theme), "renewal": "\#(Self.renewal)"}]"#
        var stack = try JSONDecoder().decode(StepStack<ThemeSteps>.self, from: Data(json.utf8))
        #expect(stack.ids == ["a", "b"])
        #expect(
            String(decoding: try Self.encode(stack), as: UTF8.self)
                .contains(#""renewal":"\#(Self.renewal)""#))
        var explicit = StepStack<ThemeSteps>()
        try explicit.setIDs(["a", "b"])
        #expect(stack != explicit)
        try stack.push(id: "c")
        #expect(stack.ids == ["a", "b", "c"])
    }

    /// Element ids are checked when a stack is decoded.
    @Test(arguments: [
        #"[{"id": "a", "value": \#(theme)}, {"id": "a", "value": \#(theme)}]"#,
        #"[{"id": "", "value": \#(theme)}]"#,
        #"[{"id": "a/b", "value": \#(theme)}]"#,
        #"[{"value": \#(theme)}]"#,
        #"{"id": "a", "value": \#(theme)}"#,
    ])
    func malformedStackThrows(_ json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(StepStack<ThemeSteps>.self, from: Data(json.utf8))
        }
    }

    static let schemaMutations: [Mutation] = [
        Mutation(#""selected":["explore"]"#, #""selected":["nope"]"#),
        Mutation(#""selected":["explore"]"#, #""selected":[1]"#),
        Mutation(#""selected":["explore"]"#, #""selected":1"#),
        // Two keys in one layer.
        Mutation(#""selected":["explore"]"#, #""selected":["explore","home"]"#),
        Mutation(#""selected":["main","friends"]"#, #""selected":["main","detail","friends"]"#),
        Mutation(#""selected":["main","friends"]"#, #""selected":["main/x","friends"]"#),
        Mutation(#""id":"u2""#, #""id":"u1""#),
        Mutation(#""id":"u2""#, #""id":"""#),
        Mutation(#""renewal":"0ddc4dbb05ee26985bdf7b9607f6cd88""#, #""renewal":"-1""#),
        Mutation(#""renewal":"0ddc4dbb05ee26985bdf7b9607f6cd88""#, #""renewal":7"#),
        Mutation(#""home":{}"#, #""nope":{}"#),
        Mutation(#""home":{}"#, #""home":7"#),
        Mutation(#""elements":["#, #""elements":{"#),
    ]

    @Test(arguments: schemaMutations)
    func malformedSchemaStateThrows(_ mutation: Mutation) throws {
        let schema = try ExampleSchema.load()
        let state = try Self.busyState(DynamicSteps(schema: schema))
        let valid = String(decoding: try Self.encode(state), as: UTF8.self)
        #expect(valid.contains(mutation.find))
        let broken = valid.replacingOccurrences(of: mutation.find, with: mutation.replace)
        #expect(throws: DecodingError.self) {
            try Self.decoder(schema).decode(DynamicSteps.self, from: Data(broken.utf8))
        }
    }

    @Test(arguments: ["", "{", "[]", "null", #"{"steps": []}"#])
    func notASchemaStateThrows(_ json: String) throws {
        let decoder = Self.decoder(try ExampleSchema.load())
        #expect(throws: DecodingError.self) {
            try decoder.decode(DynamicSteps.self, from: Data(json.utf8))
        }
    }

    @Test func schemaStateNeedsASchema() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(DynamicSteps.self, from: Data("{}".utf8))
        }
    }

    @Test(arguments: [
        #"{"selected": "home", "bogus": 1}"#,
        #"{"steps": {"home": {"value": {"elements": []}}}}"#,
        #"{"steps": {"home": {"value": {}, "bogus": 1}}}"#,
        #"{"steps": {"profile": {"value": {"steps": {"friends": {"value": {"elements": [{"id": "u1", "value": {}, "junk": true}]}}}}}}}"#,
    ])
    func schemaStateRefusesFieldsItCannotHave(json: String) throws {
        let schema = try ExampleSchema.load()
        #expect(throws: DecodingError.self) {
            try Self.decoder(schema).decode(DynamicSteps.self, from: Data(json.utf8))
        }
    }

    /// A root whose selection names a step in the wrong layer must be refused, as it is one level
    /// down (`Step` checks it): here the root selects its `login` cover as content. The root is
    /// decoded by the node's synthesized `Codable`, which no library code checks.
    @Test func rootSelectionInTheWrongLayerIsRefused() {
        let state =
            #"{"selected": {"content": "login"}, "home": {"value": {}}, "#
            + #""explore": {"value": {"query": ""}}, "profile": {"value": {"#
            + #""selected": {"content": "main"}, "main": {"value": {}}, "detail": {"value": {"#
            + #""selected": {}, "light": {"value": {}}, "dark": {"value": {}}}}, "#
            + #""settings": {"value": {}}, "friends": {"value": []}}}, "login": {"value": {"#
            + #""selected": {"content": "form"}, "form": {"value": {}}, "signUp": {"value": {}}}}}"#
        withKnownIssue("the root's own selection is not validated on decoding") {
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(AppSteps.self, from: Data(state.utf8))
            }
        }
    }
}
