import Foundation
import Testing

@testable import StepTree

/// The hashing encoder: the canonical form of any `Encodable` value, with no text.
@Suite struct HashingEncoderTests {
    enum Field: String, CodingKey { case name, count, inner, list }

    /// A payload that writes the same fields in the order it is given, through nested
    /// containers and a super encoder, some of them written after their parent moved on.
    struct Ordered: StepValue {
        var name = "a"
        var count = 1
        var reversed = false

        static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.name == rhs.name && lhs.count == rhs.count
        }
        func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(count)
        }

        init(name: String = "a", count: Int = 1, reversed: Bool = false) {
            self.name = name
            self.count = count
            self.reversed = reversed
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Field.self)
            name = try container.decode(String.self, forKey: .name)
            count = try container.decode(Int.self, forKey: .count)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Field.self)
            var inner = container.nestedContainer(keyedBy: Field.self, forKey: .inner)
            if reversed {
                try container.encode(count, forKey: .count)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try container.encode(name, forKey: .name)
                try list.encode(1)
                try list.encode("2")
                try inner.encode(count, forKey: .count)
                try inner.encode(name, forKey: .name)
                try count.encode(to: container.superEncoder())
            } else {
                try count.encode(to: container.superEncoder())
                try inner.encode(name, forKey: .name)
                try inner.encode(count, forKey: .count)
                try container.encode(name, forKey: .name)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try list.encode(1)
                try list.encode("2")
                try container.encode(count, forKey: .count)
            }
        }
    }

    static func hex(_ value: some Encodable) -> String {
        let (high, low) = ValueFingerprint.encodedDigest(of: value)
        return StepRenewal.hex(high) + StepRenewal.hex(low)
    }

    @Test func keysWrittenInAnotherOrderGiveOneDigest() {
        #expect(Self.hex(Ordered()) == Self.hex(Ordered(reversed: true)))
        #expect(Self.hex(Ordered(name: "b")) == Self.hex(Ordered(name: "b", reversed: true)))
        #expect(Self.hex(Ordered()) != Self.hex(Ordered(name: "b")))
        #expect(Self.hex(Ordered()) != Self.hex(Ordered(count: 2)))
    }

    /// The digest of `Ordered()`, pinned: nested containers and a super encoder included.
    @Test func theDigestOfNestedContainersIsPinned() {
        #expect(Self.hex(Ordered()) == "71ac84e2570a3a9ff3812b9b740f3eb0")
    }

    /// Elements in another order are another value.
    @Test func unkeyedContainersKeepTheirOrder() {
        #expect(Self.hex([1, 2]) != Self.hex([2, 1]))
        #expect(Self.hex([[1], [2]]) != Self.hex([[1, 2]]))
        #expect(Self.hex(["ab", "c"]) != Self.hex(["a", "bc"]))
        #expect(Self.hex([Int]()) != Self.hex([String: Int]()))
    }

    @Test func optionalsAndScalarsAreTyped() {
        let values: [any Encodable] = [
            Int?.none as Int?, 0, Int8(0), UInt(0), UInt64(0), Float(0), 0.0, false, "",
            [Int](), [String: Int](),
        ]
        let digests = values.map { Self.hex($0) }
        #expect(Set(digests).count == values.count)
    }

    struct Unencodable: StepValue {
        var label: String
        struct Refused: Error {}
        init(_ label: String) { self.label = label }
        init(from decoder: any Decoder) throws { throw Refused() }
        func encode(to encoder: any Encoder) throws { throw Refused() }
    }

    /// A value whose encoding throws is digested by its description, the same every time.
    @Test func aValueThatCannotBeEncodedFallsBackToItsDescription() {
        let value = Unencodable("x")
        #expect(
            ValueFingerprint.encodedDigest(of: value)
                == CanonicalDigest.description(of: value))
        #expect(Self.hex(Unencodable("x")) == Self.hex(Unencodable("x")))
        #expect(Self.hex(Unencodable("x")) != Self.hex(Unencodable("y")))
    }
}
