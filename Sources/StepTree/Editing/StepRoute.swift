/// A typed path from a node type to one of its descendants, of any depth, checked by the
/// compiler: each key path names a child of the previous step, and ``element(_:)`` addresses a
/// stack element by id.
///
/// ```swift
/// let route = StepRoute(\AppSteps.profile).then(\.friends).element("u2").then(\.detail)
/// try steps.show(path: route.path)
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
