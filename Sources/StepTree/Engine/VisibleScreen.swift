extension StepNode {
    /// The screen on top of the active path: follow the selected child (the last element of a
    /// stack) from the root down. That is the topmost modal's content when one is presented,
    /// else the top of the selected tab's stack, else the deepest inline selection.
    ///
    /// An empty stack shows its parent's screen.
    /// - Complexity: O(*d*) for a tree of depth *d*.
    public var visibleScreen: StepPath {
        StepStorage.make(self).visibleScreen
    }
}

extension StepNodeStorage {
    /// The screen on top of the active path below this node; see ``StepNode/visibleScreen``.
    var visibleScreen: StepPath {
        var node = self
        var segments: [String] = []
        while true {
            if node.isStack {
                guard node.elementCount > 0 else {
                    segments.removeLast()
                    break
                }
                let element = node.element(node.elementCount - 1)
                segments.append(element.id)
                node = element.storage
            } else if let index = node.selectedIndex {
                segments.append(node.childKey(index))
                node = node.child(index).storage
            } else {
                break
            }
        }
        return StepPath(segments)
    }
}
