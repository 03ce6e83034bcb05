import Foundation
import StepTreeJSON
import Testing

@testable import StepTree
@testable import StepTreeDeepLinks

/// A payload reads a screen's fields from its encoding as a value (`JSONValueEncoder`): the
/// same JSON that `JSONEncoder` writes, with no text in between.
@Suite struct JSONValueEncoderTests {
    enum Mode: String, Codable { case light, dark }

    struct Nested: Codable {
        var flags: [Bool]
        var names: [String: Int]
        var byNumber: [Int: String]
    }

    struct Screen: Codable {
        var id = 42
        var big = UInt64.max
        var small: Int8 = -8
        var fraction = 0.1
        var whole = 42.0
        var large = 1e20
        var single: Float = 0.1
        var title = "a \"quoted\"/title\n"
        var missing: String?
        var present: String? = "here"
        var mode = Mode.dark
        var nested = Nested(flags: [true, false], names: ["a": 1], byNumber: [7: "seven"])
        var matrix = [[1, 2], [3]]
        var data = Data([0, 1, 2, 250])
        var url = URL(string: "https://example.com/a?b=c")
        var date = Date(timeIntervalSinceReferenceDate: 1000.5)
        var decimal = Decimal(string: "3.14159265358979323846")
        var uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    }

    @Test func writesWhatJSONEncoderWrites() throws {
        let screen = Screen()
        let expected = try JSONValue.parse(JSONEncoder().encode(screen))
        #expect(try JSONValueEncoder.encode(screen) == expected)
    }

    @Test func writesIntegralNumbersWithoutAFraction() throws {
        #expect(try JSONValueEncoder.encode(42.0) == .number("42"))
        #expect(try JSONValueEncoder.encode(-3.0 as Float) == .number("-3"))
        #expect(try JSONValueEncoder.encode(0.5) == .number("0.5"))
        #expect(try JSONValueEncoder.encode(UInt64.max) == .number("18446744073709551615"))
    }

    @Test func refusesANonFiniteNumber() {
        #expect(throws: EncodingError.self) { try JSONValueEncoder.encode(Double.nan) }
        #expect(throws: EncodingError.self) { try JSONValueEncoder.encode([Float.infinity]) }
    }
}
