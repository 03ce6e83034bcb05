import StepTree

extension ScreenState {
    /// Plays `events` the way a UI layer would, then lets the containers that SPEC §3 makes
    /// appear or vanish silently follow `new`.
    ///
    /// - `dismiss` must name the topmost modal, with its style; its container and every
    ///   container inside it go with it.
    /// - `pop` must name the top frame of its container, with no modal presented from inside it
    ///   still shown; the containers inside the frame go with it.
    /// - `push` goes on top of its container in `new`, which must be on screen.
    /// - `present` goes on top of the window; its container is built with its content from
    ///   `new`.
    /// - `select` changes nothing structural; its old and new keys must match both states.
    /// - `replace` names a content child mounted in both states with another identity; the
    ///   containers inside it are rebuilt from `new`.
    ///
    /// Afterwards, tab containers that `new` does not have go away and the missing ones are
    /// built from it (tabs mounted or unmounted by an inline switch, tabs inside a pushed
    /// frame). Events into a container that goes away silently are errors.
    ///
    /// `events` may also be one update of a ``NavigationPlan`` towards `new`, with the later
    /// updates in later calls. While only teardown (`dismiss`, `pop`) has been played and the
    /// screen is not yet `new`'s, the screen keeps the selections and the visible screen of the
    /// state it showed, which the selections still to come are checked against; the first
    /// update with another event takes them from `new`. (The visible screen is then found as
    /// SPEC §2 says, among the frames still on screen.)
    ///
    /// - Parameters:
    ///   - events: The events, in order, usually ``NavigationDiff/events(from:to:)``.
    ///   - new: The state the events lead to.
    /// - Throws: ``ScreenError`` naming the first event that cannot be played and why; the
    ///   screen is then unchanged.
    /// - Complexity: O(*m* + *e* · *c*) for *m* mounted nodes in `new`, *e* events and *c*
    ///   containers.
    package mutating func apply(_ events: [NavigationEvent], reaching new: some StepNode)
        throws(ScreenError)
    {
        defer { _checkInvariants() }
        let target = ScreenState(tree: StepStorage.make(new))
        var player = EventPlayer(screen: self, target: target)
        for event in events {
            try player.play(event)
        }
        let tornDown = player
        try player.reconcileTabs()
        let reached =
            player.screen.table == target.table && player.screen.modals == target.modals
            && rendering.hasTheSelections(of: target.rendering)
        if !reached, events.allSatisfy(\.kind.isTeardown) {
            // Part of a plan: the selections are still those of the state on screen.
            self = tornDown.screen
            let shown = table.values.flatMap(\.frames) + modals.map(\.frame)
            visibleScreen = rendering.visiblePath(showing: Set(shown.compactMap(\.identity)))
            return
        }
        self = ScreenState(
            table: player.screen.table, modals: player.screen.modals,
            visibleScreen: target.visibleScreen, rendering: target.rendering)
    }

    init(
        table: [ScreenContainer: Container], modals: [ScreenModal], visibleScreen: StepPath,
        rendering: ScreenRendering
    ) {
        self.table = table
        self.modals = modals
        self.visibleScreen = visibleScreen
        self.rendering = rendering
    }
}

/// Plays events on a copy of a screen, so that a failure leaves the original untouched.
private struct EventPlayer {
    var screen: ScreenState
    let target: ScreenState
    /// The first event played into each container during this update.
    var touched: [ScreenContainer: NavigationEvent] = [:]

    init(screen: ScreenState, target: ScreenState) {
        self.screen = screen
        self.target = target
    }

    var new: ScreenRendering { target.rendering }

    mutating func play(_ event: NavigationEvent) throws(ScreenError) {
        switch event.kind {
        case .dismiss(let style): try dismiss(event, style: style)
        case .pop: try pop(event)
        case .push: try push(event)
        case .present(let style): try present(event, style: style)
        case .select(let old, let new): try select(event, from: old, to: new)
        case .replace: try replace(event)
        }
    }

    private mutating func dismiss(_ event: NavigationEvent, style: PresentationStyle)
        throws(ScreenError)
    {
        guard let top = screen.modals.last, top.path == event.path else {
            throw ScreenError(event, .notTopmostModal(top: screen.modals.last?.path))
        }
        guard top.style == style else { throw ScreenError(event, .styleMismatch(top.style)) }
        screen.modals.removeLast()
        try removeContainers { $0.path.segments.starts(with: event.path.segments) }
    }

    private mutating func pop(_ event: NavigationEvent) throws(ScreenError) {
        let path = event.path
        guard
            let id = screen.table.first(where: { $0.value.frames.contains { $0.path == path } })?
                .key
        else { throw ScreenError(event, .notOnScreen) }
        let frames = screen.table[id]?.frames ?? []
        guard frames.last?.path == path else {
            throw ScreenError(event, .notOnTop(id, top: frames.last?.path))
        }
        // Modals are dismissed before the frames they were presented from are popped.
        if let modal = screen.modals.first(where: { $0.path.segments.starts(with: path.segments) })
        {
            throw ScreenError(event, .modalAbove(modal.path))
        }
        screen.table[id]?.frames.removeLast()
        touch(id, event)
        try removeContainers {
            $0.path.segments.count > path.segments.count
                && $0.path.segments.starts(with: path.segments)
        }
    }

    /// The node of `new` at the event's path, which must have the event's identity.
    private func newNode(_ event: NavigationEvent) throws(ScreenError) -> Int {
        guard let index = new.index[event.identity], new.path(index) == event.path else {
            throw ScreenError(event, .unknownStep(.new))
        }
        return index
    }

    private mutating func push(_ event: NavigationEvent) throws(ScreenError) {
        let index = try newNode(event)
        let node = new.nodes[index]
        guard node.isPushed, let container = node.container else {
            throw ScreenError(event, .notPushable)
        }
        let id = new.containerID(container)
        guard let frames = screen.table[id]?.frames else {
            throw ScreenError(event, .missingContainer(id))
        }
        guard !frames.contains(where: { $0.path == event.path }) else {
            throw ScreenError(event, .alreadyOnScreen(id))
        }
        let frame = new.frame(index)
        screen.table[id]?.frames.append(frame)
        touch(id, event)
    }

    private mutating func present(_ event: NavigationEvent, style: PresentationStyle)
        throws(ScreenError)
    {
        let index = try newNode(event)
        let node = new.nodes[index]
        guard node.isModal else { throw ScreenError(event, .notPresentable) }
        guard node.style == style else { throw ScreenError(event, .styleMismatch(node.style)) }
        guard !screen.modals.contains(where: { $0.path == event.path }) else {
            throw ScreenError(event, .alreadyOnScreen(.modal(event.path)))
        }
        screen.modals.append(new.modal(index))
        // The modal's own containers come with it; modals inside it get their own events.
        copyContainers(inside: event.path)
    }

    private func select(_ event: NavigationEvent, from old: String?, to new: String?)
        throws(ScreenError)
    {
        guard old != new else { throw ScreenError(event, .unchanged) }
        for (side, rendering, key) in [
            (ScreenError.Side.onScreen, screen.rendering, old), (.new, self.new, new),
        ] {
            guard let index = rendering.index(of: event.path) else {
                throw ScreenError(event, .unknownStep(side))
            }
            let selected = rendering.nodes[index].contentKey
            guard selected == key else {
                throw ScreenError(event, .selectionMismatch(side, selected: selected))
            }
        }
    }

    private mutating func replace(_ event: NavigationEvent) throws(ScreenError) {
        let index = try newNode(event)
        guard new.nodes[index].isContent else { throw ScreenError(event, .notContent) }
        guard let before = screen.rendering.index(of: event.path),
            screen.rendering.nodes[before].isContent,
            screen.rendering.nodes[before].identity != event.identity
        else { throw ScreenError(event, .notRenewed) }
        try removeContainers { $0.path.segments.starts(with: event.path.segments) }
        copyContainers(inside: event.path)
    }

    /// Copies from the target the containers owned by the step at `path` or inside it, except
    /// those inside modals that are not on screen (they come with their own events).
    private mutating func copyContainers(inside path: StepPath) {
        for (id, container) in target.table
        where id.path.segments.starts(with: path.segments) && screen.table[id] == nil {
            if case .modal(let modal) = id, !screen.modals.contains(where: { $0.path == modal }) {
                continue
            }
            screen.table[id] = container
        }
    }

    /// Makes the tab containers match the target: the ones whose owner has another identity
    /// there, or is not mounted there, go; the missing ones come with their frames.
    mutating func reconcileTabs() throws(ScreenError) {
        let current = screen.table
        let wanted = target.table
        try removeContainers { id in
            guard case .tab = id else { return false }
            return wanted[id]?.owner != current[id]?.owner
        }
        for (id, container) in target.table where screen.table[id] == nil {
            if case .tab = id { screen.table[id] = container }
        }
    }

    /// Removes the containers that match; a container that already had events in this update
    /// is an error, since SPEC §3 destroys its frames silently.
    private mutating func removeContainers(
        where matches: (ScreenContainer) -> Bool
    ) throws(ScreenError) {
        for id in ScreenContainer.sorted(screen.table.keys.filter(matches)) {
            if let event = touched[id] { throw ScreenError(event, .containerGoesAway(id)) }
            screen.table[id] = nil
        }
    }

    private mutating func touch(_ id: ScreenContainer, _ event: NavigationEvent) {
        if touched[id] == nil { touched[id] = event }
    }
}

extension NavigationEvent.Kind {
    /// Whether the event takes a frame off the screen (`dismiss`, `pop`).
    var isTeardown: Bool {
        switch self {
        case .dismiss, .pop: true
        case .present, .push, .select, .replace: false
        }
    }
}

extension ScreenRendering {
    /// Whether every node of `other` that is also mounted here selects the same content child,
    /// and every content child mounted in both under the same parent has the same identity: no
    /// `select` or `replace` leads from here to `other`.
    /// - Complexity: O(*m*) for *m* mounted nodes in `other`.
    func hasTheSelections(of other: ScreenRendering) -> Bool {
        other.nodes.allSatisfy { node in
            if let mine = index[node.identity], nodes[mine].contentKey != node.contentKey {
                return false
            }
            guard node.isContent, node.parent >= 0 else { return true }
            let slot = ChildSlot(parent: other.nodes[node.parent].identity, segment: node.segment)
            return contentChildren[slot].map { nodes[$0].identity == node.identity } ?? true
        }
    }

    /// The visible screen (SPEC §2) when only the frames with identities in `shown` are on
    /// screen.
    /// - Complexity: O(*m*) for *m* mounted nodes.
    func visiblePath(showing shown: Set<StepIdentity>) -> StepPath {
        var children: [Int: [Int]] = [:]
        for index in nodes.indices.dropFirst() {
            children[nodes[index].parent, default: []].append(index)
        }
        func isShown(_ index: Int) -> Bool { shown.contains(nodes[index].identity) }
        var current = 0
        while true {
            let mine = children[current] ?? []
            if let next = mine.first(where: { nodes[$0].isModal && isShown($0) })
                ?? mine.first(where: { nodes[$0].kind == .push && isShown($0) })
                ?? mine.first(where: { nodes[$0].kind == .stack }).flatMap({
                    children[$0]?.last(where: isShown)
                })
                ?? mine.first(where: {
                    nodes[$0].isContent && nodes[$0].segment == nodes[current].contentKey
                })
            {
                current = next
            } else {
                return path(current)
            }
        }
    }

    /// The index of the mounted node at `path`.
    /// - Complexity: O(*m*) for *m* mounted nodes.
    func index(of path: StepPath) -> Int? {
        nodes.indices.first { self.path($0) == path }
    }
}
