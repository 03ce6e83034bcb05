import Foundation
import Testing

@testable import StepTree

/// Counts the encodings of the payloads made with it.
final class EncodingCounter: Sendable {
    private let encodings = Locked(0)

    var count: Int { encodings.withLock { $0 } }

    func increment() { encodings.withLock { $0 += 1 } }
}

/// A payload that counts its encodings, to see when a renewal hashes its value.
struct CountedPayload: StepValue {
    var id: Int
    let counter: EncodingCounter

    init(id: Int, counter: EncodingCounter) {
        self.id = id
        self.counter = counter
    }

    init(from decoder: any Decoder) throws {
        id = try decoder.singleValueContainer().decode(Int.self)
        counter = EncodingCounter()
    }

    func encode(to encoder: any Encoder) throws {
        counter.increment()
        var container = encoder.singleValueContainer()
        try container.encode(id)
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }

    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// A list with a pushed item renewed by number, and a pushed counted payload.
struct RenewedList: StepsCollection {
    enum Key: String, StepKey { case list, item, counted }
    var selected = StepSelection<Key>(.list)
    var list = Step()
    var item = Step(0)
    var counted = Step(CountedPayload(id: 0, counter: EncodingCounter()))
    static let steps = StepTable<Self>(
        .inline(.list, \.list), .push(.item, \.item), .push(.counted, \.counted))
}

/// A node whose pushed child is a `RenewedList`: a renewal with a value that holds histories.
struct NestingList: StepsCollection {
    enum Key: String, StepKey { case list, child }
    var selected = StepSelection<Key>(.list)
    var list = Step()
    var child = Step(RenewedList())
    static let steps = StepTable<Self>(.inline(.list, \.list), .push(.child, \.child))
}

extension RenewedList {
    /// The list after renewing `item` with each of `values` in turn (`nil`: `fresh`).
    static func renewed(_ values: [Int?]) -> RenewedList {
        var list = RenewedList()
        for value in values {
            if let value {
                list.select(\.item, with: value)
            } else {
                list.renew(\.item)
            }
        }
        return list
    }
}

/// Renewal histories are recorded at select time and fingerprinted when first needed: equality,
/// hashing and the text form stay those of the eager hash chain.
@Suite struct StepRenewalTests {
    /// A selection with a value does not encode it; the first reading of the fingerprint
    /// encodes each renewal not fingerprinted yet once, and later readings encode nothing.
    @Test func aValueIsEncodedOnlyWhenTheFingerprintIsFirstRead() throws {
        let counter = EncodingCounter()
        let start = RenewedList()
        var steps = start
        steps.select(\.counted, with: CountedPayload(id: 1, counter: counter))
        #expect(counter.count == 0)
        // Histories of different lengths made in this process differ without a fingerprint.
        #expect(steps != start)
        #expect(steps.counted.renewal != start.counted.renewal)
        #expect(counter.count == 0)

        let text = steps.counted.renewal.description
        #expect(counter.count == 1)
        #expect(steps.counted.renewal.description == text)
        #expect(try JSONEncoder().encode(steps.counted.renewal) == Data("\"\(text)\"".utf8))
        var hasher = Hasher()
        steps.counted.renewal.hash(into: &hasher)
        #expect(counter.count == 1)

        // One more renewal encodes only its own value: the one before is fingerprinted.
        steps.select(\.counted, with: CountedPayload(id: 2, counter: counter))
        #expect(counter.count == 1)
        #expect(steps.counted.renewal.description != text)
        #expect(counter.count == 2)
    }

    /// Several ways to the same history; each closure builds its history anew, so that every
    /// comparison meets it unfingerprinted where it can be.
    static let equivalenceClasses: [(name: String, members: [@Sendable () throws -> StepRenewal])] =
        [
            (
                "7 then fresh",
                [
                    { RenewedList.renewed([7, nil]).item.renewal },
                    {
                        let renewal = RenewedList.renewed([7, nil]).item.renewal
                        _ = renewal.description
                        return renewal
                    },
                    { try roundTrip(RenewedList.renewed([7, nil])).item.renewal },
                    {
                        var decoded = try roundTrip(RenewedList.renewed([7]))
                        decoded.renew(\.item)
                        return decoded.item.renewal
                    },
                ]
            ),
            ("7", [{ RenewedList.renewed([7]).item.renewal }]),
            (
                "8 then fresh",
                [
                    { RenewedList.renewed([8, nil]).item.renewal },
                    { try roundTrip(RenewedList.renewed([8, nil])).item.renewal },
                ]
            ),
            ("fresh then 7", [{ RenewedList.renewed([nil, 7]).item.renewal }]),
            ("initial", [{ .initial }, { try roundTrip(RenewedList()).item.renewal }]),
        ]

    static func roundTrip(_ list: RenewedList) throws -> RenewedList {
        try JSONDecoder().decode(RenewedList.self, from: JSONEncoder().encode(list))
    }

    /// `==` holds exactly within a class, whether the histories are recorded, fingerprinted or
    /// decoded, and equal histories hash alike.
    @Test(arguments: equivalenceClasses.indices)
    func equalityAndHashingAgreeAcrossForms(_ index: Int) throws {
        let (name, members) = Self.equivalenceClasses[index]
        for (otherIndex, other) in Self.equivalenceClasses.enumerated() {
            for (memberIndex, make) in members.enumerated() {
                for (otherMemberIndex, makeOther) in other.members.enumerated() {
                    let sameClass = otherIndex == index
                    let left = try make()
                    let right = try makeOther()
                    let pair = "\(name)[\(memberIndex)] vs \(other.name)[\(otherMemberIndex)]"
                    #expect((left == right) == sameClass, "\(pair)")
                    #expect((right == left) == sameClass, "\(pair)")
                    if sameClass {
                        #expect(left.hashValue == right.hashValue, "\(pair)")
                        #expect(left.description == right.description, "\(pair)")
                    }
                }
            }
        }
    }

    /// A state renewed in this process, encoded, decoded and encoded again gives the same text,
    /// and the same renewal applied to both sides keeps them equal.
    @Test func encodingIsStableAcrossRoundTrips() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var original = RenewedList.renewed([3, nil, 4])
        let text = try encoder.encode(original)
        var decoded = try JSONDecoder().decode(RenewedList.self, from: text)
        #expect(try encoder.encode(decoded) == text)
        #expect(decoded == original)
        original.select(\.item, with: 5)
        decoded.select(\.item, with: 5)
        #expect(decoded == original)
        #expect(decoded.hashValue == original.hashValue)
        #expect(try encoder.encode(decoded) == encoder.encode(original))
    }

    /// A long chain read once gives the fingerprint the same chain gives read after every link,
    /// and never holds more than the limit of records waiting for their fingerprints. (The
    /// payload is encoded to be hashed, so its renewals are recorded.)
    @Test func aChainFingerprintedAtTheEndMatchesOneFingerprintedAtEveryLink() {
        let counter = EncodingCounter()
        var eager = RenewedList()
        var lazy = RenewedList()
        var mostPending = 0
        for index in 0..<2_500 {
            if index % 3 != 0 {
                let value = CountedPayload(id: index, counter: counter)
                eager.select(\.counted, with: value)
                lazy.select(\.counted, with: value)
            } else {
                eager.renew(\.counted)
                lazy.renew(\.counted)
            }
            _ = eager.counted.renewal.description
            mostPending = max(mostPending, lazy.counted.renewal.history?.pending ?? 0)
        }
        #expect(mostPending == RenewalHistory.pendingLimit)
        #expect(lazy.counted.renewal.history?.pending == 2_500 - 2 * RenewalHistory.pendingLimit)
        #expect(lazy.counted.renewal.description == eager.counted.renewal.description)
        #expect(lazy.counted.renewal.history?.length == 2_500)
    }

    /// A renewal with a value digested with no encoder (a number, a pure node of leaves) is
    /// fingerprinted at once, with the fingerprint a recorded renewal computes later, and the
    /// history keeps its length.
    @Test func aRenewalHashedAtOnceHasTheFingerprintOfARecordedOne() {
        var steps = RenewedList()
        steps.select(\.item, with: 7)
        steps.renew(\.item)
        steps.select(\.item, with: 8)
        let history = steps.item.renewal.history
        #expect(history?.pending == 0)
        #expect(history?.length == 3)
        let recorded = ValueRenewal(
            after: RenewalHistory(after: ValueRenewal(after: nil, value: 7)), value: 8)
        #expect(recorded.pending == 3)
        #expect(StepRenewal(recorded).description == steps.item.renewal.description)
    }

    /// A renewal whose value holds histories not fingerprinted yet fingerprints them too, with
    /// the same result as when they were fingerprinted first.
    @Test func aValueHoldingUnfingerprintedHistoriesIsFingerprinted() {
        func nesting(readingInnerFirst: Bool) -> NestingList {
            let inner = RenewedList.renewed([1, nil, 2])
            if readingInnerFirst { _ = inner.item.renewal.description }
            var outer = NestingList()
            outer.select(\.child, with: inner)
            return outer
        }
        let lazy = nesting(readingInnerFirst: false)
        let eager = nesting(readingInnerFirst: true)
        #expect(lazy.child.renewal.description == eager.child.renewal.description)
        #expect(lazy == eager)
        // The inner history was fingerprinted on the way.
        #expect(lazy.child.item.renewal == eager.child.item.renewal)
    }

    /// A long chain of renewals never fingerprinted is recorded and released whole.
    @Test func aLongUnfingerprintedChainIsReleased() {
        var renewal = StepRenewal.initial
        for _ in 0..<200_000 { renewal = renewal.renewed(with: EmptyStep?.none) }
        #expect(renewal.history?.length == 200_000)
        renewal = .initial
        #expect(renewal.isInitial)
    }
}
