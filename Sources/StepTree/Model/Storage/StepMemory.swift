/// The one place where StepTree reads or writes a node's memory by byte offset.
///
/// (The fingerprints decide, from `MemoryLayout`, where a node's selection bytes are and
/// whether they may be compared as bits; the reads themselves are here.)
///
/// Everything else reaches a child through its table: an index, a key path, an overridden
/// method. What is here does without a key path or a node's value type, and each function says
/// what that saves.
///
/// The contract, which every caller keeps:
/// - A `Step<Value>` is laid out as one strong reference to its box, a ``StepNodeStorage``,
///   whatever `Value` is. An offset given here is one that `MemoryLayout<Node>.offset(of:)` gave
///   for a stored `Step` property of the node's type (the table's `childOffsets`); a computed
///   property has none (-1) and is never read here.
/// - A pointer points to an initialized node of that type, which the caller holds for the whole
///   call: a borrowed value, a box it keeps alive, or an `inout` access. A box returned
///   unretained is valid only as long as the node holds it, and never outlives that access.
/// - Reads never write, so they may run on a box that other threads read too; a function that
///   writes (`uniqueBox(at:)`, `step(at:in:)`) needs the node held for modification (a unique box
///   or an `inout` value).
@usableFromInline
enum StepMemory {
    /// The box of the step at byte `offset` of the node at `node`, unretained: `node` holds it.
    ///
    /// Saves a key path application and a retain and release per child read by the editor and
    /// the fingerprints.
    @_alwaysEmitIntoClient @inline(__always)
    static func box(in node: UnsafeRawPointer, at offset: Int) -> Unmanaged<StepNodeStorage> {
        node.load(fromByteOffset: offset, as: Unmanaged<StepNodeStorage>.self)
    }

    /// The word at byte `offset` of the node at `node`: a step's box address, compared as bits.
    @inline(__always)
    static func word(in node: UnsafeRawPointer, at offset: Int) -> UInt {
        node.load(fromByteOffset: offset, as: UInt.self)
    }

    /// The byte at `offset` of the node at `node`: one of a selection of plain keys.
    @inline(__always)
    static func byte(in node: UnsafeRawPointer, at offset: Int) -> UInt8 {
        node.load(fromByteOffset: offset, as: UInt8.self)
    }

    /// The byte `key` is stored as, for a key type whose optional is one byte.
    static func byte<Key>(of key: Key?) -> UInt8 {
        precondition(MemoryLayout<Key?>.size == 1, "StepMemory: a key of more than one byte")
        return withUnsafeBytes(of: key) { $0[0] }
    }

    /// The box of the child stored at byte `offset` of `node`, read from a borrowed value.
    ///
    /// A box being read may be shared between threads, so a child is never reached through a
    /// modifying access; the child's value type is not needed.
    @_alwaysEmitIntoClient @inline(__always)
    static func childBox<Node>(of node: Node, at offset: Int) -> StepNodeStorage {
        childBoxUnretained(of: node, at: offset).takeUnretainedValue()
    }

    /// `childBox(of:at:)`, unretained: `node` holds the box.
    @_alwaysEmitIntoClient @inline(__always)
    static func childBoxUnretained<Node>(
        of node: Node, at offset: Int
    ) -> Unmanaged<StepNodeStorage> {
        withUnsafePointer(to: node) { box(in: UnsafeRawPointer($0), at: offset) }
    }

    /// The box of the `Step` in memory at `step`, made unique first (a shared box is copied, as
    /// `Step.makeUnique()` copies it): an edit that knows where a child is stored, but not its
    /// value type, changes it in place.
    ///
    /// The memory is viewed as the reference to the box while the box is checked. Unretained:
    /// the step holds the box.
    @usableFromInline
    static func uniqueBox(at step: UnsafeMutableRawPointer) -> Unmanaged<StepNodeStorage> {
        step.withMemoryRebound(to: StepNodeStorage.self, capacity: 1) { box in
            if !isKnownUniquelyReferenced(&box.pointee) { box.pointee = box.pointee.copyNode() }
        }
        return step.load(as: Unmanaged<StepNodeStorage>.self)
    }

    /// The `Step<Value>` stored at byte `offset` of the node at `node`, for an edit in place.
    ///
    /// Saves the key path application of a write through `node[keyPath:]`: typed selection and
    /// resets reach the step with no call.
    @_alwaysEmitIntoClient @inline(__always)
    static func step<Value>(
        at offset: Int, in node: UnsafeMutableRawPointer, as type: Value.Type = Value.self
    ) -> UnsafeMutablePointer<Step<Value>> {
        (node + offset).assumingMemoryBound(to: Step<Value>.self)
    }
}
