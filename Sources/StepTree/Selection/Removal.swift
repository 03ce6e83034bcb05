extension StepNode {
    /// Removes the screen at `path` as the user did by gesture (swipe back, sheet swiped away):
    /// a stack element is popped with every element above it; a pushed or presented step is
    /// deselected. Selections elsewhere are left alone.
    /// - Throws: ``StepPathError`` for a bad path or a tab; the value is unchanged.
    /// - Complexity: O(*d* + *n*) for depth *d* and a stack of *n* elements.
    public mutating func remove(path: StepPath) throws(StepPathError) {
        try edit(path, selecting: false) { resolved throws(StepPathError) in
            guard case .element(let index) = resolved.steps.last else {
                return try resolved.deselection()
            }
            let stack = resolved.nodes[resolved.nodes.count - 2]
            let kept = (0..<index).map { stack.element($0).id }
            return (.setElements(kept), resolved.steps.dropLast())
        }
    }

    /// Removes the screen at `path`; see ``remove(path:)-(StepPath)``.
    /// - Throws: ``StepPathError``; the value is unchanged.
    public mutating func remove(path: String) throws(StepPathError) {
        try remove(path: StepPath(parsing: path))
    }
}
