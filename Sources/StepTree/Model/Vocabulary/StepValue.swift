/// A value that can sit in a step: a leaf payload, a ``StepsCollection`` node or a ``StepStack``.
///
/// Payload types conform with no extra code as long as they are `Hashable`, `Codable` and
/// `Sendable`, so that trees compare, hash and encode deterministically.
///
/// A renewal's history records the payload by a hash of its `Encodable` encoding, in which the
/// order of a keyed container's keys does not matter, so that equal payloads renew alike in
/// every process and on every platform. A payload whose encoding depends on iteration order
/// (a `Set`, a `Dictionary` with non-`String` keys) should encode its elements sorted: two
/// equal sets iterated differently would otherwise give two identities.
public protocol StepValue: Hashable, Codable, Sendable {}

/// The payload of a leaf step that carries no data.
///
/// Its own encoding is `{}`; a step holding it in its initial state is written as the number
/// `0` (see ``Step/encode(to:)``).
public struct EmptyStep: StepValue {
    /// Creates the empty payload.
    public init() {}
}

/// Text payloads, such as a ``DynamicSteps`` node's payload or a search query.
extension String: StepValue {}

/// Number payloads, such as an id.
extension Int: StepValue {}
