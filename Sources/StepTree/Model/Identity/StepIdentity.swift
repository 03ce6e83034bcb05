/// The identity of a step on screen: its path plus the renewal history of every step along it
/// (SPEC §1).
///
/// Two steps have the same identity when their paths, their kinds and all these histories are
/// equal, so a UI can key a screen on it: a product renewed with another value is another
/// screen, while a step whose payload changes in place keeps its identity. Identities are
/// deterministic: equal across processes and across states built independently by the same
/// operations.
public struct StepIdentity: Hashable, Sendable, CustomStringConvertible {
    let high: UInt64
    let low: UInt64

    /// The identity of the root node.
    public static let root = StepIdentity(high: 0x5354_4550_5452_4545, low: 0)

    /// The identity of the child `segment` of the step with this identity.
    /// - Parameters:
    ///   - segment: The child's key, or the element's id.
    ///   - role: How the child is shown: its kind, or `nil` for a stack element.
    ///   - renewal: The child's renewal history.
    func child(_ segment: some StringProtocol, role: StepKind?, renewal: StepRenewal)
        -> StepIdentity
    {
        var hasher = StableHasher()
        hasher.combine(high)
        hasher.combine(low)
        hasher.combine(segment)
        switch role {
        case nil: hasher.combine(0)
        case .tab: hasher.combine(1)
        case .inline: hasher.combine(2)
        case .push: hasher.combine(3)
        case .stack: hasher.combine(4)
        case .present: hasher.combine(5)
        }
        let (renewalHigh, renewalLow) = renewal.fingerprint
        hasher.combine(renewalHigh)
        hasher.combine(renewalLow)
        let (high, low) = hasher.finalize()
        return StepIdentity(high: high, low: low)
    }

    /// 32 hexadecimal digits.
    public var description: String { StepRenewal.hex(high) + StepRenewal.hex(low) }
}

extension StepIdentity: Codable {
    /// Decodes the 32 hexadecimal digits of ``description``.
    /// - Throws: `DecodingError.dataCorrupted` for any other string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let (high, low) = StepRenewal.words(hex: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(StepPath.quoted(text))' is not a step identity"
            )
        }
        self.init(high: high, low: low)
    }

    /// Encodes the 32 hexadecimal digits of ``description``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
