/// One resolved segment of a path: a child by declaration index, or a stack element by position.
enum PathStep: Hashable, Sendable {
    case child(Int)
    case element(Int)
}

/// A path checked against one tree value: the storage of each node along it.
struct ResolvedPath {
    var steps: [PathStep] = []
    /// `nodes[i]` is the node that `steps[i]` starts from; `nodes.last` is the target.
    var nodes: [StepNodeStorage] = []
    /// The segments being resolved, of which the first `steps.count` are resolved.
    let segments: [Substring]

    /// The resolved part of the path, for errors and observers.
    var path: StepPath { prefix(steps.count) }

    /// The path of the first `count` segments.
    func prefix(_ count: Int) -> StepPath { StepPath(segments[..<count].map { String($0) }) }

    /// Resolves `segments` from `root`; reads only.
    /// - Complexity: O(*d*) look-ups for a path of depth *d* (O(*n*) per stack segment for a
    ///   stack of *n* elements).
    init(_ segments: [Substring], from root: StepNodeStorage) throws(StepPathError) {
        self.segments = segments
        steps.reserveCapacity(segments.count)
        nodes.reserveCapacity(segments.count + 1)
        var node = root
        nodes.append(node)
        for segment in segments {
            if node.isStack {
                guard let index = node.elementIndex(forID: segment) else {
                    throw .unknownElement(String(segment), in: path)
                }
                steps.append(.element(index))
                node = node.element(index).storage
            } else {
                guard let index = node.childIndex(forKey: segment) else {
                    throw .unknownStep(String(segment), in: path)
                }
                steps.append(.child(index))
                node = node.child(index).storage
            }
            nodes.append(node)
        }
    }

    /// The parent of the target.
    var parent: StepNodeStorage { nodes[nodes.count - 2] }
    /// The target node.
    var target: StepNodeStorage { nodes[nodes.count - 1] }

    /// Whether every step along the path is selected (stack elements only need to exist).
    var isSelected: Bool {
        zip(steps, nodes).allSatisfy { step, node in
            guard case .child(let index) = step else { return true }
            return node.selects(index)
        }
    }

    /// Whether the path passes through (not ending at) a pushed, stacked or presented step that
    /// is not selected: a closed screen, whose state there is nothing to change in.
    var passesThroughClosedFrame: Bool {
        zip(steps.dropLast(), nodes).contains { step, node in
            guard case .child(let index) = step else { return false }
            return node.childKind(index).isFrame && !node.selects(index)
        }
    }
}
