/// Where a path's push appends an element: the first stack the path enters through a segment
/// that is not one of its ids (or the stack the path ends at), found in one walk before anything
/// is written, and the segments after it, checked against a new element.
///
/// ``StepNode/push(path:id:with:)`` and a link that pushes (`StepTreeDeepLinks`) both read a
/// path this way.
package struct PushPlan {
    /// The stack's path; `nil` for a path that pushes no element.
    package let stack: StepPath?
    /// The stack's box; `nil` for a path that pushes no element.
    package let stackNode: StepNodeStorage?
    /// The segments after the stack: inside the new element.
    package let after: [String]
    /// Whether the path ends at an element the stack holds (a path that pushes nothing).
    package let endsAtElement: Bool

    /// The plan of `path` in `root`.
    /// - Parameters:
    ///   - path: The path to push.
    ///   - id: The new element's id, checked against the stack; `nil` for a minted one.
    ///   - captured: The indexes of segments a link's captures filled: one after a stack is an
    ///     id, so one that names none of its elements is refused.
    ///   - root: The tree.
    ///   - start: Where the walk starts: the node the first `depth` segments lead to, known to
    ///     the caller (a link's selected tab); the root by default.
    /// - Throws: ``StepPathError/emptyPath``, the error of a segment that names nothing,
    ///   ``StepPathError/unknownElement(_:in:)`` for a captured segment after a stack that
    ///   names none of its elements, and for an `id` that is invalid or in the stack
    ///   ``StepPathError/invalidElementID(_:in:)`` or
    ///   ``StepPathError/duplicateElementID(_:in:)``.
    /// - Complexity: O(*d*) look-ups for a path of depth *d*.
    package init(
        path: StepPath, id: String? = nil, captured: Set<Int> = [], in root: StepNodeStorage,
        from start: (depth: Int, node: StepNodeStorage)? = nil
    ) throws(StepPathError) {
        if path.segments.isEmpty { throw .emptyPath }
        var node = start?.node ?? root
        var found: (stack: Int, node: StepNodeStorage)?
        var endsAtElement = false
        for (depth, segment) in path.segments.enumerated().dropFirst(start?.depth ?? 0) {
            if node.isStack, node.elementIndex(forID: segment) == nil {
                if captured.contains(depth) {
                    throw .unknownElement(segment, in: StepPath(Array(path.segments[..<depth])))
                }
                found = (depth, node)
                break
            }
            guard let (step, next) = segment.withUTF8Bytes({ node.resolve($0) }) else {
                throw .unknown(segment, in: StepPath(Array(path.segments[..<depth])), from: node)
            }
            if case .element = step { endsAtElement = true } else { endsAtElement = false }
            node = next
        }
        if found == nil, node.isStack { found = (path.segments.count, node) }
        self.endsAtElement = found == nil && endsAtElement
        guard let (depth, stackNode) = found else {
            stack = nil
            self.stackNode = nil
            after = []
            return
        }
        let stackPath = StepPath(Array(path.segments[..<depth]))
        if let id {
            guard StepPath.isValidSegment(id) else { throw .invalidElementID(id, in: stackPath) }
            if stackNode.elementIndex(forID: id) != nil {
                throw .duplicateElementID(id, in: stackPath)
            }
        }
        stack = stackPath
        self.stackNode = stackNode
        after = Array(path.segments[depth...])
    }

    /// Checks `rest`, segments after the stack, and the type of `value`, the last one's new
    /// value, against a new element, and builds the new element's box when it can: the box the
    /// stack builds when `rest` is empty and `value` is the element, or, when `rest` names one
    /// destination of a destination element, the element showing it, its payload renewed with
    /// `value` (so that the push is the one edit); `nil` for an element in its initial state.
    /// - Returns: The box, and whether it already shows `rest`.
    /// - Throws: The error of a segment that names nothing in a new element, or
    ///   ``StepPathError/valueMismatch(_:at:)`` for a value of the wrong type.
    func element(for value: (any StepValue)?, inside rest: [String]) throws(StepPathError)
        -> (box: StepNodeStorage?, showsRest: Bool)
    {
        guard let stack, let stackNode else { return (nil, false) }
        var inside = stackNode.initialElement
        var parent: (node: StepNodeStorage, step: PathStep)?
        for (offset, segment) in rest.enumerated() {
            guard let (step, next) = segment.withUTF8Bytes({ inside.resolve($0) }) else {
                let reached = StepPath(stack.segments + ["<new>"] + rest[..<offset])
                throw .unknown(segment, in: reached, from: inside)
            }
            parent = (inside, step)
            inside = next
        }
        let accepts: Bool
        switch (parent, value) {
        case (_, nil): accepts = true
        case (nil, let value?):
            if let box = stackNode.elementBox(for: value) { return (box, false) }
            accepts = false
        case ((let node, .child(let index))?, let value?):
            accepts = node.childAccepts(value, at: index)
        case ((let node, .element)?, let value?): accepts = node.elementAccepts(value)
        }
        if !accepts, let value {
            let path = StepPath(stack.segments + rest)
            throw .valueMismatch(String(describing: type(of: value)), at: path)
        }
        // A destination named with nothing after it: the element is built showing it.
        if rest.count == 1, case (let element, .child(let index))? = parent,
            element.requiresContent
        {
            let box = element.copyNode()
            box.setSelectedIndex(index, in: .content)
            if let value { box.renewChild(index, with: value) }
            return (box, true)
        }
        return (nil, false)
    }
}
