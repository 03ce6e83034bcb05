/// The encoder a node step with no child steps is written bare through: a node whose own
/// fields include one of the wrapper's (`value`, `renewal`) is written in the wrapper instead,
/// `{"value": {…}}`, so that no reader takes the node's fields for a wrapper's.
///
/// Such a node's selection is computed (``NoStepKey``), so its encoding has no `selected` field
/// to mark it bare (see `StepCodingForm`). Whether its fields collide is read from the key type
/// it writes with, before anything is written: a key type that makes a key of `value` or
/// `renewal` may write one. Nodes with child steps write `selected`, and need none of this.
final class BareNodeEncoder: Encoder {
    private let base: any Encoder

    init(_ base: any Encoder) { self.base = base }

    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        guard Self.mayCollide(type) else { return base.container(keyedBy: type) }
        var wrapper = base.container(keyedBy: WrapperField.self)
        return wrapper.nestedContainer(keyedBy: type, forKey: .value)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { base.unkeyedContainer() }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        base.singleValueContainer()
    }

    /// Whether a node writing with `Key` may write a field named as one of the wrapper's.
    static func mayCollide<Key: CodingKey>(_ type: Key.Type) -> Bool {
        WrapperField.allCases.contains { Key(stringValue: $0.rawValue) != nil }
    }
}

/// A decoder that notes whether the node read through it uses a key type that may name a
/// field as the wrapper does (see ``BareNodeEncoder/mayCollide(_:)``).
///
/// Tells a node that 1.0 wrote bare with a `value` field (`{"value": 7}`) from a damaged
/// wrapper, which must not be read as a bare node.
final class KeyProbingDecoder: Decoder {
    private let base: any Decoder
    /// Whether a key type that may collide was asked for.
    private(set) var sawCollidingKeys = false

    init(_ base: any Decoder) { self.base = base }

    var codingPath: [any CodingKey] { base.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if BareNodeEncoder.mayCollide(type) { sawCollidingKeys = true }
        return try base.container(keyedBy: type)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try base.unkeyedContainer()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try base.singleValueContainer()
    }
}

/// The fields of a step's wrapper.
private enum WrapperField: String, CodingKey, CaseIterable {
    case value, renewal
}
