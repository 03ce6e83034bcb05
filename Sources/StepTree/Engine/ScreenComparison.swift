/// The two renderings of a diff, and which of their frames, containers and nodes are kept
/// (SPEC §3).
///
/// Each decision depends only on decisions about ancestors and earlier frames, so
/// they are computed on demand and remembered.
final class ScreenComparison {
    let old: ScreenRendering
    let new: ScreenRendering
    private var keptContainers: [ScreenRendering.Container: Bool] = [:]
    private var keptModals: [Int: Bool] = [:]
    private var prefixes: [ScreenRendering.Container: Int] = [:]

    init(old: ScreenRendering, new: ScreenRendering) {
        self.old = old
        self.new = new
    }

    /// The events in SPEC order.
    func events() -> [NavigationEvent] {
        var events: [NavigationEvent] = []
        for index in old.nodes.indices.reversed() {
            let node = old.nodes[index]
            if node.isModal, !isKept(frame: node.identity) {
                events.append(.init(.dismiss(node.style), old.path(index), identity: node.identity))
            } else if node.isPushed, !isKept(frame: node.identity),
                let container = node.container, isKept(container)
            {
                events.append(.init(.pop, old.path(index), identity: node.identity))
            }
        }
        for (index, node) in new.nodes.enumerated() {
            if isReplaced(node) {
                events.append(.init(.replace, new.path(index), identity: node.identity))
            } else if isRetained(node.identity),
                let before = old.index[node.identity],
                old.nodes[before].contentKey != node.contentKey
            {
                events.append(
                    .init(
                        .select(oldKey: old.nodes[before].contentKey, newKey: node.contentKey),
                        new.path(index), identity: node.identity))
            }
        }
        for (index, node) in new.nodes.enumerated() {
            if node.isModal, !isKept(frame: node.identity) {
                events.append(.init(.present(node.style), new.path(index), identity: node.identity))
            } else if node.isPushed, !isKept(frame: node.identity),
                let container = node.container, isKept(container)
            {
                events.append(.init(.push, new.path(index), identity: node.identity))
            }
        }
        return events
    }

    /// Whether `node`, of the new state, is a content child of a retained node that was mounted
    /// under the same key with another identity (a renewed tab or variant).
    private func isReplaced(_ node: ScreenRendering.Node) -> Bool {
        guard node.isContent, old.index[node.identity] == nil else { return false }
        let parent = new.nodes[node.parent]
        guard isRetained(parent.identity) else { return false }
        let slot = ScreenRendering.ChildSlot(parent: parent.identity, segment: node.segment)
        return old.contentChildren[slot] != nil
    }

    /// Whether the node with `identity` is mounted in both states and sits in the same kept
    /// frame or container.
    func isRetained(_ identity: StepIdentity) -> Bool {
        guard let before = old.index[identity], let after = new.index[identity] else {
            return false
        }
        let place = new.nodes[after].place
        return old.nodes[before].place == place && isKept(place)
    }

    private func isKept(_ place: ScreenRendering.Place) -> Bool {
        switch place {
        case .frame(let identity): isKept(frame: identity)
        case .container(let container): isKept(container)
        }
    }

    /// Whether the frame with `identity` is kept: in the longest common prefix of its kept
    /// container, or, for a modal, of the window chain with its presenter's place kept.
    func isKept(frame identity: StepIdentity) -> Bool {
        guard old.index[identity] != nil, let after = new.index[identity] else { return false }
        let node = new.nodes[after]
        if node.isModal { return isKept(modalAt: node.position) }
        guard let container = node.container, isKept(container) else { return false }
        return node.position < commonPrefix(of: container)
    }

    private func isKept(modalAt position: Int) -> Bool {
        if let known = keptModals[position] { return known }
        var kept = position < old.window.count && position < new.window.count
        if kept {
            let before = old.nodes[old.window[position]]
            let after = new.nodes[new.window[position]]
            kept =
                before.identity == after.identity
                && (position == 0 || isKept(modalAt: position - 1))
                && isKept(new.nodes[after.parent].place)
        }
        keptModals[position] = kept
        return kept
    }

    func isKept(_ container: ScreenRendering.Container) -> Bool {
        guard case .owned(let owner) = container else { return true }
        if let known = keptContainers[container] { return known }
        var kept = false
        if let after = new.index[owner], old.index[owner] != nil {
            kept = new.nodes[after].isModal ? isKept(frame: owner) : isRetained(owner)
        }
        keptContainers[container] = kept
        return kept
    }

    private func commonPrefix(of container: ScreenRendering.Container) -> Int {
        if let known = prefixes[container] { return known }
        let before = old.frames[container] ?? []
        let after = new.frames[container] ?? []
        var count = 0
        while count < before.count, count < after.count, before[count] == after[count] {
            count += 1
        }
        prefixes[container] = count
        return count
    }
}
