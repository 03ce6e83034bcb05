// The public edits of a stack (push, pop, remove, renew, set ids) and the boxes they make.

extension StepStack {
    /// A new element's box holding `element`, in its initial history.
    /// - Throws: ``StepPathError/valueMismatch(_:at:)`` (at `path`, or the root for this stack)
    ///   for a destination whose case `destinations` leaves out.
    func box(for element: Element, at path: StepPath? = nil) throws(StepPathError)
        -> StepNodeStorage
    {
        try Self.box(for: element, destinations, at: path)
    }

    /// Gives `box`, an element pushed with an explicit id as push number `number`, its number as
    /// its renewal history (see `StepRenewal.birth(_:)`), in a box of its own.
    private static func markBorn(_ box: inout StepNodeStorage, number: UInt64) {
        if !isKnownUniquelyReferenced(&box) { box = box.copyNode() }
        box.renewalHistory = StepRenewal.birth(number)
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
        try ElementIDs.validate(ids, at: nil)
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
