import Foundation

/// Reads and writes the selection of a node without knowing its type, and boxes a node; its
/// closures are compiled where the table is declared.
///
/// The edits take the node at an address and its table, so that the same code edits a node in
/// its box and the root of an edit in place, where the caller holds it: a root needs no box.
///
/// A table of closures rather than methods a generic subclass overrides, as ``StepAccessor``
/// is: an override in a generic class is compiled once, unspecialized, so every call would look
/// up the node type's metadata and copy nodes through its value witnesses. Measured: these edits
/// as overrides took select.path from 3,705 to 16,452 instructions, and the read of a child box
/// alone, as an override, took observe.none from 41,955 to 44,752 (+6.7%).
///
/// The closures capture nothing, which makes them `@Sendable`.
@usableFromInline
final class SelectionAccessor: Sendable {
    /// The index of the child the node selects in a layer.
    let read: @Sendable (StepNodeStorage, StepLayer) -> Int?
    /// Stores a child index (or nothing) as the selection of a layer.
    let write: @Sendable (StepNodeStorage, Int?, StepLayer) -> Void
    /// How the engine boxes a `Node` it knows only at run time.
    let boxing: NodeBoxing
    /// The index of the child a path segment names (`nil` when it names none), and that
    /// child's box: a path's look-up at one level, in one call.
    let resolve: @Sendable (StepNodeStorage, SegmentBytes) -> ResolvedChild?
    /// Selects a child in its layer, putting a pushed or presented child it replaces back in
    /// its initial state: the index selected before.
    let select: @Sendable (StepNodeStorage, Int) -> Int?
    /// Clears a layer; a pushed or presented child goes back to its initial state: the index
    /// cleared.
    let clear: @Sendable (StepNodeStorage, StepLayer) -> Int?
    /// `clear` for every layer above one, in one call.
    let clearAbove: @Sendable (StepNodeStorage, StepLayer) -> Void
    /// The box of a child, made unique first: an edit changes it in place.
    let uniqueChild: @Sendable (StepNodeStorage, Int) -> StepNodeStorage
    /// The box of the child stored at a known byte offset, read without writing: a closure
    /// that captures nothing, so calling it costs no reference counting, and compiled for the
    /// node type, so that the node is not copied to be read.
    let childAt: @Sendable (StepNodeStorage, Int) -> StepNodeStorage
    /// `select`, then (when asked, for a show) `clearAbove` the child's layer, then
    /// `uniqueChild`: one level of a selecting edit that goes on below, in one call.
    let descend: @Sendable (StepNodeStorage, Int, Bool) -> (Int?, Unretained<StepNodeStorage>)
    /// `resolve` and `descend` for the node at an address, given its table: the root of an
    /// edit, held in place.
    let resolveInPlace: @Sendable (ValueAddress, StepTableShape, SegmentBytes) -> ResolvedChild?
    let descendInPlace:
        @Sendable (MutableValueAddress, StepTableShape, Int, Bool) -> (
            Int?, Unretained<StepNodeStorage>
        )
    /// The indices of the children whose keys the node value at an address stores in its
    /// content, push and modal layers, found in the node type's table contents (given, to
    /// spare a look-up of the table): for renewal fingerprints, which hash a selection as it is
    /// stored.
    let storedIndices: @Sendable (ValueAddress, StepTableShape) -> (Int?, Int?, Int?)
    /// `StepNodeStorage.copyNode(descendingTo:)` on a node's box: a pure node's value copied as
    /// its bytes, with the step at a byte offset given a copy of its box.
    let copyDescending: @Sendable (StepNodeStorage, Int) -> StepNodeStorage

    @usableFromInline
    init(
        read: @escaping @Sendable (StepNodeStorage, StepLayer) -> Int?,
        write: @escaping @Sendable (StepNodeStorage, Int?, StepLayer) -> Void,
        boxing: NodeBoxing,
        resolve: @escaping @Sendable (StepNodeStorage, SegmentBytes) -> ResolvedChild?,
        select: @escaping @Sendable (StepNodeStorage, Int) -> Int?,
        clear: @escaping @Sendable (StepNodeStorage, StepLayer) -> Int?,
        clearAbove: @escaping @Sendable (StepNodeStorage, StepLayer) -> Void,
        uniqueChild: @escaping @Sendable (StepNodeStorage, Int) -> StepNodeStorage,
        childAt: @escaping @Sendable (StepNodeStorage, Int) -> StepNodeStorage,
        descend:
            @escaping @Sendable (StepNodeStorage, Int, Bool) -> (
                Int?, Unretained<StepNodeStorage>
            ),
        resolveInPlace:
            @escaping @Sendable (ValueAddress, StepTableShape, SegmentBytes) -> ResolvedChild?,
        descendInPlace:
            @escaping @Sendable (MutableValueAddress, StepTableShape, Int, Bool) -> (
                Int?, Unretained<StepNodeStorage>
            ),
        storedIndices: @escaping @Sendable (ValueAddress, StepTableShape) -> (Int?, Int?, Int?),
        copyDescending: @escaping @Sendable (StepNodeStorage, Int) -> StepNodeStorage
    ) {
        self.read = read
        self.write = write
        self.boxing = boxing
        self.resolve = resolve
        self.select = select
        self.clear = clear
        self.clearAbove = clearAbove
        self.uniqueChild = uniqueChild
        self.childAt = childAt
        self.descend = descend
        self.resolveInPlace = resolveInPlace
        self.descendInPlace = descendInPlace
        self.storedIndices = storedIndices
        self.copyDescending = copyDescending
    }

    /// The child that `segment` names in a node of `contents`, and its box,
    /// which `childAt` reads by byte offset (a computed child's through `computed`).
    @_alwaysEmitIntoClient @inline(__always)
    static func resolve(
        _ segment: SegmentBytes, _ contents: StepTableShape,
        childAt: (Int) -> Unretained<StepNodeStorage>, computed: (Int) -> StepNodeStorage
    ) -> ResolvedChild? {
        guard let index = contents.childIndex(named: segment) else { return nil }
        let offset = contents.childOffsets[index]
        guard offset >= 0 else { return ResolvedChild(index: index, computed: computed(index)) }
        return ResolvedChild(index: index, box: childAt(offset))
    }

    /// Selects child `index` of the node at `node` in its layer; see `select`.
    @_alwaysEmitIntoClient @inline(__always)
    static func select<Node: StepsCollection>(
        _ index: Int, in node: MutableValueAddress, _ contents: StepTable<Node>.Contents
    ) -> Int? {
        let layer = contents.layers[index]
        let key = contents.keyList[index]
        guard let oldKey = node[as: Node.self].selected[layer] else {
            node[as: Node.self].selected[layer] = key
            return nil
        }
        guard oldKey != key else { return index }
        return replace(oldKey, with: key, in: layer, of: node, contents)
    }

    /// Clears `layer` of the node at `node`; see `clear`.
    @_alwaysEmitIntoClient @inline(__always)
    static func clear<Node: StepsCollection>(
        _ layer: StepLayer, in node: MutableValueAddress,
        _ contents: StepTable<Node>.Contents
    ) -> Int? {
        guard let key = node[as: Node.self].selected[layer] else { return nil }
        return replace(key, with: nil, in: layer, of: node, contents)
    }

    /// Stores `key` (`nil`: nothing) in `layer` of the node at `node` in place of `oldKey`.
    ///
    /// A pushed or presented child that `oldKey` selected goes back to its initial state: what
    /// `select` and `clear` do once they know a key is replaced. Returns `oldKey`'s index.
    @_alwaysEmitIntoClient @inline(__always)
    static func replace<Node: StepsCollection>(
        _ oldKey: Node.Key, with key: Node.Key?, in layer: StepLayer,
        of node: MutableValueAddress, _ contents: StepTable<Node>.Contents
    ) -> Int? {
        node[as: Node.self].selected[layer] = key
        let old = contents.index(of: oldKey, in: layer)
        if let old, layer != .content { contents.accessors[old].reset(at: node) }
        return old
    }

    /// Selects child `index` of the node at `node`, clears the layers above its own if asked,
    /// and returns its box made unique; see `descend`.
    @_alwaysEmitIntoClient @inline(__always)
    static func descend<Node: StepsCollection>(
        to index: Int, in node: MutableValueAddress, _ contents: StepTable<Node>.Contents,
        clearingAbove: Bool
    ) -> (Int?, Unretained<StepNodeStorage>) {
        let old = select(index, in: node, contents)
        if clearingAbove { clear(above: contents.layers[index], in: node, contents) }
        return (old, uniqueChild(index, in: node, contents))
    }

    /// Clears every layer above `layer` of the node at `node`; see `clearAbove`.
    @_alwaysEmitIntoClient @inline(__always)
    static func clear<Node: StepsCollection>(
        above layer: StepLayer, in node: MutableValueAddress,
        _ contents: StepTable<Node>.Contents
    ) {
        // The layers above, bottom first, as `StepLayer.above` lists them.
        if layer < .push { _ = clear(.push, in: node, contents) }
        if layer < .modal { _ = clear(.modal, in: node, contents) }
    }

    /// The box of child `index` of the node at `node`, made unique first; see `uniqueChild`.
    ///
    /// Unretained: the node holds it (a computed child's setter stores it back).
    @_alwaysEmitIntoClient @inline(__always)
    static func uniqueChild<Node: StepsCollection>(
        _ index: Int, in node: MutableValueAddress, _ contents: StepTable<Node>.Contents
    ) -> Unretained<StepNodeStorage> {
        let offset = contents.childOffsets[index]
        guard offset >= 0 else {
            return Unretained(contents.accessors[index].uniqueStorage(at: node))
        }
        return node.uniqueBox(at: offset)
    }

    @_alwaysEmitIntoClient
    static func make<Node: StepsCollection>(for type: Node.Type) -> SelectionAccessor {
        typealias Contents = StepTable<Node>.Contents
        /// Runs `body` on the node in `storage`, a unique box being edited, and its table.
        @Sendable func editing<Result>(
            _ storage: StepNodeStorage,
            _ body: (MutableValueAddress, Contents) -> Result
        ) -> Result {
            let box = CollectionStorage<Node>.of(storage)
            return StepMemory.withMutableAddress(of: &box.value) { node in
                box.withContents { body(node, $0) }
            }
        }
        return SelectionAccessor(
            read: { storage, layer in
                let box = CollectionStorage<Node>.of(storage)
                guard let key = box.value.selected[layer] else { return nil }
                return box.withContents { $0.index(of: key, in: layer) }
            },
            write: { storage, index, layer in
                let box = CollectionStorage<Node>.of(storage)
                box.value.selected[layer] = index.map { index in
                    box.withContents { $0.keyList[index] }
                }
            },
            boxing: .of(Node.self, in: CollectionStorage<Node>.self) { CollectionStorage($0) },
            resolve: { storage, segment in
                // A box being read may be shared between threads: read through the borrowed
                // value, never a modifying access.
                let box = CollectionStorage<Node>.of(storage)
                return box.withContents { contents in
                    resolve(
                        segment, contents,
                        childAt: { StepMemory.childBoxUnretained(of: box.value, at: $0) },
                        computed: { index in
                            StepMemory.withAddress(of: box.value) {
                                contents.accessors[index].read(at: $0).storage
                            }
                        })
                }
            },
            select: { storage, index in editing(storage) { select(index, in: $0, $1) } },
            clear: { storage, layer in editing(storage) { clear(layer, in: $0, $1) } },
            clearAbove: { storage, layer in editing(storage) { clear(above: layer, in: $0, $1) } },
            uniqueChild: { storage, index in
                editing(storage) { uniqueChild(index, in: $0, $1) }.object
            },
            childAt: { storage, offset in
                StepMemory.childBox(of: CollectionStorage<Node>.of(storage).value, at: offset)
            },
            descend: { storage, index, clearsAbove in
                editing(storage) { descend(to: index, in: $0, $1, clearingAbove: clearsAbove) }
            },
            resolveInPlace: { node, shape, segment in
                let contents = shape.uncheckedCast(to: Contents.self)
                return resolve(
                    segment, contents,
                    childAt: { node.box(at: $0) },
                    computed: { contents.accessors[$0].read(at: node).storage })
            },
            descendInPlace: { node, shape, index, clearsAbove in
                descend(
                    to: index, in: node, shape.uncheckedCast(to: Contents.self),
                    clearingAbove: clearsAbove)
            },
            storedIndices: { node, shape in
                let keys = shape.uncheckedCast(to: Contents.self).keyList
                let selected = node[as: Node.self].selected
                func index(_ key: Node.Key?) -> Int? {
                    guard let key else { return nil }
                    return keys.firstIndex(of: key)
                }
                return (index(selected.content), index(selected.push), index(selected.modal))
            },
            copyDescending: { storage, offset in
                let box = CollectionStorage<Node>.of(storage)
                guard box.withContents({ $0.copiesBitwise }) else { return box.copyNode() }
                let copy = CollectionStorage(copying: box, descendingTo: offset)
                // Set here, as `copyNode()` sets it: in the initializer, it cost two
                // reference-count operations on the new box.
                copy.renewalHistory = box.renewalHistory
                return copy
            })
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
    @usableFromInline let box: Unretained<StepNodeStorage>
    @usableFromInline let computed: StepNodeStorage?

    @_alwaysEmitIntoClient
    init(index: Int, box: Unretained<StepNodeStorage>) {
        self.index = index
        self.box = box
        self.computed = nil
    }

    /// Child `index`, whose box `box` the node holds.
    @_alwaysEmitIntoClient
    init(index: Int, heldBox box: StepNodeStorage) {
        self.init(index: index, box: Unretained(box))
    }

    @_alwaysEmitIntoClient
    init(index: Int, computed: StepNodeStorage) {
        self.index = index
        self.box = Unretained(computed)
        self.computed = computed
    }
}
