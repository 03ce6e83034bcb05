/// What is on screen for one state (SPEC §2): every mounted node in depth-first order, with its
/// identity, whether it is active, the frame or container it sits in, and the frames of every
/// container and of the window chain.
///
/// Nodes are matched across states by identity, which includes the path and kinds, so two
/// states of different schema versions render and compare key by key.
package struct ScreenRendering {
    /// A container of frames: the root, the window chain, or the container a tab or a presented
    /// step owns.
    package enum Container: Hashable {
        case root, window
        case owned(StepIdentity)
    }

    /// Where a node sits: a frame (by its identity) or a container.
    package enum Place: Hashable {
        case frame(StepIdentity)
        case container(Container)
    }

    package struct Node {
        package let identity: StepIdentity
        /// The index of the parent, -1 for the root.
        package let parent: Int
        /// The key or element id (empty for the root).
        package let segment: String
        /// The kind in the parent; `nil` for the root and for stack elements.
        package let kind: StepKind?
        let isElement: Bool
        let isActive: Bool
        package let place: Place
        /// For a frame: the container it is in, and its position there (in the window chain,
        /// for a modal).
        package let container: Container?
        let position: Int
        /// The key of the selected content child.
        package let contentKey: String?
        /// The node's box in the rendered state.
        let storage: StepNodeStorage
        /// The node's index among its parent's children (its position, for an element); -1 for
        /// the root.
        let childIndex: Int
        /// For a presented step, whether a gesture may dismiss it.
        let isUserDismissible: Bool

        package var isModal: Bool { if case .present = kind { true } else { false } }
        package var isPushed: Bool { isElement || kind == .push }
        package var isContent: Bool { kind == .tab || kind == .inline }
        package var style: PresentationStyle {
            if case .present(let style) = kind { style } else { .sheet }
        }
    }

    package private(set) var nodes: [Node] = []
    /// The node index of each identity.
    package private(set) var index: [StepIdentity: Int] = [:]
    /// The frames of every container that has any, bottom first.
    private(set) var frames: [Container: [StepIdentity]] = [:]
    /// The presented nodes, bottom first.
    package private(set) var window: [Int] = []
    /// The content children (tabs, inline variants) by parent and key.
    package private(set) var contentChildren: [ChildSlot: Int] = [:]

    package struct ChildSlot: Hashable {
        let parent: StepIdentity
        let segment: SegmentKey

        package init(parent: StepIdentity, segment: String) {
            self.parent = parent
            self.segment = SegmentKey(segment)
        }
    }

    /// Renders the tree whose root box is `root`.
    /// - Complexity: O(*m*) for *m* mounted nodes.
    package init(_ root: StepNodeStorage) {
        walk(
            root, identity: .root, parent: -1, childIndex: -1, segment: "", kind: nil,
            isElement: false, isUserDismissible: true, isActive: true, region: .root,
            nearestFrame: nil)
    }

    /// Whether node `index` is a screen: a frame (a pushed step, a stack element, a presented
    /// step) or the root of a container (the root, a tab).
    func isScreen(_ index: Int) -> Bool {
        let node = nodes[index]
        return index == 0 || node.isPushed || node.isModal || node.kind == .tab
    }

    /// The screen of node `index`, with a snapshot of its box.
    package func frame(_ index: Int) -> ScreenFrame {
        let node = nodes[index]
        return ScreenFrame(
            path: path(index), identity: node.identity,
            destination: node.isElement ? node.storage.destinationName : nil,
            snapshot: node.storage)
    }

    /// The modal of node `index`, a presented step.
    package func modal(_ index: Int) -> ScreenModal {
        let node = nodes[index]
        return ScreenModal(
            frame: frame(index), id: node.identity, style: node.style,
            isUserDismissible: node.isUserDismissible)
    }

    /// The path of node `index`.
    package func path(_ index: Int) -> StepPath {
        var segments: [String] = []
        var node = index
        while node > 0 {
            segments.append(nodes[node].segment)
            node = nodes[node].parent
        }
        return StepPath(segments.reversed())
    }

    private mutating func walk(
        _ storage: StepNodeStorage, identity: StepIdentity, parent: Int, childIndex: Int,
        segment: String, kind: StepKind?, isElement: Bool, isUserDismissible: Bool,
        isActive: Bool, region parentRegion: Container, nearestFrame: StepIdentity?
    ) {
        // Pushed steps, stack elements and presented steps are frames; a stack itself is not.
        let isFrame = isElement || kind == .push || (kind.map { $0.layer == .modal } ?? false)
        var region = parentRegion
        var container: Container?
        var position = 0
        switch kind {
        case .tab?: region = .owned(identity)
        case .present?:
            region = .owned(identity)
            container = .window
            position = window.count
            window.append(nodes.count)
        case .push?: container = parentRegion
        default: if isElement { container = parentRegion }
        }
        if let container, container != .window {
            position = frames[container]?.count ?? 0
            frames[container, default: []].append(identity)
        }
        let place: Place =
            if isFrame {
                .frame(identity)
            } else if let nearestFrame {
                .frame(nearestFrame)
            } else {
                .container(kind == .tab ? parentRegion : region)
            }
        let content = storage.selectedIndex(in: .content)
        let me = nodes.count
        index[identity] = me
        nodes.append(
            Node(
                identity: identity, parent: parent, segment: segment, kind: kind,
                isElement: isElement, isActive: isActive, place: place, container: container,
                position: position, contentKey: content.map(storage.childKey), storage: storage,
                childIndex: childIndex, isUserDismissible: isUserDismissible))
        if kind == .tab || kind == .inline {
            contentChildren[ChildSlot(parent: nodes[parent].identity, segment: segment)] = me
        }
        let frame = isFrame ? identity : nearestFrame

        if storage.isStack {
            let count = storage.elementCount
            for position in 0..<count {
                let element = storage.element(position)
                walk(
                    element.storage,
                    identity: identity.child(element.id, role: nil, renewal: element.renewal),
                    parent: me, childIndex: position, segment: element.id, kind: nil,
                    isElement: true, isUserDismissible: true,
                    isActive: isActive && position == count - 1, region: region,
                    nearestFrame: frame)
            }
            return
        }

        func visit(_ child: Int, active: Bool) {
            let step = storage.child(child)
            let key = storage.childKey(child)
            let kind = storage.childKind(child)
            walk(
                step.storage, identity: identity.child(key, role: kind, renewal: step.renewal),
                parent: me, childIndex: child, segment: key, kind: kind, isElement: false,
                isUserDismissible: kind.layer != .modal || storage.childIsUserDismissible(child),
                isActive: active, region: region, nearestFrame: frame)
        }
        let contentActive = isActive && !storage.pushLayerHoldsFrame
        for child in storage.contentOrder {
            visit(child, active: contentActive && child == content)
        }
        if let pushed = storage.selectedIndex(in: .push) { visit(pushed, active: isActive) }
        if isActive, let modal = storage.selectedIndex(in: .modal) { visit(modal, active: true) }
    }
}
