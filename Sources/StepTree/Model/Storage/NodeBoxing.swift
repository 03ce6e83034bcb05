/// How the engine boxes a node whose type it knows only at run time: closures compiled for that
/// type (where its table is declared, for a ``StepsCollection``), so that no generic code runs
/// for it.
///
/// A class, so that handing it over costs one retain rather than one per closure.
@usableFromInline
final class NodeBoxing: Sendable {
    /// A box holding a copy of the node at an address.
    let copy: @Sendable (ValueAddress) -> StepNodeStorage
    /// A box holding the node at an address, moved out: the memory is left uninitialized.
    let move: @Sendable (MutableValueAddress) -> StepNodeStorage
    /// Initializes the memory at an address with a copy of the node in a box that `copy` or
    /// `move` made.
    let restore: @Sendable (StepNodeStorage, MutableValueAddress) -> Void

    @usableFromInline
    init(
        copy: @escaping @Sendable (ValueAddress) -> StepNodeStorage,
        move: @escaping @Sendable (MutableValueAddress) -> StepNodeStorage,
        restore: @escaping @Sendable (StepNodeStorage, MutableValueAddress) -> Void
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
            copy: { make($0[as: Node.self]) },
            move: { make($0.move(as: Node.self)) },
            restore: { box, node in node.initialize(to: box.uncheckedCast(to: Storage.self).value) }
        )
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
        return try StepMemory.withMutableAddress(of: &self) { node throws(Failure) in
            // The value lives in the box meanwhile; its memory here is refilled before return,
            // even when `body` throws.
            let box = boxing.move(node)
            defer { boxing.restore(box, node) }
            return try body(box)
        }
    }
}
