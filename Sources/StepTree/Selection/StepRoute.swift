/// A typed path from a node type to one of its descendants, of any depth, checked by the
/// compiler: each key path names a child of the previous step, and ``element(_:)`` addresses a
/// stack element by id.
///
/// ```swift
/// let route = StepRoute(\AppSteps.profile).then(\.friends).element("u2").then(\.detail)
/// try steps.show(route)
/// ```
public struct StepRoute<Root: StepsCollection, Leaf: StepValue>: Hashable, Sendable {
    /// The route as a path of keys and element ids.
    public let path: StepPath

    init(path: StepPath) { self.path = path }

    /// A route to the child of `Root` stored at `keyPath`.
    public init(_ keyPath: WritableKeyPath<Root, Step<Leaf>>) {
        path = StepPath([Root.steps.key(for: keyPath).rawValue])
    }

    /// This route extended to the child of `Leaf` stored at `keyPath`.
    /// - Complexity: O(*d*) for a route of depth *d* (the path is copied).
    public func then<Next>(_ keyPath: WritableKeyPath<Leaf, Step<Next>>) -> StepRoute<Root, Next>
    where Leaf: StepsCollection {
        StepRoute<Root, Next>(path: path.appending(Leaf.steps.key(for: keyPath).rawValue))
    }

    /// This route extended to the element `id` of the stack it leads to.
    /// - Complexity: O(*d*) for a route of depth *d* (the path is copied).
    public func element<Element>(_ id: String) -> StepRoute<Root, Element>
    where Leaf == StepStack<Element> {
        StepRoute<Root, Element>(path: path.appending(id))
    }
}

extension StepsCollection {
    /// Selects every step along `route`; see ``StepNode/select(path:fresh:)-(StepPath,_)``.
    /// - Parameters:
    ///   - route: The steps to select.
    ///   - fresh: Renew the last step with no value: it gets a new identity.
    /// - Throws: ``StepPathError/unknownElement(_:in:)`` for an element id the stack does not
    ///   hold (key paths always resolve); the value is unchanged.
    /// - Complexity: O(*d*) for a route of depth *d*.
    public mutating func select<Leaf>(_ route: StepRoute<Self, Leaf>, fresh: Bool = false)
        throws(StepPathError)
    {
        try edit(route.path.parts, .select(fresh: fresh))
    }

    /// Selects every step along `route` and renews the last one with `value`.
    /// - Throws: ``StepPathError/unknownElement(_:in:)``; the value is unchanged.
    /// - Complexity: O(*d* + *s*) for depth *d* and a value whose encoding has size *s*.
    public mutating func select<Leaf>(_ route: StepRoute<Self, Leaf>, with value: Leaf)
        throws(StepPathError)
    {
        try edit(route.path.parts, .select(with: value))
    }

    /// Shows exactly the screen at `route`; see ``StepNode/show(path:fresh:)-(String,_)``.
    /// - Throws: ``StepPathError/unknownElement(_:in:)``; the value is unchanged.
    /// - Complexity: O(*d*) for a route of depth *d*, plus the size of what is cleared.
    public mutating func show<Leaf>(_ route: StepRoute<Self, Leaf>, fresh: Bool = false)
        throws(StepPathError)
    {
        try edit(route.path.parts, .show(fresh: fresh))
    }

    /// Shows exactly the screen at `route`, renewing it with `value`.
    /// - Throws: ``StepPathError/unknownElement(_:in:)``; the value is unchanged.
    /// - Complexity: O(*d* + *s*) for depth *d* and a value whose encoding has size *s*.
    public mutating func show<Leaf>(_ route: StepRoute<Self, Leaf>, with value: Leaf)
        throws(StepPathError)
    {
        try edit(route.path.parts, .show(with: value))
    }

    /// Deselects the last step of `route`; see ``StepNode/deselect(path:)-(String)``.
    /// - Throws: ``StepPathError`` for a tab, a stack element or an unknown element.
    /// - Complexity: O(*d*) for a route of depth *d*.
    public mutating func deselect<Leaf>(_ route: StepRoute<Self, Leaf>) throws(StepPathError) {
        try edit(route.path.parts, .deselect)
    }

    /// Whether every step along `route` is selected.
    /// - Complexity: O(*d*) for a route of depth *d*.
    public func isSelected<Leaf>(_ route: StepRoute<Self, Leaf>) -> Bool {
        isSelected(path: route.path)
    }
}
