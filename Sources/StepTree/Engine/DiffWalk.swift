/// The fast diff: one simultaneous depth-first walk over the old and the new state, which skips
/// every subtree that both states share.
///
/// A pair of nodes is walked together while the node is *retained* (mounted in both states,
/// same identity, in a kept frame or container). Each container tracks whether its old and new
/// frame lists have diverged: frames are kept while they match one for one, which is the longest
/// common prefix of SPEC §3; the window chain is tracked the same way. Where the states part,
/// each side is walked alone and reports only what it can: frames in kept containers, and
/// modals. A retained pair whose storage is the same object, in the same context, renders the
/// same frames and modals in both states, all kept, and is skipped.
///
/// The walk visits nodes in the new state's depth-first order, which is the order of the
/// selection and build-up events. Teardown events are sorted into the old state's reverse
/// depth-first order by the position of their node in the old state (the two orders differ only
/// where a tab bar selects another tab).
///
/// ``ScreenComparison`` computes the same events by rendering both screens in full; the tests
/// check that the two agree.
struct DiffWalk {
    struct Side {
        let node: StepNodeStorage
        let active: Bool
    }

    static let rootContainer = 0
    static let window = 1

    /// `diverged[c]` for every kept container met so far; the first two are the root container
    /// and the window.
    private var diverged = [false, false]
    /// The path of the node being walked.
    private var segments: [String] = []
    /// The position of the node being walked in the old state's depth-first order: its child
    /// ordinal at every level.
    private var oldOrder: [Int] = []
    private var teardown: [(order: [Int], event: NavigationEvent)] = []
    private var selections: [NavigationEvent] = []
    private var buildUp: [NavigationEvent] = []

    /// The events between the states whose root boxes are `old` and `new`.
    static func events(from old: StepNodeStorage, to new: StepNodeStorage) -> [NavigationEvent] {
        var walk = DiffWalk()
        walk.pair(
            Side(node: old, active: true), Side(node: new, active: true), .root,
            region: rootContainer)
        return walk.events()
    }

    /// The events in SPEC order: teardown top of the screen first, selections, build-up.
    private consuming func events() -> [NavigationEvent] {
        var events: [NavigationEvent] = []
        events.reserveCapacity(teardown.count + selections.count + buildUp.count)
        if teardown.count > 1 {
            teardown.sort { $0.order.lexicographicallyPrecedes($1.order) }
        }
        for entry in teardown.reversed() { events.append(entry.event) }
        events.append(contentsOf: selections)
        events.append(contentsOf: buildUp)
        return events
    }

    private var path: StepPath { StepPath(Array(segments[...])) }

    private mutating func openContainer() -> Int {
        diverged.append(false)
        return diverged.count - 1
    }

    // MARK: Both sides

    /// Walks a retained node; `region` is the kept container its frames go to.
    private mutating func pair(_ old: Side, _ new: Side, _ identity: StepIdentity, region: Int) {
        if old.node === new.node && old.active == new.active && !diverged[region]
            && !(new.active && diverged[Self.window])
        {
            return
        }
        if new.node.isStack || old.node.isStack {
            pairElements(old, new, identity, region: region)
            return
        }
        let oldNode = old.node
        let newNode = new.node
        let sameShape = oldNode.shape === newNode.shape
        func oldIndex(of index: Int) -> Int? {
            sameShape ? index : oldNode.childIndex(forKey: Substring(newNode.childKey(index)))
        }

        let oldContent = oldNode.selectedIndex(in: .content)
        let newContent = newNode.selectedIndex(in: .content)
        let oldKey = oldContent.map(oldNode.childKey)
        let newKey = newContent.map(newNode.childKey)
        if oldKey != newKey {
            selections.append(
                NavigationEvent(.select(oldKey: oldKey, newKey: newKey), path, identity: identity))
        }

        // Content: every tab, or the selected inline child, matched by key.
        let oldContentActive = old.active && !oldNode.pushLayerHoldsFrame
        let newContentActive = new.active && !newNode.pushLayerHoldsFrame
        var matchedOld: [Int] = []
        for index in newNode.contentOrder {
            let before = oldIndex(of: index).flatMap { oldNode.mountsContent($0) ? $0 : nil }
            if let before { matchedOld.append(before) }
            child(
                index, of: newNode, active: newContentActive && index == newContent, identity,
                region: region,
                old: before.map { ($0, oldContentActive && $0 == oldContent) }, in: oldNode,
                isContent: true)
        }
        for index in oldNode.contentOrder where !matchedOld.contains(index) {
            singleChild(
                index, of: oldNode, active: oldContentActive && index == oldContent, identity,
                region: region, isOld: true)
        }

        // Push and modal layers: the selected child of each, matched by key.
        let oldPush = oldNode.selectedIndex(in: .push)
        let newPush = newNode.selectedIndex(in: .push)
        layer(
            old: oldPush, new: newPush, oldNode, newNode, identity, region: region,
            oldActive: old.active, newActive: new.active)
        let oldModal = old.active ? oldNode.selectedIndex(in: .modal) : nil
        let newModal = new.active ? newNode.selectedIndex(in: .modal) : nil
        layer(
            old: oldModal, new: newModal, oldNode, newNode, identity, region: region,
            oldActive: true, newActive: true)
    }

    /// Walks the push or modal layer of a retained node: the selected child of each state, as a
    /// pair when they are the same step in a kept place, else each alone.
    private mutating func layer(
        old oldIndex: Int?, new newIndex: Int?, _ oldNode: StepNodeStorage,
        _ newNode: StepNodeStorage, _ identity: StepIdentity, region: Int, oldActive: Bool,
        newActive: Bool
    ) {
        let matched =
            oldIndex != nil && newIndex != nil
            && StepPath.sameSegment(
                oldNode.childKey(oldIndex ?? 0), newNode.childKey(newIndex ?? 0))
        if let newIndex {
            child(
                newIndex, of: newNode, active: newActive, identity, region: region,
                old: matched ? oldIndex.map { ($0, oldActive) } : nil, in: oldNode,
                isContent: false)
        }
        if let oldIndex, !matched {
            singleChild(
                oldIndex, of: oldNode, active: oldActive, identity, region: region, isOld: true)
        }
    }

    /// Walks child `index` of a retained node in the new state, with the child of the same key
    /// in the old state when there is one: as a retained pair when it has the same identity and
    /// sits in a kept frame, else each side alone.
    private mutating func child(
        _ index: Int, of newNode: StepNodeStorage, active: Bool, _ identity: StepIdentity,
        region: Int, old: (index: Int, active: Bool)?, in oldNode: StepNodeStorage,
        isContent: Bool
    ) {
        let key = newNode.childKey(index)
        let kind = newNode.childKind(index)
        let newStep = newNode.child(index)
        let newSide = Side(node: newStep.storage, active: active)
        let renewal = newStep.renewal
        let childIdentity = identity.child(key, role: kind, renewal: renewal)
        segments.append(key)
        defer { segments.removeLast() }
        guard let old else {
            single(newSide, childIdentity, kind: kind, region: region, isOld: false)
            return
        }
        oldOrder.append(oldNode.ordinal(of: old.index))
        defer { oldOrder.removeLast() }
        let oldKind = oldNode.childKind(old.index)
        let oldStep = oldNode.child(old.index)
        let oldSide = Side(node: oldStep.storage, active: old.active)
        if oldKind == kind && oldStep.renewal == renewal {
            switch kind {
            case .tab:
                pair(oldSide, newSide, childIdentity, region: openContainer())
                return
            case .inline, .stack:
                pair(oldSide, newSide, childIdentity, region: region)
                return
            case .push:
                if !diverged[region] {
                    pair(oldSide, newSide, childIdentity, region: region)
                    return
                }
            case .present:
                if !diverged[Self.window] {
                    pair(oldSide, newSide, childIdentity, region: openContainer())
                    return
                }
            }
        } else if isContent {
            selections.append(NavigationEvent(.replace, path, identity: childIdentity))
        }
        let oldIdentity = identity.child(key, role: oldKind, renewal: oldStep.renewal)
        single(oldSide, oldIdentity, kind: oldKind, region: region, isOld: true)
        single(newSide, childIdentity, kind: kind, region: region, isOld: false)
    }

    /// Walks the elements of a retained stack: kept while ids and renewals match one for one
    /// and nothing before them in the container diverged.
    private mutating func pairElements(
        _ old: Side, _ new: Side, _ identity: StepIdentity, region: Int
    ) {
        let oldCount = old.node.isStack ? old.node.elementCount : 0
        let newCount = new.node.isStack ? new.node.elementCount : 0
        var index = 0
        while index < oldCount && index < newCount && !diverged[region] {
            let oldElement = old.node.element(index)
            let newElement = new.node.element(index)
            guard
                oldElement.renewal == newElement.renewal
                    && StepPath.sameSegment(oldElement.id, newElement.id)
            else { break }
            let oldSide = Side(
                node: oldElement.storage, active: old.active && index == oldCount - 1)
            let newSide = Side(
                node: newElement.storage, active: new.active && index == newCount - 1)
            segments.append(newElement.id)
            oldOrder.append(index)
            pair(
                oldSide, newSide,
                identity.child(newElement.id, role: nil, renewal: newElement.renewal),
                region: region)
            oldOrder.removeLast()
            segments.removeLast()
            index += 1
        }
        singleElements(of: old, identity, from: index, region: region, isOld: true)
        singleElements(of: new, identity, from: index, region: region, isOld: false)
    }

    // MARK: One side alone

    /// Walks a mounted subtree that is on one side only.
    ///
    /// `region` is its container when that container is kept (its frames get events), `nil` when it
    /// comes or goes as a whole.
    private mutating func single(
        _ side: Side, _ identity: StepIdentity, kind: StepKind?, region: Int?, isOld: Bool
    ) {
        switch kind {
        case .tab?:
            // A tab's frames go to its own container, which comes or goes with it.
            walkAlone(side, identity, region: nil, isOld: isOld)
            return
        case .push?:
            if let region {
                diverged[region] = true
                report(NavigationEvent(isOld ? .pop : .push, path, identity: identity), isOld)
            }
        case .present(let style)?:
            guard side.active else { return }  // mounted only while its parent is active
            diverged[Self.window] = true
            report(
                NavigationEvent(
                    isOld ? .dismiss(style) : .present(style), path, identity: identity), isOld)
            walkAlone(side, identity, region: nil, isOld: isOld)
            return
        default:
            break
        }
        walkAlone(side, identity, region: region, isOld: isOld)
    }

    /// Walks below a node that is on one side only.
    private mutating func walkAlone(
        _ side: Side, _ identity: StepIdentity, region: Int?, isOld: Bool
    ) {
        if region == nil && !side.active { return }  // nothing in here gets an event
        let node = side.node
        if node.isStack {
            singleElements(of: side, identity, from: 0, region: region, isOld: isOld)
            return
        }
        let content = node.selectedIndex(in: .content)
        let contentActive = side.active && !node.pushLayerHoldsFrame
        for index in node.contentOrder {
            singleChild(
                index, of: node, active: contentActive && index == content, identity,
                region: region, isOld: isOld)
        }
        if let pushed = node.selectedIndex(in: .push) {
            singleChild(
                pushed, of: node, active: side.active, identity, region: region, isOld: isOld)
        }
        if side.active, let modal = node.selectedIndex(in: .modal) {
            singleChild(modal, of: node, active: true, identity, region: region, isOld: isOld)
        }
    }

    /// Walks child `index` of `parent`, on one side only.
    private mutating func singleChild(
        _ index: Int, of parent: StepNodeStorage, active: Bool, _ identity: StepIdentity,
        region: Int?, isOld: Bool
    ) {
        let key = parent.childKey(index)
        let kind = parent.childKind(index)
        let step = parent.child(index)  // read once: its storage and its renewal
        let childIdentity = identity.child(key, role: kind, renewal: step.renewal)
        segments.append(key)
        if isOld { oldOrder.append(parent.ordinal(of: index)) }
        single(
            Side(node: step.storage, active: active), childIdentity, kind: kind, region: region,
            isOld: isOld)
        if isOld { oldOrder.removeLast() }
        segments.removeLast()
    }

    private mutating func singleElements(
        of side: Side, _ identity: StepIdentity, from start: Int, region: Int?, isOld: Bool
    ) {
        let count = side.node.isStack ? side.node.elementCount : 0
        guard start < count else { return }
        for index in start..<count {
            let element = side.node.element(index)
            let elementIdentity = identity.child(element.id, role: nil, renewal: element.renewal)
            segments.append(element.id)
            if isOld { oldOrder.append(index) }
            if let region {
                diverged[region] = true
                report(
                    NavigationEvent(isOld ? .pop : .push, path, identity: elementIdentity), isOld)
            }
            walkAlone(
                Side(node: element.storage, active: side.active && index == count - 1),
                elementIdentity, region: region, isOld: isOld)
            if isOld { oldOrder.removeLast() }
            segments.removeLast()
        }
    }

    private mutating func report(_ event: NavigationEvent, _ isOld: Bool) {
        if isOld {
            teardown.append((oldOrder, event))
        } else {
            buildUp.append(event)
        }
    }
}

extension StepNodeStorage {
    /// The content children mounted in depth-first order (SPEC §2): every tab, the ones not
    /// selected first in declaration order, then the selected one; or the selected inline
    /// child.
    var contentOrder: [Int] {
        let selected = selectedIndex(in: .content)
        guard hasTabs else { return selected.map { [$0] } ?? [] }
        var order: [Int] = []
        for index in 0..<childCount where index != selected && childKind(index) == .tab {
            order.append(index)
        }
        if let selected { order.append(selected) }
        return order
    }

    /// Whether content child `index` is mounted: a tab, or the selected inline child.
    func mountsContent(_ index: Int) -> Bool {
        let kind = childKind(index)
        return kind == .tab || (kind == .inline && selectedIndex(in: .content) == index)
    }

    /// The position of child `index` among this node's children in depth-first order: content
    /// children first (see ``contentOrder``), then the push layer, then the modal layer.
    func ordinal(of index: Int) -> Int {
        let slots = hasTabs ? childCount : 1
        switch childLayer(index) {
        case .content:
            guard hasTabs else { return 0 }
            let selected = selectedIndex(in: .content)
            if index == selected { return slots - 1 }
            return selected.map { $0 < index ? index - 1 : index } ?? index
        case .push: return slots
        case .modal: return slots + 1
        }
    }
}
