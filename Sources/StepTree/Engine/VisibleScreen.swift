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

/// One step of the active path: a selected child, or the last element of a stack.
struct ActiveStep {
    let segment: String
    /// The child's kind; `nil` for a stack element.
    let kind: StepKind?
    let node: StepNodeStorage
}

extension StepNodeStorage {
    /// The active path below this node, top down: the selected child at each level and the last
    /// element of each stack.
    /// - Complexity: O(*d*) for a tree of depth *d*.
    var activePath: [ActiveStep] {
        var steps: [ActiveStep] = []
        var node = self
        while true {
            if node.isStack {
                guard node.elementCount > 0 else { break }
                let element = node.element(node.elementCount - 1)
                node = element.storage
                steps.append(ActiveStep(segment: element.id, kind: nil, node: node))
            } else if let index = node.selectedIndex {
                let step = (segment: node.childKey(index), kind: node.childKind(index))
                node = node.child(index).storage
                steps.append(ActiveStep(segment: step.segment, kind: step.kind, node: node))
            } else {
                break
            }
        }
        return steps
    }

    /// The screen on top of the active path below this node; see ``StepNode/visibleScreen``.
    var visibleScreen: StepPath {
        let steps = activePath
        var segments = steps.map(\.segment)
        // An empty stack has no screen of its own: its parent's is on top.
        if let last = steps.last?.node, last.isStack, last.elementCount == 0 {
            segments.removeLast()
        }
        return StepPath(segments)
    }
}
