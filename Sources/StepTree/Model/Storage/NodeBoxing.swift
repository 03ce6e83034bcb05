/// How the engine boxes a node whose type it knows only at run time: closures compiled for that
/// type (where its table is declared, for a ``StepsCollection``), so that no generic code runs
/// for it.
///
/// A class, so that handing it over costs one retain rather than one per closure.
@usableFromInline
final class NodeBoxing: Sendable {
    /// A box holding a copy of the node at a pointer.
    let copy: @Sendable (UnsafeRawPointer) -> StepNodeStorage
    /// A box holding the node at a pointer, moved out: the memory is left uninitialized.
    let move: @Sendable (UnsafeMutableRawPointer) -> StepNodeStorage
    /// Initializes the memory at a pointer with a copy of the node in a box that `copy` or
    /// `move` made.
    let restore: @Sendable (StepNodeStorage, UnsafeMutableRawPointer) -> Void

    @usableFromInline
    init(
        copy: @escaping @Sendable (UnsafeRawPointer) -> StepNodeStorage,
        move: @escaping @Sendable (UnsafeMutableRawPointer) -> StepNodeStorage,
        restore: @escaping @Sendable (StepNodeStorage, UnsafeMutableRawPointer) -> Void
    ) {
        self.copy = copy
        self.move = move
        self.restore = restore
    }

    /// The boxing of nodes of type `Node`, whose boxes are `Storage`.
    @_alwaysEmitIntoClient
    static func of<Node: StepValue, Storage: StepStorage<Node>>(
        _ type: Node.Type, in storage: Storage.Type,
        making make: @escaping @Sendable (Node) -> Storage
    ) -> NodeBoxing {
        NodeBoxing(
            copy: { make($0.assumingMemoryBound(to: Node.self).pointee) },
            move: { make($0.assumingMemoryBound(to: Node.self).move()) },
            restore: { box, pointer in
                pointer.assumingMemoryBound(to: Node.self).initialize(
                    to: unsafeDowncast(box, to: Storage.self).value)
            })
    }
}

extension StepNode {
    /// Runs `body`, which may change it, on this value moved into a box of its own, then moves
    /// it back: the engine edits a tree through the boxes of its nodes, and the box holds the
    /// only reference to each child, so that the children are edited in place.
    mutating func withBox<Result, Failure: Error>(
        _ body: (StepNodeStorage) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard let boxing = StorageShape.of(Self.self).nodeBoxing else {
            let box = StepStorage.make(consume self)
            defer { self = box.value }
            return try body(box)
        }
        return try withUnsafeMutablePointer(to: &self) { node throws(Failure) in
            // The value lives in the box meanwhile; its memory here is refilled before return,
            // even when `body` throws.
            let box = boxing.move(UnsafeMutableRawPointer(node))
            defer { boxing.restore(box, UnsafeMutableRawPointer(node)) }
            return try body(box)
        }
    }
}
