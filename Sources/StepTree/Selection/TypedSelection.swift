// Deep links from typed code: each key path names a child of the previous node, so the whole
// path is checked by the compiler. Every node along the path becomes selected.

extension StepsCollection {
    /// One level of a typed deep link: selects the child at `keyPath`, optionally with a new
    /// value and identity, and records the change when someone is listening.
    /// - Returns: The child's path when recording, for the next level.
    @inlinable @inline(__always) @discardableResult
    mutating func selectLevel<Value>(
        _ keyPath: WritableKeyPath<Self, Step<Value>>, fresh: Bool, value: Value? = nil,
        at path: StepPath?, report: inout SelectionReport?
    ) -> StepPath? {
        let key = Self.steps.key(for: keyPath)
        let renew = fresh || value != nil
        if let value { self[keyPath: keyPath].value = value }
        if renew { self[keyPath: keyPath].renew() }
        guard report != nil, let path else {
            selected = key
            return nil
        }
        if selected != key || renew {
            report?.changes.append(
                SelectionChange(
                    nodeType: String(describing: Self.self), path: path, from: selected?.rawValue,
                    to: key.rawValue, value: self[keyPath: keyPath].value))
        }
        selected = key
        return path.appending(key.rawValue)
    }

    /// Selects the child stored at `a`.
    /// - Parameters:
    ///   - a: The child's property.
    ///   - fresh: Give the child a new identity, as selecting it with a new value does.
    @inlinable @inline(__always)
    public mutating func select<A>(_ a: WritableKeyPath<Self, Step<A>>, fresh: Bool = false) {
        var report = SelectionReport.start()
        selectLevel(a, fresh: fresh, at: .root, report: &report)
        report?.deliver()
    }

    /// Selects the child stored at `a` with a new value; it gets a new identity.
    /// - Parameters:
    ///   - a: The child's property.
    ///   - value: The child's new value.
    @inlinable @inline(__always)
    public mutating func select<A>(_ a: WritableKeyPath<Self, Step<A>>, with value: A) {
        var report = SelectionReport.start()
        selectLevel(a, fresh: true, value: value, at: .root, report: &report)
        report?.deliver()
    }

    /// Selects `a`, then `b` inside it: `steps.select(\.profile, \.detail)`.
    /// - Parameters:
    ///   - a: A child of this node.
    ///   - b: A child of `a`.
    ///   - fresh: Give `b` a new identity.
    ///   - value: A new value for `b`, which then gets a new identity.
    @inlinable @inline(__always)
    public mutating func select<A: StepsCollection, B>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>, fresh: Bool = false,
        with value: B? = nil
    ) {
        var report = SelectionReport.start()
        let pathA = selectLevel(a, fresh: false, at: .root, report: &report)
        self[keyPath: a].value.selectLevel(
            b, fresh: fresh, value: value, at: pathA, report: &report)
        report?.deliver()
    }

    /// Selects a path of three steps: `steps.select(\.profile, \.detail, \.dark)`.
    /// - Parameters:
    ///   - a: A child of this node.
    ///   - b: A child of `a`.
    ///   - c: A child of `b`.
    ///   - fresh: Give `c` a new identity.
    ///   - value: A new value for `c`, which then gets a new identity.
    @inlinable @inline(__always)
    public mutating func select<A: StepsCollection, B: StepsCollection, C>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>, fresh: Bool = false, with value: C? = nil
    ) {
        var report = SelectionReport.start()
        let pathA = selectLevel(a, fresh: false, at: .root, report: &report)
        let pathB = self[keyPath: a].value.selectLevel(b, fresh: false, at: pathA, report: &report)
        self[keyPath: a].value[keyPath: b].value.selectLevel(
            c, fresh: fresh, value: value, at: pathB, report: &report)
        report?.deliver()
    }

    /// Selects a path of four steps: every node along it becomes selected.
    /// - Parameters:
    ///   - a: A child of this node.
    ///   - b: A child of `a`.
    ///   - c: A child of `b`.
    ///   - d: A child of `c`.
    ///   - fresh: Give `d` a new identity.
    ///   - value: A new value for `d`, which then gets a new identity.
    @inlinable @inline(__always)
    public mutating func select<A: StepsCollection, B: StepsCollection, C: StepsCollection, D>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>, _ d: WritableKeyPath<C, Step<D>>, fresh: Bool = false,
        with value: D? = nil
    ) {
        var report = SelectionReport.start()
        let pathA = selectLevel(a, fresh: false, at: .root, report: &report)
        let pathB = self[keyPath: a].value.selectLevel(b, fresh: false, at: pathA, report: &report)
        let pathC = self[keyPath: a].value[keyPath: b].value.selectLevel(
            c, fresh: false, at: pathB, report: &report)
        self[keyPath: a].value[keyPath: b].value[keyPath: c].value.selectLevel(
            d, fresh: fresh, value: value, at: pathC, report: &report)
        report?.deliver()
    }
}

extension StepsCollection {
    /// A node in its initial state with the child at `a` selected: VDFlow's static
    /// constructors, `AppSteps.selecting(\.explore)`.
    /// - Parameters:
    ///   - a: The child to select.
    ///   - fresh: Give the child a new identity.
    public static func selecting<A>(_ a: WritableKeyPath<Self, Step<A>>, fresh: Bool = false)
        -> Self
    {
        // Building a value is not a selection anyone navigated through: nothing is reported.
        var node = Self()
        var silent: SelectionReport?
        node.selectLevel(a, fresh: fresh, at: nil, report: &silent)
        return node
    }

    /// A node in its initial state with the child at `a` selected with `value`:
    /// `AppSteps.selecting(\.explore, with: ExploreData(query: "swift"))`.
    /// - Parameters:
    ///   - a: The child to select.
    ///   - value: The child's value.
    public static func selecting<A>(_ a: WritableKeyPath<Self, Step<A>>, with value: A) -> Self {
        var node = Self()
        var silent: SelectionReport?
        node.selectLevel(a, fresh: true, value: value, at: nil, report: &silent)
        return node
    }
}
