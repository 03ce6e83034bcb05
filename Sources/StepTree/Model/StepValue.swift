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
