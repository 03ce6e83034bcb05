import StepTree
import TestSupport
import Testing

/// `visibleTab`, the tab a link's `./…` paths are read under, in one walk.
@Suite struct VisibleTabTests {
    /// The tab the old two walks found: the visible screen's path, resolved, and of its nodes
    /// that show tabs, the tab the last one selects.
    static func tabOnTheResolvedVisiblePath(_ root: some StepNode) throws -> StepPath {
        let visible = root.visibleScreen
        let resolved = try ResolvedPath(visible.parts, from: StepStorage.make(root))
        var tab = StepPath.root
        for (depth, node) in resolved.nodes.enumerated() {
            guard let index = node.selectedIndex(in: .content), case .tab = node.childKind(index)
            else { continue }
            tab = resolved.prefix(depth).appending(node.childKey(index))
        }
        return tab
    }

    @Test func theLastTabOnTheVisiblePathIsTheOneTaken() throws {
        var root = TabsInAStack()
        var tabs: [String] = []
        func check() throws {
            let tab = StepStorage.make(root).visibleTab
            #expect(tab == (try Self.tabOnTheResolvedVisiblePath(root)))
            tabs.append(tab.description)
        }
        try check()
        try root.select(path: "second")
        try check()
        try root.push(ClientSteps())
        try check()
        try root.select(path: "second/path/1/search")
        try check()
        try root.push(DestinationStackTests.status(3))
        try check()
        try root.select(path: "sheet/search")
        try check()
        try root.close(path: "sheet")
        root.pop(in: "second/path/1/search")
        try check()
        #expect(
            tabs == [
                "/first", "/second", "/second/path/1/home", "/second/path/1/search",
                "/second/path/1/search", "/sheet/search", "/second/path/1/search",
            ])
    }
}
