import Foundation

/// The declared children of a ``StepsCollection``: for each, its key, kind and stored property.
///
/// ```swift
/// static let steps = StepTable<Self>(
///     .inline(.main, \.main),
///     .push(.detail, \.detail),
///     .present(.settings, \.settings, style: .sheet),
///     .stack(.friends, \.friends)
/// )
/// ```
///
/// A table is built once per type (a `static let`). A key declared twice or left out, a property
/// declared twice, or tabs mixed with inline children is a programming error: it stops the
/// program when the table is built, with a message naming the node.
public struct StepTable<Node: StepsCollection>: Sendable {
    /// Everything the table knows, behind one reference: reading `Node.steps` copies one pointer.
    ///
    /// One per node type, for the life of the program (see ``StepTableShape``).
    @usableFromInline
    final class Contents: StepTableShape, @unchecked Sendable {
        let entries: [StepChild<Node>]
        let hasTabs: Bool
        /// Each child's kind and accessor, in arrays of their own, so that the engine reads them
        /// without touching the generic `entries`.
        @usableFromInline let kinds: [StepKind]
        /// Whether each child, if presented, may be dismissed by a gesture.
        let userDismissible: [Bool]
        @usableFromInline let accessors: [StepAccessor]
        @usableFromInline let keyList: [Node.Key]
        @usableFromInline let indexByKey: [Node.Key: Int]
        /// The byte offset of each child's stored property (-1 when unknown): typed selection
        /// finds a child by an offset the compiler folds, with no hashing.
        @usableFromInline let offsets: [Int]
        let indexByKeyPath: KeyPathIndex

        @usableFromInline
        init(_ children: [StepChild<Node>], selection: SelectionAccessor) {
            let node = String(describing: Node.self)
            var byKey: [Node.Key: Int] = [:]
            var byKeyPath: [AnyKeyPath: Int] = [:]
            for (index, child) in children.enumerated() {
                precondition(
                    StepPath.isValidSegment(child.name),
                    "\(node): step key '\(child.name)' must be non-empty and contain no '/'")
                precondition(
                    byKey[child.key] == nil, "\(node): step '\(child.name)' is declared twice")
                precondition(
                    byKeyPath[child.accessor.anyKeyPath] == nil,
                    "\(node): the property of '\(child.name)' is declared for two steps")
                byKey[child.key] = index
                byKeyPath[child.accessor.anyKeyPath] = index
            }
            for key in Node.Key.allCases {
                precondition(
                    byKey[key] != nil,
                    "\(node): Key.\(key.rawValue) is not declared in `steps`")
            }
            let tabs = children.count { $0.kind == .tab }
            let inline = children.count { $0.kind == .inline }
            precondition(
                tabs == 0 || inline == 0,
                "\(node): content children must be all tabs or all inline (SPEC §1)")
            self.entries = children
            self.hasTabs = tabs > 0
            self.kinds = children.map(\.kind)
            self.userDismissible = children.map(\.userDismissible)
            self.accessors = children.map(\.accessor)
            let offsets = children.map { $0.accessor.offset ?? -1 }
            self.offsets = offsets
            self.keyList = children.map(\.key)
            self.indexByKey = byKey
            self.indexByKeyPath = KeyPathIndex(map: byKeyPath)
            super.init(
                nodeType: Node.self, names: children.map(\.name),
                layers: children.map(\.kind.layer), offsets: offsets, selection: selection,
                initialNode: InitialNodeStorage(nodeTypeName: node) { CollectionStorage(Node()) })
        }

        /// The contents of `Node`'s table: the first made for the type, kept for the life of the
        /// program, so that a `steps` written as a computed property builds its table once and
        /// observer reports can refer to it without retaining it.
        @usableFromInline
        static func interned(
            _ children: [StepChild<Node>], selection: SelectionAccessor
        ) -> Contents {
            let type = ObjectIdentifier(Node.self)
            if let known = StepTableShape.interned.withLock({ $0[type] }) {
                return unsafeDowncast(known, to: Contents.self)
            }
            // Made outside the lock: a table's key paths may build other tables.
            let made = Contents(children, selection: selection)
            return StepTableShape.interned.withLock { tables in
                if let known = tables[type] { return unsafeDowncast(known, to: Contents.self) }
                tables[type] = made
                return made
            }
        }

        /// The index of the child stored at byte `offset` of `Node`; one not declared stops the
        /// program.
        /// - Complexity: O(*n*) integer comparisons for *n* children.
        @inlinable
        func index(ofChildAt offset: Int) -> Int {
            guard let index = offsets.firstIndex(of: offset) else { undeclaredChild(at: offset) }
            return index
        }

        /// The layer and key of the child stored at byte `offset` of `Node`; one not declared
        /// stops the program.
        /// - Complexity: O(*n*) integer comparisons for *n* children.
        @inlinable @inline(__always)
        func slot(ofChildAt offset: Int) -> StepSlot<Node.Key> {
            let index = index(ofChildAt: offset)
            return StepSlot(index: index, layer: layers[index], key: keyList[index])
        }

        /// The index of the child `key`, if it is a child of `layer` (a key stored in the wrong
        /// layer reads as nothing selected).
        /// - Complexity: O(*n*) comparisons for *n* ≤ 8 children (a linear search of a few keys
        ///   beats hashing one), else one hash look-up.
        @inlinable @inline(__always)
        func index(of key: Node.Key, in layer: StepLayer) -> Int? {
            let found = keyList.count <= 8 ? keyList.firstIndex(of: key) : indexByKey[key]
            guard let index = found, layers[index] == layer else { return nil }
            return index
        }

        @usableFromInline
        func undeclaredChild(at offset: Int) -> Never {
            preconditionFailure(
                "\(Node.self): the step at byte \(offset) is not declared in `steps`")
        }
    }

    @usableFromInline let contents: Contents

    /// Creates the table from the children in declaration order.
    @inlinable
    public init(_ children: StepChild<Node>...) {
        self.init(children)
    }

    /// Creates the table from the children in declaration order.
    /// - Complexity: O(*n*) for *n* children.
    @inlinable
    public init(_ children: [StepChild<Node>]) {
        // The selection accessor is made here, inlined, so that its closures are compiled for
        // the concrete node type.
        contents = Contents.interned(children, selection: SelectionAccessor.make(for: Node.self))
    }

    var entries: [StepChild<Node>] { contents.entries }
    var hasTabs: Bool { contents.hasTabs }

    /// The keys in declaration order.
    public var keys: [Node.Key] { contents.keyList }

    /// The kind of the child `key`.
    public func kind(of key: Node.Key) -> StepKind? { index(of: key).map { contents.kinds[$0] } }

    /// The key of the child stored at `keyPath`.
    ///
    /// A key path that the table does not declare is a programming error and stops the program
    /// with a message naming it.
    /// - Complexity: One hash look-up.
    public func key<Value>(for keyPath: WritableKeyPath<Node, Step<Value>>) -> Node.Key {
        contents.keyList[index(for: keyPath)]
    }

    /// The index of the child stored at `keyPath`; one not declared stops the program.
    /// - Complexity: O(*n*) integer comparisons for *n* children when the key path is a literal
    ///   the compiler can see, else one hash look-up.
    // Always inlined, so that a literal key path reaches `offset(of:)`, which the compiler then
    // folds to a constant.
    @inlinable @inline(__always)
    func index<Value>(for keyPath: WritableKeyPath<Node, Step<Value>>) -> Int {
        if let offset = MemoryLayout<Node>.offset(of: keyPath),
            let index = contents.offsets.firstIndex(of: offset)
        {
            return index
        }
        return lookUpIndex(for: keyPath)
    }

    /// The index of the child stored at byte `offset` of `Node`; one not declared stops the
    /// program.
    /// - Complexity: O(*n*) integer comparisons for *n* children.
    @inlinable
    func index(ofChildAt offset: Int) -> Int { contents.index(ofChildAt: offset) }

    /// The key, as written in paths, of the child stored at byte `offset` of `Node`.
    @usableFromInline
    func name(ofChildAt offset: Int) -> String { contents.names[index(ofChildAt: offset)] }

    @usableFromInline
    func lookUpIndex(for keyPath: AnyKeyPath) -> Int {
        guard let index = index(of: keyPath) else {
            preconditionFailure("\(Node.self): \(keyPath) is not declared in `steps`")
        }
        return index
    }

    func index(of key: Node.Key) -> Int? { contents.indexByKey[key] }
    func index(of keyPath: AnyKeyPath) -> Int? { contents.indexByKeyPath.map[keyPath] }
}

/// What every node type's table knows without its generic parameter: the type and the children's
/// names, for observer reports.
///
/// Tables are interned, one per node type, and never freed: a report holds an unretained
/// reference to the tables of the nodes it passed through (``TypedRoute``), which costs no
/// reference counting on the select path.
///
/// `@unchecked Sendable`: every stored property is immutable (the subclass adds only `let`s).
@usableFromInline
class StepTableShape: @unchecked Sendable {
    /// The node type the table describes.
    let nodeType: Any.Type
    /// Each child's key, as written in paths, in declaration order.
    let names: [String]
    /// Each child's layer, read by typed selection and the editor (a `StepKind` copy costs a
    /// retain).
    @usableFromInline let layers: [StepLayer]
    /// Reads and writes the node's selection, compiled for the concrete node type: what the
    /// engine calls on a node it knows only by its table.
    let selection: SelectionAccessor

    /// The box of every `Step<Node>()`: the node's initial value, made on first read.
    @usableFromInline let initialNode: InitialNodeStorage

    /// Finds the child a path segment names.
    @usableFromInline let matcher: KeyMatcher
    /// Each child's byte offset in the node (-1 for a computed property), in a buffer of its
    /// own: the editor reads it with no reference counting or bounds check.
    @usableFromInline let childOffsets: UnsafeMutableBufferPointer<Int>

    init(
        nodeType: Any.Type, names: [String], layers: [StepLayer], offsets: [Int],
        selection: SelectionAccessor, initialNode: InitialNodeStorage
    ) {
        self.nodeType = nodeType
        self.initialNode = initialNode
        self.names = names
        self.layers = layers
        self.selection = selection
        matcher = KeyMatcher(names)
        childOffsets = .allocate(capacity: offsets.count)
        _ = childOffsets.initialize(from: offsets)
    }

    /// The index of the child whose key has the UTF-8 bytes `segment`.
    /// - Complexity: O(*n*) word comparisons for *n* ≤ 8 children, else one hash look-up.
    @inlinable @inline(__always)
    final func childIndex(named segment: SegmentBytes) -> Int? { matcher.index(of: segment) }

    // Only a table that lost the race to be interned is ever freed.
    deinit {
        matcher.release()
        childOffsets.deallocate()
    }

    /// Every table made, by node type.
    fileprivate static let interned = Locked<[ObjectIdentifier: StepTableShape]>([:])
}

/// Where a child is selected: its index, its layer and its key.
@usableFromInline
struct StepSlot<Key> {
    /// The child's declaration index.
    @usableFromInline let index: Int
    @usableFromInline let layer: StepLayer
    @usableFromInline let key: Key

    @inlinable
    init(index: Int, layer: StepLayer, key: Key) {
        self.index = index
        self.layer = layer
        self.key = key
    }
}

/// Key paths to a node's stored step properties.
///
/// `@unchecked Sendable`: key paths to stored properties capture no state and are immutable.
struct KeyPathIndex: @unchecked Sendable {
    let map: [AnyKeyPath: Int]
}

/// One declared child of a ``StepsCollection``: key, kind and the property that holds it.
public struct StepChild<Node: StepsCollection>: Sendable {
    @usableFromInline let key: Node.Key
    @usableFromInline let name: String
    @usableFromInline let kind: StepKind
    @usableFromInline let accessor: StepAccessor
    /// Whether a gesture may dismiss the step when it is presented.
    @usableFromInline let userDismissible: Bool

    // Inlinable, like the factories below, so that the accessor's closures are compiled where
    // the table is declared, for the concrete node and value types: unspecialized, every call
    // would look up generic type metadata.
    @inlinable
    init<Value: StepValue>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<Value>> & Sendable, kind: StepKind,
        userDismissible: Bool = true
    ) {
        self.key = key
        self.name = key.rawValue
        self.kind = kind
        self.accessor = StepAccessor.make(keyPath)
        self.userDismissible = userDismissible
    }

    /// A tab: stays mounted and keeps its own navigation stack.
    @inlinable
    public static func tab<Value>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<Value>> & Sendable
    ) -> Self {
        Self(key, keyPath, kind: .tab)
    }

    /// An inline step: the parent's content in place (a variant, a root switch).
    @inlinable
    public static func inline<Value>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<Value>> & Sendable
    ) -> Self {
        Self(key, keyPath, kind: .inline)
    }

    /// A pushed step.
    @inlinable
    public static func push<Value>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<Value>> & Sendable
    ) -> Self {
        Self(key, keyPath, kind: .push)
    }

    /// A modally presented step.
    /// - Parameters:
    ///   - key: The step's key.
    ///   - keyPath: Its property.
    ///   - style: How it is presented.
    ///   - userDismissible: Whether a gesture (a sheet swiped away) may dismiss it; `false` for
    ///     a recording in progress or a required login: ``Navigator/userDidRemove(path:transaction:)`` and
    ///     the bindings refuse to remove it, and the adapters disable the gesture.
    @inlinable
    public static func present<Value>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<Value>> & Sendable,
        style: PresentationStyle = .sheet, userDismissible: Bool = true
    ) -> Self {
        Self(key, keyPath, kind: .present(style), userDismissible: userDismissible)
    }

    /// A stack of elements, each pushed above the previous one.
    @inlinable
    public static func stack<Element: StepsCollection>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<StepStack<Element>>> & Sendable
    ) -> Self {
        Self(key, keyPath, kind: .stack)
    }

    /// A stack of destinations, each pushed above the previous one (`NavigationStack(path:)`).
    @inlinable
    public static func stack<Element: StepDestination>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<StepStack<Element>>> & Sendable
    ) -> Self {
        Self(key, keyPath, kind: .stack)
    }
}

/// Reads and edits one child step of a node without knowing the node's or the child's type.
///
/// The closures are made where the table is declared, for the concrete node and value types;
/// each is given the ``CollectionStorage`` of the node that declares the child.
///
/// `@unchecked Sendable`: every property is immutable; the key path names a stored property and
/// captures nothing, and the closures capture only that key path and the child's lock-protected
/// ``InitialStep``.
@usableFromInline
final class StepAccessor: @unchecked Sendable {
    /// The key path to the child's property.
    let anyKeyPath: AnyKeyPath
    /// The byte offset of the stored property, if the key path names one.
    let offset: Int?
    /// The child step, read without writing, through its key path: for a child whose property
    /// has no byte offset (a computed one); `readAt` reads the others.
    @usableFromInline let read: (StepNodeStorage) -> StepReference
    /// Puts the child back in its initial state: the value a new node has there.
    @usableFromInline let reset: (StepNodeStorage) -> Void
    /// Whether the child can hold a value.
    let accepts: (any StepValue) -> Bool
    /// Renews the child with a value (which it accepts), or with none.
    let renew: (StepNodeStorage, (any StepValue)?) -> Void
    /// The child step of the node at a pointer (to a `Node`), read through its key path: `read`
    /// for a node that is not in a box.
    @usableFromInline let readInPlace: (UnsafeRawPointer) -> StepReference
    /// The child's box in the node at a pointer, made unique first, for an edit that changes it
    /// in place; through the key path (`uniqueBox(at:)` reaches the others, by offset).
    @usableFromInline let unique: (UnsafeMutableRawPointer) -> StepNodeStorage
    /// `read` for a child stored at a known byte offset, given by the caller: a closure that
    /// captures nothing, so calling it costs no reference counting.
    let readAt: (StepNodeStorage, Int) -> StepNodeStorage
    /// Puts the child of the node at a pointer (to a `Node`) back in its initial state: the
    /// typed fast path's `reset`, for a node that is not in a box.
    @usableFromInline let resetInPlace: (UnsafeMutableRawPointer) -> Void

    @usableFromInline
    init(
        anyKeyPath: AnyKeyPath, offset: Int?,
        read: @escaping (StepNodeStorage) -> StepReference,
        reset: @escaping (StepNodeStorage) -> Void,
        accepts: @escaping (any StepValue) -> Bool,
        renew: @escaping (StepNodeStorage, (any StepValue)?) -> Void,
        readInPlace: @escaping (UnsafeRawPointer) -> StepReference,
        unique: @escaping (UnsafeMutableRawPointer) -> StepNodeStorage,
        readAt: @escaping (StepNodeStorage, Int) -> StepNodeStorage,
        resetInPlace: @escaping (UnsafeMutableRawPointer) -> Void
    ) {
        self.anyKeyPath = anyKeyPath
        self.offset = offset
        self.resetInPlace = resetInPlace
        self.read = read
        self.reset = reset
        self.accepts = accepts
        self.renew = renew
        self.readInPlace = readInPlace
        self.unique = unique
        self.readAt = readAt
    }

    /// The accessor of the child stored at `keyPath`.
    @inlinable
    static func make<Node: StepsCollection, Value: StepValue>(
        _ keyPath: WritableKeyPath<Node, Step<Value>>
    ) -> StepAccessor {
        // The initial value of the child, made on first use (a new node has it there) and
        // shared by every reset: a copy-on-write step, so sharing it costs one retain.
        let initial = InitialStep<Node, Value>(keyPath)
        let offset = MemoryLayout<Node>.offset(of: keyPath)
        // The child step in the node at `node`, reached by its offset when the key path names a
        // stored property (all but computed ones): no key path is applied at run time. Only for
        // edits, which run on a unique box.
        func withStep<Result>(
            in node: UnsafeMutablePointer<Node>, _ body: (inout Step<Value>) -> Result
        ) -> Result {
            guard let offset else { return body(&node.pointee[keyPath: keyPath]) }
            let step = (UnsafeMutableRawPointer(node) + offset).assumingMemoryBound(
                to: Step<Value>.self)
            return body(&step.pointee)
        }
        func withStep<Result>(
            in storage: StepNodeStorage, _ body: (inout Step<Value>) -> Result
        ) -> Result {
            withUnsafeMutablePointer(to: &CollectionStorage<Node>.of(storage).value) {
                withStep(in: $0, body)
            }
        }
        return StepAccessor(
            anyKeyPath: keyPath, offset: offset,
            read: { storage in
                StepReference(
                    storage: CollectionStorage<Node>.of(storage).value[keyPath: keyPath].box)
            },
            reset: { storage in withStep(in: storage) { $0 = initial.step } },
            accepts: { $0 is Value },
            renew: { storage, value in withStep(in: storage) { $0.renew(with: value as? Value) } },
            readInPlace: { node in
                StepReference(
                    storage: node.assumingMemoryBound(to: Node.self).pointee[
                        keyPath: keyPath
                    ].box)
            },
            unique: { node in
                node.assumingMemoryBound(to: Node.self).pointee[keyPath: keyPath].uniqueStorage()
            },
            readAt: { storage, offset in
                childBox(of: CollectionStorage<Node>.of(storage).value, at: offset)
            },
            resetInPlace: { node in
                withStep(in: node.assumingMemoryBound(to: Node.self)) { $0 = initial.step }
            })
    }
}

/// Reads and writes the selection of a node without knowing its type, and boxes a node; like
/// ``StepAccessor``, its closures are compiled where the table is declared.
///
/// The edits take the node at a pointer and its table, so that the same code edits a node in
/// its box and the root of an edit in place, where the caller holds it: a root needs no box.
///
/// `@unchecked Sendable`: the closures capture nothing.
@usableFromInline
final class SelectionAccessor: @unchecked Sendable {
    /// The index of the child the node selects in a layer.
    let read: (StepNodeStorage, StepLayer) -> Int?
    /// Stores a child index (or nothing) as the selection of a layer.
    let write: (StepNodeStorage, Int?, StepLayer) -> Void
    /// How the engine boxes a `Node` it knows only at run time.
    let boxing: NodeBoxing
    /// The index of the child a path segment names (`nil` when it names none), and that
    /// child's box: a path's look-up at one level, in one call.
    let resolve: (StepNodeStorage, SegmentBytes) -> ResolvedChild?
    /// Selects a child in its layer, putting a pushed or presented child it replaces back in
    /// its initial state: the index selected before.
    let select: (StepNodeStorage, Int) -> Int?
    /// Clears a layer; a pushed or presented child goes back to its initial state: the index
    /// cleared.
    let clear: (StepNodeStorage, StepLayer) -> Int?
    /// `clear` for every layer above one, in one call.
    let clearAbove: (StepNodeStorage, StepLayer) -> Void
    /// The box of a child, made unique first: an edit changes it in place.
    let uniqueChild: (StepNodeStorage, Int) -> StepNodeStorage
    /// `select`, then (when asked, for a show) `clearAbove` the child's layer, then
    /// `uniqueChild`: one level of a selecting edit that goes on below, in one call.
    let descend: (StepNodeStorage, Int, Bool) -> (Int?, Unmanaged<StepNodeStorage>)
    /// `resolve` and `descend` for the node at a pointer, given its table: the root of an
    /// edit, held in place.
    let resolveInPlace: (UnsafeRawPointer, StepTableShape, SegmentBytes) -> ResolvedChild?
    let descendInPlace:
        (UnsafeMutableRawPointer, StepTableShape, Int, Bool) -> (Int?, Unmanaged<StepNodeStorage>)
    /// The indices of the children whose keys the node value at a pointer stores in its
    /// content, push and modal layers, found in the node type's table contents (given, to
    /// spare a look-up of the table): for renewal fingerprints, which hash a selection as it is
    /// stored.
    let storedIndices: (UnsafeRawPointer, StepTableShape) -> (Int?, Int?, Int?)

    @usableFromInline
    init(
        read: @escaping (StepNodeStorage, StepLayer) -> Int?,
        write: @escaping (StepNodeStorage, Int?, StepLayer) -> Void,
        boxing: NodeBoxing,
        resolve: @escaping (StepNodeStorage, SegmentBytes) -> ResolvedChild?,
        select: @escaping (StepNodeStorage, Int) -> Int?,
        clear: @escaping (StepNodeStorage, StepLayer) -> Int?,
        clearAbove: @escaping (StepNodeStorage, StepLayer) -> Void,
        uniqueChild: @escaping (StepNodeStorage, Int) -> StepNodeStorage,
        descend: @escaping (StepNodeStorage, Int, Bool) -> (Int?, Unmanaged<StepNodeStorage>),
        resolveInPlace:
            @escaping (UnsafeRawPointer, StepTableShape, SegmentBytes) ->
            ResolvedChild?,
        descendInPlace:
            @escaping (UnsafeMutableRawPointer, StepTableShape, Int, Bool) -> (
                Int?, Unmanaged<StepNodeStorage>
            ),
        storedIndices: @escaping (UnsafeRawPointer, StepTableShape) -> (Int?, Int?, Int?)
    ) {
        self.read = read
        self.write = write
        self.boxing = boxing
        self.resolve = resolve
        self.select = select
        self.clear = clear
        self.clearAbove = clearAbove
        self.uniqueChild = uniqueChild
        self.descend = descend
        self.resolveInPlace = resolveInPlace
        self.descendInPlace = descendInPlace
        self.storedIndices = storedIndices
    }

    /// The child that `segment` names in a node of `contents`, and its box,
    /// which `childAt` reads by byte offset (a computed child's through `computed`).
    @inlinable @inline(__always)
    static func resolve(
        _ segment: SegmentBytes, _ contents: StepTableShape,
        childAt: (Int) -> Unmanaged<StepNodeStorage>, computed: (Int) -> StepNodeStorage
    ) -> ResolvedChild? {
        guard let index = contents.childIndex(named: segment) else { return nil }
        let offset = contents.childOffsets[index]
        guard offset >= 0 else { return ResolvedChild(index: index, computed: computed(index)) }
        return ResolvedChild(index: index, box: childAt(offset))
    }

    /// Selects child `index` of the node at `node` in its layer; see `select`.
    @inlinable @inline(__always)
    static func select<Node: StepsCollection>(
        _ index: Int, in node: UnsafeMutablePointer<Node>, _ contents: StepTable<Node>.Contents
    ) -> Int? {
        let layer = contents.layers[index]
        let key = contents.keyList[index]
        guard let oldKey = node.pointee.selected[layer] else {
            node.pointee.selected[layer] = key
            return nil
        }
        guard oldKey != key else { return index }
        return replace(oldKey, with: key, in: layer, of: node, contents)
    }

    /// Clears `layer` of the node at `node`; see `clear`.
    @inlinable @inline(__always)
    static func clear<Node: StepsCollection>(
        _ layer: StepLayer, in node: UnsafeMutablePointer<Node>,
        _ contents: StepTable<Node>.Contents
    ) -> Int? {
        guard let key = node.pointee.selected[layer] else { return nil }
        return replace(key, with: nil, in: layer, of: node, contents)
    }

    /// Stores `key` (`nil`: nothing) in `layer` of the node at `node` in place of `oldKey`.
    ///
    /// A pushed or presented child that `oldKey` selected goes back to its initial state: what
    /// `select` and `clear` do once they know a key is replaced. Returns `oldKey`'s index.
    @inlinable @inline(__always)
    static func replace<Node: StepsCollection>(
        _ oldKey: Node.Key, with key: Node.Key?, in layer: StepLayer,
        of node: UnsafeMutablePointer<Node>, _ contents: StepTable<Node>.Contents
    ) -> Int? {
        node.pointee.selected[layer] = key
        let old = contents.index(of: oldKey, in: layer)
        if let old, layer != .content { contents.accessors[old].resetInPlace(node) }
        return old
    }

    /// Selects child `index` of the node at `node`, clears the layers above its own if asked,
    /// and returns its box made unique; see `descend`.
    @inlinable @inline(__always)
    static func descend<Node: StepsCollection>(
        to index: Int, in node: UnsafeMutablePointer<Node>, _ contents: StepTable<Node>.Contents,
        clearingAbove: Bool
    ) -> (Int?, Unmanaged<StepNodeStorage>) {
        let old = select(index, in: node, contents)
        if clearingAbove { clear(above: contents.layers[index], in: node, contents) }
        return (old, uniqueChild(index, in: node, contents))
    }

    /// Clears every layer above `layer` of the node at `node`; see `clearAbove`.
    @inlinable @inline(__always)
    static func clear<Node: StepsCollection>(
        above layer: StepLayer, in node: UnsafeMutablePointer<Node>,
        _ contents: StepTable<Node>.Contents
    ) {
        // The layers above, bottom first, as `StepLayer.above` lists them.
        if layer < .push { _ = clear(.push, in: node, contents) }
        if layer < .modal { _ = clear(.modal, in: node, contents) }
    }

    /// The box of child `index` of the node at `node`, made unique first; see `uniqueChild`.
    ///
    /// Unretained: the node holds it (a computed child's setter stores it back).
    @inlinable @inline(__always)
    static func uniqueChild<Node: StepsCollection>(
        _ index: Int, in node: UnsafeMutablePointer<Node>, _ contents: StepTable<Node>.Contents
    ) -> Unmanaged<StepNodeStorage> {
        let offset = contents.childOffsets[index]
        guard offset >= 0 else { return .passUnretained(contents.accessors[index].unique(node)) }
        return uniqueBox(at: UnsafeMutableRawPointer(node) + offset)
    }

    @inlinable
    static func make<Node: StepsCollection>(for type: Node.Type) -> SelectionAccessor {
        typealias Contents = StepTable<Node>.Contents
        /// Runs `body` on the node in `storage`, a unique box being edited, and its table.
        func editing<Result>(
            _ storage: StepNodeStorage,
            _ body: (UnsafeMutablePointer<Node>, Contents) -> Result
        ) -> Result {
            let box = CollectionStorage<Node>.of(storage)
            let contents = box.table.contents
            return withUnsafeMutablePointer(to: &box.value) { body($0, contents) }
        }
        return SelectionAccessor(
            read: { storage, layer in
                let box = CollectionStorage<Node>.of(storage)
                guard let key = box.value.selected[layer] else { return nil }
                return box.table.contents.index(of: key, in: layer)
            },
            write: { storage, index, layer in
                let box = CollectionStorage<Node>.of(storage)
                box.value.selected[layer] = index.map { box.table.contents.keyList[$0] }
            },
            boxing: .of(Node.self, in: CollectionStorage<Node>.self) { CollectionStorage($0) },
            resolve: { storage, segment in
                // A box being read may be shared between threads: read through the borrowed
                // value, never a modifying access.
                let box = CollectionStorage<Node>.of(storage)
                return resolve(
                    segment, box.table.contents,
                    childAt: { childBoxUnretained(of: box.value, at: $0) },
                    computed: { box.table.contents.accessors[$0].read(box).storage })
            },
            select: { storage, index in editing(storage) { select(index, in: $0, $1) } },
            clear: { storage, layer in editing(storage) { clear(layer, in: $0, $1) } },
            clearAbove: { storage, layer in editing(storage) { clear(above: layer, in: $0, $1) } },
            uniqueChild: { storage, index in
                editing(storage) { uniqueChild(index, in: $0, $1) }.takeUnretainedValue()
            },
            descend: { storage, index, clearsAbove in
                editing(storage) { descend(to: index, in: $0, $1, clearingAbove: clearsAbove) }
            },
            resolveInPlace: { pointer, shape, segment in
                let contents = unsafeDowncast(shape, to: Contents.self)
                return resolve(
                    segment, contents,
                    childAt: {
                        pointer.load(fromByteOffset: $0, as: Unmanaged<StepNodeStorage>.self)
                    },
                    computed: { contents.accessors[$0].readInPlace(pointer).storage })
            },
            descendInPlace: { pointer, shape, index, clearsAbove in
                descend(
                    to: index, in: pointer.assumingMemoryBound(to: Node.self),
                    unsafeDowncast(shape, to: Contents.self), clearingAbove: clearsAbove)
            },
            storedIndices: { node, shape in
                let keys = unsafeDowncast(shape, to: StepTable<Node>.Contents.self).keyList
                let selected = node.assumingMemoryBound(to: Node.self).pointee.selected
                func index(_ key: Node.Key?) -> Int? {
                    guard let key else { return nil }
                    return keys.firstIndex(of: key)
                }
                return (index(selected.content), index(selected.push), index(selected.modal))
            })
    }
}

/// The step a new `Node` holds at one key path, made once on first use.
///
/// `@unchecked Sendable`: the step is written once, under the lock, and only read after.
@usableFromInline
final class InitialStep<Node: StepsCollection, Value: StepValue>: @unchecked Sendable {
    @usableFromInline let keyPath: WritableKeyPath<Node, Step<Value>>
    @usableFromInline let lock = NSLock()
    @usableFromInline var made: Step<Value>?

    @usableFromInline
    init(_ keyPath: WritableKeyPath<Node, Step<Value>>) {
        self.keyPath = keyPath
    }

    /// The child's initial step.
    @usableFromInline
    var step: Step<Value> {
        lock.lock()
        let known = made
        lock.unlock()
        if let known { return known }
        // Made outside the lock, so that a node whose `init()` resets a child of its own type
        // cannot deadlock; two threads may both make it, and the first one stored wins.
        let step = Node()[keyPath: keyPath]
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        made = step
        return step
    }
}

/// The box of the child stored at byte `offset` of `node`, read from a borrowed value.
///
/// A box being read may be shared between threads, so a child is never reached through a
/// modifying access. A `Step` is laid out as the reference to its box, so the child's value type
/// is not needed.
@inlinable @inline(__always)
func childBox<Node>(of node: Node, at offset: Int) -> StepNodeStorage {
    childBoxUnretained(of: node, at: offset).takeUnretainedValue()
}

/// The box of the `Step` in memory at `step`, made unique first (a shared box is copied, as
/// `Step.makeUnique()` copies it): an edit that knows where a child is stored, but not its value
/// type, changes it in place.
///
/// A `Step` is laid out as the reference to its box, so the memory is viewed as one while the
/// box is checked.
///
/// Unretained: the step holds the box.
@usableFromInline
func uniqueBox(at step: UnsafeMutableRawPointer) -> Unmanaged<StepNodeStorage> {
    step.withMemoryRebound(to: StepNodeStorage.self, capacity: 1) { box in
        if !isKnownUniquelyReferenced(&box.pointee) { box.pointee = box.pointee.copyNode() }
    }
    return step.load(as: Unmanaged<StepNodeStorage>.self)
}

/// `childBox(of:at:)`, unretained: `node` holds the box.
@inlinable @inline(__always)
func childBoxUnretained<Node>(of node: Node, at offset: Int) -> Unmanaged<StepNodeStorage> {
    withUnsafePointer(to: node) {
        UnsafeRawPointer($0).load(fromByteOffset: offset, as: Unmanaged<StepNodeStorage>.self)
    }
}

/// The child a path segment names, found by one level of a path's look-up: its index and its
/// box, unretained, as the node holds it.
///
/// A computed child's getter may make its step afresh, so that nothing else holds its box: the
/// box then comes retained too, in `computed`, for the caller to keep while it uses `box`.
@usableFromInline
struct ResolvedChild {
    @usableFromInline let index: Int
    @usableFromInline let box: Unmanaged<StepNodeStorage>
    @usableFromInline let computed: StepNodeStorage?

    @inlinable
    init(index: Int, box: Unmanaged<StepNodeStorage>) {
        self.index = index
        self.box = box
        self.computed = nil
    }

    @inlinable
    init(index: Int, computed: StepNodeStorage) {
        self.index = index
        self.box = .passUnretained(computed)
        self.computed = computed
    }
}
