/// Tabs that are data: one per list the user follows, slots the user chose.
///
/// Each tab keeps its own state and its own navigation stack, as a declared ``StepKind/tab``
/// does.
///
/// ```swift
/// struct AppSteps: StepsCollection {
///     enum Key: String, StepKey { case lists }
///     var selected = StepSelection<Key>(.lists)
///     var lists = Step(StepTabs<ListTab>())
///     static let steps = StepTable<Self>(.inline(.lists, \.lists))
/// }
///
/// let swift = try steps.lists.value.append(ListTab(name: "Swift"))  // "1"
/// try steps.lists.value.append(ListTab(name: "News"))                // "2", "1" stays selected
/// try steps.select(path: "lists/2/detail")                       // the News tab, pushed
/// ```
///
/// The tabs are the node's content children, named by their ids, which are minted as a
/// ``StepStack``'s are (never reused, encoded and compared with the tabs): a tab switch is
/// `select /lists 1 -> 2`. The first tab added is selected; removing the selected tab selects
/// the one that takes its place.
public struct StepTabs<Tab: StepsCollection>: StepValue {
    /// The tabs with their ids, in order.
    var tabs: StepStack<Tab>
    /// The selected tab's id.
    public internal(set) var selectedID: String?
    /// Changes whenever the list of ids does, so that the engine matches two states' tabs by
    /// position only when their lists are one.
    var layout = TabsLayout()

    /// Creates an empty list of tabs.
    public init() {
        tabs = StepStack()
        selectedID = nil
    }

    /// The tab ids, in order.
    public var ids: [String] { tabs.ids }

    /// The tabs, in order.
    public var elements: [Tab] { tabs.elements }

    /// The number of tabs.
    public var count: Int { tabs.count }

    /// The tab with `id`; setting a value changes it in place (its state and identity stay),
    /// setting `nil` removes it.
    /// - Complexity: O(*n*) for *n* tabs.
    public subscript(id id: String) -> Tab? {
        get { tabs[id: id] }
        set {
            defer { _checkInvariants() }
            guard newValue != nil else {
                remove(id: id)
                return
            }
            tabs[id: id] = newValue
        }
    }

    /// Adds `tab` at the end with a minted id; the first tab added is selected.
    /// - Returns: The tab's id.
    /// - Throws: ``StepPathError/tooDeep(_:)`` for a tab that nests stack elements deeper than
    ///   a stack may (see ``StepStack/depth``); the tabs are unchanged.
    @discardableResult
    public mutating func append(_ tab: Tab) throws(StepPathError) -> String {
        defer { _checkInvariants() }
        let id = try tabs.push(tab)
        didAdd(id)
        return id
    }

    /// Adds `tab` at the end with `id`.
    /// - Returns: `id`.
    /// - Throws: ``StepPathError/invalidElementID(_:in:)``,
    ///   ``StepPathError/duplicateElementID(_:in:)`` or ``StepPathError/tooDeep(_:)``; the tabs
    ///   are unchanged.
    @discardableResult
    public mutating func append(_ tab: Tab, id: String) throws(StepPathError) -> String {
        defer { _checkInvariants() }
        try tabs.push(tab, id: id)
        didAdd(id)
        return id
    }

    private mutating func didAdd(_ id: String) {
        layout = TabsLayout()
        if selectedID == nil { selectedID = id }
    }

    /// Removes the tab with `id`, with its state; returns it, or `nil` when no tab has `id`.
    ///
    /// Removing the selected tab selects the one that takes its place (the next, else the
    /// previous).
    @discardableResult
    public mutating func remove(id: String) -> Tab? {
        defer { _checkInvariants() }
        guard let position = tabs.index(of: id) else { return nil }
        let removed = tabs.remove(id: id)
        layout = TabsLayout()
        if let selected = selectedID, StepPath.sameSegment(selected, id) {
            let ids = tabs.ids
            selectedID = ids.isEmpty ? nil : ids[min(position, ids.count - 1)]
        }
        return removed
    }

    /// Puts the tabs in the order of `ids`, which must hold every id once.
    ///
    /// The user reordered them; each tab keeps its state.
    /// - Throws: ``StepPathError/unknownElement(_:in:)`` for an id that no tab has, or
    ///   ``StepPathError/duplicateElementID(_:in:)``; the tabs are unchanged.
    public mutating func reorder(_ ids: [String]) throws(StepPathError) {
        defer { _checkInvariants() }
        try ElementIDs.validate(ids, at: nil)
        guard ids.count == tabs.count else {
            let missing = tabs.ids.first { !ids.contains($0) } ?? ""
            throw .unknownElement(missing, in: nil)
        }
        if let unknown = ids.first(where: { !tabs.contains(id: $0) }) {
            throw .unknownElement(unknown, in: nil)
        }
        tabs.replace(with: ids) { _ in Tab() }
        layout = TabsLayout()
    }

    /// Selects the tab with `id`.
    /// - Throws: ``StepPathError/unknownElement(_:in:)`` when no tab has `id`; the tabs are
    ///   unchanged.
    public mutating func select(id: String) throws(StepPathError) {
        defer { _checkInvariants() }
        guard tabs.contains(id: id) else { throw .unknownElement(id, in: nil) }
        selectedID = id
    }
}

/// The identity of one list of tab ids (see ``StepTabs``).
final class TabsLayout: Sendable {}

extension StepTabs: Equatable {
    /// Tab lists are equal when they hold equal tabs with equal ids and renewal histories, the
    /// same selection and the same counter.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.selectedID.map(SegmentKey.init) == rhs.selectedID.map(SegmentKey.init)
            && lhs.tabs == rhs.tabs
    }
}

extension StepTabs: Hashable {
    /// Hashes the tabs and the selection.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(selectedID.map(SegmentKey.init))
        hasher.combine(tabs)
    }
}

extension StepTabs: Codable {
    private enum Field: String, CodingKey { case tabs, selected }

    /// Decodes `{"tabs": […], "selected": "…"}`, the tabs in a ``StepStack``'s form.
    /// - Throws: `DecodingError` for a malformed list or a selection that names no tab.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Field.self)
        tabs = try container.decode(StepStack<Tab>.self, forKey: .tabs)
        selectedID = try container.decodeIfPresent(String.self, forKey: .selected)
        if let selectedID, !tabs.contains(id: selectedID) {
            throw DecodingError.dataCorruptedError(
                forKey: .selected, in: container,
                debugDescription: "no tab '\(StepPath.quoted(selectedID))' to select")
        }
        if selectedID == nil, let first = tabs.ids.first {
            throw DecodingError.dataCorruptedError(
                forKey: .selected, in: container,
                debugDescription: "tabs select one of theirs ('\(StepPath.quoted(first))')")
        }
    }

    /// Encodes the tabs and the selected id.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Field.self)
        try container.encode(tabs, forKey: .tabs)
        try container.encodeIfPresent(selectedID, forKey: .selected)
    }
}

extension StepTabs: StorageShaped {
    func makeStorage() -> StepNodeStorage { TabsStorage(self) }
    static var nodeBoxing: NodeBoxing? { nil }
}

extension StepTabs: BareCodable {
    static var codingForm: StepCodingForm { .object }
}

/// The box of a list of tabs: a node whose content children are its tabs, named by their ids
/// (`@unchecked Sendable` restated from ``StepNodeStorage``, as Swift requires of a subclass).
final class TabsStorage<Tab: StepsCollection>: StepStorage<StepTabs<Tab>>, @unchecked Sendable {
    override func copy() -> StepStorage<StepTabs<Tab>> { TabsStorage(copying: self) }
    override var childCount: Int { value.tabs.count }
    override var hasTabs: Bool { true }
    override func childKey(_ index: Int) -> String { value.tabs.entries[index].id }
    override func childKind(_ index: Int) -> StepKind { .tab }
    override func childLayer(_ index: Int) -> StepLayer { .content }
    override func childIndex(forSegment key: SegmentBytes) -> Int? {
        value.tabs.index(ofSegment: key)
    }
    override var shape: AnyObject? { value.layout }

    override func selectedIndex(in layer: StepLayer) -> Int? {
        guard layer == .content, let id = value.selectedID else { return nil }
        return value.tabs.index(of: id)
    }

    override func child(_ index: Int) -> StepReference {
        StepReference(storage: value.tabs.entries[index].box)
    }

    override func resolve(_ segment: SegmentBytes) -> (PathStep, StepNodeStorage)? {
        guard let index = childIndex(forSegment: segment) else { return nil }
        return (.child(index), value.tabs.entries[index].box)
    }

    override func setSelectedIndex(_ index: Int?, in layer: StepLayer) {
        guard layer == .content, let index else { return }
        value.selectedID = value.tabs.entries[index].id
    }

    override func childAccepts(_ value: any StepValue, at index: Int) -> Bool { value is Tab }

    override func renewChild(_ index: Int, with renewal: (any StepValue)?) {
        value.tabs.modifyStep(at: index) { $0.renew(with: renewal as? Tab) }
    }

    override func uniqueChild(_ index: Int) -> StepNodeStorage {
        value.tabs.modifyBox(at: index) { box in
            if !isKnownUniquelyReferenced(&box) { box = box.copyNode() }
            return box
        }
    }
}
