/// A dynamic, ordered list of elements with stable string ids, each pushed above the previous
/// one: `NavigationStack(path:)`, recursive flows (a friend's profile inside a profile, to any
/// depth).
///
/// ```swift
/// var path = StepStack<Destination>()
/// let first = path.push(.status(StatusScreen(id: 42)))  // "1", minted
/// path.push(.account(AccountScreen(id: 7)))              // "2"
/// path[id: first] = nil                                  // removes the status
/// ```
///
/// Elements are ``StepsCollection`` nodes, or the destinations of a ``StepDestination`` enum.
///
/// ## Depth
///
/// The bound is counted from a tree's root: every stack element lies at most
/// ``StepPath/maximumDepth`` − 1 segments below it, so that every screen the tree can show is
/// one a path selects. A stack cannot know its place, so alone it keeps its elements at most
/// ``StepPath/maximumDepth`` − 2 levels below its own step (its ``depth``; its step is at least
/// one segment below any root), whether pushed, set, made by ``setIDs(_:makeElement:)`` or
/// decoded; path edits and `StepArchive/decode(_:)` count from the root. Every operation on
/// a tree within the bound (diff, coding, comparing, freeing) stays within the stack a thread
/// has.
///
/// A stack shows its elements only while its parent's push layer selects it (SPEC §2). Editing
/// the value, as above, does not select it; ``StepNode/push(_:id:onto:)`` and
/// ``Navigator/push(_:id:onto:transaction:)`` push and select the stack's step at once.
///
/// **Ids.** Every push takes the next number of the stack's counter. ``push(_:)`` mints it as
/// the id (`"1"`, `"2"`, …), never one the stack has used: the same destination pushed twice is
/// two screens, and a screen popped and pushed again is a new one. An element pushed with an
/// explicit id (``push(_:id:)``) keeps its number in its renewal history, so that it is another
/// screen than every earlier element with that id. The counter is part of the stack's state:
/// it is encoded and compared, so a state saved, restored and pushed again, or built twice by
/// the same operations, mints the same ids; and it survives the stack being put back in its
/// initial state by the engine (a step closed, a layer cleared by a show), so that a stack
/// emptied that way never mints an id one of its screens had. Explicit ids are unique,
/// non-empty, contain no `/`, and are not the key of a step of the element (a destination's
/// name), which a path after the stack reads as that step; a decimal one moves the counter past
/// it. An element is identified by its id plus its own renewal history (SPEC §1). A stack that
/// has taken its last number (`Int64.max`) refuses to push
/// (``StepPathError/duplicateElementID(_:in:)``, naming the id it cannot mint).
public struct StepStack<Element: StepValue>: StepValue {
    struct Entry: Sendable {
        var id: String
        /// The element's box: a ``StepStorage`` of `Element`, or a `DestinationStorage`.
        var box: StepNodeStorage
        /// Where the entry was put, increasing from the bottom up: what ``positions`` holds.
        var slot = 0

        init(id: String, box: StepNodeStorage) {
            self.id = id
            self.box = box
        }
    }

    private(set) var entries: [Entry]
    /// The slot of each id, kept once the stack is longer than ``indexThreshold`` (shorter
    /// ones are searched), so that pushing, popping and finding an element are O(1), and
    /// removing one below the top leaves the other ids' slots as they are.
    private(set) var positions: [SegmentKey: Int]?
    /// The slot the next appended entry takes.
    private var nextSlot = 0
    /// The number the next minted id starts from.
    private(set) var nextID: UInt64
    /// The destinations, for a stack of a ``StepDestination`` type.
    let destinations: DestinationTable<Element>?
    /// ``depth``, or `nil` once an edit left it unknown (an element changed in place, the
    /// deepest one removed, the stack made whole): then it is found again when asked for.
    ///
    /// Settable outside this file for decoding, which measures it at once to check it.
    var knownDepth: Int? = 0

    /// Stacks up to this long find an id by a linear search, cheaper than hashing it.
    static var indexThreshold: Int { 16 }

    /// Creates an empty stack.
    public init() {
        entries = []
        nextID = 1
        destinations = DestinationTable.ifDestination(Element.self)
    }

    /// A stack of `entries`, whose depth is found when first asked for: finding it walks the
    /// elements, which only the checks that need it should pay for.
    init(entries: [Entry], nextID: UInt64? = nil) {
        self.entries = entries
        destinations = DestinationTable.ifDestination(Element.self)
        self.nextID = max(nextID ?? 0, Self.impliedNextID(of: entries))
        knownDepth = entries.isEmpty ? 0 : nil
        reindex()
    }

    /// Numbers the slots again and rebuilds ``positions`` after a change to the whole list.
    private mutating func reindex() {
        for position in entries.indices { entries[position].slot = position }
        nextSlot = entries.count
        guard entries.count > Self.indexThreshold else {
            positions = nil
            return
        }
        var map: [SegmentKey: Int] = [:]
        map.reserveCapacity(entries.count)
        for entry in entries { map[SegmentKey(entry.id)] = entry.slot }
        positions = map
    }

    /// The position of the entry in `slot`, found by a binary search: slots increase from the
    /// bottom up, and an entry is no further from the bottom than its slot from the bottom's.
    private func position(ofSlot slot: Int) -> Int? {
        guard let first = entries.first?.slot, slot >= first else { return nil }
        var low = 0
        var high = min(entries.count, slot - first + 1)
        while low < high {
            let middle = low + (high - low) / 2
            if entries[middle].slot < slot { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low].slot == slot ? low : nil
    }

    /// The element ids, bottom first.
    public var ids: [String] { entries.map(\.id) }

    /// The elements, bottom first.
    public var elements: [Element] { entries.map { value(of: $0.box) } }

    /// The number of elements.
    public var count: Int { entries.count }

    /// Whether the stack has no elements.
    public var isEmpty: Bool { entries.isEmpty }

    /// The top element's id.
    public var lastID: String? { entries.last?.id }

    /// Whether an element has `id`.
    public func contains(id: String) -> Bool { index(of: id) != nil }

    /// The element with `id`; setting a value changes it in place (the screen stays, identity
    /// included), setting `nil` removes it (the elements above it stay).
    ///
    /// Setting an id the stack does not hold does nothing, and so does setting a value that
    /// nests elements more than ``StepPath/maximumDepth`` − 2 levels below the stack, as
    /// ``push(_:id:)`` refuses it.
    /// - Complexity: O(log *n*), or O(*n*) for a stack of at most 16 elements; removing an
    ///   element below the top also moves the entries above it down by one (a copy of one
    ///   pointer-sized record each).
    public subscript(id id: String) -> Element? {
        get { index(of: id).map { value(of: entries[$0].box) } }
        set {
            defer { _checkInvariants() }
            guard let index = index(of: id) else { return }
            guard let newValue else {
                remove(at: index)
                return
            }
            replaceValue(at: index, with: newValue)
        }
    }

    /// The value of the element in `box`.
    func value(of box: StepNodeStorage) -> Element {
        if destinations != nil {
            return box.uncheckedCast(to: DestinationStorage<Element>.self).destination
        }
        return box.uncheckedCast(to: StepStorage<Element>.self).value
    }

    /// Changes element `index` to `value` in place, keeping its id and renewal history (and, for
    /// a destination that stays, its payload's).
    private mutating func replaceValue(at index: Int, with value: Element) {
        let old = entries[index].box
        guard let new = try? box(for: value), let levels = try? Self.checkedLevels(of: new)
        else { return }
        // Still exact if this element is now the deepest one, or all of them are flat.
        if let known = knownDepth, levels < known, known > 1 { knownDepth = nil }
        if let known = knownDepth { knownDepth = max(known, levels) }
        new.renewalHistory = old.renewalHistory
        if let old = old as? DestinationStorage<Element>,
            let new = new as? DestinationStorage<Element>,
            old.index == new.index
        {
            new.payload.renewalHistory = old.payload.renewalHistory
        }
        entries[index].box = new
    }

    /// The position of the element with `id` (compared by Unicode scalars exactly).
    /// - Complexity: O(1) for a stack nothing was removed from below its top since it was last
    ///   made whole, O(log *n*) otherwise, or O(*n*) for a stack of at most ``indexThreshold``
    ///   elements.
    func index(of id: some StringProtocol) -> Int? {
        if let positions { return positions[SegmentKey(id)].flatMap(position(ofSlot:)) }
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

    /// Appends an entry whose id is valid and not in the stack yet, which adds `levels`, and
    /// moves the counter past a decimal id.
    mutating func append(_ entry: Entry, levels: Int) {
        if let known = knownDepth { knownDepth = max(known, levels) }
        if let number = Self.mintedNumber(entry.id), number >= nextID { nextID = number + 1 }
        var entry = entry
        entry.slot = nextSlot
        nextSlot += 1
        entries.append(entry)
        if positions != nil {
            positions?[SegmentKey(entry.id)] = entry.slot
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
        forgetDepthOfRemoved()
    }

    /// A stack of flat elements stays so; otherwise the deepest one may have gone.
    private mutating func forgetDepthOfRemoved() {
        if entries.isEmpty {
            knownDepth = 0
        } else if let known = knownDepth, known > 1 {
            knownDepth = nil
        }
    }

    /// Removes the entry at `position` alone; the others keep their slots.
    mutating func remove(at position: Int) {
        guard position < entries.count - 1 else { return removeEntries(from: position) }
        let removed = entries.remove(at: position)
        if entries.count <= Self.indexThreshold {
            positions = nil
        } else {
            positions?[SegmentKey(removed.id)] = nil
        }
        forgetDepthOfRemoved()
    }

    /// Changes the step of the entry at `position` in place (its id stays): for a stack whose
    /// elements are boxed as their own type (not destinations).
    mutating func modifyStep<Result>(
        at position: Int, _ body: (inout Step<Element>) -> Result
    ) -> Result {
        modifyBox(at: position) { box in
            var step = Step(storage: box.uncheckedCast(to: StepStorage<Element>.self))
            // The entry lets go of the box while the step holds it, so that it stays unique.
            box = sharedEmptyLeaf
            defer { box = step.storage }
            return body(&step)
        }
    }

    /// Changes the box of the entry at `position` in place (its id stays).
    ///
    /// What the edit does to the element's depth is not known here: an edit through a path
    /// nests elements no deeper than the path reaches (see ``depth``).
    mutating func modifyBox<Result>(
        at position: Int, _ body: (inout StepNodeStorage) -> Result
    ) -> Result {
        knownDepth = nil
        return body(&entries[position].box)
    }

    /// Takes the counter's next number, for a push; ``canTakeNumber`` is true.
    mutating func takeNumber() -> UInt64 {
        precondition(canTakeNumber, "StepStack: a push past the counter's last number")
        defer { nextID += 1 }
        return nextID
    }

    /// Moves the counter up to `number` (at most ``maximumCounter``) if it is behind it: the
    /// counter of the same stack before the engine put it back in its initial state.
    mutating func raiseCounter(to number: UInt64) {
        nextID = max(nextID, min(number, Self.maximumCounter))
    }

    mutating func replace(with ids: [String], makeBox: (String) -> StepNodeStorage) {
        var old: [SegmentKey: Entry] = [:]
        for entry in entries { old[SegmentKey(entry.id)] = entry }
        var new: [Entry] = []
        new.reserveCapacity(ids.count)
        for id in ids {
            new.append(old[SegmentKey(id)] ?? Entry(id: id, box: makeBox(id)))
        }
        entries = []
        positions = nil
        for entry in new { append(entry, levels: 0) }
        // Found when asked for, as for a stack made whole.
        knownDepth = entries.isEmpty ? 0 : nil
    }
}

extension StepStack.Entry {
    var reference: ElementReference {
        ElementReference(id: id, storage: box)
    }
}
