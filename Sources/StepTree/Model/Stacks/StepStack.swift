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
/// decoded; path edits and ``StepArchive/decode(_:)`` count from the root. Every operation on
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
    private(set) var knownDepth: Int? = 0

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

    /// The levels from the stack's step down to its deepest element: 0 when empty, 1 when no
    /// element holds elements of its own, and otherwise one level per step between the stack
    /// and its deepest element, that element included (`friends` holding `ann`, whose own
    /// `friends` hold `bob`: 3, as the path `ann/friends/bob` counts).
    ///
    /// At most ``StepPath/maximumDepth`` − 2.
    /// - Complexity: O(1) after a push or a set of an element; O(*n*) for *n* elements after an
    ///   edit that leaves it unknown: a change in place (through a path), removing elements
    ///   that hold elements, or ``setIDs(_:makeElement:)``.
    public var depth: Int { knownDepth ?? measuredDepth }

    /// ``depth``, found from the elements.
    private var measuredDepth: Int {
        entries.reduce(0) { max($0, Self.levels(of: $1.box)) }
    }

    /// The levels an element adds below its stack: itself, and what it holds.
    static func levels(of box: StepNodeStorage) -> Int { 1 + box.elementDepth }

    /// The most levels a stack's elements may nest: its step is at least one segment below any
    /// root, and the bound of a tree is counted from the root (``StepPath/deepestElement``).
    static var maximumLevels: Int { StepPath.deepestElement - 1 }

    /// The levels the element in `box` would add, or ``StepPathError/tooDeep(_:)`` when there
    /// are more than ``maximumLevels``, with the segments of the screen it would show from the
    /// nearest place a stack can be.
    private static func checkedLevels(of box: StepNodeStorage) throws(StepPathError) -> Int {
        let levels = levels(of: box)
        guard levels <= maximumLevels else { throw StepPath.tooDeep(element: 1 + levels) }
        return levels
    }

    /// The counter a list of entries implies: one more than its largest decimal id, at least 1.
    private static func impliedNextID(of entries: [Entry]) -> UInt64 {
        var next: UInt64 = 1
        for entry in entries {
            if let number = mintedNumber(entry.id), number >= next { next = number &+ 1 }
        }
        return next
    }

    /// The number `id` spells, if it is written as a minted id below ``maximumCounter`` is.
    ///
    /// A minted id is decimal, with no leading zero. A larger number is a name like any other:
    /// it does not move the counter, so that the counter never runs out.
    private static func mintedNumber(_ id: String) -> UInt64? {
        guard let first = id.utf8.first, first != UInt8(ascii: "0") || id.utf8.count == 1,
            id.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let number = UInt64(id), number < maximumCounter
        else { return nil }
        return number
    }

    /// The largest counter a stack keeps or decodes (`Int64.max`): 2⁶³ pushes from it would be
    /// needed to run out of numbers.
    static var maximumCounter: UInt64 { UInt64(Int64.max) }

    /// Refuses a decoded counter above ``maximumCounter``.
    static func checkCounter(_ next: UInt64?, codingPath: [any CodingKey]) throws {
        guard let next, next > maximumCounter else { return }
        throw DecodingError.dataCorrupted(
            .init(
                codingPath: codingPath,
                debugDescription: "the counter \(next) is above \(maximumCounter)"))
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
            return unsafeDowncast(box, to: DestinationStorage<Element>.self).value
        }
        return unsafeDowncast(box, to: StepStorage<Element>.self).value
    }

    /// A new element's box holding `element`, in its initial history.
    /// - Throws: ``StepPathError/valueMismatch(_:at:)`` (at `path`, or the root for this stack)
    ///   for a destination whose case `destinations` leaves out.
    func box(for element: Element, at path: StepPath? = nil) throws(StepPathError)
        -> StepNodeStorage
    {
        try Self.box(for: element, destinations, at: path)
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
    private mutating func append(_ entry: Entry, levels: Int) {
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
            var step = Step(storage: unsafeDowncast(box, to: StepStorage<Element>.self))
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

    /// Whether the counter has a number left for a push.
    ///
    /// The counter stops at ``maximumCounter``, the largest a save may hold, so that every
    /// stack it counts in can be saved and restored. Only an explicit id just below that number
    /// (or a decoded counter) leads there.
    var canTakeNumber: Bool { nextID < Self.maximumCounter }

    /// The id a push names when the counter has no number left: the one it cannot mint.
    static var exhaustedID: String { String(maximumCounter) }

    /// Takes the counter's next number, for a push; ``canTakeNumber`` is true.
    private mutating func takeNumber() -> UInt64 {
        precondition(canTakeNumber, "StepStack: a push past the counter's last number")
        defer { nextID += 1 }
        return nextID
    }

    /// The next id the counter mints: the first decimal id from ``nextID`` on that no element
    /// has (a decimal id moves the counter past it, so it is the first one); ``canTakeNumber``
    /// is true.
    private mutating func mintID() -> String {
        while true {
            let id = String(takeNumber())
            if index(of: id) == nil { return id }
        }
    }

    /// Gives `box`, an element pushed with an explicit id as push number `number`, its number as
    /// its renewal history (see `StepRenewal.birth(_:)`), in a box of its own.
    private static func markBorn(_ box: inout StepNodeStorage, number: UInt64) {
        if !isKnownUniquelyReferenced(&box) { box = box.copyNode() }
        box.renewalHistory = StepRenewal.birth(number)
    }

    /// Whether `id` is the key of a step of the stack's elements (a destination's name), which a
    /// path after the stack reads as that step.
    func isStepKey(_ id: String) -> Bool {
        guard destinations != nil || Element.self is any StepsCollection.Type else { return false }
        return Self.initialBox(destinations).childIndex(forKey: id) != nil
    }

    /// Moves the counter up to `number` (at most ``maximumCounter``) if it is behind it: the
    /// counter of the same stack before the engine put it back in its initial state.
    mutating func raiseCounter(to number: UInt64) {
        nextID = max(nextID, min(number, Self.maximumCounter))
    }

    /// Pushes `element` on top with a new id, minted from the stack's counter.
    /// - Returns: The element's id.
    /// - Throws: ``StepPathError/tooDeep(_:)`` when the levels `element` would nest elements
    ///   below the stack (itself and the deepest element it holds) are more than
    ///   ``StepPath/maximumDepth`` − 2, with the segments of the screen it would show from the
    ///   nearest place a stack can have (two more), or
    ///   ``StepPathError/duplicateElementID(_:in:)`` naming the id a counter that has run out of
    ///   numbers cannot mint; the stack is unchanged.
    /// - Complexity: O(1) amortized (O(*n*) for a stack of at most 16 elements), plus the steps
    ///   of `element` outside its own stacks (a number fixed by its type), whose depths are
    ///   kept.
    @discardableResult
    public mutating func push(_ element: Element) throws(StepPathError) -> String {
        defer { _checkInvariants() }
        let box = try box(for: element)
        let levels = try Self.checkedLevels(of: box)
        guard canTakeNumber else { throw .duplicateElementID(Self.exhaustedID, in: nil) }
        let id = mintID()
        append(Entry(id: id, box: box), levels: levels)
        return id
    }

    /// Pushes `element` on top with `id`, another screen than every earlier element with `id`.
    /// - Returns: `id`.
    /// - Throws: ``StepPathError/invalidElementID(_:in:)`` (also for an id that is the key of
    ///   one of the element's steps) or ``StepPathError/duplicateElementID(_:in:)`` (with no
    ///   path: this stack), or ``StepPathError/tooDeep(_:)`` and the exhausted counter's
    ///   ``StepPathError/duplicateElementID(_:in:)`` as ``push(_:)`` throws them; the stack is
    ///   unchanged.
    /// - Complexity: O(1) amortized (O(*n*) for a stack of at most 16 elements), plus the steps
    ///   of `element` outside its own stacks.
    @discardableResult
    public mutating func push(_ element: Element, id: String) throws(StepPathError) -> String {
        defer { _checkInvariants() }
        guard StepPath.isValidSegment(id) else { throw .invalidElementID(id, in: nil) }
        guard index(of: id) == nil else { throw .duplicateElementID(id, in: nil) }
        guard !isStepKey(id) else { throw .invalidElementID(id, in: nil) }
        var box = try box(for: element)
        let levels = try Self.checkedLevels(of: box)
        guard canTakeNumber else { throw .duplicateElementID(Self.exhaustedID, in: nil) }
        Self.markBorn(&box, number: takeNumber())
        append(Entry(id: id, box: box), levels: levels)
        return id
    }

    /// Pushes the element in `box` with a minted id, or with `id`, which is valid, not in the
    /// stack and not a step's key; the counter has a number left (``canTakeNumber``).
    ///
    /// The path's checks have kept it within the depth limit.
    mutating func pushBox(_ box: consuming StepNodeStorage, id: String?) -> String {
        var box = box
        let pushed: String
        if let id {
            Self.markBorn(&box, number: takeNumber())
            pushed = id
        } else {
            pushed = mintID()
        }
        append(Entry(id: pushed, box: box), levels: Self.levels(of: box))
        return pushed
    }

    /// Removes the element with `id` alone (the elements above it stay); returns it, or `nil`
    /// when no element has `id`.
    /// - Complexity: O(1) for the top element; below the top, O(log *n*) plus moving the
    ///   entries above it down by one (a copy of one pointer-sized record each).
    @discardableResult
    public mutating func remove(id: String) -> Element? {
        defer { _checkInvariants() }
        guard let index = index(of: id) else { return nil }
        let element = value(of: entries[index].box)
        remove(at: index)
        return element
    }

    /// Renews the element with `id` with no value: it gets a new identity, a new screen with the
    /// same state.
    /// - Throws: ``StepPathError/unknownElement(_:in:)`` (with no path: this stack) when no
    ///   element has `id`; the stack is unchanged.
    public mutating func renew(id: String) throws(StepPathError) {
        defer { _checkInvariants() }
        guard let index = index(of: id) else { throw .unknownElement(id, in: nil) }
        modifyBox(at: index) { box in
            if !isKnownUniquelyReferenced(&box) { box = box.copyNode() }
            RenewalHistory.renew(&box.renewalHistory)
        }
    }

    /// Removes the top element; returns its id, or `nil` if the stack was empty.
    @discardableResult
    public mutating func pop() -> String? { pop(last: 1).first }

    /// Removes the top `count` elements (all of them if there are fewer); returns their ids,
    /// bottom first.
    /// - Complexity: O(*k*) for *k* removed elements.
    @discardableResult
    public mutating func pop(last count: Int) -> [String] {
        defer { _checkInvariants() }
        let removed = entries.suffix(max(0, count)).map(\.id)
        removeEntries(from: entries.count - removed.count)
        return removed
    }

    /// Removes every element above the one with `id`; returns the removed ids, bottom first.
    /// - Throws: ``StepPathError/unknownElement(_:in:)`` if no element has `id`; the stack is
    ///   unchanged.
    @discardableResult
    public mutating func pop(to id: String) throws(StepPathError) -> [String] {
        defer { _checkInvariants() }
        guard let index = index(of: id) else { throw .unknownElement(id, in: nil) }
        return pop(last: entries.count - index - 1)
    }

    /// Removes the element with `id` and every element above it; returns the removed ids,
    /// bottom first.
    /// - Throws: ``StepPathError/unknownElement(_:in:)`` if no element has `id`; the stack is
    ///   unchanged.
    @discardableResult
    public mutating func pop(from id: String) throws(StepPathError) -> [String] {
        defer { _checkInvariants() }
        guard let index = index(of: id) else { throw .unknownElement(id, in: nil) }
        return pop(last: entries.count - index)
    }

    /// Removes every element; returns their ids, bottom first.
    @discardableResult
    public mutating func popToRoot() -> [String] { pop(last: entries.count) }

    /// Makes the stack hold exactly `ids`, in order: elements that stay keep their state, new
    /// ones come from `makeElement`, the others are dropped with their state.
    /// - Throws: ``StepPathError`` for a duplicate, empty or `/`-containing id, or
    ///   ``StepPathError/tooDeep(_:)`` for a new element that would nest elements more than
    ///   ``StepPath/maximumDepth`` − 2 levels below the stack (see ``push(_:id:)``); the stack is
    ///   unchanged.
    /// - Complexity: O(*n* + *m*) for *n* old and *m* new elements.
    public mutating func setIDs(
        _ ids: [String], makeElement: (String) -> Element
    ) throws(StepPathError) {
        defer { _checkInvariants() }
        try Self.validate(ids: ids, at: nil)
        var made: [SegmentKey: StepNodeStorage] = [:]
        for id in ids where index(of: id) == nil {
            let box = try box(for: makeElement(id))
            _ = try Self.checkedLevels(of: box)
            made[SegmentKey(id)] = box
        }
        replace(with: ids) { made[SegmentKey($0)] ?? sharedEmptyLeaf }
    }

    /// Makes the stack hold exactly `ids`; new elements start in their initial state.
    mutating func replace(withInitial ids: [String]) {
        let destinations = destinations
        replace(with: ids) { _ in Self.initialBox(destinations) }
    }

    /// A new element's box holding `element`, for a stack of these destinations.
    private static func box(
        for element: Element, _ destinations: DestinationTable<Element>?, at path: StepPath?
    ) throws(StepPathError) -> StepNodeStorage {
        guard let destinations else { return StepStorage.make(element) }
        guard let box = DestinationStorage(destinations, element) else {
            throw destinations.unlisted(element, at: path)
        }
        return box
    }

    /// Makes the stack hold exactly `ids`, which are valid and unique; new elements come from
    /// `makeElement` (or, for a destination its list leaves out, start in their initial state).
    mutating func replace(with ids: [String], makeElement: (String) -> Element) {
        let destinations = destinations
        replace(with: ids) {
            (try? Self.box(for: makeElement($0), destinations, at: nil))
                ?? Self.initialBox(destinations)
        }
    }

    private mutating func replace(with ids: [String], makeBox: (String) -> StepNodeStorage) {
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

    /// The box of a new element in its initial state: `Element()` for a node, the first
    /// destination for a destination stack.
    static func initialBox(_ destinations: DestinationTable<Element>?) -> StepNodeStorage {
        if let destinations {
            return DestinationStorage(
                destinations, index: 0, payload: destinations.forms[0].initialPayload)
        }
        guard let node = Element.self as? any StepsCollection.Type,
            let element = node.init() as? Element
        else { preconditionFailure("\(Element.self) has no initial value") }
        return StepStorage.make(element)
    }

    /// Checks that ids are valid segments (``StepPath/isValidSegment(_:)``) and unique.
    static func validate(ids: [String], at path: StepPath?) throws(StepPathError) {
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

extension StepStack {
    /// Whether two element boxes hold the same renewal history and equal values.
    private func sameElement(_ lhs: StepNodeStorage, _ rhs: StepNodeStorage) -> Bool {
        guard lhs !== rhs else { return true }
        guard lhs.renewal == rhs.renewal else { return false }
        if destinations != nil {
            return unsafeDowncast(lhs, to: DestinationStorage<Element>.self).hasSameValue(
                as: unsafeDowncast(rhs, to: DestinationStorage<Element>.self))
        }
        return value(of: lhs) == value(of: rhs)
    }
}

extension StepStack: Equatable {
    /// Stacks are equal when they hold equal elements with equal ids and renewal histories, and
    /// their counters would mint the same ids.
    ///
    /// Ids are compared by their Unicode scalars, as everywhere: `café` written with `é` and
    /// with `e` + U+0301 are two ids.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.nextID == rhs.nextID && lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { left, right in
                StepPath.sameSegment(left.id, right.id) && lhs.sameElement(left.box, right.box)
            }
    }
}

extension StepStack: Hashable {
    /// Hashes the ids, elements, renewal histories and the counter.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(nextID)
        hasher.combine(entries.count)
        for entry in entries {
            hasher.combine(SegmentKey(entry.id))
            hasher.combine(entry.box.renewal)
            hasher.combine(value(of: entry.box))
        }
    }
}

/// The fields of a stack's encoding and of its elements'.
private enum StackField: String, CodingKey {
    case elements, next, id, value, renewal
}

extension StepStack: Codable {
    /// Decodes `[{"id": …, "value": …, "renewal": "…"}]`, or `{"elements": […], "next": n}` for
    /// a stack whose counter is ahead of what its elements imply.
    ///
    /// A destination's value is `{"status": …}`: its payload's step under its name.
    /// - Throws: `DecodingError.dataCorrupted` for a duplicate, empty or `/`-containing id, a
    ///   counter (`next`) above `Int64.max`, an unknown destination, elements nested more than ``StepPath/maximumDepth`` − 2 levels below
    ///   the stack (see ``depth``), and, as ``Step`` does, for an element whose selection names
    ///   a step in the wrong layer.
    public init(from decoder: any Decoder) throws {
        // Through containers, not a loop over the elements: a decoder that repairs a save can
        // then leave out an element that no longer decodes (see `RepairingDecoder`).
        let coded: [CodedEntry]
        var next: UInt64?
        // The array form first: asking an array for a keyed container throws an error whose
        // coding path is built from the whole depth, at every level of a recursive stack.
        if (try? decoder.unkeyedContainer()) != nil {
            coded = try decoder.singleValueContainer().decode([CodedEntry].self)
        } else {
            let object = try decoder.container(keyedBy: StackField.self)
            coded = try object.decode([CodedEntry].self, forKey: .elements)
            next = try object.decodeIfPresent(UInt64.self, forKey: .next)
            try Self.checkCounter(next, codingPath: decoder.codingPath)
        }
        let entries = coded.map(\.entry)
        do {
            try Self.validate(ids: entries.map(\.id), at: nil)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
        self.init(entries: entries, nextID: next)
        // As deep as `push(_:id:)` allows: a saved state is no deeper than one built in code.
        knownDepth = measuredDepth
        if let depth = knownDepth, depth > Self.maximumLevels {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "elements nested \(depth) levels below their stack; at most "
                        + "\(Self.maximumLevels) are allowed"))
        }
        if let (id, problem) = entries.lazy.compactMap({ entry in
            entry.box.selectionProblem.map { (entry.id, $0) }
        }).first {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "element '\(StepPath.quoted(id))': \(problem)"))
        }
    }

    /// Encodes the elements as an array, bottom first; as `{"elements": […], "next": n}` when
    /// the counter is ahead of what the elements imply (after a pop, say).
    public func encode(to encoder: any Encoder) throws {
        if nextID == Self.impliedNextID(of: entries) {
            var list = encoder.unkeyedContainer()
            try encodeElements(into: &list)
        } else {
            var object = encoder.container(keyedBy: StackField.self)
            var list = object.nestedUnkeyedContainer(forKey: .elements)
            try encodeElements(into: &list)
            try object.encode(nextID, forKey: .next)
        }
    }

    /// One element as it is written: its id, its value and its renewal history.
    private struct CodedEntry: Decodable {
        let entry: Entry

        init(from decoder: any Decoder) throws {
            let item = try decoder.container(keyedBy: StackField.self)
            let id = try item.decode(String.self, forKey: .id)
            let box: StepNodeStorage
            if let destinations = DestinationTable.ifDestination(Element.self) {
                box = try DestinationStorage.decodeValue(
                    destinations, from: item.superDecoder(forKey: .value))
            } else {
                box = StepStorage.make(try item.decode(Element.self, forKey: .value))
            }
            if let renewal = try item.decodeIfPresent(StepRenewal.self, forKey: .renewal) {
                box.renewal = renewal
            }
            entry = Entry(id: id, box: box)
        }
    }

    private func encodeElements(into list: inout some UnkeyedEncodingContainer) throws {
        for entry in entries {
            var item = list.nestedContainer(keyedBy: StackField.self)
            try item.encode(entry.id, forKey: .id)
            if destinations != nil {
                try unsafeDowncast(entry.box, to: DestinationStorage<Element>.self).encodeValue(
                    to: item.superEncoder(forKey: .value))
            } else {
                try item.encode(value(of: entry.box), forKey: .value)
            }
            if !entry.box.renewal.isInitial { try item.encode(entry.box.renewal, forKey: .renewal) }
        }
    }
}

extension StepStack: StorageShaped {
    func makeStorage() -> StepNodeStorage { StackStorage(self) }
    static var nodeBoxing: NodeBoxing? { nil }
}

/// The box of a hand-written stack (`@unchecked Sendable` for the reason on
/// `StepNodeStorage`).
final class StackStorage<Element: StepValue>: StepStorage<StepStack<Element>>,
    @unchecked Sendable
{
    override func copy() -> StepStorage<StepStack<Element>> { StackStorage(copying: self) }
    override var isStack: Bool { true }
    override var elementCount: Int { value.entries.count }
    override func element(_ index: Int) -> ElementReference { value.entries[index].reference }
    override func elementIndex(forSegment id: SegmentBytes) -> Int? { value.index(ofSegment: id) }
    override func resolve(_ segment: SegmentBytes) -> (PathStep, StepNodeStorage)? {
        guard let index = value.index(ofSegment: segment) else { return nil }
        return (.element(index), value.entries[index].box)
    }
    override func elementAccepts(_ value: any StepValue) -> Bool {
        guard let element = value as? Element else { return false }
        guard let destinations = self.value.destinations else { return true }
        return destinations.classify(element) != nil
    }
    override func renewElement(_ index: Int, with renewal: (any StepValue)?) {
        // Accepted first (see `elementAccepts(_:)`): a listed destination, if one.
        let element = renewal as? Element
        let made = element.flatMap { try? value.box(for: $0) }
        value.modifyBox(at: index) { box in
            if let element, let made {
                made.renewalHistory = box.renewalHistory
                box = made
                RenewalHistory.record(&box.renewalHistory, element)
            } else {
                if !isKnownUniquelyReferenced(&box) { box = box.copyNode() }
                RenewalHistory.renew(&box.renewalHistory)
            }
        }
    }
    override func uniqueElement(_ index: Int) -> StepNodeStorage {
        value.modifyBox(at: index) { box in
            if !isKnownUniquelyReferenced(&box) { box = box.copyNode() }
            return box
        }
    }
    override func setElements(_ ids: [String]) { value.replace(withInitial: ids) }
    override var elementDepth: Int { value.depth }
    override func levels(ofElement element: any StepValue) -> Int {
        guard let element = element as? Element, let box = try? value.box(for: element) else {
            return 1
        }
        return StepStack<Element>.levels(of: box)
    }
    override func removeElements(from index: Int) { value.removeEntries(from: index) }
    override func removeElement(_ index: Int) { value.remove(at: index) }
    override func pushElement(id: String?, value element: (any StepValue)?) -> Int {
        let box = (element as? Element).flatMap { try? value.box(for: $0) } ?? initialElement
        _ = value.pushBox(box, id: id)
        return value.entries.count - 1
    }
    override var initialElement: StepNodeStorage {
        StepStack<Element>.initialBox(value.destinations)
    }
    override func elementHasStep(named id: String) -> Bool { value.isStepKey(id) }
    override var canPushElement: Bool { value.canTakeNumber }
    override var elementCounter: UInt64 { value.nextID }
    override func raiseElementCounter(to number: UInt64) { value.raiseCounter(to: number) }
}

extension StepStack.Entry {
    var reference: ElementReference {
        ElementReference(id: id, storage: box)
    }
}

extension StepStack: BareCodable {
    static var codingForm: StepCodingForm { .array }
}
