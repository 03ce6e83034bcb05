// Deep links from typed code of up to four levels, written as a list of key paths; each is a
// ``StepRoute`` underneath, which reaches any depth and stack elements.

extension StepsCollection {
    /// Selects the child stored at `a`.
    /// - Parameters:
    ///   - a: The child's property.
    ///   - fresh: Renew the child with no value: it gets a new identity.
    /// - Complexity: O(1), plus the cost of resetting a replaced child.
    public mutating func select<A>(_ a: WritableKeyPath<Self, Step<A>>, fresh: Bool = false) {
        perform(.select(fresh ? .fresh : nil), on: StepRoute(a).path.parts)
    }

    /// Selects the child stored at `a` and renews it with `value`, which becomes its value.
    /// - Complexity: O(*s*) for a value whose encoding has size *s*.
    public mutating func select<A>(_ a: WritableKeyPath<Self, Step<A>>, with value: A) {
        perform(.select(.value(value)), on: StepRoute(a).path.parts)
    }

    /// Selects `a`, then `b` inside it: `steps.select(\.profile, \.detail)`.
    /// - Parameters:
    ///   - a: A child of this node.
    ///   - b: A child of `a`.
    ///   - fresh: Renew `b` with no value.
    ///   - value: Renew `b` with this value.
    /// - Complexity: O(1) per level, plus the cost of resetting replaced children.
    public mutating func select<A: StepsCollection, B>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>, fresh: Bool = false,
        with value: B? = nil
    ) {
        perform(.renewing(fresh: fresh, value), on: StepRoute(a).then(b).path.parts)
    }

    /// Selects a path of three steps: `steps.select(\.profile, \.detail, \.dark)`.
    /// - Parameters:
    ///   - a: A child of this node.
    ///   - b: A child of `a`.
    ///   - c: A child of `b`.
    ///   - fresh: Renew `c` with no value.
    ///   - value: Renew `c` with this value.
    /// - Complexity: O(1) per level, plus the cost of resetting replaced children.
    public mutating func select<A: StepsCollection, B: StepsCollection, C>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>, fresh: Bool = false, with value: C? = nil
    ) {
        perform(.renewing(fresh: fresh, value), on: StepRoute(a).then(b).then(c).path.parts)
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
    public mutating func select<A: StepsCollection, B: StepsCollection, C: StepsCollection, D>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>, _ d: WritableKeyPath<C, Step<D>>, fresh: Bool = false,
        with value: D? = nil
    ) {
        let route = StepRoute(a).then(b).then(c).then(d)
        perform(.renewing(fresh: fresh, value), on: route.path.parts)
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
    /// constructors, `AppSteps.selecting(\.explore)`. Building a value is not a navigation, so
    /// no observer is told.
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
