/// One resolved segment of a path: a child by declaration index, or a stack element by position.
@usableFromInline
enum PathStep: Hashable, Sendable {
    case child(Int)
    case element(Int)
}

/// A change to the node at the end of a resolved path.
@usableFromInline
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
    var nodes: [StepNodeStorage] = []
    /// The segments being resolved, of which the first `steps.count` are resolved.
    private let segments: [Substring]

    /// The resolved part of the path, for errors and observers.
    var path: StepPath { StepPath(segments[..<steps.count].map { String($0) }) }

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
                    nodeType: node.typeName, path: StepPath(segments[..<depth].map { String($0) }),
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
