// Deep links from typed code of up to four levels, written as a list of key paths. With no
// observer to tell, they take a fast path compiled for the concrete types at the call site: each
// level selects its child in place, as the general editor would. Otherwise, and for routes of
// any depth or into stack elements, they go through ``StepRoute`` and the general editor, which
// also reports the changes.

extension StepsCollection {
    /// Selects child `index` in its layer, in place; a pushed or presented child it replaces
    /// goes back to its initial state (the editor's `select`, for a node that is not in a box).
    @inlinable @inline(__always)
    mutating func selectInPlace(_ index: Int) {
        selectInPlace(index, in: Self.steps.contents)
    }

    /// `selectInPlace(_:)` with the node type's table contents already at hand.
    @inlinable @inline(__always)
    mutating func selectInPlace(_ index: Int, in contents: StepTable<Self>.Contents) {
        let layer = contents.layers[index]
        let key = contents.keyList[index]
        let old = selected[layer]
        guard old != key else { return }
        selected[layer] = key
        guard layer != .content, let old else { return }
        resetReplaced(old, in: layer)
    }

    /// Puts the child `old`, just replaced in `layer`, back in its initial state (the rare part
    /// of `selectInPlace`, kept out of line).
    @usableFromInline
    mutating func resetReplaced(_ old: Key, in layer: StepLayer) {
        let contents = Self.steps.contents
        guard let oldIndex = contents.indexByKey[old], contents.layers[oldIndex] == layer else {
            return
        }
        withUnsafeMutablePointer(to: &self) { contents.accessors[oldIndex].resetInPlace($0) }
    }

    /// Selects the child at `keyPath` in place and renews it as asked.
    // Always inlined, so that the literal key path of the call site folds to an offset.
    @inlinable @inline(__always)
    mutating func selectInPlace<Value>(
        _ keyPath: WritableKeyPath<Self, Step<Value>>, fresh: Bool = false, value: Value? = nil
    ) {
        selectInPlace(Self.steps.index(for: keyPath))
        if fresh || value != nil { self[keyPath: keyPath].renew(with: value) }
    }

    /// Selects the route that `route` makes through the general editor, which reports to
    /// observers.
    ///
    /// Never inlined, and the route made only here, so that the typed selections stay small
    /// enough to be inlined whole: their key paths then fold to constants.
    @inlinable @inline(never)
    mutating func selectThroughEditor<Leaf>(
        fresh: Bool, value: Leaf?, _ route: () -> StepRoute<Self, Leaf>
    ) {
        select(route(), fresh: fresh, value: value)
    }

    @usableFromInline
    mutating func select<Leaf>(_ route: StepRoute<Self, Leaf>, fresh: Bool, value: Leaf?) {
        perform(.renewing(fresh: fresh, value), on: route.path.parts)
    }

    /// Selects the path of the keys that `keys` gives through the general editor, which reports
    /// to observers.
    ///
    /// The keys come from the offsets the key paths folded to, so that a call site whose key
    /// paths all name stored properties does not make them at run time.
    @inlinable @inline(never)
    mutating func selectObserved<Leaf: StepValue>(
        fresh: Bool, value: Leaf?, _ keys: () -> [String]
    ) {
        select(keys: keys(), fresh: fresh, value: value)
    }

    @usableFromInline
    mutating func select<Leaf: StepValue>(keys: [String], fresh: Bool, value: Leaf?) {
        perform(.renewing(fresh: fresh, value), on: keys.map { $0[...] })
    }

    /// Selects the child stored at byte `offset` (a `Step<A>`) in place, then runs `body` on its
    /// value.
    ///
    /// The deep typed selections fold their key paths to offsets at the call site and reach
    /// each level by them, so no key path is applied at run time.
    @inlinable
    mutating func selectChild<A: StepValue>(at offset: Int, _ body: (inout A) -> Void) {
        let contents = Self.steps.contents
        selectInPlace(contents.index(ofChildAt: offset), in: contents)
        withChild(at: offset) { (step: inout Step<A>) in body(&step.value) }
    }

    /// Selects the child stored at byte `offset` (a `Step<A>`) in place and renews it as asked.
    @inlinable
    mutating func selectLast<A: StepValue>(at offset: Int, fresh: Bool, value: A?) {
        let contents = Self.steps.contents
        selectInPlace(contents.index(ofChildAt: offset), in: contents)
        if fresh || value != nil {
            withChild(at: offset) { (step: inout Step<A>) in step.renew(with: value) }
        }
    }

    /// Runs `body` on the step stored at byte `offset`, an offset that `MemoryLayout.offset(of:)`
    /// gave for a stored `Step<A>` property of this type.
    @inlinable @inline(__always)
    mutating func withChild<A: StepValue>(at offset: Int, _ body: (inout Step<A>) -> Void) {
        withUnsafeMutableBytes(of: &self) { bytes in
            let child = (bytes.baseAddress.unsafelyUnwrapped + offset)
                .assumingMemoryBound(to: Step<A>.self)
            body(&child.pointee)
        }
    }

    /// Whether typed selections can take the fast path: no observer is listening.
    @inlinable
    static var selectsInPlace: Bool { !StepSystem.reportsSelections }
}

extension StepsCollection {
    /// Selects the child stored at `a`.
    /// - Parameters:
    ///   - a: The child's property.
    ///   - fresh: Renew the child with no value: it gets a new identity.
    /// - Complexity: O(1), plus the cost of resetting a replaced child.
    @inlinable @inline(__always)
    public mutating func select<A>(_ a: WritableKeyPath<Self, Step<A>>, fresh: Bool = false) {
        guard Self.selectsInPlace else {
            return selectThroughEditor(fresh: fresh, value: nil) { StepRoute(a) }
        }
        selectInPlace(a, fresh: fresh)
    }

    /// Selects the child stored at `a` and renews it with `value`, which becomes its value.
    /// - Complexity: O(*s*) for a value whose encoding has size *s*.
    @inlinable @inline(__always)
    public mutating func select<A>(_ a: WritableKeyPath<Self, Step<A>>, with value: A) {
        guard Self.selectsInPlace else {
            return selectThroughEditor(fresh: false, value: value) { StepRoute(a) }
        }
        selectInPlace(a, value: value)
    }

    /// Selects `a`, then `b` inside it: `steps.select(\.profile, \.detail)`.
    /// - Parameters:
    ///   - a: A child of this node.
    ///   - b: A child of `a`.
    ///   - fresh: Renew `b` with no value.
    ///   - value: Renew `b` with this value.
    /// - Complexity: O(1) per level, plus the cost of resetting replaced children.
    @inlinable @inline(__always)
    public mutating func select<A: StepsCollection, B>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>, fresh: Bool = false,
        with value: B? = nil
    ) {
        guard let a0 = MemoryLayout<Self>.offset(of: a), let b0 = MemoryLayout<A>.offset(of: b)
        else {
            return selectThroughEditor(fresh: fresh, value: value) { StepRoute(a).then(b) }
        }
        guard Self.selectsInPlace else {
            return selectObserved(fresh: fresh, value: value) {
                [Self.steps.name(ofChildAt: a0), A.steps.name(ofChildAt: b0)]
            }
        }
        selectChild(at: a0) { (a: inout A) in a.selectLast(at: b0, fresh: fresh, value: value) }
    }

    /// Selects a path of three steps: `steps.select(\.profile, \.detail, \.dark)`.
    /// - Parameters:
    ///   - a: A child of this node.
    ///   - b: A child of `a`.
    ///   - c: A child of `b`.
    ///   - fresh: Renew `c` with no value.
    ///   - value: Renew `c` with this value.
    /// - Complexity: O(1) per level, plus the cost of resetting replaced children.
    @inlinable @inline(__always)
    public mutating func select<A: StepsCollection, B: StepsCollection, C>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>, fresh: Bool = false, with value: C? = nil
    ) {
        guard let a0 = MemoryLayout<Self>.offset(of: a), let b0 = MemoryLayout<A>.offset(of: b),
            let c0 = MemoryLayout<B>.offset(of: c)
        else {
            return selectThroughEditor(fresh: fresh, value: value) {
                StepRoute(a).then(b).then(c)
            }
        }
        guard Self.selectsInPlace else {
            return selectObserved(fresh: fresh, value: value) {
                [
                    Self.steps.name(ofChildAt: a0), A.steps.name(ofChildAt: b0),
                    B.steps.name(ofChildAt: c0),
                ]
            }
        }
        selectChild(at: a0) { (a: inout A) in
            a.selectChild(at: b0) { (b: inout B) in
                b.selectLast(at: c0, fresh: fresh, value: value)
            }
        }
    }

    /// Selects a path of four steps: every node along it becomes selected.
    /// - Parameters:
    ///   - a: A child of this node.
    ///   - b: A child of `a`.
    ///   - c: A child of `b`.
    ///   - d: A child of `c`.
    ///   - fresh: Renew `d` with no value.
    ///   - value: Renew `d` with this value.
    /// - Complexity: O(1) per level, plus the cost of resetting replaced children.
    @inlinable @inline(__always)
    public mutating func select<A: StepsCollection, B: StepsCollection, C: StepsCollection, D>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>, _ d: WritableKeyPath<C, Step<D>>, fresh: Bool = false,
        with value: D? = nil
    ) {
        guard let a0 = MemoryLayout<Self>.offset(of: a), let b0 = MemoryLayout<A>.offset(of: b),
            let c0 = MemoryLayout<B>.offset(of: c), let d0 = MemoryLayout<C>.offset(of: d)
        else {
            return selectThroughEditor(fresh: fresh, value: value) {
                StepRoute(a).then(b).then(c).then(d)
            }
        }
        guard Self.selectsInPlace else {
            return selectObserved(fresh: fresh, value: value) {
                [
                    Self.steps.name(ofChildAt: a0), A.steps.name(ofChildAt: b0),
                    B.steps.name(ofChildAt: c0), C.steps.name(ofChildAt: d0),
                ]
            }
        }
        selectChild(at: a0) { (a: inout A) in
            a.selectChild(at: b0) { (b: inout B) in
                b.selectChild(at: c0) { (c: inout C) in
                    c.selectLast(at: d0, fresh: fresh, value: value)
                }
            }
        }
    }

    /// Deselects the child stored at `a` if it is selected; a pushed or presented child goes
    /// back to its initial state, and a tab is left as it is.
    /// - Complexity: O(1), plus the cost of resetting the child.
    public mutating func deselect<A>(_ a: WritableKeyPath<Self, Step<A>>) {
        deselect(Self.steps.key(for: a))
    }

    /// Shows exactly the screen of the child stored at `a`, removing what covers it; see
    /// ``StepNode/show(path:fresh:)-(String,_)``.
    /// - Complexity: O(1), plus the size of what is cleared.
    public mutating func show<A>(_ a: WritableKeyPath<Self, Step<A>>, fresh: Bool = false) {
        perform(.showing(fresh: fresh, nil as A?), on: StepRoute(a).path.parts)
    }

    /// Shows exactly the screen of the child stored at `a`, renewed with `value`, which becomes
    /// its value.
    /// - Complexity: O(*s*) for a value whose encoding has size *s*, plus what is cleared.
    public mutating func show<A>(_ a: WritableKeyPath<Self, Step<A>>, with value: A) {
        perform(.showing(fresh: false, value), on: StepRoute(a).path.parts)
    }

    /// Shows exactly the screen at `a`, then `b`; see ``StepNode/show(path:fresh:)-(String,_)``.
    /// - Parameters:
    ///   - a: A child of this node.
    ///   - b: A child of `a`.
    ///   - fresh: Renew `b` with no value.
    ///   - value: Renew `b` with this value.
    /// - Complexity: O(1) per level, plus the size of what is cleared.
    public mutating func show<A: StepsCollection, B>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>, fresh: Bool = false,
        with value: B? = nil
    ) {
        perform(.showing(fresh: fresh, value), on: StepRoute(a).then(b).path.parts)
    }

    /// Shows exactly the screen at `a`, `b`, then `c`; see
    /// ``StepNode/show(path:fresh:)-(String,_)``.
    /// - Parameters:
    ///   - a: A child of this node.
    ///   - b: A child of `a`.
    ///   - c: A child of `b`.
    ///   - fresh: Renew `c` with no value.
    ///   - value: Renew `c` with this value.
    /// - Complexity: O(1) per level, plus the size of what is cleared.
    public mutating func show<A: StepsCollection, B: StepsCollection, C>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>, fresh: Bool = false, with value: C? = nil
    ) {
        perform(.showing(fresh: fresh, value), on: StepRoute(a).then(b).then(c).path.parts)
    }

    /// Shows exactly the screen at `a`, `b`, `c`, then `d`; see
    /// ``StepNode/show(path:fresh:)-(String,_)``.
    /// - Parameters:
    ///   - a: A child of this node.
    ///   - b: A child of `a`.
    ///   - c: A child of `b`.
    ///   - d: A child of `c`.
    ///   - fresh: Renew `d` with no value.
    ///   - value: Renew `d` with this value.
    /// - Complexity: O(1) per level, plus the size of what is cleared.
    public mutating func show<A: StepsCollection, B: StepsCollection, C: StepsCollection, D>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>, _ d: WritableKeyPath<C, Step<D>>, fresh: Bool = false,
        with value: D? = nil
    ) {
        perform(
            .showing(fresh: fresh, value), on: StepRoute(a).then(b).then(c).then(d).path.parts)
    }
}

extension StepsCollection {
    /// A node in its initial state with the child at `a` selected: VDFlow's static
    /// constructors, `AppSteps.selecting(\.explore)`.
    ///
    /// Building a value is not a navigation, so no observer is told.
    /// - Parameters:
    ///   - a: The child to select.
    ///   - fresh: Renew the child with no value.
    public static func selecting<A>(_ a: WritableKeyPath<Self, Step<A>>, fresh: Bool = false)
        -> Self
    {
        var node = Self()
        SelectionReport.silently { node.select(a, fresh: fresh) }
        return node
    }

    /// A node in its initial state with the child at `a` selected with `value`:
    /// `AppSteps.selecting(\.explore, with: ExploreData(query: "swift"))`.
    /// - Parameters:
    ///   - a: The child to select.
    ///   - value: The child's value.
    public static func selecting<A>(_ a: WritableKeyPath<Self, Step<A>>, with value: A) -> Self {
        var node = Self()
        SelectionReport.silently { node.select(a, with: value) }
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
