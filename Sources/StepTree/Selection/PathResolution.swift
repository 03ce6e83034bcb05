/// One resolved segment of a path: a child by declaration index, or a stack element by position.
enum PathStep: Hashable, Sendable {
    case child(Int)
    case element(Int)
}

/// A change to the node at the end of a resolved path.
enum NodeEdit {
    /// Select the child (or keep the element) and, when `fresh`, give it a new identity.
    case select(PathStep, fresh: Bool)
    /// Select nothing, if the child was selected.
    case deselect(Int)
    /// Make the stack hold exactly these (validated) ids.
    case setElements([String])
}

/// A path checked against one tree value: the storage of each node along it.
struct ResolvedPath {
    var steps: [PathStep] = []
    /// `nodes[i]` is the node that `steps[i]` starts from; `nodes.last` is the target.
    var nodes: [StepNodeStorage]
    var path = StepPath.root

    /// Resolves `segments` from `root`; reads only.
    /// - Complexity: O(*d*) dictionary look-ups for a path of depth *d* (O(*n*) per stack
    ///   segment for a stack of *n* elements).
    init(_ segments: [String], from root: StepNodeStorage) throws(StepPathError) {
        nodes = [root]
        steps.reserveCapacity(segments.count)
        for segment in segments {
            let node = nodes[nodes.count - 1]
            let next: StepNodeStorage
            if node.isStack {
                guard let index = node.elementIndex(forID: Substring(segment)) else {
                    throw .unknownElement(segment, in: path)
                }
                steps.append(.element(index))
                next = node.element(index).storage
            } else {
                guard let index = node.childIndex(forKey: Substring(segment)) else {
                    throw .unknownStep(segment, in: path)
                }
                steps.append(.child(index))
                next = node.child(index).storage
            }
            nodes.append(next)
            path.segments.append(segment)
        }
    }

    /// The edit that selects the last step, and the steps that lead to its parent.
    func selection(fresh: Bool) throws(StepPathError) -> (NodeEdit, ArraySlice<PathStep>) {
        guard let last = steps.last else { throw .emptyPath }
        return (.select(last, fresh: fresh), steps.dropLast())
    }

    func deselection() throws(StepPathError) -> (NodeEdit, ArraySlice<PathStep>) {
        switch steps.last {
        case nil: throw .emptyPath
        case .element: throw .cannotDeselectElement(path)
        case .child(let index):
            if nodes[nodes.count - 2].childKind(index) == .tab { throw .cannotDeselectTab(path) }
            return (.deselect(index), steps.dropLast())
        }
    }

    func stackReplacement(_ ids: [String]) throws(StepPathError) -> (NodeEdit, ArraySlice<PathStep>)
    {
        guard !steps.isEmpty, nodes[nodes.count - 1].isStack else { throw .notAStack(path) }
        try StepStack<EmptyStep>.validate(ids: ids, at: path)
        return (.setElements(ids), steps[...])
    }
}

extension ResolvedPath {
    /// The selection changes that applying `edit` along `along` will make, ancestors first.
    func selectionChanges(
        _ edit: NodeEdit, along: ArraySlice<PathStep>, selecting: Bool
    ) -> [SelectionChange] {
        var changes: [SelectionChange] = []
        func record(_ depth: Int, _ newIndex: Int?, renewed: Bool = false) {
            let node = nodes[depth]
            let oldIndex = node.selectedIndex
            guard oldIndex != newIndex || renewed else { return }
            changes.append(
                SelectionChange(
                    nodeType: node.typeName, path: StepPath(Array(path.segments.prefix(depth))),
                    from: oldIndex.map(node.childKey), to: newIndex.map(node.childKey),
                    value: newIndex.map { node.child($0).storage.anyValue }))
        }
        if selecting {
            for (depth, step) in zip(along.indices, along) {
                if case .child(let index) = step { record(depth, index) }
            }
        }
        let parent = along.count
        switch edit {
        case .select(.child(let index), let fresh): record(parent, index, renewed: fresh)
        case .deselect(let index):
            if nodes[parent].selectedIndex == index { record(parent, nil) }
        case .select(.element, _), .setElements: break
        }
        return changes
    }
}
