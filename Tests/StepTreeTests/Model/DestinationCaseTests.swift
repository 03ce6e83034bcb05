import Foundation
import StepTree
import TestSupport
import Testing

/// A leaf payload whose only field is named as the step wrapper's field.
struct ValueLeaf: StepsCollection {
    typealias Key = NoStepKey
    var value = 0
}

/// A destination enum that leaves one of its cases out of `destinations`, one whose payload
/// type no listed case has, and one labelled.
enum PartlyListed: StepDestination {
    case listed(ValueLeaf)
    case forgotten(ValueLeaf)
    case stray(AccountScreen)
    case status(screen: StatusScreen)
    case about
    case away

    static let destinations: [StepDestinationCase<Self>] = [
        .init(Self.listed), .init(Self.status), .init(Self.about),
    ]
}

@Suite struct DestinationCaseTests {
    @Test(arguments: [
        PartlyListed.forgotten(ValueLeaf(value: 3)), .stray(AccountScreen()), .away,
    ])
    func aCaseMissingFromTheListIsRefusedAtPushWithATypedError(_ value: PartlyListed) throws {
        var stack = StepStack<PartlyListed>()
        try stack.push(.listed(ValueLeaf(value: 1)))
        let before = stack
        #expect(throws: StepPathError.self) { try stack.push(value) }
        #expect(throws: StepPathError.self) { try stack.push(value, id: "x") }
        #expect(throws: StepPathError.self) { try stack.setIDs(["x"]) { _ in value } }
        stack[id: "1"] = value
        #expect(stack == before)
    }

    @Test func aDestinationIsReadBackAsTheCaseItWasPushedAs() throws {
        var stack = StepStack<PartlyListed>()
        try stack.push(.listed(ValueLeaf(value: 4)))
        try stack.push(.about)
        #expect(stack.elements == [.listed(ValueLeaf(value: 4)), .about])
    }

    @Test func aLabelledPayloadIsPushedReadAndSaved() throws {
        var screen = StatusScreen()
        screen.id = 9
        var stack = StepStack<PartlyListed>()
        try stack.push(.status(screen: screen))
        #expect(stack.elements == [.status(screen: screen)])
        let data = try JSONEncoder().encode(stack)
        #expect(String(decoding: data, as: UTF8.self).contains(#""status":"#))
        #expect(try JSONDecoder().decode(StepStack<PartlyListed>.self, from: data) == stack)
    }

    @Test func aCaseMissingFromTheListIsRefusedAtDecode() {
        let json = #"[{"id": "1", "value": {"forgotten": {"value": 1}}}]"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(StepStack<PartlyListed>.self, from: Data(json.utf8))
        }
    }

    @Test func aCaseMissingFromTheListIsRefusedThroughAPath() throws {
        var home = MissingCaseHome()
        #expect(throws: StepPathError.self) {
            try home.push(PartlyListed.forgotten(ValueLeaf()), onto: StepPath(parsing: "path"))
        }
        #expect(home == MissingCaseHome())
    }

    @Test(arguments: ["value", "renewal", "selected", "elements", "next", "id"])
    func aLeafWithAFieldNamedAsAnEncodingKeyRoundTrips(_ field: String) throws {
        var stack = StepStack<PartlyListed>()
        try stack.push(.listed(ValueLeaf(value: 7)))
        try stack.push(.listed(ValueLeaf()))
        try stack.renew(id: "2")
        #expect(
            try JSONDecoder().decode(
                StepStack<PartlyListed>.self, from: JSONEncoder().encode(stack)) == stack)
        let leaf = Step(NamedFieldLeaf(field: field, number: 5))
        let data = try JSONEncoder().encode(leaf)
        #expect(try JSONDecoder().decode(Step<NamedFieldLeaf>.self, from: data).value.number == 5)
    }

    @Test func aSaveWrittenBareByVersionOneWithAValueFieldStillDecodes() throws {
        // 1.0 wrote the leaf bare, `{"value": 7}`, and could not read it back.
        let json = #"[{"id": "1", "value": {"listed": {"value": 7}}}]"#
        let stack = try JSONDecoder().decode(StepStack<PartlyListed>.self, from: Data(json.utf8))
        #expect(stack.elements == [.listed(ValueLeaf(value: 7))])
    }
}

/// A node holding a stack of partly listed destinations.
struct MissingCaseHome: StepsCollection {
    enum Key: String, StepKey { case path }
    var selected = StepSelection<Key>()
    var path = Step(StepStack<PartlyListed>())
    static let steps = StepTable<Self>(.stack(.path, \.path))
}

/// A leaf whose one number is written under a field name chosen at run time.
struct NamedFieldLeaf: StepsCollection {
    typealias Key = NoStepKey
    var field = "value"
    var number = 0

    init() {}
    init(field: String, number: Int) {
        self.field = field
        self.number = number
    }

    private struct Name: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Name.self)
        guard let key = container.allKeys.first(where: { $0.stringValue != "field" }) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "no number"))
        }
        field = try container.decode(String.self, forKey: Name(stringValue: "field"))
        number = try container.decode(Int.self, forKey: key)
        guard key.stringValue == field else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "misread"))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Name.self)
        try container.encode(field, forKey: Name(stringValue: "field"))
        try container.encode(number, forKey: Name(stringValue: field))
    }
}
