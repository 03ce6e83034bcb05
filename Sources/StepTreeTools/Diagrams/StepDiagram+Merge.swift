import StepTree

extension StepDiagram {
    /// This diagram with the nodes of `other` that it lacks (by path), each placed after its
    /// parent's other children; marks stay this diagram's, so the added nodes are unmarked.
    ///
    /// A session's map merges the states of all its records, so that every screen it visits is
    /// drawn.
    /// - Complexity: O(*n* + *m*) for *n* and *m* nodes.
    public func merging(_ other: StepDiagram) -> StepDiagram {
        var union = Union(self)
        union.add(other)
        return union.diagram
    }

    /// The merge of many diagrams into a first one, as `merging` applied to each in turn
    /// would give, in time linear in their total size: each diagram adds only what it lacks,
    /// and the nodes are placed once, at the end.
    struct Union {
        private let base: StepDiagram
        /// The paths drawn so far: the base's and the added ones.
        private var known: Set<StepPath>
        /// The nodes added under each path, in the order they were added.
        private var added: [StepPath: [Node]] = [:]

        /// A union of `base` alone.
        /// - Complexity: O(*n*) for *n* nodes.
        init(_ base: StepDiagram) {
            self.base = base
            known = Set(base.nodes.map(\.path))
        }

        /// Adds the nodes of `other` that are not drawn yet, unmarked.
        /// - Complexity: O(*m*) for *m* nodes.
        mutating func add(_ other: StepDiagram) {
            for node in other.nodes {
                guard let parent = node.path.parent, known.insert(node.path).inserted else {
                    continue
                }
                added[parent, default: []].append(
                    Node(
                        path: node.path, kind: node.kind, parent: nil, depth: node.depth,
                        isSelected: false, isOnRoute: false, isVisible: false))
            }
        }

        /// The base with every added node after its parent's other children.
        /// - Complexity: O(*n*) for the *n* nodes of the union.
        var diagram: StepDiagram {
            guard !added.isEmpty, !base.nodes.isEmpty else { return base }
            var merged = base
            merged.nodes = []
            merged.nodes.reserveCapacity(known.count)
            let nodes = base.nodes
            let children = Dictionary(grouping: nodes.indices.dropFirst()) {
                nodes[$0].parent ?? 0
            }
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
}
