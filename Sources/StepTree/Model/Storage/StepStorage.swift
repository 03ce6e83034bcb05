/// The engine's type-erased view of one node, and the copy-on-write box behind ``Step``.
///
/// Reads never write. Edits (the methods under "Edits") are called only on a box that the
/// editor has just made unique, through ``Step/uniqueStorage()``.
///
/// `Sendable` without checks (the promise is made at the end of `StepMemory.swift`): a box is
/// written only while no other reference to it exists (see above, or while it is being built),
/// so an instance that is shared between values or threads is never mutated.
@usableFromInline
package class StepNodeStorage {
    /// The renewal history of the step whose value this box holds, out of line.
    ///
    /// `nil` for the initial history, which most steps have, so that it costs one pointer.
    /// Unchecked for the reason on `StepStorage.value`.
    @usableFromInline @exclusivity(unchecked) final var renewalHistory: RenewalHistory?

    @_alwaysEmitIntoClient
    init() {}

    /// The renewal history of the step whose value this box holds.
    @usableFromInline final var renewal: StepRenewal {
        get { StepRenewal(renewalHistory) }
        set { renewalHistory = newValue.history }
    }

    // MARK: Shape

    /// The number of named child steps (0 for leaves and stacks).
    var childCount: Int { 0 }
    /// Whether the content children are tabs (they are all tabs or all inline).
    var hasTabs: Bool { false }
    /// The key of child `index`, as written in paths.
    package func childKey(_ index: Int) -> String { "" }
    /// The kind of child `index`.
    package func childKind(_ index: Int) -> StepKind { .inline }
    /// The layer of child `index` (read without copying its kind, which may hold a style).
    func childLayer(_ index: Int) -> StepLayer { childKind(index).layer }
    /// The index of the child whose key has the UTF-8 bytes `key`.
    func childIndex(forSegment key: SegmentBytes) -> Int? { nil }
    /// Whether child `index`, when presented, may be dismissed by a gesture.
    func childIsUserDismissible(_ index: Int) -> Bool { true }
    /// Whether this node is a stack of elements.
    package var isStack: Bool { false }
    /// Whether the content layer always selects a child: a destination-stack element, whose
    /// content is its destination.
    package var requiresContent: Bool { false }
    /// For a destination-stack element, the name of its destination.
    var destinationName: String? { nil }
    /// A description of the value's type, for observers and errors.
    var typeName: String { "" }
    /// An object shared by every node of the same shape (a hand-written type's table, a
    /// schema): two nodes with the same shape number their children alike.
    var shape: AnyObject? { nil }

    // MARK: State

    /// The index of the child selected in `layer`, if any.
    package func selectedIndex(in layer: StepLayer) -> Int? { nil }
    /// The step of child `index`.
    func child(_ index: Int) -> StepReference { StepReference(storage: self) }
    /// The number of stack elements.
    var elementCount: Int { 0 }
    /// Stack element `index`.
    func element(_ index: Int) -> ElementReference {
        ElementReference(id: "", storage: self)
    }
    /// The index of the element whose id has the UTF-8 bytes `id`.
    func elementIndex(forSegment id: SegmentBytes) -> Int? { nil }
    /// The step that `segment` names from this node, a child by key or a stack element by id,
    /// and the node it leads to; reads only.
    package func resolve(_ segment: SegmentBytes) -> (PathStep, StepNodeStorage)? { nil }
    /// `resolve`, with the box unretained where this node stores it (see ``ResolvedChild``):
    /// the look-up of a path walk, which then costs no reference counting.
    func resolveUnretained(_ segment: SegmentBytes) -> (PathStep, ResolvedChild)? {
        guard let (step, box) = resolve(segment) else { return nil }
        // Stack elements and schema children are stored in this box, which holds them.
        let index: Int
        switch step {
        case .child(let child): index = child
        case .element(let element): index = element
        }
        return (step, ResolvedChild(index: index, heldBox: box))
    }
    /// The value, type-erased, for observers.
    package var anyValue: any StepValue { EmptyStep() }
    /// Whether this is the box of a step of a recursive node type in its initial state.
    ///
    /// Given that the step has the initial history: the shared box of `Step<Node>()`, or a box
    /// holding a value equal to its. Such a step is one atom where the whole value would be
    /// walked (coding, digests, hashing, diagrams), or the walk would never end.
    @usableFromInline var isInitialAtom: Bool { false }
    /// Why the stored selection does not fit the node's table (a key in the wrong layer), for
    /// decoding; `nil` when it fits.
    var selectionProblem: String? { nil }
    /// The levels from this step down to the deepest stack element within it, 0 when it holds
    /// none: an element is one level below its stack, and each step one below its node, as path
    /// segments count them (see ``StepStack/depth``).
    ///
    /// A hand-written stack knows its own; any other node adds one level to its children's and
    /// elements'.
    /// - Complexity: O(*n*) for the *n* steps within it that are not inside a hand-written stack
    ///   (for a hand-written node, a number fixed by its type), plus those stacks' own.
    var elementDepth: Int {
        var deepest = 0
        for index in 0..<elementCount {
            deepest = max(deepest, 1 + element(index).storage.elementDepth)
        }
        for index in 0..<childCount {
            let below = child(index).storage.elementDepth
            if below > 0 { deepest = max(deepest, 1 + below) }
        }
        return deepest
    }

    // MARK: Edits

    /// Stores `index` (or nothing) as the selection of `layer`, without resetting anything.
    func setSelectedIndex(_ index: Int?, in layer: StepLayer) {}
    /// Puts child `index` back in its initial state, identity included.
    func resetChild(_ index: Int) {}
    /// Whether child `index` can hold `value`.
    package func childAccepts(_ value: any StepValue, at index: Int) -> Bool { false }
    /// Renews child `index` with `value`, or with no value.
    func renewChild(_ index: Int, with value: (any StepValue)?) {}
    /// The box of child `index`, made unique first: the editor changes it in place.
    func uniqueChild(_ index: Int) -> StepNodeStorage { self }
    /// A new box of the same class holding a copy of the value and the renewal history: the
    /// copy that copy-on-write makes of a shared box.
    @usableFromInline func copyNode() -> StepNodeStorage { self }
    /// ``copyNode()`` for an edit that goes on to the child step stored at byte `childOffset`
    /// of the value: a node box whose value is copied as its bytes gives that child a copy of
    /// its box at once, rather than retaining the shared one for the edit to copy and release.
    func copyNode(descendingTo childOffset: Int) -> StepNodeStorage { copyNode() }
    /// Whether element `index` can hold `value`.
    package func elementAccepts(_ value: any StepValue) -> Bool { false }
    /// Renews element `index` with `value`, or with no value.
    func renewElement(_ index: Int, with value: (any StepValue)?) {}
    /// The box of element `index`, made unique first: the editor changes it in place.
    func uniqueElement(_ index: Int) -> StepNodeStorage { self }
    /// Makes the stack hold exactly `ids` (already validated): elements that stay keep their
    /// state, new ones start from the initial element.
    func setElements(_ ids: [String]) {}
    /// Removes the elements from `index` on.
    func removeElements(from index: Int) {}
    /// Removes element `index` alone; the elements above it stay.
    func removeElement(_ index: Int) {}
    /// The type of the stack's elements, as an identity to compare with no type test; `nil` for
    /// a node that is not a stack.
    var elementType: ObjectIdentifier? { nil }
    /// The box of a new element holding `element`, built once for a push; `nil` when the stack
    /// cannot hold it (another type, or a destination its list leaves out).
    func elementBox<Value: StepValue>(for element: Value) -> StepNodeStorage? { nil }
    /// Pushes `box` (from ``elementBox(for:)``; `nil`: a new element in its initial state) with
    /// a minted id, or with `id` (valid and not in the stack); returns its index.
    func pushElement(id: String?, box: StepNodeStorage?) -> Int {
        preconditionFailure("\(typeName) is not a stack")
    }
    /// The levels a new element in `box` would add below this stack: itself and what it holds
    /// (see ``StepStack/depth``).
    func levels(ofElement box: StepNodeStorage) -> Int { 1 }
    /// The box of a new element in its initial state, read only (shared).
    package var initialElement: StepNodeStorage {
        preconditionFailure("\(typeName) is not a stack")
    }
    /// Whether `id` is the key of a step of the stack's elements (a destination's name).
    func elementHasStep(named id: String) -> Bool { false }
    /// Whether the stack's counter has a number left for a push (see ``StepStack``).
    var canPushElement: Bool { true }
    /// The number the stack's counter takes next; 0 for a node that is not a stack.
    var elementCounter: UInt64 { 0 }
    /// Moves the stack's counter up to `number` if it is behind it.
    func raiseElementCounter(to number: UInt64) {}

    /// Selects child `index` in `layer`, its layer; see ``select(_:)``.
    func select(_ index: Int, in layer: StepLayer) -> Int? {
        let old = selectedIndex(in: layer)
        guard old != index else { return old }
        setSelectedIndex(index, in: layer)
        if let old, layer != .content { resetChild(old) }
        return old
    }

    /// Clears `layer`; a pushed or presented child is deselected, back to its initial state.
    ///
    /// Returns the index it cleared.
    @discardableResult
    func clear(_ layer: StepLayer) -> Int? {
        guard let old = selectedIndex(in: layer) else { return nil }
        setSelectedIndex(nil, in: layer)
        if layer != .content { resetChild(old) }
        return old
    }

    /// Clears every layer above `layer`, as ``clear(_:)`` clears each: what showing a screen
    /// does at each node on its way, in one call.
    func clearLayers(above layer: StepLayer) {
        for above in layer.above { clear(above) }
    }

    /// Selects child `index` in its layer, as ``select(_:)`` does, clears the layers above it
    /// when `clearingAbove` (a show no one listens to), and makes the child's box unique, as
    /// ``uniqueChild(_:)`` does: one level of a selecting edit that goes on below.
    ///
    /// The child's box comes unretained: this node holds it.
    func selectUniqueChild(
        _ index: Int, clearingAbove: Bool
    ) -> (old: Int?, child: Unretained<StepNodeStorage>) {
        let old = select(index)
        if clearingAbove { clearLayers(above: childLayer(index)) }
        return (old, Unretained(uniqueChild(index)))
    }
}

extension StepNodeStorage {
    /// The index of the child named `key`.
    func childIndex(forKey key: some StringProtocol) -> Int? {
        key.withUTF8Bytes(childIndex(forSegment:))
    }

    /// The index of the element with `id`.
    package func elementIndex(forID id: some StringProtocol) -> Int? {
        id.withUTF8Bytes(elementIndex(forSegment:))
    }

    /// Whether child `index` is selected in its layer.
    func selects(_ index: Int) -> Bool { selectedIndex(in: childLayer(index)) == index }

    /// Whether the push layer holds a frame: a pushed step, or a stack with an element.
    var pushLayerHoldsFrame: Bool {
        guard let index = selectedIndex(in: .push) else { return false }
        return !childKind(index).isStack || child(index).storage.elementCount > 0
    }

    /// Selects child `index` in its layer; a pushed or presented child it replaces is
    /// deselected, back to its initial state (SPEC §1).
    ///
    /// Returns the index it replaced.
    @discardableResult
    func select(_ index: Int) -> Int? { select(index, in: childLayer(index)) }
}

extension StepKind {
    /// Whether this is the `stack` kind.
    var isStack: Bool { if case .stack = self { true } else { false } }
}

/// A child step as the engine sees it: its box, which holds its renewal history.
@usableFromInline
struct StepReference {
    @usableFromInline let storage: StepNodeStorage

    @usableFromInline
    init(storage: StepNodeStorage) {
        self.storage = storage
    }

    var renewal: StepRenewal { storage.renewal }
}

/// A stack element as the engine sees it.
struct ElementReference {
    let id: String
    let storage: StepNodeStorage

    var renewal: StepRenewal { storage.renewal }
}

/// The one box of every leaf step with no payload in its initial state: an `EmptyStep` has one
/// value, so they can all share it (copy-on-write copies it for a renewal).
@usableFromInline let sharedEmptyLeaf = StepStorage(EmptyStep())

/// The box of a leaf value; node and stack values use subclasses that describe their shape.
///
/// (`@unchecked Sendable` restated from ``StepNodeStorage``, as Swift requires of a subclass.)
@usableFromInline
package class StepStorage<Value: StepValue>: StepNodeStorage, @unchecked Sendable {
    // Exclusive access is guaranteed by copy-on-write (see the class comment), so the dynamic
    // checks would only cost time on every read the engine makes.
    @usableFromInline @exclusivity(unchecked) final var value: Value

    @_alwaysEmitIntoClient
    init(_ value: Value) {
        self.value = value
    }

    /// A box holding a copy of `other`'s value, copied once, straight from `other`.
    @usableFromInline
    init(copying other: StepStorage<Value>) {
        value = other.value
    }

    /// A new box holding a copy of the value, of the same subclass.
    ///
    /// Each subclass overrides it to call its own initializer: a `required` one called through
    /// `type(of: self)` allocates a generic box from its metadata, about 40 instructions more
    /// per copied box.
    @usableFromInline
    func copy() -> StepStorage<Value> { StepStorage(copying: self) }

    @usableFromInline override final func copyNode() -> StepNodeStorage {
        let copy = copy()
        // Set here, not passed down the initializers: there the box being copied stayed
        // retained across them (two reference-count operations more per copy).
        copy.renewalHistory = renewalHistory
        return copy
    }

    override var typeName: String { String(describing: Value.self) }
    package override var anyValue: any StepValue { value }

    /// The value in the box, for a module over the core that keeps a value boxed: a link's one
    /// copy of the root, which its walks read and a failed link is put back to.
    package var boxedValue: Value { value }

    /// The box that fits the value: a node box for ``StepsCollection`` values and stacks, a leaf
    /// box otherwise.
    ///
    /// Which one a type gets is looked up once per type (a conformance check is
    /// far dearer than the cached look-up).
    package static func make(_ value: Value) -> StepStorage<Value> {
        if Value.self == EmptyStep.self {
            return sharedEmptyLeaf.uncheckedCast(to: StepStorage<Value>.self)
        }
        switch StorageShape.of(Value.self) {
        case .shaped(let shaped):
            if let storage = shaped.makeStorage(for: value) as? StepStorage<Value> {
                return storage
            }
        case .collection(let table):
            // `value` is a node (its shape was found from `Value.self`): boxed by the code
            // compiled for its type.
            return StepMemory.withAddress(of: value) { table.selection.boxing.copy($0) }
                .uncheckedCast(to: StepStorage<Value>.self)
        case .leaf:
            break
        }
        return StepStorage(value)
    }
}

extension StepStorage {
    /// Whether this box and `other` hold equal steps: equal renewal histories and equal values.
    ///
    /// Both are read where the boxes store them, unretained and with no access to a property
    /// (see ``withValueAddress(_:)`` and `StepMemory.equal(_:_:as:)`), so that threads may
    /// compare one shared box at once: copying a node's value out to compare it retained and
    /// released each of its children's boxes, at every level of a tree.
    @_alwaysEmitIntoClient @inline(__always)
    final func holdsStep(equalTo other: StepStorage<Value>) -> Bool {
        self === other
            || (hasRenewal(equalTo: other)
                && withValueAddress { left in
                    other.withValueAddress { StepMemory.equal(left, $0, as: Value.self) }
                })
    }

    /// Whether this box and `other` record equal renewal histories.
    @_alwaysEmitIntoClient @inline(__always)
    final func hasRenewal(equalTo other: StepNodeStorage) -> Bool {
        switch (unretainedRenewalHistory, other.unretainedRenewalHistory) {
        case (nil, nil): true
        case (let left?, let right?):
            left === right
                || left.with { left in
                    right.with { RenewalHistory.haveEqualFingerprints(left, $0) }
                }
        default: false
        }
    }
}

/// Which box a value type gets, found by conformance checks once per type.
enum StorageShape: Sendable {
    case leaf
    /// A ``StepsCollection`` node, boxed and edited as its table says.
    case collection(StepTableShape)
    case shaped(any StorageShaped.Type)

    /// How a node of this shape is boxed, if it is a node.
    var nodeBoxing: NodeBoxing? {
        switch self {
        case .leaf: nil
        case .collection(let table): table.selection.boxing
        case .shaped(let shaped): shaped.nodeBoxing
        }
    }

    /// The shapes found so far, by type; never removed, so that a thread can remember the last
    /// one it asked for by its address.
    private static let known = Locked<[ObjectIdentifier: KnownShape]>([:])
    /// The address of the last shape each thread asked for: most look-ups ask for the type of
    /// the one before (a tree's root, edited again and again), and reading it takes no lock.
    private static let lastKnown = ThreadWord("the last storage shape")

    static func of(_ type: any StepValue.Type) -> StorageShape {
        known(type).with { $0.shape }
    }

    /// The table of `type` if it is a hand-written node, unretained.
    ///
    /// Tables live as long as the program: what an edit asks of its root's type costs no
    /// reference counting.
    static func table(of type: any StepValue.Type) -> Unretained<StepTableShape>? {
        known(type).with { known in
            guard case .collection(let table) = known.shape else { return nil }
            return Unretained(table)
        }
    }

    /// The kept shape of `type`, found once and remembered as this thread's last.
    private static func known(_ type: any StepValue.Type) -> Unretained<KnownShape> {
        let id = ObjectIdentifier(type)
        if let last = Unretained<KnownShape>(bits: lastKnown.value), last.with({ $0.id == id }) {
            return last
        }
        let known = Unretained(known.withLock { $0[id] } ?? remember(type))
        lastKnown.value = known.bits
        return known
    }

    /// Finds the shape of `type`, by conformance checks, and keeps it.
    private static func remember(_ type: any StepValue.Type) -> KnownShape {
        let shape: StorageShape =
            if let shaped = type as? any StorageShaped.Type {
                .shaped(shaped)
            } else if let node = type as? any StepsCollection.Type {
                .collection(collectionTable(of: node))
            } else {
                .leaf
            }
        let made = KnownShape(id: ObjectIdentifier(type), shape: shape)
        // Found outside the lock (a table's key paths may build other tables): the first kept wins.
        return known.withLock { known in
            if let kept = known[made.id] { return kept }
            known[made.id] = made
            return made
        }
    }
}

/// The shape of one value type, kept for the life of the program once found.
private final class KnownShape: Sendable {
    let id: ObjectIdentifier
    let shape: StorageShape

    init(id: ObjectIdentifier, shape: StorageShape) {
        self.id = id
        self.shape = shape
    }
}

/// The table of a node of type `Node`, whose closures are compiled for it where it is declared.
private func collectionTable<Node: StepsCollection>(of type: Node.Type) -> StepTableShape {
    Node.steps.contents
}

/// Library value types that come with their own storage subclass.
protocol StorageShaped: StepValue {
    func makeStorage() -> StepNodeStorage
    /// How the engine boxes a value of this type that is the root of an edit; `nil` for one
    /// that is no ``StepNode``.
    static var nodeBoxing: NodeBoxing? { get }
}

extension StorageShaped {
    /// The box of `value`, which is of type `Self`; `nil` if it is not.
    static func makeStorage(for value: some StepValue) -> StepNodeStorage? {
        (value as? Self)?.makeStorage()
    }
}
