import Foundation

/// A fingerprint of a step's renewal history: every renewal applied to it since it was last in
/// its initial state (SPEC §1).
///
/// Selecting a step with a value renews it with that value, even the value it already has;
/// selecting it `fresh` renews it with no value. The fingerprint is a hash chain over those
/// renewals, so it depends only on the history, never on the process or the order of unrelated
/// operations: two states built by the same operations have equal fingerprints, also after an
/// encode/decode round trip or in another run.
public struct StepRenewal: Hashable, Sendable, CustomStringConvertible {
    let high: UInt64
    let low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The history of a step in its initial state: no renewal.
    public static let initial = StepRenewal(high: 0, low: 0)

    /// Whether the step has not been renewed since its initial state.
    public var isInitial: Bool { self == .initial }

    /// The history after one more renewal, with `value` or (`nil`) with no value.
    /// - Complexity: O(*s*) where *s* is the size of `value`'s JSON encoding.
    func renewed(with value: (any StepValue)?) -> StepRenewal {
        var hasher = StableHasher()
        hasher.combine(high)
        hasher.combine(low)
        if let value {
            hasher.combine(1)
            hasher.combine(bytes: Self.bytes(of: value))
        } else {
            hasher.combine(0)
        }
        let (high, low) = hasher.finalize()
        // 0 is the initial history; a renewed one never equals it.
        return high == 0 && low == 0
            ? StepRenewal(high: 1, low: 0) : StepRenewal(high: high, low: low)
    }

    /// A deterministic encoding of `value`: JSON with sorted keys.
    ///
    /// A value that cannot be encoded is represented by its description.
    static func bytes(of value: any StepValue) -> [UInt8] {
        if value is EmptyStep { return Array("{}".utf8) }  // what the encoder writes for it
        if let data = try? encoder.encode(value) { return Array(data) }
        return Array(String(describing: value).utf8)
    }

    /// One encoder for every renewal: making one costs more than most encodings.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// 32 hexadecimal digits; `0` for the initial history.
    public var description: String {
        guard !isInitial else { return "0" }
        return Self.hex(high) + Self.hex(low)
    }

    static func hex(_ word: UInt64) -> String {
        let digits = String(word, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Reads the text form of ``description``.
    init?(text: String) {
        if text == "0" {
            self = .initial
            return
        }
        let bytes = Array(text.utf8)
        // Exactly the form `description` writes: 32 lowercase hexadecimal digits, not all zero.
        let isDigit = { (byte: UInt8) in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
        }
        guard bytes.count == 32, bytes.allSatisfy(isDigit),
            bytes.contains(where: { $0 != UInt8(ascii: "0") }),
            let high = UInt64(String(decoding: bytes[..<16], as: UTF8.self), radix: 16),
            let low = UInt64(String(decoding: bytes[16...], as: UTF8.self), radix: 16)
        else { return nil }
        self.init(high: high, low: low)
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
                in: container, debugDescription: "'\(text)' is not a renewal history")
        }
        self = renewal
    }

    /// Encodes the text form of ``description``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
