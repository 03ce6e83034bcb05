/// What every node type's table knows without its generic parameter: the type and the children's
/// names, for observer reports.
///
/// Tables are interned, one per node type, and never freed: a report holds an unretained
/// reference to the tables of the nodes it passed through (``TypedRoute``), which costs no
/// reference counting on the select path.
///
/// `Sendable` without checks (the promise is made at the end of `StepMemory.swift`): every stored
/// property is immutable (the subclass adds only `let`s).
@usableFromInline
class StepTableShape {
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
    /// Each child's byte offset in the node (-1 for a computed property).
    @usableFromInline let childOffsets: [Int]

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
        childOffsets = offsets
    }

    /// The index of the child whose key has the UTF-8 bytes `segment`.
    /// - Complexity: O(*n*) word comparisons for *n* ≤ 8 children, else one hash look-up.
    @_alwaysEmitIntoClient @inline(__always)
    final func childIndex(named segment: SegmentBytes) -> Int? { matcher.index(of: segment) }

    /// Every table made, by node type.
    static let interned = Locked<[ObjectIdentifier: StepTableShape]>([:])
}
