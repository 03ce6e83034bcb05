/// A value that can sit in a step: a leaf payload, a ``StepsCollection`` node or a ``StepStack``.
///
/// Payload types conform with no extra code as long as they are `Hashable`, `Codable` and
/// `Sendable`, so that trees compare, hash and encode deterministically.
public protocol StepValue: Hashable, Codable, Sendable {}

/// The payload of a leaf step that carries no data.
public struct EmptyStep: StepValue {
    /// Creates the empty payload.
    public init() {}
}

/// Text payloads, such as a ``DynamicSteps`` node's payload or a search query.
extension String: StepValue {}

/// Number payloads, such as an id.
extension Int: StepValue {}
