/// Where a push lands: the one rule that ``StepNode/push(_:id:onto:)`` (and so
/// ``Navigator/push(_:id:onto:transaction:)`` and ``ScreenFrame/push(_:onto:)``) and a link's
/// `./…` target (StepTreeDeepLinks) share.
///
/// **The rule.** A push lands in the **selected tab** unless the screen on top has a fitting
/// stack of its own:
/// 1. From the visible screen up to the root, the first node that is a fitting stack, or has
///    one as a child (the one its push layer selects first), takes the push.
/// 2. Failing that, the selected tab takes it beneath what covers it: from the screen the tab
///    itself shows (its own sheets followed, not a modal presented above the tab bar) up to the
///    tab, the first such node.
///
/// The **selected tab** is, of the nodes on the path to the visible screen that show tabs, the
/// tab the last one selects; the root when none does. So with a sheet presented over every tab
/// (from the root) a push goes onto the selected tab's stack, under the sheet, unless the sheet
/// holds a stack of that type itself; in a sheet with a tab bar of its own it is the sheet's
/// tab. A link's `./…` path names its stack, so it is read under the selected tab.
package struct PushScope {
    /// A node a push looks at, and its path: the first `depth` of `segments`.
    package struct Place {
        /// The segments of the walk the node is on (shared by its places, not copied).
        let segments: [String]
        /// How many of them lead to the node.
        let depth: Int
        /// The node.
        package let node: StepNodeStorage

        /// The node's path, made only for the place a push takes.
        package var path: StepPath { StepPath(Array(segments[..<depth])) }
    }

    /// The nodes a push looks at, nearest first.
    package let places: [Place]
    /// The selected tab: where a link's `./…` paths are read.
    package let tab: StepPath
    /// The segments of the path to the visible screen.
    private let visibleSegments: [String]

    /// The scope of the tree `root`, in one walk down the visible path and, when a modal covers
    /// the selected tab, one down the tab's own.
    /// - Complexity: O(*d*) for a tree of depth *d*.
    package init(_ root: StepNodeStorage) {
        let (tab, visible) = Self.selectedTab(of: root, collecting: true)
        var places = visible.nodes.reversed().map {
            Place(segments: visible.segments, depth: $0.depth, node: $0.node)
        }
        // The tab is on the visible path unless a modal (or a pushed step) above it covers it:
        // the node that selects it then goes on by another key.
        if !visible.segments.starts(with: tab.segments) {
            let beneath = Self.walk(from: tab.node, at: tab.segments, collecting: true) { _, _ in }
            places += beneath.nodes.reversed().map {
                Place(segments: beneath.segments, depth: $0.depth, node: $0.node)
            }
        }
        self.places = places
        self.tab = StepPath(tab.segments)
        visibleSegments = visible.segments
    }

    /// The path to the visible screen: what a push that finds no stack names.
    package var visible: StepPath { StepPath(visibleSegments) }

    /// The selected tab of the tree `root` and its node, as ``init(_:)`` finds it but with no
    /// places collected: what a link's `./…` path is read under, and where it starts, with no
    /// second walk down to the tab.
    /// - Complexity: O(*d*) for a tree of depth *d*.
    package static func selectedTabNode(of root: StepNodeStorage) -> (
        path: StepPath, node: StepNodeStorage
    ) {
        let tab = selectedTab(of: root, collecting: false).tab
        return (StepPath(tab.segments), tab.node)
    }

    /// The selected tab (its segments and node) and the walk down the visible path, its nodes
    /// collected when `collecting`.
    private static func selectedTab(of root: StepNodeStorage, collecting: Bool) -> (
        tab: (segments: [String], node: StepNodeStorage),
        visible: (segments: [String], nodes: [(depth: Int, node: StepNodeStorage)])
    ) {
        var tab: (segments: [String], node: StepNodeStorage) = ([], root)
        let visible = walk(from: root, at: [], collecting: collecting) { node, segments in
            guard let index = node.selectedIndex(in: .content), case .tab = node.childKind(index)
            else { return }
            tab = (segments + [node.childKey(index)], node.child(index).storage)
        }
        return (tab, visible)
    }

    /// The nodes from `start` (at `segments`) to the screen it shows, `start` first, each with
    /// how many of the walk's segments lead to it (none unless `collecting`); `note` is called
    /// on each with its segments.
    private static func walk(
        from start: StepNodeStorage, at segments: [String], collecting: Bool,
        _ note: (StepNodeStorage, [String]) -> Void
    ) -> (segments: [String], nodes: [(depth: Int, node: StepNodeStorage)]) {
        var node = start
        var segments = segments
        var nodes: [(depth: Int, node: StepNodeStorage)] = []
        while true {
            note(node, segments)
            if collecting { nodes.append((segments.count, node)) }
            var next = node.selectedIndex(in: .modal)
            if next == nil, let pushed = node.selectedIndex(in: .push) {
                if !node.childKind(pushed).isStack {
                    next = pushed
                } else {
                    let stack = node.child(pushed).storage
                    if stack.elementCount > 0 {
                        segments.append(node.childKey(pushed))
                        note(stack, segments)
                        if collecting { nodes.append((segments.count, stack)) }
                        let element = stack.element(stack.elementCount - 1)
                        segments.append(element.id)
                        node = element.storage
                        continue
                    }
                }
            }
            guard let index = next ?? node.selectedIndex(in: .content) else {
                return (segments, nodes)
            }
            segments.append(node.childKey(index))
            node = node.child(index).storage
        }
    }
}
