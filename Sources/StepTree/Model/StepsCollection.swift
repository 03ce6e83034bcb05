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

    /// Selects the child `key` in this node only (its own state is kept). Like every select
    /// API, it reports the change to ``StepSystem/observer``.
    public mutating func select(_ key: Key) {
        guard var report = SelectionReport.start(), selected != key else {
            selected = key
            return
        }
        let box = CollectionStorage(self)
        report.changes.append(
            SelectionChange(
                nodeType: String(describing: Self.self), path: .root, from: selected?.rawValue,
                to: key.rawValue,
                value: Self.steps.index(of: key).map { box.child($0).storage.anyValue }))
        selected = key
        report.deliver()
    }

}

/// The box of a ``StepsCollection`` value; reads the node's shape from its ``StepTable``.
@usableFromInline
final class CollectionStorage<Node: StepsCollection>: StepStorage<Node>, @unchecked Sendable {
    /// The node type's table, read once per box instead of through `Node.steps` on every access.
    let table: StepTable<Node>

    override init(_ value: Node) {
        table = Node.steps
        super.init(value)
    }

    /// `storage`, which the caller knows to be the box of a `Node`.
    // A forced cast, since any other box is a bug in the engine; it compares one type pointer,
    // the class being final.
    // swift-format-ignore: NeverForceUnwrap
    @inlinable
    static func of(_ storage: StepNodeStorage) -> CollectionStorage<Node> {
        storage as! CollectionStorage<Node>
    }

    override func copy() -> StepStorage<Node> { CollectionStorage(value) }
    override var childCount: Int { table.contents.names.count }
    override var hasTabs: Bool { table.hasTabs }
    override func childKey(_ index: Int) -> String { table.contents.names[index] }
    override func childKind(_ index: Int) -> StepKind { table.contents.kinds[index] }
    override func childIndex(forKey key: Substring) -> Int? { table.index(ofName: key) }
    override var selectedIndex: Int? { value.selected.flatMap { table.index(of: $0) } }
    override func child(_ index: Int) -> StepReference {
        table.contents.accessors[index].reference(self)
    }

    override func apply(_ edit: NodeEdit, along path: ArraySlice<PathStep>, selecting: Bool) {
        let accessors = table.contents.accessors
        guard let first = path.first else {
            switch edit {
            case .select(.child(let index), let fresh): accessors[index].select(self, fresh)
            case .deselect(let index): accessors[index].deselect(self)
            case .select(.element, _), .setElements: break
            }
            return
        }
        guard case .child(let index) = first else { return }
        accessors[index].apply(self, edit, path.dropFirst(), selecting)
    }
}
