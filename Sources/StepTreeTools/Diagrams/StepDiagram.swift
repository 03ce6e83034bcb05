import StepTree

/// A picture of one state of a step tree: every node in depth-first order with its kind and
/// layer, whether its parent selects it, and where the visible screen is.
///
/// Its `description` is an indented diagram; ``mermaid`` and ``dot`` export the same tree as a
/// navigation map for docs, and ``NavigationMapPage`` draws it as an HTML page.
///
/// ```
/// / AppSteps
/// ├─ home  tab · content
/// ├─ explore  tab · content
/// ├─● profile  tab · content
/// │  ├─● main  inline · content
/// │  ├─● detail  push · push
/// │  │  ├─ light  inline · content
/// │  │  └─● dark  inline · content  ◀ visible
/// ```
///
/// Closed pushed and presented steps are drawn in their initial state; a stack shows the
/// elements it holds.
public struct StepDiagram: Sendable, Hashable, CustomStringConvertible {
    /// One node of the diagram.
    public struct Node: Sendable, Hashable {
        /// The node's path from the root (the root's is empty).
        public let path: StepPath
        /// How the parent shows it; `nil` for the root and for stack elements.
        public let kind: StepKind?
        /// The position of the parent in ``StepDiagram/nodes``; `nil` for the root.
        public let parent: Int?
        /// The number of steps between the node and the root.
        public let depth: Int
        /// Whether the parent selects it in its layer (a stack element: always).
        public let isSelected: Bool
        /// Whether every step from the root to it is selected: it is on the selected route.
        public let isOnRoute: Bool
        /// Whether it is the visible screen (SPEC §2).
        public let isVisible: Bool

        /// The node's key or element id (empty for the root).
        public var segment: String { path.segments.last ?? "" }

        /// Whether it is an element of a stack.
        public var isElement: Bool { parent != nil && kind == nil }

        /// The layer the node is selected in: the kind's, and `push` for a stack element.
        public var layer: StepLayer? { kind?.layer ?? (isElement ? .push : nil) }

        /// The kind as written in schemas and events: `tab`, `present sheet`, `element`.
        public var kindName: String {
            switch kind {
            case .tab?: "tab"
            case .inline?: "inline"
            case .push?: "push"
            case .stack?: "stack"
            case .present(let style)?: "present \(style)"
            case nil: isElement ? "element" : "root"
            }
        }
    }

    /// The nodes in depth-first order, children in declaration order (elements in stack
    /// order); the root first.
    public internal(set) var nodes: [Node] = []

    /// The type of the root value (`AppSteps`, `DynamicSteps`).
    public let rootType: String

    /// Draws `state`.
    /// - Parameter state: The root of the tree.
    /// - Complexity: O(*n*) for the *n* nodes of the state.
    public init(_ state: some StepNode) {
        let storage = StepNodeView(state)
        let visible = storage.visibleSegments
        rootType = storage.typeName
        add(
            storage, path: StepPath.root, kind: nil, parent: nil, isSelected: true,
            isOnRoute: true, visible: visible[...])
    }

    /// The position of the node at `path`, if it is drawn.
    /// - Complexity: O(*n*) for *n* nodes.
    public func index(of path: StepPath) -> Int? {
        nodes.firstIndex { $0.path == path }
    }

    /// The positions of the children of node `index`, in order.
    /// - Complexity: O(*n*) for *n* nodes.
    public func children(of index: Int) -> [Int] {
        nodes.indices.filter { nodes[$0].parent == index }
    }

    /// The visible screen.
    public var visibleScreen: StepPath {
        nodes.first(where: \.isVisible)?.path ?? .root
    }

    /// The indented diagram: one line per node with its kind and layer; `●` marks a step its
    /// parent selects, `◀ visible` the screen on top.
    ///
    /// Keys, ids and styles are shown printable (``printable(_:)``), so that each node stays
    /// on its line.
    public var description: String {
        var lastChild: [Int: Int] = [:]
        for (index, node) in nodes.enumerated() {
            if let parent = node.parent { lastChild[parent] = index }
        }
        // The tree part of each line, then its kind and layer in a column of their own.
        var rows: [(tree: String, node: Node)] = []
        // For each depth above the current node, whether a later sibling is still to come.
        var open: [Bool] = []
        for (index, node) in nodes.enumerated() {
            guard let parent = node.parent else {
                rows.append(("/", node))
                continue
            }
            let last = lastChild[parent] == index
            open.removeSubrange((node.depth - 1)...)
            let indent = open.map { $0 ? "│  " : "   " }.joined()
            open.append(!last)
            rows.append(
                (
                    indent + (last ? "└─" : "├─") + (node.isSelected ? "● " : " ")
                        + Self.printable(node.segment),
                    node
                ))
        }
        let width = rows.map(\.tree.count).max() ?? 0
        var lines: [String] = []
        for (tree, node) in rows {
            let padding = String(repeating: " ", count: width - tree.count + 2)
            var line = tree + padding
            if let layer = node.layer {
                line += Self.printable(node.kindName) + " · \(layer)"
            } else {
                line += Self.printable(rootType)
            }
            if node.isVisible { line += "  ◀ visible" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    private mutating func add(
        _ storage: StepNodeView, path: StepPath, kind: StepKind?, parent: Int?,
        isSelected: Bool, isOnRoute: Bool, visible: ArraySlice<String>
    ) {
        let me = nodes.count
        let isVisible = isOnRoute && visible.isEmpty
        nodes.append(
            Node(
                path: path, kind: kind, parent: parent, depth: path.segments.count,
                isSelected: isSelected, isOnRoute: isOnRoute, isVisible: isVisible))
        func next(_ segment: String) -> ArraySlice<String> {
            isOnRoute && visible.first == segment ? visible.dropFirst() : ["\u{0}"]
        }
        if storage.isStack {
            for position in 0..<storage.elementCount {
                let element = storage.element(position)
                add(
                    element.node, path: path.appending(element.id), kind: nil, parent: me,
                    isSelected: true, isOnRoute: isOnRoute, visible: next(element.id))
            }
            return
        }
        // A step of a recursive type in its initial state holds itself again: off the route, it
        // is drawn without its children, which are all as its type makes them.
        if !isOnRoute, !storage.hasRenewalHistory, storage.isInitialAtom { return }
        for child in 0..<storage.childCount {
            let key = storage.childKey(child)
            let selected = storage.selects(child)
            add(
                storage.child(child), path: path.appending(key),
                kind: storage.childKind(child), parent: me, isSelected: selected,
                isOnRoute: isOnRoute && selected, visible: next(key))
        }
    }
}

extension StepNode {
    /// The state drawn as a ``StepDiagram``.
    /// - Complexity: O(*n*) for the *n* nodes of the state.
    public var diagram: StepDiagram { StepDiagram(self) }

    /// The indented diagram of the state (``StepDiagram/description``); a hand-written tree
    /// gets it as its `debugDescription` by declaring `CustomDebugStringConvertible`.
    public var debugDescription: String { diagram.description }
}

extension DynamicSteps: CustomDebugStringConvertible {}
