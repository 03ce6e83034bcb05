import Observation

/// A part of a navigator's state that a UI reads on its own, tracked under its own key path so
/// that a change elsewhere does not invalidate it.
enum ObservedPart: Hashable, Sendable {
    /// The selection of the node at the path (every layer), its identity and whether it is
    /// active.
    case selection(StepPath)
    /// The frames of the container owned by the step at the path.
    case frames(StepPath)
    /// The modal the node at the path presents, with whether a gesture may dismiss it (which a
    /// rule on the modal's value may change while nothing else does).
    case modal(StepPath)
}

/// The observation machinery of one navigator: its registrar and the parts read since they
/// last changed.
///
/// Only parts someone has read are compared at a commit; a part that changed is forgotten once
/// its observers are told, since Observation's observers are one-shot and read it again.
final class NavigatorObservation: Sendable {
    let registrar = ObservationRegistrar()
    private let tracked = Locked(ObservedParts())

    /// Records that `part` was read.
    func read<Root>(_ part: ObservedPart, of navigator: Navigator<Root>) {
        registrar.access(navigator, keyPath: \.[observed: part])
        let hash = part.hashValue
        tracked.withLock { $0.insert(part, hash: hash) }
    }

    /// Tells the observers of the root, and of each part read that `change` changes, around
    /// `write`, which publishes the new state.
    func publish<Root: StepNode>(
        _ change: NavigationChange<Root>, of navigator: Navigator<Root>, write: () -> Void
    ) {
        let changed = changedParts(change)
        registrar.willSet(navigator, keyPath: navigator.rootKeyPath)
        for part in changed { registrar.willSet(navigator, keyPath: \.[observed: part]) }
        write()
        for part in changed { registrar.didSet(navigator, keyPath: \.[observed: part]) }
        registrar.didSet(navigator, keyPath: navigator.rootKeyPath)
    }

    /// The parts read that differ between the two states; they are no longer tracked.
    ///
    /// The parts are taken out and the unchanged ones put back, so that a part read again while
    /// this runs is not dropped. (A part read on another thread while a commit runs may still
    /// read the state before it and miss its notification, as with any Observation of a value
    /// written off the thread that reads it.)
    /// - Complexity: O(*k* · *d*) for *k* parts read, at depth *d*, plus two renderings when a
    ///   container's frames were read.
    private func changedParts<Root: StepNode>(_ change: NavigationChange<Root>) -> [ObservedPart] {
        let parts = tracked.withLock { $0.takeAll() }
        guard !parts.isEmpty else { return [] }
        var renderings: (old: ScreenRendering, new: ScreenRendering)?
        var changed: [ObservedPart] = []
        let unchanged = parts.filter { part in
            let differs: Bool
            switch part {
            case .selection(let path):
                differs =
                    change.old.selectionSnapshot(at: path) != change.new.selectionSnapshot(at: path)
            case .frames(let path):
                let both =
                    renderings ?? (
                        ScreenRendering(StepStorage.make(change.old)),
                        ScreenRendering(StepStorage.make(change.new))
                    )
                renderings = both
                differs =
                    change.old.frames(in: path, rendering: both.old)
                    != change.new.frames(in: path, rendering: both.new)
            case .modal(let path):
                differs = change.old.modal(at: path) != change.new.modal(at: path)
            }
            if differs { changed.append(part) }
            return !differs
        }
        if !unchanged.isEmpty { tracked.withLock { $0.formUnion(unchanged) } }
        return changed
    }
}

extension Navigator: Observable {
    /// The key path under which a part is tracked; its value means nothing.
    subscript(observed part: ObservedPart) -> Int { 0 }

    /// The frames pushed in a container, bottom first, for `NavigationStack(path:)`; tracked on
    /// their own by Observation.
    ///
    /// ```swift
    /// navigator.frames(in: StepPath(["profile"]))  // the profile tab's stack
    /// ```
    /// - Parameter container: The root path for the root container, or the path of a tab or a
    ///   presented step for its own. Any other step has no container: no frames.
    /// - Returns: The frames, each with its identity.
    /// - Complexity: O(*m*) for *m* mounted nodes.
    public func frames(in container: StepPath = .root) -> [ScreenFrame] {
        observation.read(.frames(container), of: self)
        return currentRoot.frames(in: container)
    }

    /// The key of the child the node at `path` selects in `layer`, tracked on its own by
    /// Observation; `nil` for none, or for a path that names no step.
    /// - Complexity: O(*d*) for a path of depth *d*.
    public func selectedKey(in layer: StepLayer, at path: StepPath = .root) -> String? {
        observation.read(.selection(path), of: self)
        return currentRoot.selectedKey(in: layer, at: path)
    }

    /// The modal the node at `path` presents, for `.sheet(item:)`, tracked on its own.
    ///
    /// `nil` when the node presents none or is not active (its modal is not mounted then). A
    /// change of its ``ScreenModal/isUserDismissible`` (a rule on the modal's value) is a
    /// change of it, so a view that disables the swipe follows every update.
    /// - Complexity: O(*d*) for a path of depth *d*.
    public func modal(at path: StepPath = .root) -> ScreenModal? {
        observation.read(.modal(path), of: self)
        return currentRoot.modal(at: path)
    }
}

extension Navigator where Root: StepsCollection {
    /// What the root selects in each layer, tracked on its own by Observation.
    /// - Complexity: O(1).
    public var selection: StepSelection<Root.Key> {
        observation.read(.selection(.root), of: self)
        return currentRoot.selected
    }

    /// What the node at `route` selects in each layer, tracked on its own by Observation;
    /// `nil` when the route names an element the stack does not hold.
    /// - Complexity: O(*d*) for a route of depth *d*.
    public func selection<Node: StepsCollection>(
        at route: StepRoute<Root, Node>
    ) -> StepSelection<Node.Key>? {
        observation.read(.selection(route.path), of: self)
        return (currentRoot.resolve(route.path)?.target.anyValue as? Node)?.selected
    }
}
