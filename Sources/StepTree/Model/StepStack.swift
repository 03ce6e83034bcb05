/// A dynamic, ordered list of step elements with stable string ids, each pushed above the
/// previous one (recursive flows: a friend's profile inside a profile, to any depth).
///
/// Element ids are unique, non-empty and contain no `/`. An element is identified by its id
/// plus its own renewal history (SPEC §1), so a stack's value, and so its equality, hash and
/// encoding, depends on nothing but its elements.
///
/// ## Depth
///
/// Elements nest at most ``StepPath/maximumDepth`` levels below their stack's step (its
/// ``depth``), the reach of the longest path: a stack refuses a value that would nest deeper,
/// whether pushed, set, made by ``setIDs(_:makeElement:)`` or decoded, as it refuses a path
/// deeper than that. So a tree built in code is no deeper than one built from paths and saved
/// state, and every operation on it (diff, coding, comparing, freeing) stays within the stack
/// a thread has.
public struct StepStack<Element: StepValue>: StepValue {
    struct Entry: Hashable, Sendable {
        var id: String
        var step: Step<Element>
    }

    private(set) var entries: [Entry]
    /// The position of each id, kept once the stack is longer than ``indexThreshold`` (shorter
    /// ones are searched), so that pushing, popping and finding an element are O(1).
    private var positions: [SegmentKey: Int]?
    /// ``depth``, or `nil` once an edit left it unknown (an element changed in place, the
    /// deepest one removed, the stack made whole): then it is found again when asked for.
    private var knownDepth: Int? = 0

    /// Stacks up to this long find an id by a linear search, cheaper than hashing it.
    static var indexThreshold: Int { 16 }

    /// Creates an empty stack.
    public init() {
        entries = []
    }

    /// A stack of `entries`, whose depth is found when first asked for: finding it walks the
    /// elements, which only the checks that need it should pay for.
    init(entries: [Entry]) {
        self.entries = entries
        reindex()
        knownDepth = entries.isEmpty ? 0 : nil
    }

    /// The levels from the stack's step down to its deepest element: 0 when empty, 1 when no
    /// element holds elements of its own, and otherwise one level per step between the stack
    /// and its deepest element, that element included (`friends` holding `ann`, whose own
    /// `friends` hold `bob`: 3, as the path `ann/friends/bob` counts).
    ///
    /// At most ``StepPath/maximumDepth``.
    /// - Complexity: O(1) after a push or a set of an element; O(*n*) for *n* elements after an
    ///   edit that leaves it unknown: a change in place (through a path), removing elements
    ///   that hold elements, or ``setIDs(_:makeElement:)``.
    public var depth: Int { knownDepth ?? measuredDepth }

    /// ``depth``, found from the elements.
    private var measuredDepth: Int {
        entries.reduce(0) { max($0, Self.levels(of: $1.step)) }
    }

    /// The levels an element adds below its stack: itself, and what it holds.
    private static func levels(of step: Step<Element>) -> Int {
        1 + step.storage.elementDepth
    }

    /// The levels `element` would add, or ``StepPathError/tooDeep(_:)`` with them when there
    /// are more than ``StepPath/maximumDepth``.
    private static func checkedLevels(of step: Step<Element>) throws(StepPathError) -> Int {
        let levels = levels(of: step)
        guard levels <= StepPath.maximumDepth else { throw .tooDeep(levels) }
        return levels
    }

    /// Rebuilds ``positions`` after a change to the whole list.
    private mutating func reindex() {
        guard entries.count > Self.indexThreshold else {
            positions = nil
            return
        }
        var map: [SegmentKey: Int] = [:]
        map.reserveCapacity(entries.count)
        for (position, entry) in entries.enumerated() { map[SegmentKey(entry.id)] = position }
        positions = map
    }

    /// The element ids, bottom first.
    public var ids: [String] { entries.map(\.id) }

    /// The elements, bottom first.
    public var elements: [Element] { entries.map(\.step.value) }

    /// The number of elements.
    public var count: Int { entries.count }

    /// Whether the stack has no elements.
    public var isEmpty: Bool { entries.isEmpty }

    /// The top element's id.
    public var lastID: String? { entries.last?.id }

    /// Whether an element has `id`.
    public func contains(id: String) -> Bool { index(of: id) != nil }

    /// The element with `id`; setting `nil` is ignored (use ``pop(to:)`` or
    /// ``setIDs(_:makeElement:)``), and so is setting a value that nests elements more than
    /// ``StepPath/maximumDepth`` levels below the stack, as ``push(_:id:)`` refuses it.
    ///
    /// Changing an element in place keeps its identity.
    /// - Complexity: O(*n*) for *n* elements.
    public subscript(id id: String) -> Element? {
        get { index(of: id).map { entries[$0].step.value } }
        set {
            guard let newValue, let index = index(of: id),
                let levels = try? Self.checkedLevels(of: Step(newValue))
            else { return }
            entries[index].step.value = newValue
            // Still exact if this element is now the deepest one, or all of them are flat.
            if let known = knownDepth, levels < known, known > 1 { knownDepth = nil }
            if let known = knownDepth { knownDepth = max(known, levels) }
        }
    }

    /// The position of the element with `id` (compared by Unicode scalars exactly).
    /// - Complexity: O(1), or O(*n*) for a stack of at most ``indexThreshold`` elements.
    func index(of id: some StringProtocol) -> Int? {
        if let positions { return positions[SegmentKey(id)] }
        return id.withUTF8Bytes(searchIndex)
    }

    /// The position of the element whose id has the UTF-8 bytes `id`, as ``index(of:)`` finds
    /// it.
    func index(ofSegment id: SegmentBytes) -> Int? {
        if positions != nil { return index(of: String(decoding: id, as: UTF8.self)) }
        return searchIndex(id)
    }

    /// The position of the element with `id`, searched from the bottom.
    private func searchIndex(_ id: SegmentBytes) -> Int? {
        entries.firstIndex { StepPath.sameSegment($0.id, id) }
    }

    /// Appends an entry whose id is valid and not in the stack yet, which adds `levels`.
    private mutating func append(_ entry: Entry, levels: Int) {
        if let known = knownDepth { knownDepth = max(known, levels) }
        entries.append(entry)
        if positions != nil {
            positions?[SegmentKey(entry.id)] = entries.count - 1
        } else if entries.count > Self.indexThreshold {
            reindex()
        }
    }

    /// Removes the entries from `position` on.
    mutating func removeEntries(from position: Int) {
        guard position < entries.count else { return }
        if positions != nil {
            for entry in entries[position...] { positions?[SegmentKey(entry.id)] = nil }
        }
        entries.removeSubrange(position...)
        if entries.count <= Self.indexThreshold { positions = nil }
        // A stack of flat elements stays so; otherwise the deepest one may have gone.
        if entries.isEmpty {
            knownDepth = 0
        } else if let known = knownDepth, known > 1 {
            knownDepth = nil
        }
    }

    /// Changes the step of the entry at `position` in place (its id stays).
    ///
    /// What the edit does to the element's depth is not known here: an edit through a path
    /// nests elements no deeper than the path reaches (see ``depth``).
    mutating func modifyStep<Result>(
        at position: Int, _ body: (inout Step<Element>) -> Result
    ) -> Result {
        knownDepth = nil
        return body(&entries[position].step)
    }

    /// Pushes `element` on top with `id`.
    /// - Throws: ``StepPathError/invalidElementID(_:in:)``,
    ///   ``StepPathError/duplicateElementID(_:in:)``, or ``StepPathError/tooDeep(_:)`` with the
    ///   levels it would nest elements below the stack (itself and the deepest element it
    ///   holds) when they are more than ``StepPath/maximumDepth``; the stack is unchanged.
    /// - Complexity: O(1) amortized (O(*n*) for a stack of at most 16 elements), plus the steps
    ///   of `element` outside its own stacks (a number fixed by its type), whose depths are
    ///   kept.
    public mutating func push(_ element: Element, id: String) throws(StepPathError) {
        guard StepPath.isValidSegment(id) else { throw .invalidElementID(id, in: .root) }
        guard index(of: id) == nil else { throw .duplicateElementID(id, in: .root) }
        let step = Step(element)
        append(Entry(id: id, step: step), levels: try Self.checkedLevels(of: step))
    }

    /// Removes the top element; returns its id, or `nil` if the stack was empty.
    @discardableResult
    public mutating func pop() -> String? { pop(last: 1).first }

    /// Removes the top `count` elements (all of them if there are fewer); returns their ids,
    /// bottom first.
    /// - Complexity: O(*k*) for *k* removed elements.
    @discardableResult
    public mutating func pop(last count: Int) -> [String] {
        let removed = entries.suffix(max(0, count)).map(\.id)
        removeEntries(from: entries.count - removed.count)
        return removed
    }

    /// Removes every element above the one with `id`; returns the removed ids, bottom first.
    /// - Throws: ``StepPathError/unknownElement(_:in:)`` if no element has `id`; the stack is
    ///   unchanged.
    @discardableResult
    public mutating func pop(to id: String) throws(StepPathError) -> [String] {
        guard let index = index(of: id) else { throw .unknownElement(id, in: .root) }
        return pop(last: entries.count - index - 1)
    }

    /// Removes the element with `id` and every element above it; returns the removed ids,
    /// bottom first.
    /// - Throws: ``StepPathError/unknownElement(_:in:)`` if no element has `id`; the stack is
    ///   unchanged.
    @discardableResult
    public mutating func pop(from id: String) throws(StepPathError) -> [String] {
        guard let index = index(of: id) else { throw .unknownElement(id, in: .root) }
        return pop(last: entries.count - index)
    }

    /// Removes every element; returns their ids, bottom first.
    @discardableResult
    public mutating func popToRoot() -> [String] { pop(last: entries.count) }

    /// Makes the stack hold exactly `ids`, in order: elements that stay keep their state, new
    /// ones come from `makeElement`, the others are dropped with their state.
    /// - Throws: ``StepPathError`` for a duplicate, empty or `/`-containing id, or
    ///   ``StepPathError/tooDeep(_:)`` for a new element that would nest elements more than
    ///   ``StepPath/maximumDepth`` levels below the stack (see ``push(_:id:)``); the stack is
    ///   unchanged.
    /// - Complexity: O(*n* + *m*) for *n* old and *m* new elements.
    public mutating func setIDs(
        _ ids: [String], makeElement: (String) -> Element
    ) throws(StepPathError) {
        try Self.validate(ids: ids)
        var made: [SegmentKey: Step<Element>] = [:]
        for id in ids where index(of: id) == nil {
            let step = Step(makeElement(id))
            _ = try Self.checkedLevels(of: step)
            made[SegmentKey(id)] = step
        }
        replace(with: ids) { made[SegmentKey($0)] ?? Step(makeElement($0)) }
    }

    /// Makes the stack hold exactly `ids` (already validated), new elements from `makeStep`.
    mutating func replace(with ids: [String], makeStep: (String) -> Step<Element>) {
        var old: [SegmentKey: Entry] = [:]
        for entry in entries { old[SegmentKey(entry.id)] = entry }
        var new: [Entry] = []
        new.reserveCapacity(ids.count)
        for id in ids {
            new.append(old[SegmentKey(id)] ?? Entry(id: id, step: makeStep(id)))
        }
        entries = new
        reindex()
        // Found when asked for, as for a stack made whole.
        knownDepth = entries.isEmpty ? 0 : nil
    }

    /// Makes the stack hold exactly `ids` (already validated), new elements from `makeElement`.
    mutating func replace(with ids: [String], makeElement: (String) -> Element) {
        replace(with: ids) { Step(makeElement($0)) }
    }

    /// Checks that ids are valid segments (``StepPath/isValidSegment(_:)``) and unique.
    static func validate(ids: [String], at path: StepPath = .root) throws(StepPathError) {
        var seen = Set<SegmentKey>()
        for id in ids {
            if !StepPath.isValidSegment(id) { throw .invalidElementID(id, in: path) }
            if !seen.insert(SegmentKey(id)).inserted { throw .duplicateElementID(id, in: path) }
        }
    }
}

extension StepStack where Element: StepsCollection {
    /// Makes the stack hold exactly `ids`; new elements start as `Element()`.
    /// - Throws: ``StepPathError`` for a duplicate, empty or `/`-containing id; the stack is
    ///   unchanged.
    public mutating func setIDs(_ ids: [String]) throws(StepPathError) {
        try setIDs(ids) { _ in Element() }
    }

    /// Pushes a new `Element()` with `id`.
    /// - Throws: ``StepPathError`` for a duplicate, empty or `/`-containing id.
    public mutating func push(id: String) throws(StepPathError) {
        try push(Element(), id: id)
    }
}

extension StepStack: Equatable {
    /// Stacks are equal when they hold equal elements with equal ids and renewal histories.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.entries == rhs.entries }
}

extension StepStack: Hashable {
    /// Hashes the ids, elements and renewal histories.
    public func hash(into hasher: inout Hasher) { hasher.combine(entries) }
}

extension StepStack: Codable {
    private struct CodedEntry: Codable {
        var id: String
        var value: Element
        var renewal: StepRenewal?
    }

    /// Decodes `[{"id": …, "value": …, "renewal": "…"}]`.
    /// - Throws: `DecodingError.dataCorrupted` for a duplicate, empty or `/`-containing id, for
    ///   elements nested more than ``StepPath/maximumDepth`` levels below the stack (see
    ///   ``depth``), and, as ``Step`` does, for an element whose selection names a step in the
    ///   wrong layer.
    public init(from decoder: any Decoder) throws {
        // Through a container, not `[CodedEntry](from: decoder)`: a decoder that repairs a save
        // can then leave out an element that no longer decodes (see `RepairingDecoder`).
        let coded = try decoder.singleValueContainer().decode([CodedEntry].self)
        do {
            try Self.validate(ids: coded.map(\.id))
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
        self.init(
            entries: coded.map {
                Entry(id: $0.id, step: Step($0.value, renewal: $0.renewal ?? .initial))
            })
        // As deep as `push(_:id:)` allows: a saved state is no deeper than one built in code.
        knownDepth = measuredDepth
        if let depth = knownDepth, depth > StepPath.maximumDepth {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "elements nested \(depth) levels below their stack; at most "
                        + "\(StepPath.maximumDepth) are allowed"))
        }
        if let (id, problem) = entries.lazy.compactMap({ entry in
            entry.step.storage.selectionProblem.map { (entry.id, $0) }
        }).first {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "element '\(id)': \(problem)"))
        }
    }

    /// Encodes the elements as an array, bottom first.
    public func encode(to encoder: any Encoder) throws {
        try entries.map {
            CodedEntry(
                id: $0.id, value: $0.step.value,
                renewal: $0.step.renewal.isInitial ? nil : $0.step.renewal)
        }
        .encode(to: encoder)
    }
}

extension StepStack: StorageShaped where Element: StepsCollection {
    func makeStorage() -> StepNodeStorage { StackStorage(self) }
    static var nodeBoxing: NodeBoxing? { nil }
}

/// The box of a hand-written stack (`@unchecked Sendable` for the reason on
/// `StepNodeStorage`).
final class StackStorage<Element: StepsCollection>: StepStorage<StepStack<Element>>,
    @unchecked Sendable
{
    override func copy() -> StepStorage<StepStack<Element>> { StackStorage(value) }
    override var isStack: Bool { true }
    override var elementCount: Int { value.entries.count }
    override func element(_ index: Int) -> ElementReference { value.entries[index].reference }
    override func elementIndex(forSegment id: SegmentBytes) -> Int? { value.index(ofSegment: id) }
    override func resolve(_ segment: SegmentBytes) -> (PathStep, StepNodeStorage)? {
        guard let index = value.index(ofSegment: segment) else { return nil }
        return (.element(index), value.entries[index].step.storage)
    }
    override func elementAccepts(_ value: any StepValue) -> Bool { value is Element }
    override func renewElement(_ index: Int, with value: (any StepValue)?) {
        self.value.modifyStep(at: index) { $0.renew(with: value as? Element) }
    }
    override func uniqueElement(_ index: Int) -> StepNodeStorage {
        value.modifyStep(at: index) { $0.uniqueStorage() }
    }
    override func setElements(_ ids: [String]) { value.replace(with: ids) { _ in Element() } }
    override var elementDepth: Int { value.depth }
    override func removeElements(from index: Int) { value.removeEntries(from: index) }
}

extension StepStack.Entry {
    var reference: ElementReference {
        ElementReference(id: id, storage: step.storage)
    }
}

extension Step {
    /// Pushes `element` on top of the stack with `id`; see ``StepStack/push(_:id:)``.
    /// - Throws: ``StepPathError``; the stack is unchanged.
    public mutating func push<Element>(_ element: Element, id: String) throws(StepPathError)
    where Value == StepStack<Element> {
        try value.push(element, id: id)
    }

    /// Removes the top element; see ``StepStack/pop()``.
    @discardableResult
    public mutating func pop<Element>() -> String? where Value == StepStack<Element> {
        value.pop()
    }

    /// Removes the top `count` elements; see ``StepStack/pop(last:)``.
    @discardableResult
    public mutating func pop<Element>(last count: Int) -> [String]
    where Value == StepStack<Element> {
        value.pop(last: count)
    }

    /// Removes every element above the one with `id`; see ``StepStack/pop(to:)``.
    /// - Throws: ``StepPathError/unknownElement(_:in:)``; the stack is unchanged.
    @discardableResult
    public mutating func pop<Element>(to id: String) throws(StepPathError) -> [String]
    where Value == StepStack<Element> {
        try value.pop(to: id)
    }

    /// Removes the element with `id` and every element above it; see ``StepStack/pop(from:)``.
    /// - Throws: ``StepPathError/unknownElement(_:in:)``; the stack is unchanged.
    @discardableResult
    public mutating func pop<Element>(from id: String) throws(StepPathError) -> [String]
    where Value == StepStack<Element> {
        try value.pop(from: id)
    }

    /// Removes every element; see ``StepStack/popToRoot()``.
    @discardableResult
    public mutating func popToRoot<Element>() -> [String] where Value == StepStack<Element> {
        value.popToRoot()
    }
}

extension Step where Value: StepValue {
    /// Pushes a new element with `id`; see ``StepStack/push(id:)``.
    /// - Throws: ``StepPathError``; the stack is unchanged.
    public mutating func push<Element: StepsCollection>(id: String) throws(StepPathError)
    where Value == StepStack<Element> {
        try value.push(id: id)
    }

    /// Makes the stack hold exactly `ids`; see ``StepStack/setIDs(_:)``.
    /// - Throws: ``StepPathError``; the stack is unchanged.
    public mutating func setIDs<Element: StepsCollection>(_ ids: [String]) throws(StepPathError)
    where Value == StepStack<Element> {
        try value.setIDs(ids)
    }
}

extension StepStack: BareCodable {
    static var codingForm: StepCodingForm { .array }
}
