import Foundation

/// A fingerprint of a step's renewal history: every renewal applied to it since it was last in
/// its initial state (SPEC §1).
///
/// Selecting a step with a value renews it with that value, even the value it already has;
/// selecting it `fresh` renews it with no value. The fingerprint is a hash chain over those
/// renewals, so it depends only on the history, never on the process or the order of unrelated
/// operations: two states built by the same operations have equal fingerprints, also after an
/// encode/decode round trip or in another run.
///
/// Each value is hashed in a canonical form of its `Codable` encoding, with no text: the order in
/// which a payload writes its keys, or a `Set` its elements, does not matter, on any platform. A
/// renewal with a value made only of leaves (a node of steps with no payload, a string, a
/// number) is hashed at once, for less than recording it would cost; any other renewal is
/// recorded, and the fingerprint computed when something first needs it (a comparison that
/// lengths cannot settle, a hash, the description, an encoding, an identity), then kept.
///
/// Fingerprints of renewals with a value made by StepTree 0.3 and before (which hashed JSON
/// text) differ from the ones made now; decoded histories keep the fingerprints they were saved
/// with.
public struct StepRenewal: Sendable, CustomStringConvertible {
    /// The record of the last renewal; `nil` for the initial history.
    @usableFromInline let history: RenewalHistory?

    @usableFromInline
    init(_ history: RenewalHistory?) {
        self.history = history
    }

    /// The history of a step in its initial state: no renewal.
    public static let initial = StepRenewal(nil)

    /// Whether the step has not been renewed since its initial state.
    public var isInitial: Bool { history == nil }

    /// The history after one more renewal, with `value` or (`nil`) with no value.
    /// - Complexity: O(1) when the value is recorded, to be hashed when the fingerprint is
    ///   needed; O(*s*) for a value of *s* leaves hashed at once.
    func renewed<Value: StepValue>(with value: Value?) -> StepRenewal {
        StepRenewal(RenewalHistory.after(history, value: value))
    }

    /// The 128-bit fingerprint; `(0, 0)` for the initial history.
    /// - Complexity: O(*s*) the first time, where *s* is the size of the renewals' values not
    ///   fingerprinted yet; O(1) after that.
    var fingerprint: RenewalHistory.Fingerprint { history?.fingerprint ?? (0, 0) }

    /// The version of the fingerprint scheme: 2 hashes each value's canonical form
    /// (``ValueFingerprint``), 1 (StepTree 0.3 and before) hashed its JSON text with sorted keys.
    ///
    /// Histories decoded from an archive keep the fingerprints they were saved with; a history
    /// built now by the same renewals as one saved by scheme 1 has another fingerprint.
    static let fingerprintScheme = 2

    /// The fingerprint of the history `previous` after one more renewal, with `value` or with no
    /// value: one link of the hash chain.
    /// - Parameter routes: How the types met so far are digested, kept along a chain.
    /// - Complexity: O(*s*) where *s* is the size of `value` (see ``ValueFingerprint``).
    static func chain(
        _ previous: RenewalHistory.Fingerprint, _ value: (any StepValue)?,
        _ routes: inout FingerprintRoutes
    ) -> RenewalHistory.Fingerprint {
        chain(previous, value.map { ValueFingerprint.digest(of: $0, &routes) })
    }

    /// The link of the hash chain after `previous` for a renewal with a value of digest
    /// `value`, or (`nil`) with no value.
    static func chain(_ previous: RenewalHistory.Fingerprint, _ value: StableDigest?)
        -> RenewalHistory.Fingerprint
    {
        var hasher = StableHasher()
        hasher.combine(previous.high)
        hasher.combine(previous.low)
        if let value {
            hasher.combine(1)
            hasher.combine(value)
        } else {
            hasher.combine(0)
        }
        let (high, low) = hasher.finalize()
        // 0 is the initial history; a renewed one never equals it.
        return high == 0 && low == 0 ? (1, 0) : (high, low)
    }

    /// The history of a stack element pushed with an explicit id as its stack's push number
    /// `number`: one link of a kind (2) that no renewal makes, so that the element is told from
    /// every earlier one that had its id in the stack (SPEC §1: an element is identified by its
    /// id plus its own renewal history).
    static func birth(_ number: UInt64) -> RenewalHistory {
        var hasher = StableHasher()
        hasher.combine(UInt64(0))
        hasher.combine(UInt64(0))
        hasher.combine(UInt64(2))
        hasher.combine(number)
        let (high, low) = hasher.finalize()
        return RenewalHistory(fingerprint: high == 0 && low == 0 ? (1, 0) : (high, low), after: nil)
    }

    /// 32 hexadecimal digits; `0` for the initial history.
    public var description: String {
        guard !isInitial else { return "0" }
        let (high, low) = fingerprint
        return Self.hex(high) + Self.hex(low)
    }

    static func hex(_ word: UInt64) -> String {
        let digits = String(word, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Reads the text form of ``description``.
    package init?(text: String) {
        if text == "0" {
            self = .initial
            return
        }
        guard let words = Self.words(hex: text) else { return nil }
        self.init(RenewalHistory(fingerprint: words))
    }

    /// Reads 32 lowercase hexadecimal digits, not all zero, as two words.
    /// - Complexity: O(*n*) for a text of *n* bytes; it stops at the first that does not fit.
    static func words(hex text: String) -> RenewalHistory.Fingerprint? {
        var high: UInt64 = 0
        var low: UInt64 = 0
        var count = 0
        for byte in text.utf8 {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            guard count < 32 else { return nil }
            // The first 16 digits are the high word, the next 16 the low word.
            if count < 16 {
                high = high << 4 | UInt64(digit)
            } else {
                low = low << 4 | UInt64(digit)
            }
            count += 1
        }
        guard count == 32, high != 0 || low != 0 else { return nil }
        return (high, low)
    }
}

extension StepRenewal: Hashable {
    /// Histories are equal when their fingerprints are.
    ///
    /// Settled without hashing when it can be: the same record, or two histories made in this
    /// process with different numbers of renewals (their fingerprints could meet only by a
    /// 128-bit collision, which the fingerprint already rules out).
    /// - Complexity: O(1), plus computing a fingerprint not known yet (see ``description``).
    public static func == (lhs: StepRenewal, rhs: StepRenewal) -> Bool {
        switch (lhs.history, rhs.history) {
        case (nil, nil): true
        case (let left?, let right?): RenewalHistory.haveEqualFingerprints(left, right)
        default: false
        }
    }

    /// Hashes the fingerprint.
    public func hash(into hasher: inout Hasher) {
        let (high, low) = fingerprint
        hasher.combine(high)
        hasher.combine(low)
    }
}

extension StepRenewal: Codable {
    /// Decodes the text form of ``description``.
    /// - Throws: `DecodingError.dataCorrupted` for any other string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let renewal = StepRenewal(text: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "'\(StepPath.quoted(text))' is not a renewal history")
        }
        self = renewal
    }

    /// Encodes the text form of ``description``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
