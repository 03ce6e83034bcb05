/// The engine's type-erased view of one node, and the copy-on-write box behind ``Step``.
///
/// `@unchecked Sendable`: a box is written only through ``Step/makeUnique()`` (or while it is
/// being built), that is while no other reference to it exists, so an instance that is shared
/// between values or threads is never mutated.
@usableFromInline
class StepNodeStorage: @unchecked Sendable {
    /// The number of named child steps (0 for leaves and stacks).
    var childCount: Int { 0 }
    /// Whether the children are tabs (they are all tabs or none are).
    var hasTabs: Bool { false }
    /// The key of child `index`, as written in paths.
    func childKey(_ index: Int) -> String { "" }
    /// The kind of child `index`.
    func childKind(_ index: Int) -> StepKind { .inline }
    /// The index of the child named `key`.
    func childIndex(forKey key: Substring) -> Int? { nil }
    /// The index of the selected child, if any.
    var selectedIndex: Int? { nil }
    /// The step of child `index`.
    func child(_ index: Int) -> StepReference { StepReference(generation: 0, storage: self) }

    /// Whether this node is a stack of elements.
    var isStack: Bool { false }
    /// The number of stack elements.
    var elementCount: Int { 0 }
    /// Stack element `index`.
    func element(_ index: Int) -> ElementReference {
        ElementReference(id: "", generation: 0, storage: self)
    }
    /// The index of the element with `id`.
    func elementIndex(forID id: Substring) -> Int? { nil }

    /// A description of the value's type, for observers and errors.
    var typeName: String { "" }

    /// The schema of a schema-driven node, `nil` for a hand-written one (whose shape is its
    /// type). Two nodes can be walked child by child only if their schemas are equal.
    var schemaShape: StepSchema? { nil }

    /// The value, type-erased, for observers.
    var anyValue: any StepValue { EmptyStep() }

    /// Applies a resolved edit; the path has been validated against this very value.
    @usableFromInline
    func apply(_ edit: NodeEdit, along path: ArraySlice<PathStep>, selecting: Bool) {}

}

/// A child step as the engine sees it: identity generation and storage.
///
/// The storage is not retained: a reference is only used while the tree it came from is alive.
@usableFromInline
struct StepReference {
    let generation: UInt32
    unowned(unsafe) let storage: StepNodeStorage

    @usableFromInline
    init(generation: UInt32, storage: StepNodeStorage) {
        self.generation = generation
        self.storage = storage
    }

    /// The reference of `step`, which is only read.
    @inlinable
    static func of<Value>(_ step: inout Step<Value>) -> StepReference {
        StepReference(generation: step.generation, storage: step.storage)
    }
}

/// A stack element as the engine sees it; like ``StepReference``, it does not retain.
struct ElementReference {
    let id: String
    let generation: UInt32
    unowned(unsafe) let storage: StepNodeStorage
}

/// The box of a leaf value; node and stack values use subclasses that describe their shape.
@usableFromInline
class StepStorage<Value: StepValue>: StepNodeStorage, @unchecked Sendable {
    // Exclusive access is guaranteed by copy-on-write (see the class comment), so the dynamic
    // checks would only cost time on every read the engine makes.
    @usableFromInline @exclusivity(unchecked) final var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// A new box holding a copy of the value, of the same subclass.
    @usableFromInline
    func copy() -> StepStorage<Value> { StepStorage(value) }

    override var typeName: String { String(describing: Value.self) }
    override var anyValue: any StepValue { value }

    /// The box that fits the value: a node box for ``StepsCollection`` values and stacks, a leaf
    /// box otherwise. The cast runs once per step created, never on a hot path.
    static func make(_ value: Value) -> StepStorage<Value> {
        if let shaped = Value.self as? any StorageShaped.Type,
            let storage = shaped.makeStorage(for: value) as? StepStorage<Value>
        {
            return storage
        }
        if let node = Value.self as? any StepsCollection.Type,
            let storage = boxCollection(node, value) as? StepStorage<Value>
        {
            return storage
        }
        return StepStorage(value)
    }
}

/// The node box of `value`, which is of type `Node`; `nil` if it is not.
private func boxCollection<Node: StepsCollection>(
    _ type: Node.Type, _ value: some StepValue
) -> StepNodeStorage? {
    (value as? Node).map { CollectionStorage($0) }
}

/// Library value types that come with their own storage subclass.
protocol StorageShaped: StepValue {
    func makeStorage() -> StepNodeStorage
}

extension StorageShaped {
    /// The box of `value`, which is of type `Self`; `nil` if it is not.
    static func makeStorage(for value: some StepValue) -> StepNodeStorage? {
        (value as? Self)?.makeStorage()
    }
}
