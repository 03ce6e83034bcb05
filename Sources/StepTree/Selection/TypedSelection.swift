// Deep links from typed code: each key path names a child of the previous node, so the whole
// path is checked by the compiler. Every node along the path becomes selected.

extension StepsCollection {
    /// The key of the child stored at `keyPath`.
    ///
    /// A key path that the node's ``StepsCollection/steps`` table does not declare is a
    /// programming error and stops the program with a message naming it.
    @inline(__always)
    func key<Value>(for keyPath: WritableKeyPath<Self, Step<Value>>) -> Key {
        guard let index = Self.steps.index(of: keyPath) else {
            preconditionFailure("\(Self.self): \(keyPath) is not declared in `steps`")
        }
        return Self.steps.entries[index].key
    }

    /// Selects the child stored at `a`.
    /// - Parameter fresh: Give the child a new identity, as selecting it with a new value does.
    public mutating func select<A>(_ a: WritableKeyPath<Self, Step<A>>, fresh: Bool = false) {
        selected = key(for: a)
        if fresh { self[keyPath: a].renew() }
    }

    /// Selects the child stored at `a` with a new value; it gets a new identity.
    public mutating func select<A>(_ a: WritableKeyPath<Self, Step<A>>, with value: A) {
        selected = key(for: a)
        self[keyPath: a].value = value
        self[keyPath: a].renew()
    }

    /// Selects `a`, then `b` inside it: `steps.select(\.profile, \.detail)`.
    public mutating func select<A: StepsCollection, B>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>, fresh: Bool = false
    ) {
        select(a)
        self[keyPath: a].value.select(b, fresh: fresh)
    }

    /// Selects `a`, then `b` inside it with a new value.
    public mutating func select<A: StepsCollection, B>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>, with value: B
    ) {
        select(a)
        self[keyPath: a].value.select(b, with: value)
    }

    /// Selects a path of three steps: `steps.select(\.profile, \.detail, \.dark)`.
    public mutating func select<A: StepsCollection, B: StepsCollection, C>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>, fresh: Bool = false
    ) {
        select(a)
        self[keyPath: a].value.select(b, c, fresh: fresh)
    }

    /// Selects a path of three steps, the last with a new value.
    public mutating func select<A: StepsCollection, B: StepsCollection, C>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>, with value: C
    ) {
        select(a)
        self[keyPath: a].value.select(b, c, with: value)
    }

    /// Selects a path of four steps.
    public mutating func select<A: StepsCollection, B: StepsCollection, C: StepsCollection, D>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>, _ d: WritableKeyPath<C, Step<D>>, fresh: Bool = false
    ) {
        select(a)
        self[keyPath: a].value.select(b, c, d, fresh: fresh)
    }

    /// Selects a path of four steps, the last with a new value.
    public mutating func select<A: StepsCollection, B: StepsCollection, C: StepsCollection, D>(
        _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
        _ c: WritableKeyPath<B, Step<C>>, _ d: WritableKeyPath<C, Step<D>>, with value: D
    ) {
        select(a)
        self[keyPath: a].value.select(b, c, d, with: value)
    }
}
