/// An `Encoder` that makes a value's ``CanonicalDigest`` instead of text: renewal fingerprints
/// hash the values they renew with through it.
///
/// What a container is given is digested at once when it is a finished value (a scalar, or an
/// `Encodable` value encoded by a nested encoder of its own); a nested container or a super
/// encoder, which may still be written to later, is kept as a ``HashingSlot`` and digested when
/// the value's digest is read.
///
/// The library's own values met inside a value are digested by ``ValueFingerprint``, so that
/// a step, a node or a renewal history gives the same digest wherever it sits, whatever form
/// its JSON encoding has.
final class HashingEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// What this encoder's value has written so far.
    let slot: HashingSlot

    init(codingPath: [any CodingKey], slot: HashingSlot = HashingSlot()) {
        self.codingPath = codingPath
        self.slot = slot
    }

    /// The digest of `value`, encoded at `codingPath`.
    /// - Throws: What `value`'s encoding throws.
    /// - Complexity: O(*s*) for an encoding of *s* scalars and keys.
    static func digest<Value: Encodable>(of value: Value, at codingPath: [any CodingKey]) throws
        -> StableDigest
    {
        if let scalar = scalarDigest(of: value) { return scalar }
        if let step = value as? any FingerprintedStep { return step.canonicalDigest }
        if let stepValue = value as? any StepValue { return ValueFingerprint.digest(of: stepValue) }
        return try encodingDigest(of: value, at: codingPath)
    }

    /// The digest of `value`'s own encoding, encoded at `codingPath`: an unordered collection
    /// by its elements in any order (see ``UnorderedEncodable``), any other value by what it
    /// writes to a hashing encoder.
    /// - Throws: What `value`'s encoding throws.
    /// - Complexity: O(*s*) for an encoding of *s* scalars and keys.
    static func encodingDigest<Value: Encodable>(of value: Value, at codingPath: [any CodingKey])
        throws -> StableDigest
    {
        if let unordered = value as? any UnorderedEncodable,
            let digest = try unordered.unorderedDigest(at: codingPath)
        {
            return digest
        }
        let encoder = HashingEncoder(codingPath: codingPath)
        try value.encode(to: encoder)
        return encoder.slot.digest
    }

    /// The digest of one of the types encoded most often, made without an encoder.
    ///
    /// `nil` for any other type. Each gives what its own encoding would, except ``StepRenewal``,
    /// digested by its fingerprint rather than by its text.
    static func scalarDigest<Value: Encodable>(of value: Value) -> StableDigest? {
        // Type comparisons, which cost far less than casts that fail.
        if Value.self == String.self, let text = value as? String {
            return CanonicalDigest.string(text)
        }
        if Value.self == Int.self, let number = value as? Int {
            return integerDigest(number)
        }
        if Value.self == Bool.self, let flag = value as? Bool {
            return CanonicalDigest.bool(flag)
        }
        if Value.self == StepRenewal.self, let renewal = value as? StepRenewal {
            return CanonicalDigest.renewal(renewal.fingerprint)
        }
        if Value.self == EmptyStep.self { return CanonicalDigest.emptyKeyed }
        return nil
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.becomeKeyed()
        return KeyedEncodingContainer(HashingKeyedContainer(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.becomeUnkeyed()
        return HashingUnkeyedContainer(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        HashingSingleValueContainer(slot: slot, codingPath: codingPath)
    }
}

/// A part of a container: a finished digest, or a container or super encoder's slot that may
/// still be written to.
enum HashingPart {
    case digest(StableDigest)
    case slot(HashingSlot)

    var digest: StableDigest {
        switch self {
        case .digest(let digest): digest
        case .slot(let slot): slot.digest
        }
    }
}

/// What one value has written: nothing yet, a single value, or a keyed or unkeyed container.
///
/// A container asked for again on the same value continues it, as `JSONEncoder`'s do; a
/// container of the other kind, or a single value, replaces what was there.
final class HashingSlot {
    private enum Content {
        case nothing
        case single(StableDigest)
        case keyed
        case unkeyed
    }

    private var content = Content.nothing
    /// The keyed container's entries: each key's digest and its value.
    private var entries: [(key: StableDigest, value: HashingPart)] = []
    /// The unkeyed container's elements, in order.
    private var elements: [HashingPart] = []

    func becomeKeyed() {
        if case .keyed = content { return }
        content = .keyed
        entries = []
    }

    func becomeUnkeyed() {
        if case .unkeyed = content { return }
        content = .unkeyed
        elements = []
    }

    func set(_ digest: StableDigest) { content = .single(digest) }

    func add(key: StableDigest, _ value: HashingPart) { entries.append((key, value)) }

    func append(_ element: HashingPart) { elements.append(element) }

    var elementCount: Int { elements.count }

    /// The value's digest (see ``CanonicalDigest``).
    var digest: StableDigest {
        switch content {
        case .nothing: return CanonicalDigest.nothing
        case .single(let digest): return digest
        case .keyed:
            var keyed = KeyedDigest()
            for (key, value) in entries { keyed.add(key: key, value: value.digest) }
            return keyed.digest
        case .unkeyed:
            var unkeyed = UnkeyedDigest()
            for element in elements { unkeyed.add(element.digest) }
            return unkeyed.digest
        }
    }
}

/// The digest of an integer of any width, tagged with its type.
func integerDigest<Integer: FixedWidthInteger>(_ value: Integer) -> StableDigest {
    let tag: CanonicalDigest.Tag =
        switch Integer.self {
        case is Int.Type: .int
        case is Int8.Type: .int8
        case is Int16.Type: .int16
        case is Int32.Type: .int32
        case is Int64.Type: .int64
        case is UInt.Type: .uint
        case is UInt8.Type: .uint8
        case is UInt16.Type: .uint16
        case is UInt32.Type: .uint32
        default: .uint64
        }
    return CanonicalDigest.scalar(tag, UInt64(truncatingIfNeeded: value))
}

/// The key a super encoder is written under when none is given, as in `JSONEncoder`.
private struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

/// The position of an unkeyed container's element in a coding path.
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

struct HashingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: HashingSlot
    let codingPath: [any CodingKey]

    private func add(_ digest: StableDigest, for key: Key) {
        slot.add(key: CanonicalDigest.key(key.stringValue), .digest(digest))
    }

    mutating func encodeNil(forKey key: Key) throws { add(CanonicalDigest.null, for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        add(CanonicalDigest.bool(value), for: key)
    }
    mutating func encode(_ value: String, forKey key: Key) throws {
        add(CanonicalDigest.string(value), for: key)
    }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        add(CanonicalDigest.double(value), for: key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        add(CanonicalDigest.float(value), for: key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        add(integerDigest(value), for: key)
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws {
        add(integerDigest(value), for: key)
    }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
        add(integerDigest(value), for: key)
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
        add(integerDigest(value), for: key)
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws {
        add(integerDigest(value), for: key)
    }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        add(integerDigest(value), for: key)
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        add(integerDigest(value), for: key)
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        add(integerDigest(value), for: key)
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        add(integerDigest(value), for: key)
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        add(integerDigest(value), for: key)
    }
    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        add(try HashingEncoder.digest(of: value, at: codingPath + [key]), for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        nestedEncoder(forKey: key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        nestedEncoder(forKey: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { nestedEncoder(forKey: SuperKey()) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { nestedEncoder(forKey: key) }

    private func nestedEncoder(forKey key: any CodingKey) -> HashingEncoder {
        let nested = HashingSlot()
        slot.add(key: CanonicalDigest.key(key.stringValue), .slot(nested))
        return HashingEncoder(codingPath: codingPath + [key], slot: nested)
    }
}

/// A container that is given one value at a time, each digested where it is put: the scalar
/// `encode` overloads of ``HashingUnkeyedContainer`` and ``HashingSingleValueContainer``,
/// written once.
protocol HashingValueContainer {
    /// Takes the digest of the next value.
    mutating func put(_ digest: StableDigest)
}

extension HashingValueContainer {
    mutating func encodeNil() throws { put(CanonicalDigest.null) }
    mutating func encode(_ value: Bool) throws { put(CanonicalDigest.bool(value)) }
    mutating func encode(_ value: String) throws { put(CanonicalDigest.string(value)) }
    mutating func encode(_ value: Double) throws { put(CanonicalDigest.double(value)) }
    mutating func encode(_ value: Float) throws { put(CanonicalDigest.float(value)) }
    mutating func encode(_ value: Int) throws { put(integerDigest(value)) }
    mutating func encode(_ value: Int8) throws { put(integerDigest(value)) }
    mutating func encode(_ value: Int16) throws { put(integerDigest(value)) }
    mutating func encode(_ value: Int32) throws { put(integerDigest(value)) }
    mutating func encode(_ value: Int64) throws { put(integerDigest(value)) }
    mutating func encode(_ value: UInt) throws { put(integerDigest(value)) }
    mutating func encode(_ value: UInt8) throws { put(integerDigest(value)) }
    mutating func encode(_ value: UInt16) throws { put(integerDigest(value)) }
    mutating func encode(_ value: UInt32) throws { put(integerDigest(value)) }
    mutating func encode(_ value: UInt64) throws { put(integerDigest(value)) }
}

struct HashingUnkeyedContainer: UnkeyedEncodingContainer, HashingValueContainer {
    let slot: HashingSlot
    let codingPath: [any CodingKey]
    var count: Int { slot.elementCount }

    func put(_ digest: StableDigest) { slot.append(.digest(digest)) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        put(try HashingEncoder.digest(of: value, at: codingPath + [IndexKey(count)]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        nestedEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        nestedEncoder().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { nestedEncoder() }

    private func nestedEncoder() -> HashingEncoder {
        let nested = HashingSlot()
        let path = codingPath + [IndexKey(count)]
        slot.append(.slot(nested))
        return HashingEncoder(codingPath: path, slot: nested)
    }
}

struct HashingSingleValueContainer: SingleValueEncodingContainer, HashingValueContainer {
    let slot: HashingSlot
    let codingPath: [any CodingKey]

    func put(_ digest: StableDigest) { slot.set(digest) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        put(try HashingEncoder.digest(of: value, at: codingPath))
    }
}

/// A collection that encodes its elements in iteration order, which two equal instances need
/// not share: digested by the sum of its elements' digests instead (see ``CanonicalDigest``).
protocol UnorderedEncodable {
    /// The digest of the elements in any order; `nil` for a collection whose encoding is
    /// already independent of the order.
    func unorderedDigest(at codingPath: [any CodingKey]) throws -> StableDigest?
}

extension Set: UnorderedEncodable where Element: Encodable {
    func unorderedDigest(at codingPath: [any CodingKey]) throws -> StableDigest? {
        var digest = KeyedDigest(tag: .unordered)
        for element in self {
            digest.add(entry: try HashingEncoder.digest(of: element, at: codingPath))
        }
        return digest.digest
    }
}

extension Dictionary: UnorderedEncodable where Key: Encodable, Value: Encodable {
    func unorderedDigest(at codingPath: [any CodingKey]) throws -> StableDigest? {
        // Keyed by their strings in the encoding: a keyed container, whose order is free.
        if Key.self == String.self || Key.self == Int.self { return nil }
        var digest = KeyedDigest(tag: .unordered)
        for (key, value) in self {
            digest.add(
                key: try HashingEncoder.digest(of: key, at: codingPath),
                value: try HashingEncoder.digest(of: value, at: codingPath))
        }
        return digest.digest
    }
}
