import ExampleSteps
import Foundation
import StepTreeJSON
import TestSupport
import Testing

@testable import StepTree

/// Steps written bare or in their wrapper (`StepCodingForm`): what is written, and that both
/// forms, and any mix of them, decode to the same state.
@Suite struct CodingFormTests {
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
        let wrapped = Self.text(try CodingForms.wrapped(app))
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
            Self.text(try CodingForms.wrapped(saved))
                == Self.text(fixture).trimmingCharacters(in: .newlines))
    }

    /// Encodings written before steps were bare decode to the states they were written from.
    @Test(arguments: [
        #"{"dark":{"value":{}},"light":{"value":{}},"selected":{"content":"dark"}}"#,
        #"{"dark":{"value":{}},"light":{"renewal":"0ddc4dbb05ee26985bdf7b9607f6cd88","value":{}},"selected":{"content":"light"}}"#,
    ])
    func wrappedThemesDecode(_ json: String) throws {
        let decoded = try JSONDecoder().decode(ThemeSteps.self, from: Data(json.utf8))
        #expect(try CodingForms.wrapped(decoded) == Data(json.utf8))
    }

    /// A node's steps may be in either form, each on its own.
    @Test func mixedFormsDecode() throws {
        let state = try CodableTests.busyState(AppSteps())
        let bare = try JSONValue.parse(CodableTests.encode(state))
        let wrapped = try JSONValue.parse(CodingForms.wrapped(state))
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
        let state = try CodingForms.identityFixtureState()
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

    /// Children named `value` and `renewal` do not make a bare node look like a wrapper.
    @Test func fieldsNamedLikeTheWrapperAreSteps() throws {
        var root = FieldNamedRoot()
        root.select(\.inner, \.renewal)
        #expect(
            Self.text(try CodableTests.encode(root))
                == #"{"inner":{"renewal":0,"selected":"renewal","value":0},"selected":"inner"}"#
        )
        for data in [try CodableTests.encode(root), try CodingForms.wrapped(root)] {
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
}
