/// One child step of a node: its value plus a generation that gives it a new identity when it is
/// selected with a new value.
///
/// The value lives in a copy-on-write box, so copying a tree is O(1) and two states that share a
/// subtree share its storage; the diffing engine uses that to skip unchanged subtrees.
@dynamicMemberLookup
public struct Step<Value: StepValue>: Sendable {
    @usableFromInline var storage: StepStorage<Value>

    /// A counter that changes each time the step is selected with a new value (SPEC §1).
    public internal(set) var generation: UInt32

    /// Creates a step holding `value`.
    public init(_ value: Value) {
        self.storage = StepStorage.make(value)
        self.generation = 0
    }

    init(_ value: Value, generation: UInt32) {
        self.storage = StepStorage.make(value)
        self.generation = generation
    }

    /// The step's value: a payload, a node or a stack.
    @inlinable
    public var value: Value {
        get { storage.value }
        _modify {
            makeUnique()
            yield &storage.value
        }
    }

    /// Reads and writes a property of the value, so `steps.profile.selected` works.
    ///
    /// Methods are not forwarded: call them on ``value`` (`steps.profile.friends.value.pop()`).
    @inlinable
    public subscript<T>(dynamicMember keyPath: WritableKeyPath<Value, T>) -> T {
        get { storage.value[keyPath: keyPath] }
        _modify {
            makeUnique()
            yield &storage.value[keyPath: keyPath]
        }
    }

    /// Reads a property of the value.
    @inlinable
    public subscript<T>(dynamicMember keyPath: KeyPath<Value, T>) -> T {
        storage.value[keyPath: keyPath]
    }

    @inlinable
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy()
        }
    }

    /// Gives the step a new identity, as selecting it with a new value does.
    @usableFromInline
    mutating func renew() {
        generation &+= 1
    }
}

extension Step where Value == EmptyStep {
    /// Creates a leaf step with no payload.
    public init() { self.init(EmptyStep()) }
}

extension Step: Equatable {
    /// Steps are equal when their values and generations are equal.
    public static func == (lhs: Step, rhs: Step) -> Bool {
        lhs.generation == rhs.generation
            && (lhs.storage === rhs.storage || lhs.storage.value == rhs.storage.value)
    }
}

extension Step: Hashable {
    /// Hashes the value and the generation.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(generation)
        hasher.combine(storage.value)
    }
}

extension Step: Codable {
    private enum CodingKeys: String, CodingKey {
        case value, generation
    }

    /// Decodes a step from `{"value": …, "generation": n}`; `generation` defaults to 0.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let value = try container.decode(Value.self, forKey: .value)
        let generation = try container.decodeIfPresent(UInt32.self, forKey: .generation) ?? 0
        self.init(value, generation: generation)
    }

    /// Encodes the value, and the generation when it is not 0.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(storage.value, forKey: .value)
        if generation != 0 {
            try container.encode(generation, forKey: .generation)
        }
    }
}

extension Step: CustomStringConvertible {
    /// The value's description.
    public var description: String { String(describing: storage.value) }
}
