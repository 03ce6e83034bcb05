/// A node of a hand-written step tree: named child steps, at most one of them selected.
///
/// ```swift
/// struct ThemeSteps: StepsCollection {
///     enum Key: String, StepKey { case light, dark }
///     var selected: Key?
///     var light = Step()
///     var dark = Step()
///     static let steps = StepTable<Self>(.inline(.light, \.light), .inline(.dark, \.dark))
/// }
/// ```
///
/// Unselected children keep their state; selecting one again shows it as it was left.
public protocol StepsCollection: StepNode {
    /// One case per child step.
    associatedtype Key: StepKey

    /// The selected child, or `nil` when nothing is selected. Reading it is O(1).
    var selected: Key? { get set }

    /// The children in declaration order: key, kind and property of each.
    static var steps: StepTable<Self> { get }

    /// Creates the node in its initial state; new stack elements start from it.
    init()
}

extension StepsCollection {
    /// Whether `key` is the selected child.
    public func isSelected(_ key: Key) -> Bool { selected == key }

    /// Selects the child `key` in this node only (its own state is kept).
    public mutating func select(_ key: Key) { selected = key }

    mutating func apply(_ edit: NodeEdit, along path: ArraySlice<PathStep>, selecting: Bool) {
        let entries = Self.steps.entries
        guard let first = path.first else {
            switch edit {
            case .select(.child(let index), let fresh):
                selected = entries[index].key
                if fresh { entries[index].accessor.renew(in: &self) }
            case .deselect(let index):
                if selected == entries[index].key { selected = nil }
            case .select(.element, _), .setElements:
                break
            }
            return
        }
        guard case .child(let index) = first else { return }
        if selecting { selected = entries[index].key }
        entries[index].accessor.apply(
            edit, along: path.dropFirst(), selecting: selecting, in: &self)
    }
}

/// The box of a ``StepsCollection`` value; reads the node's shape from its ``StepTable``.
final class CollectionStorage<Node: StepsCollection>: StepStorage<Node>, @unchecked Sendable {
    /// The node type's table, read once per box instead of through `Node.steps` on every access.
    let table: StepTable<Node>

    override init(_ value: Node) {
        table = Node.steps
        super.init(value)
    }

    override func copy() -> StepStorage<Node> { CollectionStorage(value) }
    override var childCount: Int { table.entries.count }
    override var hasTabs: Bool { table.hasTabs }
    override func childKey(_ index: Int) -> String { table.entries[index].name }
    override func childKind(_ index: Int) -> StepKind { table.entries[index].kind }
    override func childIndex(forKey key: Substring) -> Int? { table.index(ofName: key) }
    override var selectedIndex: Int? { value.selected.flatMap { table.index(of: $0) } }
    override func child(_ index: Int) -> StepReference {
        table.entries[index].accessor.reference(in: value)
    }
    override func apply(_ edit: NodeEdit, along path: ArraySlice<PathStep>, selecting: Bool) {
        value.apply(edit, along: path, selecting: selecting)
    }
}
