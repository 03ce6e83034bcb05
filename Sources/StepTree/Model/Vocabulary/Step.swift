/// One child step of a node: its value plus its renewal history, which gives it a new identity
/// each time it is selected with a value or `fresh` (SPEC §1).
///
/// The value and the history live in a copy-on-write box, so a step is one pointer, copying a
/// tree is O(1) and two states that share a subtree share its storage. Every leaf with no
/// payload (`Step()`) shares one box until it is renewed, and so does every `Step<Node>()` of a
/// node type: the node's initial value, made on first read, which is how a node holds a step of
/// its own type (see `init()` where `Value` is a ``StepsCollection``).
@dynamicMemberLookup
public struct Step<Value: StepValue>: Sendable {
    /// The box: a ``StepStorage`` of `Value`, or, for a node step made by `Step<Node>()` and not
    /// changed since, the node type's shared `InitialNodeStorage`, which stands for the box of
    /// its initial value.
    @usableFromInline var box: StepNodeStorage

    /// The box holding the value (the initial value's, for a shared initial node step).
    @_alwaysEmitIntoClient
    var storage: StepStorage<Value> {
        @inline(__always) get {
            let box = self.box
            if _slowPath(
                ObjectIdentifier(type(of: box)) == ObjectIdentifier(InitialNodeStorage.self))
            {
                return box.uncheckedCast(to: InitialNodeStorage.self).resolved
                    .uncheckedCast(to: StepStorage<Value>.self)
            }
            return box.uncheckedCast(to: StepStorage<Value>.self)
        }
    }

    /// The box, known to be a ``StepStorage`` of `Value`: after `makeUnique()`.
    @_alwaysEmitIntoClient
    var uniqueBox: StepStorage<Value> {
        @inline(__always) get { box.uncheckedCast(to: StepStorage<Value>.self) }
    }

    /// Creates a step holding `value`, in its initial state.
    public init(_ value: Value) {
        self.box = StepStorage.make(value)
    }

    init(_ value: Value, renewal: StepRenewal) {
        self.box = StepStorage.make(value)
        self.renewal = renewal
    }

    /// A step whose box is `storage`, shared until it is changed.
    init(storage: StepStorage<Value>) {
        self.box = storage
    }

    /// A step whose box is `box`: a ``StepStorage`` of `Value`, or the shared box of
    /// `Step<Value>()`.
    init(box: StepNodeStorage) {
        self.box = box
    }

    /// The step's renewal history since it was last in its initial state.
    public internal(set) var renewal: StepRenewal {
        get { storage.renewal }
        set {
            // The same record: nothing to store. (Comparing histories could need a fingerprint.)
            guard newValue.history !== storage.renewalHistory else { return }
            makeUnique()
            uniqueBox.renewal = newValue
        }
    }

    /// The step's value: a payload, a node or a stack.
    ///
    /// Changing it in place is not a renewal: the screen stays, only its data changes.
    @_alwaysEmitIntoClient
    public var value: Value {
        get { storage.value }
        _modify {
            makeUnique()
            yield &uniqueBox.value
        }
    }

    /// Reads and writes a property of the value, so `steps.profile.selected` works.
    @_alwaysEmitIntoClient
    public subscript<T>(dynamicMember keyPath: WritableKeyPath<Value, T>) -> T {
        get { storage.value[keyPath: keyPath] }
        _modify {
            makeUnique()
            yield &uniqueBox.value[keyPath: keyPath]
        }
    }

    /// Reads a property of the value.
    @_alwaysEmitIntoClient
    public subscript<T>(dynamicMember keyPath: KeyPath<Value, T>) -> T {
        storage.value[keyPath: keyPath]
    }

    @_alwaysEmitIntoClient @inline(__always)
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&box) { copyStorage() }
    }

    /// Gives the step a box of its own, a copy of the shared one (out of line: the rare case).
    @usableFromInline @inline(never)
    mutating func copyStorage() {
        box = box.copyNode()
    }

    /// The value, for an edit that goes on to the child step stored at byte `childOffset` of
    /// the value, if any: a shared box is copied as `value` copies it, but a node copied as its
    /// bytes gives that child a box of its own at once (see
    /// `StepNodeStorage.copyNode(descendingTo:)`).
    @_alwaysEmitIntoClient
    subscript(descendingTo childOffset: Int?) -> Value {
        get { storage.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) {
                if let childOffset {
                    copyStorage(descendingTo: childOffset)
                } else {
                    copyStorage()
                }
            }
            yield &uniqueBox.value
        }
    }

    /// ``copyStorage()`` for an edit that goes on to the child step at byte `childOffset`.
    @usableFromInline @inline(never)
    mutating func copyStorage(descendingTo childOffset: Int) {
        box = box.copyNode(descendingTo: childOffset)
    }

    /// The box, made unique first, for an edit that changes it in place.
    @usableFromInline
    mutating func uniqueStorage() -> StepNodeStorage {
        makeUnique()
        return box
    }

    /// Renews the step: with `value` (which replaces the step's value), or with no value.
    /// - Complexity: O(1) for a renewal recorded to be hashed later; O(*s*) for a value of *s*
    ///   leaves, hashed at once (see ``StepRenewal``).
    @_alwaysEmitIntoClient
    mutating func renew(with value: Value?) {
        makeUnique()
        // Borrowed: the step holds its box, which nothing below replaces; a strong reference
        // cost a retain and a release per renewal.
        Unretained(uniqueBox).with { storage in
            // Not bound to a name, which would copy it: an optional keeps its payload's bits
            // first.
            guard case .some = value else { return RenewalHistory.renew(&storage.renewalHistory) }
            let renewing = StepMemory.withAddress(of: value) { new in
                StepMemory.withAddress(ofStored: &storage.value) { stored in
                    RenewalHistory.renew(
                        &storage.renewalHistory, hashingValueAt: new, storedAt: stored,
                        of: Value.self)
                }
            }
            switch renewing {
            case .unchanged:
                // The box holds these very bits already: storing them would only retain and
                // release.
                break
            case .hashed:
                storage.value = value.unsafelyUnwrapped
            case .unhashed:
                storage.value = value.unsafelyUnwrapped
                RenewalHistory.record(&storage.renewalHistory, storage.value)
            }
        }
    }
}

extension Step where Value: StepsCollection {
    // The node's box, made directly: the general initializer finds which box a type takes at
    // run time.
    /// Creates a step holding the node `value`, in its initial state.
    @_alwaysEmitIntoClient
    public init(_ value: Value) {
        self.box = CollectionStorage(value)
    }

    /// Creates a step holding the node's initial value, `Value()`, made the first time any such
    /// step is read and shared by all of them until one is changed.
    ///
    /// What a node declares for a step of its own type, which it may push or present: its
    /// `init()` cannot make a `Value()` inside itself, so `Step(ProfileSteps())` there would
    /// never end.
    ///
    /// ```swift
    /// struct ProfileSteps: StepsCollection {
    ///     enum Key: String, StepKey { case main, friend, card }
    ///     var selected = StepSelection<Key>(.main)
    ///     var main = Step()
    ///     var friend = Step<ProfileSteps>()  // a friend's profile, pushed
    ///     var card = Step<ProfileSteps>()    // a profile presented as a sheet
    ///     static let steps = StepTable<Self>(
    ///         .inline(.main, \.main), .push(.friend, \.friend), .present(.card, \.card))
    /// }
    /// ```
    ///
    /// A node whose initial value holds such a step of its own type is *recursive*: its steps
    /// in their initial state (a renewal or a change makes a step a value of its own) are written
    /// as the number `0` in JSON, hashed as a constant and drawn without their children. A
    /// type whose initial state selects, in any layer, such a step of its own type (or declares
    /// it a tab), whose screens would nest without end, stops the program when its initial value
    /// is first made, naming the type; so does an `init()` that reads one.
    /// - Complexity: O(1); the first read of the type's initial value makes it.
    @_alwaysEmitIntoClient
    public init() {
        self.box = Value.steps.contents.initialNode
    }
}

extension Step where Value == EmptyStep {
    // Inlinable, so that a node of several leaves reads the shared box once.
    /// Creates a leaf step with no payload.
    @_alwaysEmitIntoClient
    public init() { self.box = sharedEmptyLeaf }
}

extension Step: Equatable {
    // Inlinable, so that a node's synthesized `==` compares its steps specialized for their
    // value types (unspecialized, each comparison looks up metadata and copies the value).
    /// Steps are equal when their values and renewal histories are equal.
    @_alwaysEmitIntoClient
    public static func == (lhs: Step, rhs: Step) -> Bool {
        // The same box (a subtree two states share, a leaf no one changed) needs no walk.
        lhs.box === rhs.box || lhs.holdsStep(equalTo: rhs)
    }

    /// Whether the step and `other`, in boxes of their own, are equal: compared where the boxes
    /// store them (see `StepStorage.holdsStep(equalTo:)`), with the boxes borrowed from the
    /// steps rather than retained.
    @_alwaysEmitIntoClient @inline(__always)
    func holdsStep(equalTo other: Step) -> Bool {
        let initial = ObjectIdentifier(InitialNodeStorage.self)
        guard
            _fastPath(
                ObjectIdentifier(type(of: box)) != initial
                    && ObjectIdentifier(type(of: other.box)) != initial)
        else {
            // A shared initial node box stands for the box of its value, made on first use.
            return storage.holdsStep(equalTo: other.storage)
        }
        return box.uncheckedCast(to: StepStorage<Value>.self)
            .holdsStep(equalTo: other.box.uncheckedCast(to: StepStorage<Value>.self))
    }
}

extension Step: Hashable {
    /// Hashes the value and the renewal history; a step of a recursive node type in its initial
    /// state (see `Step<Node>()`) hashes as a constant.
    @_alwaysEmitIntoClient
    public func hash(into hasher: inout Hasher) {
        let storage = storage
        if storage.renewalHistory == nil, box.isInitialAtom {
            hasher.combine(0)
            return
        }
        hasher.combine(storage.renewal)
        hasher.combine(storage.value)
    }
}

/// The fields of a step's wrapper, and the field that marks a bare node (see
/// `StepCodingForm`).
///
/// Outside the generic `Step`, so that coding a step does not look up the metadata of a key
/// type per value type.
private enum StepField: String, CodingKey {
    case value, renewal, selected
    /// The field of a stack's bare form when its counter is ahead of its elements.
    case elements
}

extension Step: Codable {
    private typealias CodingKeys = StepField

    /// Decodes a step in either of its forms: its value alone, or `{"value": …, "renewal": "…"}`,
    /// where `renewal` defaults to the initial history.
    ///
    /// A step holding an app's payload is always the wrapper. A stack step is bare when it is
    /// an array. An ``EmptyStep`` step is bare when it is the number `0` (or, as older archives
    /// wrote it, `{}`). Any other step (a node, a ``DynamicSteps`` node) is the wrapper when it
    /// is an object with a `value` or `renewal` field and no `selected` field, and bare
    /// otherwise: a bare node always has `selected`, a wrapper never does.
    /// - Throws: `DecodingError` for a malformed value or history, for a node whose selection
    ///   names a step in the wrong layer, and for steps nested more than twice
    ///   ``StepPath/maximumDepth`` deep (room for the deepest addressable step and the initial
    ///   subtree below it; anything deeper could only be reached by paths the limit refuses).
    public init(from decoder: any Decoder) throws {
        let decoded = try NestingDepth.deeper { depth in
            if depth > 2 * StepPath.maximumDepth {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: Array(decoder.codingPath.suffix(8)),
                        debugDescription: "steps nested more than \(2 * StepPath.maximumDepth) deep"
                    ))
            }
            return try Self.decodeValue(from: decoder)
        }
        guard let (value, renewal) = decoded else {
            // `0`: a node step in its initial state.
            guard let node = Value.self as? any StepsCollection.Type else {
                preconditionFailure(
                    "only a node step is read from \(StepCodingForm.bareInitialNode)")
            }
            self.init(box: initialNodeBox(of: node))
            return
        }
        self.init(value, renewal: renewal)
        if let problem = storage.selectionProblem {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: problem))
        }
    }

    /// The value and renewal history of a step in the form its input has; `nil` for a node step
    /// in its initial state, written `0`.
    private static func decodeValue(from decoder: any Decoder) throws -> (Value, StepRenewal)? {
        switch StepCodingForm.of(Value.self) {
        case .wrapped:
            return try decodeWrapper(try decoder.container(keyedBy: CodingKeys.self))
        case .array:
            // A stack is bare as an array, or as `{"elements": […], "next": n}`; any other
            // object is the wrapper.
            if (try? decoder.unkeyedContainer()) != nil {
                return (try Value(from: decoder), .initial)
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if container.contains(.elements) { return (try Value(from: decoder), .initial) }
            return try decodeWrapper(container)
        case .object:
            if Value.self == EmptyStep.self {
                guard let empty = EmptyStep() as? Value else {
                    preconditionFailure("Value is EmptyStep")
                }
                // The number 0 now, `{}` (or the wrapper) in older archives and fingerprints.
                if try isMarker(
                    StepCodingForm.bareEmptyStep, of: "a step with no payload", decoder)
                {
                    return (empty, .initial)
                }
                let container = try decoder.container(keyedBy: CodingKeys.self)
                if isWrapper(container) { return try decodeWrapper(container) }
                return (empty, .initial)
            }
            // A node is tried bare first, its usual form. It was bare if it decoded its
            // selection, which a wrapper never has; otherwise its fields decide.
            let value: Value
            do {
                value = try Value(from: decoder)
            } catch {
                if try isMarker(
                    StepCodingForm.bareInitialNode, of: "a node step in its initial state", decoder)
                {
                    return nil
                }
                let container = try decoder.container(keyedBy: CodingKeys.self)
                guard isWrapper(container) else { throw error }
                return try decodeWrapper(container)
            }
            if !NestingDepth.selectionDecoded {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                // 1.0 wrote a node with no child steps bare even when it had a `value` or
                // `renewal` field (see `BareNodeEncoder`): such a save reads as it was written.
                if isWrapper(container) {
                    do {
                        return try decodeWrapper(container)
                    } catch {
                        let probe = KeyProbingDecoder(decoder)
                        guard (try? Value(from: probe)) != nil, probe.sawCollidingKeys else {
                            throw error
                        }
                    }
                }
            }
            return (value, .initial)
        }
    }

    /// Whether the step is written as a number, which must be `marker`, the bare form of
    /// `what` (see `StepCodingForm`).
    /// - Throws: `dataCorrupted` for any other number.
    private static func isMarker(_ marker: Int, of what: String, _ decoder: any Decoder) throws
        -> Bool
    {
        guard let number = try? decoder.singleValueContainer().decode(Int.self) else {
            return false
        }
        guard number == marker else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "\(what) is \(marker), not \(number)"))
        }
        return true
    }

    /// Whether an object is a step's wrapper rather than a bare value (see `StepCodingForm`).
    private static func isWrapper(_ container: KeyedDecodingContainer<CodingKeys>) -> Bool {
        StepCodingForm.isWrapper(
            hasValue: container.contains(.value), hasRenewal: container.contains(.renewal),
            hasSelected: container.contains(.selected))
    }

    /// Reads `{"value": …, "renewal": "…"}`.
    private static func decodeWrapper(_ container: KeyedDecodingContainer<CodingKeys>) throws
        -> (Value, StepRenewal)
    {
        let value = try container.decode(Value.self, forKey: .value)
        let renewal = try container.decodeIfPresent(StepRenewal.self, forKey: .renewal) ?? .initial
        return (value, renewal)
    }

    /// Encodes the value alone when the step is in its initial history and holds a structured
    /// value (an ``EmptyStep`` as the number `0`); otherwise `{"value": …, "renewal": "…"}`,
    /// with the renewal history only when the step was renewed.
    ///
    /// A step of a recursive node type in its initial state (see `Step<Node>()`) is the number
    /// `0`, in every form: its value would never end.
    public func encode(to encoder: any Encoder) throws {
        let isInitial = renewal.isInitial
        if isInitial, box.isInitialAtom {
            var container = encoder.singleValueContainer()
            try container.encode(StepCodingForm.bareInitialNode)
            return
        }
        if isInitial, StepCodingForm.of(Value.self) != .wrapped, !StepCodingForm.wrapsEverything {
            if Value.self == EmptyStep.self {
                var container = encoder.singleValueContainer()
                try container.encode(StepCodingForm.bareEmptyStep)
            } else if storage.childCount == 0, Value.self is any StepsCollection.Type {
                try storage.value.encode(to: BareNodeEncoder(encoder))
            } else {
                try storage.value.encode(to: encoder)
            }
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(storage.value, forKey: .value)
        if !isInitial { try container.encode(renewal, forKey: .renewal) }
    }
}

/// The shared box of `Step<Node>()` for the node type `type`.
func initialNodeBox(of type: any StepsCollection.Type) -> StepNodeStorage {
    func box<Node: StepsCollection>(_ type: Node.Type) -> StepNodeStorage {
        Node.steps.contents.initialNode
    }
    return box(type)
}

extension Step: CustomStringConvertible {
    /// The value's description.
    public var description: String { String(describing: storage.value) }
}
