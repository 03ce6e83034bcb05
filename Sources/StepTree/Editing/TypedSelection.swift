// Deep links from typed code of up to four levels, written as a list of key paths. Each level
// selects its child in place, reached by the byte offset its key path folds to at the call site,
// as the general editor would select it. When the global observer is listening, the same code
// records each level in a `SelectionTrail` and reports it; with none, the recorder does nothing
// and compiles away. Key paths that name no stored property go through ``StepRoute`` and the
// general editor.

extension StepsCollection {
    /// Selects child `index` in its layer, in place; a pushed or presented child it replaces
    /// goes back to its initial state (the editor's `select`, for a node that is not in a box).
    @_alwaysEmitIntoClient @inline(__always)
    mutating func selectInPlace(_ index: Int, in contents: StepTable<Self>.Contents) {
        selectInPlace(
            StepSlot(index: index, layer: contents.layers[index], key: contents.keyList[index]))
    }

    /// Selects the child in `slot` in place (its layer and key, read from the table first so
    /// that the table is not held across the calls below); returns the key selected before.
    @_alwaysEmitIntoClient @inline(__always) @discardableResult
    mutating func selectInPlace(_ slot: StepSlot<Key>) -> Key? {
        let layer = slot.layer
        let key = slot.key
        let old = selected[layer]
        guard old != key else { return old }
        selected[layer] = key
        guard layer != .content, let old else { return old }
        resetReplaced(old, in: layer)
        return old
    }

    /// Puts the child `old`, just replaced in `layer`, back in its initial state (the rare part
    /// of `selectInPlace`, kept out of line).
    @usableFromInline
    mutating func resetReplaced(_ old: Key, in layer: StepLayer) {
        let contents = Self.steps.contents
        guard let oldIndex = contents.index(of: old, in: layer) else { return }
        StepMemory.withMutableAddress(of: &self) { contents.accessors[oldIndex].reset(at: $0) }
    }

    /// Selects the child stored at byte `offset` in place and tells `recorder`; returns the
    /// level the recorder gave it.
    @_alwaysEmitIntoClient @inline(__always)
    mutating func selectInPlace<R: SelectionRecorder>(
        childAt offset: Int, renewed: Bool, recorder: inout R
    ) -> Int {
        guard R.isRecording else {
            selectInPlace(Self.steps.contents.slot(ofChildAt: offset))
            return 0
        }
        return selectRecording(childAt: offset, renewed: renewed, recorder: &recorder)
    }

    /// Selects as `selectInPlace(childAt:renewed:recorder:)` does, for a recorder that records:
    /// notes the level and what changed there.
    ///
    /// Inlined into the recorded route, which is itself out of line
    /// (``SelectionTrail/recordAndDeliver(_:)``), so that the deep links stay small enough to
    /// inline whole: their key paths then fold to offsets.
    @_alwaysEmitIntoClient @inline(__always)
    mutating func selectRecording<R: SelectionRecorder>(
        childAt offset: Int, renewed: Bool, recorder: inout R
    ) -> Int {
        // The table is read afresh each time rather than held in a local, which would keep it
        // retained across the calls.
        let slot = Self.steps.contents.slot(ofChildAt: offset)
        let previous = selectInPlace(slot)
        let level = recorder.record(Unretained(Self.steps.contents), index: slot.index)
        guard previous != slot.key || renewed else { return level }
        recorder.recordChange(
            at: level, layer: slot.layer, old: Self.index(of: previous, before: slot),
            renewed: renewed)
        return level
    }

    /// The index of `previous`, the key selected in `slot`'s layer before `slot` was.
    @_alwaysEmitIntoClient @inline(__always)
    static func index(of previous: Key?, before slot: StepSlot<Key>) -> Int? {
        guard let previous else { return nil }
        if previous == slot.key { return slot.index }
        return steps.contents.index(of: previous, in: slot.layer)
    }

    /// Selects the child stored at byte `offset` (a `Step<A>`) in place, then runs `body` on its
    /// value.
    ///
    /// The deep typed selections fold their key paths to offsets at the call site and reach
    /// each level by them, so no key path is applied at run time.
    @_alwaysEmitIntoClient @inline(__always)
    mutating func selectChild<A: StepValue, R: SelectionRecorder>(
        at offset: Int, descendingTo next: Int? = nil, recorder: inout R,
        _ body: (inout A, inout R) -> Void
    ) {
        let level = selectInPlace(childAt: offset, renewed: false, recorder: &recorder)
        withChild(at: offset) { (step: inout Step<A>) in
            // `body` selects within the child at `next` too: a shared box copied here gives it a
            // box of its own at once.
            body(&step[descendingTo: next], &recorder)
            if R.isRecording, recorder.hasChange(at: level) { recorder.setChild(step, at: level) }
        }
    }

    /// Selects the child stored at byte `offset` (a `Step<A>`) in place and renews it as asked.
    @_alwaysEmitIntoClient @inline(__always)
    mutating func selectLast<A: StepValue, R: SelectionRecorder>(
        at offset: Int, fresh: Bool, value: A?, recorder: inout R
    ) {
        // Not `value != nil`, which copies the value to compare it.
        var renews = fresh
        if case .some = value { renews = true }
        let level = selectInPlace(childAt: offset, renewed: renews, recorder: &recorder)
        guard renews || R.isRecording else { return }
        withChild(at: offset) { (step: inout Step<A>) in
            if renews { step.renew(with: value) }
            if R.isRecording, recorder.hasChange(at: level) { recorder.setChild(step, at: level) }
        }
    }

    /// Runs `body` on the step stored at byte `offset`, an offset that `StepMemory.offset(of:)`
    /// gave for a stored `Step<A>` property of this type.
    @_alwaysEmitIntoClient @inline(__always)
    mutating func withChild<A: StepValue>(at offset: Int, _ body: (inout Step<A>) -> Void) {
        StepMemory.withMutableAddress(of: &self) { body(&$0[stepAt: offset, as: A.self]) }
    }

    /// Selects the route that `route` makes through the general editor, which reports to
    /// observers: for key paths that name no stored property.
    ///
    /// Never inlined, and the route made only here, so that the typed selections stay small
    /// enough to be inlined whole: their key paths then fold to constants.
    @_alwaysEmitIntoClient @inline(never)
    mutating func selectThroughEditor<Leaf>(
        fresh: Bool, value: Leaf?, _ route: () -> StepRoute<Self, Leaf>
    ) {
        select(route(), fresh: fresh, value: value)
    }

    @usableFromInline
    mutating func select<Leaf>(_ route: StepRoute<Self, Leaf>, fresh: Bool, value: Leaf?) {
        perform(.renewing(fresh: fresh, value), on: route.path.parts)
    }

    /// ``selectThroughEditor(fresh:value:_:)`` reporting to no one: a value being built.
    @_alwaysEmitIntoClient @inline(never)
    mutating func selectUnreportedThroughEditor<Leaf>(
        fresh: Bool, value: Leaf?, _ route: () -> StepRoute<Self, Leaf>
    ) {
        selectUnreported(route(), fresh: fresh, value: value)
    }

    @usableFromInline
    mutating func selectUnreported<Leaf>(
        _ route: StepRoute<Self, Leaf>, fresh: Bool, value: Leaf?
    ) {
        perform(.renewing(fresh: fresh, value), on: route.path.parts, reporting: .none)
    }
}

extension StepsCollection {
    /// Selects the child stored at `a`, and renews it with `value` when given (a new screen,
    /// whose value `value` becomes).
    ///
    /// ```swift
    /// steps.select(\.profile)
    /// steps.select(\.explore, with: ExploreData(query: "swift"))
    /// ```
    /// - Parameters:
    ///   - a: The child's property.
    ///   - value: The child's new value.
    /// - Complexity: O(1), plus the cost of resetting a replaced child.
    @_alwaysEmitIntoClient @inline(__always)
    public mutating func select<A>(_ a: WritableKeyPath<Self, Step<A>>, with value: A? = nil) {
        defer { _checkSelects(a) }
        selectLast(a, fresh: false, value: value)
    }

    /// Selects the child stored at `a` and renews it with no value: a new screen with the same
    /// state.
    /// - Complexity: O(1), plus the cost of resetting a replaced child.
    @_alwaysEmitIntoClient @inline(__always)
    public mutating func renew<A>(_ a: WritableKeyPath<Self, Step<A>>) {
        defer { _checkSelects(a) }
        selectLast(a, fresh: true, value: nil)
    }

    /// The one-level typed select.
    @_alwaysEmitIntoClient @inline(__always)
    mutating func selectLast<A>(_ a: WritableKeyPath<Self, Step<A>>, fresh: Bool, value: A?) {
        guard let a0 = StepMemory.offset(of: a) else {
            return selectThroughEditor(fresh: fresh, value: value) { StepRoute(a) }
        }
        @inline(__always) func route(_ recorder: inout some SelectionRecorder) {
            selectLast(at: a0, fresh: fresh, value: value, recorder: &recorder)
        }
        SelectionTrail.recordIfObserved(route, route)
    }

    /// The one-level typed select, told to no observer: for values being built.
    ///
    /// A stored property is selected in place with no recorder; any other key path goes
    /// through the editor, reporting into ``SelectionSink/none``.
    @_alwaysEmitIntoClient @inline(__always)
    mutating func selectUnreported<A>(
        _ a: WritableKeyPath<Self, Step<A>>, fresh: Bool, value: A?
    ) {
        guard let a0 = StepMemory.offset(of: a) else {
            return selectUnreportedThroughEditor(fresh: fresh, value: value) { StepRoute(a) }
        }
        var none = NoSelectionRecorder()
        selectLast(at: a0, fresh: fresh, value: value, recorder: &none)
    }

    /// Selects `a`, then `b` inside it: `steps.select(\.profile, \.detail)`.
    /// - Parameters:
    ///   - a: A child of this node.
    ///   - b: A child of `a`.
    ///   - value: Renew `b` with this value.
    /// - Complexity: O(1) per level, plus the cost of resetting replaced children.
    @_alwaysEmitIntoClient @inline(__always)
    public mutating func select<A: StepsCollection, B>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>, with value: B? = nil
    ) {
        defer { _checkSelects(a, b) }
        selectPath(a, b, fresh: false, with: value)
    }

    /// Selects a path of three steps: `steps.select(\.profile, \.detail, \.dark)`.
    /// - Parameters:
    ///   - a: A child of this node.
    ///   - b: A child of `a`.
    ///   - c: A child of `b`.
    ///   - value: Renew `c` with this value.
    /// - Complexity: O(1) per level, plus the cost of resetting replaced children.
    @_alwaysEmitIntoClient @inline(__always)
    public mutating func select<A: StepsCollection, B: StepsCollection, C>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>, with value: C? = nil
    ) {
        defer { _checkSelects(a, b, c) }
        selectPath(a, b, c, fresh: false, with: value)
    }

    /// Selects a path of four steps: every node along it becomes selected.
    /// - Parameters:
    ///   - a: A child of this node.
    ///   - b: A child of `a`.
    ///   - c: A child of `b`.
    ///   - d: A child of `c`.
    ///   - value: Renew `d` with this value.
    /// - Complexity: O(1) per level, plus the cost of resetting replaced children.
    @_alwaysEmitIntoClient @inline(__always)
    public mutating func select<A: StepsCollection, B: StepsCollection, C: StepsCollection, D>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>, _ d: WritableKeyPath<C, Step<D>>, with value: D? = nil
    ) {
        defer { _checkSelects(a, b, c, d) }
        selectPath(a, b, c, d, fresh: false, with: value)
    }

    /// Selects `a`, then `b`, and renews `b` with no value: `steps.renew(\.login, \.signUp)`.
    /// - Complexity: O(1) per level, plus the cost of resetting replaced children.
    @_alwaysEmitIntoClient @inline(__always)
    public mutating func renew<A: StepsCollection, B>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>
    ) {
        defer { _checkSelects(a, b) }
        selectPath(a, b, fresh: true, with: nil)
    }

    /// Selects a path of three steps and renews the last with no value.
    /// - Complexity: O(1) per level, plus the cost of resetting replaced children.
    @_alwaysEmitIntoClient @inline(__always)
    public mutating func renew<A: StepsCollection, B: StepsCollection, C>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>
    ) {
        defer { _checkSelects(a, b, c) }
        selectPath(a, b, c, fresh: true, with: nil)
    }

    /// Selects a path of four steps and renews the last with no value.
    /// - Complexity: O(1) per level, plus the cost of resetting replaced children.
    @_alwaysEmitIntoClient @inline(__always)
    public mutating func renew<A: StepsCollection, B: StepsCollection, C: StepsCollection, D>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>, _ d: WritableKeyPath<C, Step<D>>
    ) {
        defer { _checkSelects(a, b, c, d) }
        selectPath(a, b, c, d, fresh: true, with: nil)
    }

    // The typed selects of two to four levels, renewing the last step with no value when
    // `fresh` (the `renew` overloads) or with `value`.
    @_alwaysEmitIntoClient @inline(__always)
    mutating func selectPath<A: StepsCollection, B>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        fresh: Bool, with value: B?
    ) {
        guard let a0 = StepMemory.offset(of: a), let b0 = StepMemory.offset(of: b)
        else {
            return selectThroughEditor(fresh: fresh, value: value) { StepRoute(a).then(b) }
        }
        @inline(__always) func route(_ recorder: inout some SelectionRecorder) {
            selectChild(at: a0, recorder: &recorder) { (a: inout A, recorder) in
                a.selectLast(at: b0, fresh: fresh, value: value, recorder: &recorder)
            }
        }
        SelectionTrail.recordIfObserved(route, route)
    }

    @_alwaysEmitIntoClient @inline(__always)
    mutating func selectPath<A: StepsCollection, B: StepsCollection, C>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>, fresh: Bool, with value: C?
    ) {
        guard let a0 = StepMemory.offset(of: a), let b0 = StepMemory.offset(of: b),
            let c0 = StepMemory.offset(of: c)
        else {
            return selectThroughEditor(fresh: fresh, value: value) {
                StepRoute(a).then(b).then(c)
            }
        }
        @inline(__always) func route(_ recorder: inout some SelectionRecorder) {
            selectChild(at: a0, descendingTo: b0, recorder: &recorder) { (a: inout A, recorder) in
                a.selectChild(at: b0, recorder: &recorder) { (b: inout B, recorder) in
                    b.selectLast(at: c0, fresh: fresh, value: value, recorder: &recorder)
                }
            }
        }
        SelectionTrail.recordIfObserved(route, route)
    }

    @_alwaysEmitIntoClient @inline(__always)
    mutating func selectPath<A: StepsCollection, B: StepsCollection, C: StepsCollection, D>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>, _ d: WritableKeyPath<C, Step<D>>,
        fresh: Bool, with value: D?
    ) {
        guard let a0 = StepMemory.offset(of: a), let b0 = StepMemory.offset(of: b),
            let c0 = StepMemory.offset(of: c), let d0 = StepMemory.offset(of: d)
        else {
            return selectThroughEditor(fresh: fresh, value: value) {
                StepRoute(a).then(b).then(c).then(d)
            }
        }
        @inline(__always) func route(_ recorder: inout some SelectionRecorder) {
            selectChild(at: a0, descendingTo: b0, recorder: &recorder) { (a: inout A, recorder) in
                a.selectChild(at: b0, descendingTo: c0, recorder: &recorder) {
                    (b: inout B, recorder) in
                    b.selectChild(at: c0, recorder: &recorder) { (c: inout C, recorder) in
                        c.selectLast(at: d0, fresh: fresh, value: value, recorder: &recorder)
                    }
                }
            }
        }
        SelectionTrail.recordIfObserved(route, route)
    }

    /// Deselects the child stored at `a` if it is selected; a pushed or presented child goes
    /// back to its initial state, and a tab is left as it is.
    /// - Complexity: O(1), plus the cost of resetting the child.
    public mutating func deselect<A>(_ a: WritableKeyPath<Self, Step<A>>) {
        deselect(Self.steps.key(for: a))
    }

    /// Shows exactly the screen of the child stored at `a`, removing what covers it, and renews
    /// it with `value` when given; see ``StepNode/show(path:with:)``.
    /// - Complexity: O(1), plus the size of what is cleared and, with a value, its encoding.
    public mutating func show<A>(_ a: WritableKeyPath<Self, Step<A>>, with value: A? = nil) {
        perform(.showing(fresh: false, value), on: StepRoute(a).path.parts)
    }

    /// Shows exactly the screen at `a`, then `b`; see ``StepNode/show(path:with:)``.
    /// - Parameters:
    ///   - a: A child of this node.
    ///   - b: A child of `a`.
    ///   - value: Renew `b` with this value.
    /// - Complexity: O(1) per level, plus the size of what is cleared.
    public mutating func show<A: StepsCollection, B>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        with value: B? = nil
    ) {
        perform(.showing(fresh: false, value), on: StepRoute(a).then(b).path.parts)
    }

    /// Shows exactly the screen at `a`, `b`, then `c`; see
    /// ``StepNode/show(path:with:)``.
    /// - Parameters:
    ///   - a: A child of this node.
    ///   - b: A child of `a`.
    ///   - c: A child of `b`.
    ///   - value: Renew `c` with this value.
    /// - Complexity: O(1) per level, plus the size of what is cleared.
    public mutating func show<A: StepsCollection, B: StepsCollection, C>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>, with value: C? = nil
    ) {
        perform(.showing(fresh: false, value), on: StepRoute(a).then(b).then(c).path.parts)
    }

    /// Shows exactly the screen at `a`, `b`, `c`, then `d`; see
    /// ``StepNode/show(path:with:)``.
    /// - Parameters:
    ///   - a: A child of this node.
    ///   - b: A child of `a`.
    ///   - c: A child of `b`.
    ///   - d: A child of `c`.
    ///   - value: Renew `d` with this value.
    /// - Complexity: O(1) per level, plus the size of what is cleared.
    public mutating func show<A: StepsCollection, B: StepsCollection, C: StepsCollection, D>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>, _ d: WritableKeyPath<C, Step<D>>,
        with value: D? = nil
    ) {
        perform(
            .showing(fresh: false, value), on: StepRoute(a).then(b).then(c).then(d).path.parts)
    }
}

extension StepsCollection {
    /// A node in its initial state with the child at `a` selected, with `value` when given:
    /// VDFlow's static constructors, `AppSteps.selecting(\.explore)`.
    ///
    /// Building a value is not a navigation, so no observer is told.
    /// - Parameters:
    ///   - a: The child to select.
    ///   - value: The child's value: it renews the child.
    @_alwaysEmitIntoClient @inline(__always)
    public static func selecting<A>(_ a: WritableKeyPath<Self, Step<A>>, with value: A? = nil)
        -> Self
    {
        var node = Self()
        node.selectUnreported(a, fresh: false, value: value)
        return node
    }
}

extension StepEdit {
    /// A selection that renews the last step with `value`, or with none when `fresh`.
    static func renewing(fresh: Bool, _ value: (some StepValue)?) -> StepEdit {
        .select(Renewal(fresh: fresh, value))
    }

    /// Shows the path's last step, renewed as a select would renew it.
    static func showing(fresh: Bool, _ value: (some StepValue)?) -> StepEdit {
        .show(Renewal(fresh: fresh, value))
    }
}

extension StepEdit.Renewal {
    /// A renewal with `value`, else a fresh one when `fresh`, else none.
    init?(fresh: Bool, _ value: (some StepValue)?) {
        if let value {
            self = .value(value)
        } else if fresh {
            self = .fresh
        } else {
            return nil
        }
    }
}
