// Deep links from typed code of up to four levels, written as a list of key paths. With no
// observer to tell, they take a fast path compiled for the concrete types at the call site: each
// level selects its child in place, as the general editor would. Otherwise, and for routes of
// any depth or into stack elements, they go through ``StepRoute`` and the general editor, which
// also reports the changes.

extension StepsCollection {
    /// Selects child `index` in its layer, in place; a pushed or presented child it replaces
    /// goes back to its initial state (the editor's `select`, for a node that is not in a box).
    @inlinable
    mutating func selectInPlace(_ index: Int) {
        let contents = Self.steps.contents
        let layer = contents.kinds[index].layer
        let key = contents.keyList[index]
        let old = selected[layer]
        guard old != key else { return }
        selected[layer] = key
        guard layer != .content, let old, let oldIndex = contents.indexByKey[old],
            contents.kinds[oldIndex].layer == layer
        else { return }
        withUnsafeMutablePointer(to: &self) { contents.accessors[oldIndex].resetInPlace($0) }
    }

    /// Selects the child at `keyPath` in place and renews it as asked.
    @inlinable
    mutating func selectInPlace<Value>(
        _ keyPath: WritableKeyPath<Self, Step<Value>>, fresh: Bool = false, value: Value? = nil
    ) {
        selectInPlace(Self.steps.index(for: keyPath))
        if fresh || value != nil { self[keyPath: keyPath].renew(with: value) }
    }

    /// Selects `route` through the general editor, which reports to observers.
    @usableFromInline
    mutating func selectThroughEditor<Leaf>(
        _ route: StepRoute<Self, Leaf>, fresh: Bool, value: Leaf?
    ) {
        perform(.renewing(fresh: fresh, value), on: route.path.parts)
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
    @inlinable
    public mutating func select<A>(_ a: WritableKeyPath<Self, Step<A>>, fresh: Bool = false) {
        guard Self.selectsInPlace else {
            return selectThroughEditor(StepRoute(a), fresh: fresh, value: nil)
        }
        selectInPlace(a, fresh: fresh)
    }

    /// Selects the child stored at `a` and renews it with `value`, which becomes its value.
    /// - Complexity: O(*s*) for a value whose encoding has size *s*.
    @inlinable
    public mutating func select<A>(_ a: WritableKeyPath<Self, Step<A>>, with value: A) {
        guard Self.selectsInPlace else {
            return selectThroughEditor(StepRoute(a), fresh: false, value: value)
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
    @inlinable
    public mutating func select<A: StepsCollection, B>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>, fresh: Bool = false,
        with value: B? = nil
    ) {
        guard Self.selectsInPlace else {
            return selectThroughEditor(StepRoute(a).then(b), fresh: fresh, value: value)
        }
        selectInPlace(a)
        self[keyPath: a].value.selectInPlace(b, fresh: fresh, value: value)
    }

    /// Selects a path of three steps: `steps.select(\.profile, \.detail, \.dark)`.
    /// - Parameters:
    ///   - a: A child of this node.
    ///   - b: A child of `a`.
    ///   - c: A child of `b`.
    ///   - fresh: Renew `c` with no value.
    ///   - value: Renew `c` with this value.
    /// - Complexity: O(1) per level, plus the cost of resetting replaced children.
    @inlinable
    public mutating func select<A: StepsCollection, B: StepsCollection, C>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>, fresh: Bool = false, with value: C? = nil
    ) {
        guard Self.selectsInPlace else {
            return selectThroughEditor(StepRoute(a).then(b).then(c), fresh: fresh, value: value)
        }
        selectInPlace(a)
        self[keyPath: a].value.selectInPlace(b)
        self[keyPath: a].value[keyPath: b].value.selectInPlace(c, fresh: fresh, value: value)
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
    @inlinable
    public mutating func select<A: StepsCollection, B: StepsCollection, C: StepsCollection, D>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>, _ d: WritableKeyPath<C, Step<D>>, fresh: Bool = false,
        with value: D? = nil
    ) {
        guard Self.selectsInPlace else {
            let route = StepRoute(a).then(b).then(c).then(d)
            return selectThroughEditor(route, fresh: fresh, value: value)
        }
        selectInPlace(a)
        self[keyPath: a].value.selectInPlace(b)
        self[keyPath: a].value[keyPath: b].value.selectInPlace(c)
        self[keyPath: a].value[keyPath: b].value[keyPath: c].value.selectInPlace(
            d, fresh: fresh, value: value)
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
        perform(.show(fresh ? .fresh : nil), on: StepRoute(a).path.parts)
    }

    /// Shows exactly the screen at `a`, then `b`; see ``StepNode/show(path:fresh:)-(String,_)``.
    /// - Complexity: O(1) per level, plus the size of what is cleared.
    public mutating func show<A: StepsCollection, B>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>
    ) {
        perform(.show(nil), on: StepRoute(a).then(b).path.parts)
    }

    /// Shows exactly the screen at `a`, `b`, then `c`; see
    /// ``StepNode/show(path:fresh:)-(String,_)``.
    /// - Complexity: O(1) per level, plus the size of what is cleared.
    public mutating func show<A: StepsCollection, B: StepsCollection, C>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>
    ) {
        perform(.show(nil), on: StepRoute(a).then(b).then(c).path.parts)
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
        if let value { return .select(.value(value)) }
        return .select(fresh ? .fresh : nil)
    }
}
