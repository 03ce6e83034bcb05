/// Read access to the nodes of a schema-driven tree, as a hand-written tree has it through its
/// properties.
extension DynamicSteps {
    /// The child step `key`, or the element `id` of a stack node, or `nil` for none.
    /// - Complexity: O(1) for a child, O(*n*) for an element of a stack of at most 16 (O(1)
    ///   above).
    public subscript(segment: String) -> DynamicSteps? {
        node(at: StepPath([segment]))
    }

    /// The node at `path` below this one (children by key, stack elements by id), or `nil`
    /// when the path names no step; `.root` is this node.
    /// - Complexity: O(*d*) for a path of depth *d*.
    public func node(at path: StepPath) -> DynamicSteps? {
        guard !path.isRoot else { return self }
        return resolve(path)?.target.anyValue as? DynamicSteps
    }

    /// The key of this node's schema (empty for the root).
    public var key: String { schema.key }
}
