extension HeadlessScreen {
    /// Plays `events` the way a UI layer would, then lets the containers that SPEC §3 makes
    /// appear or vanish silently follow `new`.
    ///
    /// - `dismiss` must name the topmost modal, with its style; its container and every
    ///   container inside it go with it.
    /// - `pop` must name the top frame of its container, with no modal inside it still shown;
    ///   the containers inside the frame go with it.
    /// - `push` goes on top of its container, which must be on screen.
    /// - `present` goes on top of the window, inside the topmost modal; its container is built
    ///   with its content from `new`.
    /// - `select` changes nothing structural; its old and new keys must match both states.
    ///
    /// A frame's container is found from the kinds along its path: that of the nearest `tab` or
    /// `present` ancestor, else the root. Paths that leave the screen are looked up in the state
    /// the screen shows, paths that come on screen in `new`. Afterwards, tab containers whose
    /// identity is not in the rendering of `new` go away, and the missing ones are built from
    /// it (a tab with a new identity, tabs mounted or unmounted by an inline switch, tabs inside
    /// a pushed frame). Events into a container that goes away silently are errors.
    ///
    /// - Parameters:
    ///   - events: The events, in order, usually ``NavigationDiff/events(from:to:)``.
    ///   - new: The state the events lead to; a later state of the same tree.
    /// - Throws: ``ScreenError`` naming the first event that cannot be played and why; the
    ///   screen is then unchanged.
    /// - Complexity: O(*n* + *e* · (*d* + *c*)) for *n* mounted nodes in `new`, *e* events,
    ///   paths of depth *d* and *c* containers.
    public mutating func apply(_ events: [NavigationEvent], reaching new: some StepNode)
        throws(ScreenError)
    {
        let newTree: StepNodeStorage = StepStorage.make(new)
        let target = HeadlessScreen(tree: newTree)
        var player = EventPlayer(screen: self, newTree: newTree)
        for event in events {
            try player.play(event)
        }
        try player.reconcileTabs(with: target)
        player.screen.visibleScreen = target.visibleScreen
        player.screen.tree = newTree
        self = player.screen
    }
}

/// Plays events on a copy of a screen, so that a failure leaves the original untouched.
private struct EventPlayer {
    var screen: HeadlessScreen
    let newTree: StepNodeStorage
    /// The first event played into each container during this update.
    var touched: [HeadlessScreen.ContainerID: NavigationEvent] = [:]

    mutating func play(_ event: NavigationEvent) throws(ScreenError) {
        switch event {
        case .dismiss(let path, let style): try dismiss(path, style: style, event)
        case .pop(let path): try pop(path, event)
        case .push(let path): try push(path, event)
        case .present(let path, let style): try present(path, style: style, event)
        case .select(let path, let old, let new): try select(path, from: old, to: new, event)
        }
    }

    private mutating func dismiss(
        _ path: StepPath, style: PresentationStyle, _ event: NavigationEvent
    ) throws(ScreenError) {
        guard let top = screen.modals.last, top.path == path else {
            throw ScreenError(event, .notTopmostModal(top: screen.modals.last?.path))
        }
        guard top.style == style else { throw ScreenError(event, .styleMismatch(top.style)) }
        screen.modals.removeLast()
        try removeContainers { $0.path.segments.starts(with: path.segments) }
    }

    private mutating func pop(_ path: StepPath, _ event: NavigationEvent) throws(ScreenError) {
        guard let location = ScreenLocation(path, in: screen.tree) else {
            throw ScreenError(event, .unknownStep(.onScreen))
        }
        guard location.isPushed else { throw ScreenError(event, .notPushable) }
        let id = location.container
        guard let frames = screen.table[id]?.frames else {
            throw ScreenError(event, .missingContainer(id))
        }
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

    private mutating func push(_ path: StepPath, _ event: NavigationEvent) throws(ScreenError) {
        guard let location = ScreenLocation(path, in: newTree) else {
            throw ScreenError(event, .unknownStep(.new))
        }
        guard location.isPushed else { throw ScreenError(event, .notPushable) }
        let id = location.container
        guard let frames = screen.table[id]?.frames else {
            throw ScreenError(event, .missingContainer(id))
        }
        guard !frames.contains(where: { $0.path == path }) else {
            throw ScreenError(event, .alreadyOnScreen(id))
        }
        screen.table[id]?.frames.append(location.identity)
        touch(id, event)
    }

    private mutating func present(
        _ path: StepPath, style: PresentationStyle, _ event: NavigationEvent
    ) throws(ScreenError) {
        guard let location = ScreenLocation(path, in: newTree) else {
            throw ScreenError(event, .unknownStep(.new))
        }
        guard case .child(.present(let declared)) = location.role else {
            throw ScreenError(event, .notPresentable)
        }
        guard declared == style else { throw ScreenError(event, .styleMismatch(declared)) }
        // Each modal is presented from inside the one below it.
        if let top = screen.modals.last,
            path.segments.count <= top.path.segments.count
                || !path.segments.starts(with: top.path.segments)
        {
            throw ScreenError(event, .notAboveTopModal(top.path))
        }
        screen.modals.append(HeadlessScreen.Modal(identity: location.identity, style: style))
        // The modal's own stack comes with it; modals inside it get their own events.
        var renderer = ScreenRenderer()
        renderer.open(.modal(path), owner: location.identity)
        renderer.walk(location.storage, location.identity, active: true, region: .modal(path))
        screen.table[.modal(path)] = renderer.containers[.modal(path)]
    }

    private func select(
        _ path: StepPath, from old: String?, to new: String?, _ event: NavigationEvent
    ) throws(ScreenError) {
        guard old != new else { throw ScreenError(event, .unchanged) }
        for (side, tree, key) in [
            (ScreenError.Side.onScreen, screen.tree, old), (.new, newTree, new),
        ] {
            guard let node = ScreenLocation(path, in: tree)?.storage else {
                throw ScreenError(event, .unknownStep(side))
            }
            let selected = node.selectedIndex.map(node.childKey)
            guard selected == key else {
                throw ScreenError(event, .selectionMismatch(side, selected: selected))
            }
            if let index = node.selectedIndex, node.childKind(index).isFrame {
                throw ScreenError(event, .frameSelection(node.childKey(index)))
            }
        }
    }

    /// Makes the tab containers match `target`: the ones whose owner has another identity
    /// there, or is not mounted there, go; the missing ones come with their frames.
    mutating func reconcileTabs(with target: HeadlessScreen) throws(ScreenError) {
        let current = screen.table
        try removeContainers { id in
            guard case .tab = id else { return false }
            return target.table[id]?.owner != current[id]?.owner
        }
        for (id, container) in target.table where screen.table[id] == nil {
            if case .tab = id { screen.table[id] = container }
        }
    }

    /// Removes the containers that match; a container that already had events in this update
    /// is an error, since SPEC §3 destroys its frames silently.
    private mutating func removeContainers(
        where matches: (HeadlessScreen.ContainerID) -> Bool
    ) throws(ScreenError) {
        for id in HeadlessScreen.sorted(screen.table.keys.filter(matches)) {
            if let event = touched[id] { throw ScreenError(event, .containerGoesAway(id)) }
            screen.table[id] = nil
        }
    }

    private mutating func touch(_ id: HeadlessScreen.ContainerID, _ event: NavigationEvent) {
        if touched[id] == nil { touched[id] = event }
    }
}
