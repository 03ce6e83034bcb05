import Foundation
import StepTree

/// The shape of a generated schema-driven tree: `tabs` tabs, each a *section* (main screen,
/// pushed detail with a light/dark choice, settings sheet, and a `list` stack of sections).
/// Every list is filled with `elements` sections, nested `levels` deep, so a tab holds
/// `elements + elements² + … + elements^levels` stack elements.
struct TreeShape: CustomStringConvertible {
    let tabs: Int
    let elements: Int
    let levels: Int

    static let small = TreeShape(tabs: 2, elements: 2, levels: 2)
    static let medium = TreeShape(tabs: 9, elements: 5, levels: 3)
    static let large = TreeShape(tabs: 24, elements: 8, levels: 3)

    var description: String { "\(tabs) tabs, stacks of \(elements) nested \(levels) deep" }

    /// The stack elements in all tabs.
    var elementCount: Int {
        tabs * (1...levels).reduce(0) { total, level in total + power(elements, level) }
    }

    /// The schema in the JSON format of ``StepSchema``.
    var schemaJSON: String {
        let children = (0..<tabs).map { section(key: "t\($0)", level: 0) }
        return #"{"initial": "t0", "children": ["# + children.joined(separator: ",\n") + "]}"
    }

    private func section(key: String?, level: Int) -> String {
        let head = key.map { #""key": "\#($0)", "kind": "tab", "# } ?? ""
        let element =
            level < levels ? #", "element": \#(section(key: nil, level: level + 1))"# : ""
        return """
            {\(head)"initial": "main", "children": [
              {"key": "main"},
              {"key": "detail", "kind": "push", "children": [{"key": "light"}, {"key": "dark"}]},
              {"key": "settings", "kind": "present", "style": "sheet"},
              {"key": "list", "kind": "stack"\(element)}]}
            """
    }

    /// Builds a state: every list filled with elements `<prefix>0`, `<prefix>1`, …, and tab
    /// `selectedTab` selected.
    func build(_ schema: StepSchema, prefix: String, selectedTab: Int) throws -> DynamicSteps {
        var state = DynamicSteps(schema: schema)
        let ids = (0..<elements).map { "\(prefix)\($0)" }
        var pending = (0..<tabs).map { (path: "t\($0)", level: 0) }
        while let section = pending.popLast() {
            try state.setStack(path: StepPath(parsing: section.path + "/list"), ids: ids)
            if section.level + 1 < levels {
                pending += ids.map {
                    (path: section.path + "/list/" + $0, level: section.level + 1)
                }
            }
        }
        try state.select(path: StepPath(parsing: "t\(selectedTab)"))
        return state
    }

    /// The number of nodes of a built state, counted over its schema: every schema node once,
    /// and each filled stack's element schema once per element.
    func nodeCount(_ schema: StepSchema, level: Int = 0) -> Int {
        var count = 1
        for child in schema.children { count += nodeCount(child, level: level) }
        if schema.kind == .stack, level < levels, let element = schema.element {
            count += elements * nodeCount(element, level: level + 1)
        }
        return count
    }

    /// The path of the top element at the deepest level of tab 0 (the screen on top).
    func deepestTopPath(prefix: String) -> String {
        "t0" + String(repeating: "/list/\(prefix)\(elements - 1)", count: levels)
    }
}

private func power(_ base: Int, _ exponent: Int) -> Int {
    (0..<exponent).reduce(1) { product, _ in product * base }
}

/// One built tree of a shape, with the memory its state took.
struct BuiltTree {
    let shape: TreeShape
    let schema: StepSchema
    /// Tab 0 selected, elements named `a0`, `a1`, …
    let state: DynamicSteps
    let nodes: Int
    /// The heap growth while building the schema and the state, where it can be measured.
    let heapBytes: Int?

    init(_ shape: TreeShape) throws {
        let before = heapInUse()
        schema = try StepSchema(json: Data(shape.schemaJSON.utf8))
        state = try shape.build(schema, prefix: "a", selectedTab: 0)
        heapBytes = heapInUse().flatMap { after in before.map { after - $0 } }
        self.shape = shape
        nodes = shape.nodeCount(schema)
    }
}

/// Builds each tree once, on first use.
final class TreeStore {
    private var trees: [Int: BuiltTree] = [:]

    /// Every tree built so far, by node count.
    var built: [BuiltTree] { trees.values.sorted { $0.nodes < $1.nodes } }

    func tree(_ shape: TreeShape) throws -> BuiltTree {
        let key = shape.tabs << 32 | shape.elements << 16 | shape.levels
        if let tree = trees[key] { return tree }
        let tree = try BuiltTree(shape)
        trees[key] = tree
        return tree
    }
}

enum DiffBench {
    /// Times diffing `old` against `new`.
    private static func runner(_ old: DynamicSteps, _ new: DynamicSteps) -> Runner {
        { count in
            timeLoop(count) { _ in
                let events = NavigationDiff.events(from: old, to: new)
                blackHole(events)
            }
        }
    }

    /// One deep selection: the top element at the deepest level of the selected tab pushes its
    /// detail. The new state is derived from the old one, so they share every other subtree.
    static func leaf(_ tree: BuiltTree) throws -> Runner {
        let top = tree.shape.deepestTopPath(prefix: "a")
        var new = tree.state
        try new.select(path: StepPath(parsing: top + "/detail/dark"))
        let events = NavigationDiff.events(from: tree.state, to: new).map(\.description)
        try expect(events == ["push /\(top)/detail"], "leaf diff gave \(events)")
        return runner(tree.state, new)
    }

    /// Everything changes: an independently built state with another tab selected and other
    /// ids in every stack, so each element is popped from the old state and pushed in the new.
    static func full(_ tree: BuiltTree) throws -> Runner {
        let new = try tree.shape.build(tree.schema, prefix: "b", selectedTab: 1)
        let events = NavigationDiff.events(from: tree.state, to: new)
        let elements = tree.shape.elementCount
        let pops = events.count { $0.kind == .pop }
        let pushes = events.count { $0.kind == .push }
        try expect(
            events.count == 2 * elements + 1 && pops == elements && pushes == elements
                && events.contains {
                    $0.path == .root && $0.kind == .select(oldKey: "t0", newKey: "t1")
                },
            "full diff gave \(events.count) events (\(pops) pops, \(pushes) pushes), expected "
                + "\(2 * elements + 1) (\(elements) pops, \(elements) pushes, 1 select)")
        return runner(tree.state, new)
    }
}
