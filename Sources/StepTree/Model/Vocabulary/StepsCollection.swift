/// A node of a hand-written step tree: named child steps and one selection per layer.
///
/// ```swift
/// struct ThemeSteps: StepsCollection {
///     enum Key: String, StepKey { case light, dark }
///     var selected = StepSelection<Key>()  // no theme chosen
///     var light = Step()
///     var dark = Step()
///     static let steps = StepTable<Self>(.inline(.light, \.light), .inline(.dark, \.dark))
/// }
///
/// struct ProfileSteps: StepsCollection {
///     enum Key: String, StepKey { case main, detail, settings }
///     var selected = StepSelection<Key>(.main)
///     var main = Step()
///     var detail = Step(ThemeSteps())
///     var settings = Step()
///     static let steps = StepTable<Self>(
///         .inline(.main, \.main), .push(.detail, \.detail),
///         .present(.settings, \.settings, style: .sheet))
/// }
/// ```
///
/// The node selects at most one child per layer (content, push, modal), independently: `main`
/// stays selected while `detail` is pushed and `settings` presented. Content children that are
/// not selected keep their state; a pushed, stacked or presented child that is deselected goes
/// back to its initial state (SPEC §1).
public protocol StepsCollection: StepNode {
    /// One case per child step.
    associatedtype Key: StepKey

    /// The selected child of each layer. Reading it is O(1).
    var selected: StepSelection<Key> { get set }

    /// The children in declaration order: key, kind and property of each.
    static var steps: StepTable<Self> { get }

    /// Creates the node in its initial state; new stack elements and deselected children start
    /// from it.
    init()
}

extension StepsCollection {
    /// Whether `key` is selected in its layer.
    public func isSelected(_ key: Key) -> Bool {
        guard let kind = Self.steps.kind(of: key) else { return false }
        return selected[kind.layer] == key
    }
}

/// The box of a ``StepsCollection`` value; reads the node's shape from its ``StepTable``.
///
/// (`@unchecked Sendable` restated from ``StepNodeStorage``, as Swift requires of a subclass.)
@usableFromInline
final class CollectionStorage<Node: StepsCollection>: StepStorage<Node>, @unchecked Sendable {
    /// The node type's table, read once per box instead of through `Node.steps` on every access.
    ///
    /// Unretained: tables are interned and never freed (see ``StepTableShape``), and retaining
    /// it would add two atomic operations to every copy of a shared box.
    @usableFromInline let unretainedContents: Unretained<StepTable<Node>.Contents>

    /// Runs `body` on the node type's table, borrowed: a read through the unretained reference
    /// that the compiler would otherwise retain and release around each use.
    @_alwaysEmitIntoClient @inline(__always)
    func withContents<Result>(_ body: (StepTable<Node>.Contents) -> Result) -> Result {
        unretainedContents.with(body)
    }

    @_alwaysEmitIntoClient
    override init(_ value: Node) {
        unretainedContents = Unretained(Node.steps.contents)
        super.init(value)
    }

    /// `storage`, which the caller knows to be the box of a `Node`: every accessor closure is
    /// given the box of the node whose table made it.
    ///
    /// Checked in debug builds only.
    @_alwaysEmitIntoClient
    static func of(_ storage: StepNodeStorage) -> CollectionStorage<Node> {
        storage.uncheckedCast(to: CollectionStorage<Node>.self)
    }

    /// A box holding a copy of `other`'s value, with its table (not read again from `Node`).
    init(copying other: CollectionStorage<Node>) {
        unretainedContents = other.unretainedContents
        super.init(copying: other)
    }

    override func copy() -> StepStorage<Node> { CollectionStorage(copying: self) }

    /// A box holding a copy of `other`'s pure value (see `StepTable.Contents.copiesBitwise`)
    /// whose step at byte `childOffset` holds a copy of its box.
    ///
    /// Compiled where the node type is declared (see ``SelectionAccessor``), with no generic
    /// code left to look up metadata; `other` is borrowed, not retained for the call.
    @_alwaysEmitIntoClient
    init(copying other: borrowing CollectionStorage<Node>, descendingTo childOffset: Int) {
        unretainedContents = other.unretainedContents
        super.init(
            other.withContents { contents in
                other.withValueAddress {
                    StepMemory.copy(
                        ofPureNodeAt: $0, as: Node.self, stepOffsets: contents.offsets,
                        copyingBoxAt: childOffset)
                }
            })
    }

    override func copyNode(descendingTo childOffset: Int) -> StepNodeStorage {
        withSelection { $0.copyDescending(self, childOffset) }
    }

    // A box of the initial history whose value is the initial one of a recursive type: one
    // compared with the shared initial value, whose steps are mostly the same boxes.
    override var isInitialAtom: Bool {
        guard renewalHistory == nil else { return false }
        let initial = withContents { $0.initialNode }
        guard initial.isRecursive else { return false }
        let box = initial.resolved
        return box === self || CollectionStorage.of(box).value == value
    }
    override var childCount: Int { withContents { $0.names.count } }
    override var shape: AnyObject? { unretainedContents.object }
    override var hasTabs: Bool { withContents { $0.hasTabs } }
    override func childKey(_ index: Int) -> String { withContents { $0.names[index] } }
    override func childKind(_ index: Int) -> StepKind { withContents { $0.kinds[index] } }
    override func childLayer(_ index: Int) -> StepLayer {
        withContents { $0.layers[index] }
    }
    override func childIsUserDismissible(_ index: Int) -> Bool {
        switch withContents({ $0.dismissals[index] }) {
        case .fixed(let allowed): return allowed
        // A rule reads the child's current value, so the answer follows every edit.
        case .rule(let rule): return rule.allows(child(index).storage.anyValue)
        }
    }

    override func childIndex(forSegment key: SegmentBytes) -> Int? {
        withContents { $0.childIndex(named: key) }
    }

    override func resolve(_ segment: SegmentBytes) -> (PathStep, StepNodeStorage)? {
        guard let (step, child) = resolveUnretained(segment) else { return nil }
        return (step, child.computed ?? child.box.object)
    }

    override func resolveUnretained(_ segment: SegmentBytes) -> (PathStep, ResolvedChild)? {
        let found = withSelection { $0.resolve(self, segment) }
        guard let child = found else { return nil }
        return (.child(child.index), child)
    }

    override func select(_ index: Int, in layer: StepLayer) -> Int? {
        withSelection { $0.select(self, index) }
    }

    override func clear(_ layer: StepLayer) -> Int? { withSelection { $0.clear(self, layer) } }

    override func clearLayers(above layer: StepLayer) {
        withSelection { $0.clearAbove(self, layer) }
    }

    override func selectUniqueChild(
        _ index: Int, clearingAbove: Bool
    ) -> (old: Int?, child: Unretained<StepNodeStorage>) {
        withSelection { $0.descend(self, index, clearingAbove) }
    }

    /// Runs `body` on the table's selection accessor, borrowed: the table lives as long as the
    /// program, so the calls an edit makes at each level cost no reference counting.
    @inline(__always)
    private func withSelection<Result>(_ body: (SelectionAccessor) -> Result) -> Result {
        withContents { body($0.selection) }
    }

    override func selectedIndex(in layer: StepLayer) -> Int? {
        withSelection { $0.read(self, layer) }
    }

    // Checked on every decoded node: the selection is read once, and no list of layers is built.
    override var selectionProblem: String? {
        let selected = value.selected
        return problem(selected.content, in: .content) ?? problem(selected.push, in: .push)
            ?? problem(selected.modal, in: .modal)
    }

    /// Why `key` cannot be selected in `layer`; `nil` when it can (or is `nil`).
    private func problem(_ key: Node.Key?, in layer: StepLayer) -> String? {
        guard let key, let index = withContents({ $0.indexByKey[key] }), childLayer(index) != layer
        else { return nil }
        return "\(Node.self): '\(key.rawValue)' is not a \(layer) step"
    }

    override func child(_ index: Int) -> StepReference {
        let offset = withContents { $0.offsets[index] }
        guard offset >= 0 else {
            let accessor = withContents { $0.accessors[index] }
            return StepMemory.withAddress(of: value) { accessor.read(at: $0) }
        }
        return StepReference(storage: withSelection { $0.childAt(self, offset) })
    }

    override func setSelectedIndex(_ index: Int?, in layer: StepLayer) {
        withSelection { $0.write(self, index, layer) }
    }

    override func resetChild(_ index: Int) {
        let accessor = withContents { $0.accessors[index] }
        StepMemory.withMutableAddress(of: &value) { accessor.reset(at: $0) }
    }

    override func childAccepts(_ value: any StepValue, at index: Int) -> Bool {
        withContents { $0.accessors[index].accepts(value) }
    }

    override func renewChild(_ index: Int, with value: (any StepValue)?) {
        let accessor = withContents { $0.accessors[index] }
        StepMemory.withMutableAddress(of: &self.value) { accessor.renew(at: $0, with: value) }
    }

    override func uniqueChild(_ index: Int) -> StepNodeStorage {
        withSelection { $0.uniqueChild(self, index) }
    }
}
