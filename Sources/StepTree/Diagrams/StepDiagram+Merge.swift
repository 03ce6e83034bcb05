extension StepDiagram {
    /// This diagram with the nodes of `other` that it lacks (by path), each placed after its
    /// parent's other children; marks stay this diagram's, so the added nodes are unmarked.
    ///
    /// A session's map merges the states of all its records, so that every screen it visits is
    /// drawn.
    /// - Complexity: O(*n* + *m*) for *n* and *m* nodes.
    public func merging(_ other: StepDiagram) -> StepDiagram {
        var known = Set(nodes.map(\.path))
        var added: [StepPath: [Node]] = [:]
        for node in other.nodes where !known.contains(node.path) {
            guard let parent = node.path.parent else { continue }
            known.insert(node.path)
            added[parent, default: []].append(
                Node(
                    path: node.path, kind: node.kind, parent: nil, depth: node.depth,
                    isSelected: false, isOnRoute: false, isVisible: false))
        }
        guard !added.isEmpty else { return self }
        var merged = self
        merged.nodes = []
        let children = Dictionary(grouping: nodes.indices.dropFirst()) { nodes[$0].parent ?? 0 }
        func place(_ node: Node, parent: Int?, own: [Int]) {
            let me = merged.nodes.count
            merged.nodes.append(
                Node(
                    path: node.path, kind: node.kind, parent: parent, depth: node.depth,
                    isSelected: node.isSelected, isOnRoute: node.isOnRoute,
                    isVisible: node.isVisible))
            for child in own { place(nodes[child], parent: me, own: children[child] ?? []) }
            for extra in added[node.path] ?? [] { place(extra, parent: me, own: []) }
        }
        place(nodes[0], parent: nil, own: children[0] ?? [])
        return merged
    }
}
