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
    /// The nodes a push looks at, nearest first: each with its path.
    package let nodes: [(path: StepPath, node: StepNodeStorage)]
    /// The selected tab: where a link's `./…` paths are read.
    package let tab: StepPath
    /// The path to the visible screen: what a push that finds no stack names.
    package let visible: StepPath

    /// The scope of the tree `root`, in one walk down the visible path and, when a modal covers
    /// the selected tab, one down the tab's own.
    /// - Complexity: O(*d*) for a tree of depth *d*.
    package init(_ root: StepNodeStorage) {
        var tab: (path: StepPath, node: StepNodeStorage, depth: Int) = (.root, root, 0)
        let chain = Self.chain(from: root, at: []) { node, segments, depth in
            guard let index = node.selectedIndex(in: .content), case .tab = node.childKind(index)
            else { return }
            let key = node.childKey(index)
            tab = (StepPath(segments + [key]), node.child(index).storage, depth + 1)
        }
        var nodes = Array(chain.reversed())
        // The tab is on the visible path unless a modal (or a pushed step) above it covers it.
        if chain.count <= tab.depth || chain[tab.depth].path != tab.path {
            nodes += Self.chain(from: tab.node, at: tab.path.segments) { _, _, _ in }.reversed()
        }
        self.nodes = nodes
        self.tab = tab.path
        visible = chain.last?.path ?? .root
    }

    /// The nodes from `start` (at `segments`) to the screen it shows, `start` first, with
    /// `note` called on each with its segments and its index in the chain.
    private static func chain(
        from start: StepNodeStorage, at segments: [String],
        _ note: (StepNodeStorage, [String], Int) -> Void
    ) -> [(path: StepPath, node: StepNodeStorage)] {
        var node = start
        var segments = segments
        var chain: [(path: StepPath, node: StepNodeStorage)] = []
        while true {
            note(node, segments, chain.count)
            chain.append((StepPath(segments), node))
            var next = node.selectedIndex(in: .modal)
            if next == nil, let pushed = node.selectedIndex(in: .push) {
                if !node.childKind(pushed).isStack {
                    next = pushed
                } else {
                    let stack = node.child(pushed).storage
                    if stack.elementCount > 0 {
                        segments.append(node.childKey(pushed))
                        note(stack, segments, chain.count)
                        chain.append((StepPath(segments), stack))
                        let element = stack.element(stack.elementCount - 1)
                        segments.append(element.id)
                        node = element.storage
                        continue
                    }
                }
            }
            guard let index = next ?? node.selectedIndex(in: .content) else { return chain }
            segments.append(node.childKey(index))
            node = node.child(index).storage
        }
    }
}
