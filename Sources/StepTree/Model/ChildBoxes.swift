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
