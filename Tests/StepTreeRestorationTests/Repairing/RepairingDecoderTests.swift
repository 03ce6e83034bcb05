import Foundation
import StepTreeJSON
import Testing

@testable import StepTree
@testable import StepTreeRestoration

/// A payload of every shape `Codable` has: scalars of each width, optionals, collections, and
/// containers opened by hand (nested, unkeyed, super decoders).
struct EveryShape: StepValue {
    enum Mood: Codable, Hashable, Sendable {
        case calm
        case busy(level: Int8, note: String?)
    }

    var flag = false
    var text = ""
    var small: Int8 = 0
    var middle: Int16 = 0
    var wide: Int32 = 0
    var widest: Int64 = 0
    var count: Int = 0
    var byte: UInt8 = 0
    var short: UInt16 = 0
    var unsigned: UInt32 = 0
    var large: UInt64 = 0
    var natural: UInt = 0
    var single: Float = 0
    var double: Double = 0
    var amount: Decimal = 0
    var blob = Data()
    var link = URL(string: "https://example.com")
    var when = Date(timeIntervalSince1970: 0)
    var maybe: Int?
    var list: [Int] = []
    var contiguous: ContiguousArray<String> = []
    var set: Set<UInt64> = []
    var table: [String: Double] = [:]
    var numbered: [Int: String] = [:]
    var mood = Mood.calm
    var pairs = Pairs()
}

/// A value that decodes itself through every kind of container.
struct Pairs: Codable, Hashable, Sendable {
    var first = 0
    var second = ""
    var rest: [Bool] = []
    var parent = 0

    private enum Keys: String, CodingKey { case pair, rest, parent }

    init() {}

    init(first: Int, second: String, rest: [Bool], parent: Int) {
        self.first = first
        self.second = second
        self.rest = rest
        self.parent = parent
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        var pair = try container.nestedUnkeyedContainer(forKey: .pair)
        #expect(pair.currentIndex == 0)
        first = try pair.decode(Int.self)
        var nested = try pair.nestedUnkeyedContainer()
        second = try nested.decode(String.self)
        #expect(nested.isAtEnd)
        var rest: [Bool] = []
        var list = try container.nestedUnkeyedContainer(forKey: .rest)
        while !list.isAtEnd {
            if try list.decodeNil() { continue }
            rest.append(try list.decode(Bool.self))
        }
        self.rest = rest
        parent = try Int(from: container.superDecoder(forKey: .parent))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var pair = container.nestedUnkeyedContainer(forKey: .pair)
        try pair.encode(first)
        var nested = pair.nestedUnkeyedContainer()
        try nested.encode(second)
        try container.encode(rest, forKey: .rest)
        try container.encode(parent, forKey: .parent)
    }
}

/// A tree holding one payload of every shape.
struct ShapeTree: StepsCollection {
    enum Key: String, StepKey { case shape }
    var selected = StepSelection<Key>(.shape)
    var shape = Step(EveryShape())
    static let steps = StepTable<Self>(.inline(.shape, \.shape))
}

@Suite("Restoration: the repairing decoder")
struct RepairingDecoderTests {
    static func full() -> EveryShape {
        EveryShape(
            flag: true, text: "é\n\"\u{1F600}", small: .min, middle: .max, wide: .min,
            widest: .max, count: -42, byte: .max, short: .max, unsigned: .max, large: .max,
            natural: .max, single: 3.4028235e38, double: -1.7976931348623157e308,
            amount: Decimal(string: "-0.000000000000000000000000000001", locale: nil) ?? 0,
            blob: Data([0, 1, 254, 255]), link: URL(string: "https://example.com/a?b=c"),
            when: Date(timeIntervalSince1970: 1_234_567_890.5), maybe: 7, list: [3, 1, 2],
            contiguous: ["a", "b"], set: [1, UInt64.max], table: ["pi": 3.141592653589793],
            numbered: [1: "one", -2: "minus two"], mood: .busy(level: -3, note: nil),
            pairs: Pairs(first: 1, second: "two", rest: [true, false], parent: 9))
    }

    static func saved(_ shape: EveryShape) throws -> String {
        var tree = ShapeTree()
        tree.select(\.shape, with: shape)
        return String(
            decoding: try StepArchive(version: 1, initial: ShapeTree()).encode(tree),
            as: UTF8.self)
    }

    static let archive = StepArchive(version: 2, initial: ShapeTree())

    @Test func everyShapeDecodesExactlyAsFoundationsDecoderReadsIt() throws {
        let text = try Self.saved(Self.full())
        let (state, report) = try Self.archive.decode(Data(text.utf8))
        #expect(state.shape.value == Self.full())
        #expect(report.isClean)
        // And with nulls in the list, which the payload skips itself.
        let nulls = text.replacingOccurrences(
            of: #""rest":[true,false]"#, with: #""rest":[true,null,false]"#)
        #expect(nulls != text)
        #expect(try Self.archive.decode(Data(nulls.utf8)).state.shape.value == Self.full())
    }

    @Test(arguments: [
        // A scalar of the wrong kind or out of range is put back to its initial value.
        (#""small":-128"#, #""small":-129"#, "reset 'small' of /shape, which no longer decodes"),
        (#""flag":true"#, #""flag":1"#, "reset 'flag' of /shape, which no longer decodes"),
        (#""byte":255"#, #""byte":2.5"#, "reset 'byte' of /shape, which no longer decodes"),
        (#""byte":255"#, #""byte":2.0e0"#, "clean"),
        (
            #""single":3.4028235e+38"#, #""single":1e39"#,
            "reset 'single' of /shape, which no longer decodes"
        ),
        (
            #""double":-1.7976931348623157e+308"#, #""double":"x""#,
            "reset 'double' of /shape, which no longer decodes"
        ),
        (
            #""blob":"AAH+\/w==""#, #""blob":"%%""#,
            "reset 'blob' of /shape, which no longer decodes"
        ),
        (
            #""amount":-0.000000000000000000000000000001"#, #""amount":null"#,
            "reset 'amount' of /shape, which no longer decodes"
        ),
        (#""text":"é\n\"😀""#, #""text":[]"#, "reset 'text' of /shape, which no longer decodes"),
        // An array's element that does not decode is dropped, the others kept.
        (
            #""list":[3,1,2]"#, #""list":[3,"x",2]"#,
            "dropped the element '#1' of /shape, which no longer decodes"
        ),
        (
            #""contiguous":["a","b"]"#, #""contiguous":["a",2]"#,
            "dropped the element '#1' of /shape, which no longer decodes"
        ),
        // A dictionary's entry that the initial state lacks is dropped.
        (
            #""table":{"pi":3.141592653589793}"#, #""table":{"e":"x","pi":3.141592653589793}"#,
            "dropped the unknown field 'table.e' of /shape"
        ),
        // A hand-made unkeyed container's element is dropped by decoding the value again.
        (
            #""rest":[true,false]"#, #""rest":[true,"x",false]"#,
            "dropped the element '#1' of /shape, which no longer decodes"
        ),
        // A field the initial state lacks, in an object it has, is dropped.
        (#""maybe":7"#, #""maybe":"seven""#, "dropped the unknown field 'maybe' of /shape"),
        // A nested container of the wrong kind is put back whole.
        (
            #""pair":[1,["two"]]"#, #""pair":{"a":1}"#,
            "reset 'pairs.pair' of /shape, which no longer decodes"
        ),
        (
            #""pair":[1,["two"]]"#, #""pair":[1,{"a":1}]"#,
            "reset 'pairs.pair' of /shape, which no longer decodes"
        ),
        (
            #""parent":9"#, #""parent":"nine""#,
            "reset 'pairs.parent' of /shape, which no longer decodes"
        ),
    ])
    func aDamagedFieldIsRepairedAtItsPlace(original: String, damaged: String, report: String)
        throws
    {
        let text = try Self.saved(Self.full())
        #expect(text.contains(original), "\(original) is not in \(text)")
        let (_, restored) = try Self.archive.decode(
            Data(text.replacingOccurrences(of: original, with: damaged).utf8))
        #expect(restored.description == report)
    }

    @Test func aMissingFieldIsFilledInAndAMissingNestedContainerToo() throws {
        let text = try Self.saved(Self.full())
        for (original, report) in [
            (#""pair":[1,["two"]],"#, "filled in 'pairs.pair' of /shape from its initial value"),
            (#","count":-42"#, "filled in 'count' of /shape from its initial value"),
        ] {
            #expect(text.contains(original))
            let (_, restored) = try Self.archive.decode(
                Data(text.replacingOccurrences(of: original, with: "").utf8))
            #expect(restored.description == report)
        }
    }

    /// What a save loses is counted, not the decoder's steps, and never refuses it whole.
    @Test func moreDroppedElementsThanTheRepairLimitAreEachDroppedAndTheRestKept() throws {
        var shape = Self.full()
        shape.list = Array(0..<1_001)
        let text = try Self.saved(shape).replacingOccurrences(
            of: #""list":[0,"#, with: #""list":["x","# + String(repeating: #""x","#, count: 1_000))
        let (restored, report) = try Self.archive.decode(Data(text.utf8))
        #expect(restored.shape.value.list == Array(1...1_000))
        #expect(
            report.changes
                == (0...1_000).map { .droppedElement("#\($0)", in: StepPath(["shape"])) })
    }

    @Test func codingPathsNameTheKeysAndIndicesAsFoundationDoes() {
        let root = DecodingPlace(root: .array([.object(["a": .null])]), reference: nil)
        let element = root.child(.index(0), value: .object(["a": .null]), reference: nil)
        let field = element.child(.key("a"), value: .null, reference: nil)
        #expect(field.codingPath.map(\.stringValue) == ["Index 0", "a"])
        #expect(field.codingPath.map(\.intValue) == [0, nil])
        #expect(PlaceKey(stringValue: "x")?.stringValue == "x")
        #expect(PlaceKey(intValue: 3)?.stringValue == "Index 3")
        #expect(field.naming() == (StepPath(["#0"]), "a"))
    }
}

@Suite("Restoration: the JSON parser")
struct JSONParserTests {
    @Test func escapesAndNumbersAreReadAsWritten() throws {
        let value = try JSONValue.parse(
            Data(
                #" {"a": "\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", "b": [-0, 1.5e-3, 12345678901234567891, true, false, null], "a": 2} "#
                    .utf8))
        #expect(
            value
                == .object([
                    "a": .string("\"\\/\u{8}\u{c}\n\r\té😀"),
                    "b": .array([
                        .number("-0"), .number("1.5e-3"), .number("12345678901234567891"),
                        .bool(true), .bool(false), .null,
                    ]),
                ]))
        #expect(
            String(decoding: value.jsonData, as: UTF8.self)
                == #"{"a":"\"\\/\u0008\u000c\u000a\u000d\u0009é😀","b":[-0,1.5e-3,12345678901234567891,true,false,null]}"#
        )
        #expect(try JSONValue.parse(value.jsonData) == value)
        #expect(try JSONValue.parse(Data("[]".utf8)) == .array([]))
        #expect(try JSONValue.parse(Data("{}".utf8)) == .object([:]))
    }

    @Test(arguments: [
        ("", "unexpected end of the text at byte 0"),
        ("[1,]", "unexpected character at byte 3"),
        ("[1 2]", "expected ',' or ']' at byte 3"),
        (#"{"a" 1}"#, "expected ':' at byte 5"),
        (#"{"a":1 "b":2}"#, "expected ',' or '}' at byte 7"),
        ("{1:2}", "expected a key at byte 1"),
        ("tru", "unexpected character at byte 0"),
        ("01", "unexpected text after the document at byte 1"),
        ("-", "a number with no digits at byte 1"),
        ("1.", "a number with no fraction at byte 2"),
        ("1e+", "a number with no exponent at byte 3"),
        ("\"a\u{1}\"", "a control character in a string at byte 2"),
        (#""\x""#, "an invalid escape in a string at byte 2"),
        (#""\u12"#, "unexpected end of the text at byte 3"),
        (#""\u12G4""#, "an invalid escape in a string at byte 5"),
        (#""\ud800""#, "a high surrogate with no low one at byte 7"),
        (#""\ud800\u0041""#, "a high surrogate with no low one at byte 13"),
        (#""\udc00""#, "a low surrogate with no high one at byte 7"),
        (#""abc"#, "unexpected end of the text at byte 4"),
        (#"["a"#, "unexpected end of the text at byte 3"),
        (#"{"a":"#, "unexpected end of the text at byte 5"),
        (#"{"a""#, "unexpected end of the text at byte 4"),
        (#"{"#, "unexpected end of the text at byte 1"),
    ])
    func malformedTextIsRefusedWithWhatAndWhere(text: String, problem: String) {
        do throws(JSONSyntaxError) {
            _ = try JSONValue.parse(Data(text.utf8))
            Issue.record("'\(text)' parsed")
        } catch {
            #expect(error.description == problem)
        }
    }

    @Test func invalidUTF8AndDeepNestingAreRefused() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0x5C, 0x6E, 0xC3, 0x22]] {
            #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(Data(bytes)) }
        }
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect {
            try JSONValue.parse(Data(deep.utf8))
        } throws: { error in
            (error as? JSONSyntaxError)?.problem == "nested deeper than 512 levels"
        }
        let fine = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect((try? JSONValue.parse(Data(fine.utf8))) != nil)
    }
}
