/// The parts of a state that a UI reads one at a time: a node's selection, a container's frames,
/// a node's modal. The navigator's fine-grained observation and its bindings read them here.
extension ResolvedPath {
    /// The identity of the target, as ``ScreenRendering`` computes it.
    /// - Complexity: O(*d*) for a path of depth *d*.
    var identity: StepIdentity {
        var identity = StepIdentity.root
        for (step, node) in zip(steps, nodes) {
            switch step {
            case .child(let index):
                identity = identity.child(
                    node.childKey(index), role: node.childKind(index),
                    renewal: node.child(index).renewal)
            case .element(let index):
                let element = node.element(index)
                identity = identity.child(element.id, role: nil, renewal: element.renewal)
            }
        }
        return identity
    }

    /// Whether the target is active (SPEC §2): selected all the way and covered by nothing.
    /// - Complexity: O(*d*) for a path of depth *d*.
    var isActive: Bool {
        zip(steps, nodes).allSatisfy { step, node in
            switch step {
            case .element(let index):
                return index == node.elementCount - 1
            case .child(let index):
                let kind = node.childKind(index)
                guard node.selects(index) else { return false }
                return kind.isFrame || !node.pushLayerHoldsFrame
            }
        }
    }
}

/// A node's selection as a UI sees it: what it selects in each layer, its identity, and
/// whether it is active.
struct NodeSelectionSnapshot: Equatable {
    var identity: StepIdentity
    var isActive: Bool
    var selected: [Int?]
}

extension StepNode {
    /// The path resolved in this value, or `nil` when it names no step.
    package func resolve(_ path: StepPath) -> ResolvedPath? {
        guard path.segments.count <= StepPath.maximumDepth else { return nil }
        return try? ResolvedPath(path.parts, from: StepStorage.make(self))
    }

    /// The selection of the node at `path`, or `nil` when there is none.
    func selectionSnapshot(at path: StepPath) -> NodeSelectionSnapshot? {
        guard let resolved = resolve(path) else { return nil }
        let target = resolved.target
        return NodeSelectionSnapshot(
            identity: resolved.identity, isActive: resolved.isActive,
            selected: StepLayer.allCases.map { target.selectedIndex(in: $0) })
    }

    /// The key the node at `path` selects in `layer`.
    func selectedKey(in layer: StepLayer, at path: StepPath) -> String? {
        guard let target = resolve(path)?.target else { return nil }
        return target.selectedIndex(in: layer).map(target.childKey)
    }

    /// The modal the node at `path` presents, if the node is active (only then is it mounted).
    func modal(at path: StepPath) -> ScreenModal? {
        guard let resolved = resolve(path), resolved.isActive, !resolved.target.isStack,
            let index = resolved.target.selectedIndex(in: .modal)
        else { return nil }
        let node = resolved.target
        let key = node.childKey(index)
        let kind = node.childKind(index)
        let child = node.child(index)
        let identity = resolved.identity.child(key, role: kind, renewal: child.renewal)
        let style: PresentationStyle = if case .present(let style) = kind { style } else { .sheet }
        let frame = ScreenFrame(
            path: path.appending(key), identity: identity, snapshot: child.storage)
        return ScreenModal(
            frame: frame, id: identity, style: style,
            isUserDismissible: node.childIsUserDismissible(index))
    }

    /// The frames of the container owned by the step at `container`, read from `rendering`.
    func frames(in container: StepPath, rendering: ScreenRendering) -> [ScreenFrame] {
        let key: ScreenRendering.Container
        if container.isRoot {
            key = .root
        } else {
            guard let resolved = resolve(container),
                case .child(let index)? = resolved.steps.last
            else { return [] }
            switch resolved.parent.childKind(index) {
            case .tab, .present: key = .owned(resolved.identity)
            case .inline, .push, .stack: return []
            }
        }
        return (rendering.frames[key] ?? []).compactMap { identity in
            rendering.index[identity].map(rendering.frame)
        }
    }
}
