/// Reads and edits one child step of a node without knowing the node's or the child's type.
///
/// Every method takes the node by the address of its value (a `Node`, in its box or held in place
/// by an edit) and is overridden by ``ChildAccessor``, which knows both types. A child stored at
/// a byte offset is reached there; a computed one through its key path.
///
/// `Sendable` without checks (the promise is made at the end of `StepMemory.swift`): every
/// property is immutable, and a key path names a stored property and captures nothing.
@usableFromInline
class StepAccessor {
    /// The key path to the child's property.
    let anyKeyPath: AnyKeyPath
    /// The byte offset of the stored property, if the key path names one.
    let offset: Int?

    @usableFromInline
    init(anyKeyPath: AnyKeyPath, offset: Int?) {
        self.anyKeyPath = anyKeyPath
        self.offset = offset
    }

    /// The child step of the node at `node`, read without writing, through its key path: for a
    /// child whose property has no byte offset (a computed one); `StepMemory` reads the
    /// others.
    @usableFromInline
    func read(at node: ValueAddress) -> StepReference { overridden() }

    /// The child's box in the node at `node`, made unique first, for an edit that changes it
    /// in place; through the key path (`StepMemory.uniqueBox(at:)` reaches the others, by offset).
    @usableFromInline
    func uniqueStorage(at node: MutableValueAddress) -> StepNodeStorage { overridden() }

    /// Puts the child of the node at `node` back in its initial state: the value a new node has
    /// there.
    @usableFromInline
    func reset(at node: MutableValueAddress) { overridden() }

    /// Whether the child can hold `value`.
    func accepts(_ value: any StepValue) -> Bool { overridden() }

    /// Renews the child of the node at `node` with `value` (which it accepts), or with none.
    func renew(at node: MutableValueAddress, with value: (any StepValue)?) { overridden() }

    private func overridden() -> Never {
        preconditionFailure("StepAccessor: every method is overridden by ChildAccessor")
    }
}

/// The ``StepAccessor`` of a `Node`'s child step of `Value`s.
///
/// (`@unchecked Sendable` restated from ``StepAccessor``, as Swift requires.)
@usableFromInline
final class ChildAccessor<Node: StepsCollection, Value: StepValue>: StepAccessor,
    @unchecked Sendable
{
    let keyPath: WritableKeyPath<Node, Step<Value>>
    /// The initial value of the child, made on first use (a new node has it there) and shared
    /// by every reset: a copy-on-write step, so sharing it costs one retain.
    let initial = InitialStep<Value>()

    /// The accessor of the child stored at `keyPath`.
    @usableFromInline
    init(_ keyPath: WritableKeyPath<Node, Step<Value>>) {
        self.keyPath = keyPath
        super.init(anyKeyPath: keyPath, offset: StepMemory.offset(of: keyPath))
    }

    /// The child step in the node at `node`, for an edit, which runs on a unique box.
    ///
    /// Reached by its offset when the key path names a stored property (all but computed ones):
    /// no key path is applied at run time.
    private func withStep<Result>(
        at node: MutableValueAddress, _ body: (inout Step<Value>) -> Result
    ) -> Result {
        guard let offset else { return body(&node[as: Node.self][keyPath: keyPath]) }
        return body(&node[stepAt: offset, as: Value.self])
    }

    override func read(at node: ValueAddress) -> StepReference {
        StepReference(storage: node[as: Node.self][keyPath: keyPath].box)
    }

    override func uniqueStorage(at node: MutableValueAddress) -> StepNodeStorage {
        node[as: Node.self][keyPath: keyPath].uniqueStorage()
    }

    override func reset(at node: MutableValueAddress) {
        withStep(at: node) { $0.restart(as: initial.step { Node()[keyPath: keyPath] }) }
    }

    override func accepts(_ value: any StepValue) -> Bool { value is Value }

    override func renew(at node: MutableValueAddress, with value: (any StepValue)?) {
        withStep(at: node) { $0.renew(with: value as? Value) }
    }
}
