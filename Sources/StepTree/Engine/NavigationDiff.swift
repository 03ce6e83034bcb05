/// The diffing engine: the canonical, minimal event list between two states of one tree
/// (SPEC §3).
public enum NavigationDiff {
    /// The events that take the screen of `old` to the screen of `new`: teardown (dismisses
    /// topmost first, then pops), then selections, then build-up (pushes and presents).
    ///
    /// ```swift
    /// var new = old
    /// try new.select(path: "profile/detail/dark")
    /// NavigationDiff.events(from: old, to: new)  // [select / home -> profile, push /profile/detail]
    /// ```
    ///
    /// - Parameters:
    ///   - old: The state on screen now.
    ///   - new: The state to show. It should be a later state of the same tree as `old`.
    /// - Returns: The events in the order a UI layer applies them; empty when nothing on screen
    ///   changes.
    /// - Complexity: O(*c* · *f*) where *c* is the number of nodes whose storage differs between
    ///   the two states, or whose frames gain or lose events, and *f* their fan-out. Subtrees
    ///   shared by both states (the common case: a state derived from the other by copy-on-write)
    ///   are skipped, so the cost follows what changed, not the size of the tree. Comparing two
    ///   independently built trees visits every mounted node: O(*n*).
    public static func events<Root: StepNode>(from old: Root, to new: Root) -> [NavigationEvent] {
        // The roots keep both trees alive for the whole walk, which reads them without retaining.
        let oldRoot = StepStorage.make(old)
        let newRoot = StepStorage.make(new)
        return withExtendedLifetime((oldRoot, newRoot)) {
            var walk = DiffWalk()
            walk.pair(
                DiffWalk.Side(node: oldRoot, active: true),
                DiffWalk.Side(node: newRoot, active: true), region: DiffWalk.rootContainer)
            return walk.events()
        }
    }
}

/// One simultaneous depth-first walk over the old and the new state.
///
/// A pair of nodes is walked together while the node is *retained* (mounted in both states, same
/// identity, in a kept frame or container). Each container tracks whether its old and new frame
/// lists have diverged: frames are kept while they match one for one, which is the longest
/// common prefix of SPEC §3. Where the states part, each side is walked alone and reports only
/// what it can: frames in kept containers and modals on the active path.
struct DiffWalk {
    struct Side {
        let node: StepNodeStorage
        let active: Bool
    }

    static let rootContainer = 0
    static let window = 1

    /// `diverged[c]` for every kept container met so far; the first two are the root and the
    /// window.
    var diverged = [false, false]
    var segments: [String] = []
    var teardown: [NavigationEvent] = []
    var selections: [NavigationEvent] = []
    var buildUp: [NavigationEvent] = []

    /// The current path, copied into an array of its own: sharing the walk's buffer would make
    /// every event keep that buffer's spare capacity and the walk copy it on its next step.
    var path: StepPath { StepPath(Array(segments[...])) }

    /// The events in SPEC order: teardown (reversed into top-of-screen first), selections,
    /// build-up.
    consuming func events() -> [NavigationEvent] {
        // Reversing the teardown in place and moving the other lists in saves copying (and
        // retaining) every event once more.
        var events = teardown
        teardown = []
        events.reverse()
        events.reserveCapacity(events.count + selections.count + buildUp.count)
        events.append(contentsOf: selections)
        events.append(contentsOf: buildUp)
        return events
    }

    /// Whether a retained pair is the same subtree in the same context, so that every frame in
    /// it is kept and nothing in it changes: `region` is its container, `nil` for a container of
    /// its own that starts undiverged.
    func isUnchanged(_ old: Side, _ new: Side, region: Int?) -> Bool {
        old.node === new.node && old.active == new.active
            && !(region.map { diverged[$0] } ?? false) && (!new.active || !diverged[Self.window])
    }

    mutating func openContainer() -> Int {
        diverged.append(false)
        return diverged.count - 1
    }

    /// Walks a retained node; `region` is the kept container its frames go to.
    mutating func pair(_ old: Side, _ new: Side, region: Int) {
        if isUnchanged(old, new, region: region) { return }
        guard old.node.schemaShape == new.node.schemaShape else {
            // A node of another shape (a schema-driven state restored under an updated schema)
            // cannot be compared child by child: the old one goes, the new one comes.
            single(old, region: region, isOld: true)
            single(new, region: region, isOld: false)
            return
        }
        if old.node.isStack {
            pairElements(old, new, region: region)
            return
        }
        let oldSelected = old.node.selectedIndex
        let newSelected = new.node.selectedIndex
        if oldSelected != newSelected {
            let oldIsFrame = oldSelected.map { old.node.childKind($0).isFrame } ?? false
            let newIsFrame = newSelected.map { new.node.childKind($0).isFrame } ?? false
            if !oldIsFrame && !newIsFrame {
                selections.append(
                    .select(
                        path, from: oldSelected.map(old.node.childKey),
                        to: newSelected.map(new.node.childKey)))
            }
        }
        if new.node.hasTabs {
            for index in 0..<new.node.childCount {
                pairTab(
                    index, old, new, oldActive: oldSelected == index,
                    newActive: newSelected == index)
            }
        } else if let oldSelected, oldSelected == newSelected {
            pairChild(oldSelected, old, new, region: region)
        } else {
            if let oldSelected { single(child: oldSelected, of: old, region: region, isOld: true) }
            if let newSelected { single(child: newSelected, of: new, region: region, isOld: false) }
        }
    }

    private mutating func pairTab(
        _ index: Int, _ old: Side, _ new: Side, oldActive: Bool, newActive: Bool
    ) {
        let oldChild = old.node.child(index)
        let newChild = new.node.child(index)
        let oldSide = Side(node: oldChild.storage, active: old.active && oldActive)
        let newSide = Side(node: newChild.storage, active: new.active && newActive)
        let sameIdentity = oldChild.generation == newChild.generation
        if sameIdentity && isUnchanged(oldSide, newSide, region: nil) { return }
        segments.append(new.node.childKey(index))
        defer { segments.removeLast() }
        if sameIdentity {
            pair(oldSide, newSide, region: openContainer())
        } else {
            // A tab with a new identity is a new container: its frames come and go with it.
            single(oldSide, region: nil, isOld: true)
            single(newSide, region: nil, isOld: false)
        }
    }

    /// Walks the child both states select.
    private mutating func pairChild(_ index: Int, _ old: Side, _ new: Side, region: Int) {
        let oldChild = old.node.child(index)
        let newChild = new.node.child(index)
        let kind = new.node.childKind(index)
        let sameIdentity = oldChild.generation == newChild.generation
        segments.append(new.node.childKey(index))
        defer { segments.removeLast() }
        let oldSide = Side(node: oldChild.storage, active: old.active)
        let newSide = Side(node: newChild.storage, active: new.active)
        switch kind {
        case .tab, .inline, .stack:
            if sameIdentity {
                pair(oldSide, newSide, region: region)
                return
            }
        case .push:
            if sameIdentity && !diverged[region] {
                pair(oldSide, newSide, region: region)
                return
            }
            diverged[region] = true
        case .present:
            if !old.active && !new.active { return }  // mounted in neither state
            if old.active && new.active && sameIdentity && !diverged[Self.window] {
                pair(oldSide, newSide, region: openContainer())
                return
            }
            diverged[Self.window] = true
        }
        frame(kind, of: oldSide, region: region, isOld: true)
        frame(kind, of: newSide, region: region, isOld: false)
    }

    /// Walks the elements of a retained stack: kept while ids and generations match one for one.
    private mutating func pairElements(_ old: Side, _ new: Side, region: Int) {
        let oldCount = old.node.elementCount
        let newCount = new.node.elementCount
        var index = 0
        while index < oldCount && index < newCount && !diverged[region] {
            let oldElement = old.node.element(index)
            let newElement = new.node.element(index)
            guard oldElement.generation == newElement.generation && oldElement.id == newElement.id
            else { break }
            let oldSide = Side(
                node: oldElement.storage, active: old.active && index == oldCount - 1)
            let newSide = Side(
                node: newElement.storage, active: new.active && index == newCount - 1)
            if !isUnchanged(oldSide, newSide, region: region) {
                segments.append(newElement.id)
                pair(oldSide, newSide, region: region)
                segments.removeLast()
            }
            index += 1
        }
        if index < oldCount || index < newCount { diverged[region] = true }
        singleElements(of: old, from: index, region: region, isOld: true)
        singleElements(of: new, from: index, region: region, isOld: false)
    }

    // MARK: One side alone

    /// Walks a mounted subtree that exists on one side only. `region` is its container when that
    /// container is kept (its frames get events), `nil` when it comes or goes as a whole.
    private mutating func single(_ side: Side, region: Int?, isOld: Bool) {
        if region == nil && !side.active { return }  // nothing in here gets an event
        let node = side.node
        if node.isStack {
            singleElements(of: side, from: 0, region: region, isOld: isOld)
        } else if node.hasTabs {
            let selected = node.selectedIndex
            for index in 0..<node.childCount {
                let child = node.child(index)
                segments.append(node.childKey(index))
                single(
                    Side(node: child.storage, active: side.active && selected == index),
                    region: nil, isOld: isOld)
                segments.removeLast()
            }
        } else if let selected = node.selectedIndex {
            single(child: selected, of: side, region: region, isOld: isOld)
        }
    }

    private mutating func single(child index: Int, of parent: Side, region: Int?, isOld: Bool) {
        let child = parent.node.child(index)
        segments.append(parent.node.childKey(index))
        defer { segments.removeLast() }
        frame(
            parent.node.childKind(index), of: Side(node: child.storage, active: parent.active),
            region: region, isOld: isOld)
    }

    /// Reports the frame of a non-tab child that is on one side only, then walks below it.
    private mutating func frame(_ kind: StepKind, of side: Side, region: Int?, isOld: Bool) {
        switch kind {
        case .tab, .inline, .stack:
            single(side, region: region, isOld: isOld)
        case .push:
            if let region {
                diverged[region] = true
                report(isOld ? .pop(path) : .push(path), isOld: isOld)
            }
            single(side, region: region, isOld: isOld)
        case .present(let style):
            guard side.active else { return }  // a modal is mounted only on the active path
            diverged[Self.window] = true
            report(
                isOld ? .dismiss(path, style: style) : .present(path, style: style), isOld: isOld)
            single(side, region: nil, isOld: isOld)
        }
    }

    private mutating func singleElements(of side: Side, from start: Int, region: Int?, isOld: Bool)
    {
        let count = side.node.elementCount
        guard start < count else { return }
        for index in start..<count {
            let element = side.node.element(index)
            segments.append(element.id)
            if let region {
                diverged[region] = true
                report(isOld ? .pop(path) : .push(path), isOld: isOld)
            }
            single(
                Side(node: element.storage, active: side.active && index == count - 1),
                region: region, isOld: isOld)
            segments.removeLast()
        }
    }

    private mutating func report(_ event: NavigationEvent, isOld: Bool) {
        if isOld { teardown.append(event) } else { buildUp.append(event) }
    }
}
