import Foundation

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
