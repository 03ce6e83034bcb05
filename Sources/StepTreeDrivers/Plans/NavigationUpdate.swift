import StepTree

/// One update of a plan, as a ``NavigationDriver`` applies it: the events, in the engine's
/// order, and the state the screen shows once they are applied.
public struct NavigationUpdate<Root: StepNode>: Sendable, CustomStringConvertible {
    /// The events to apply together, in the engine's order; never empty.
    public let events: [NavigationEvent]
    /// The state on screen once the update is applied: the target for the last update of a
    /// plan, otherwise a state between the two (what is torn down is gone, what is still to
    /// be pushed or presented is not there yet), read by a driver that builds screens.
    public let state: Root
    /// Whether the update ends the plan towards the sequencer's current target.
    public let isLast: Bool
    /// The transaction that made the target: whether to animate, its cause and its values.
    public let transaction: NavigationTransaction

    /// Creates an update.
    /// - Parameters:
    ///   - events: The events to apply together.
    ///   - state: The state on screen once they are applied.
    ///   - isLast: Whether the update ends its plan.
    ///   - transaction: The transaction that made the target.
    public init(
        events: [NavigationEvent], state: Root, isLast: Bool,
        transaction: NavigationTransaction = NavigationTransaction()
    ) {
        self.events = events
        self.state = state
        self.isLast = isLast
        self.transaction = transaction
    }

    /// The events separated by `; `.
    public var description: String { events.map(\.description).joined(separator: "; ") }

    /// The updates that take the screen of `old` to the screen of `new`, each with the state it
    /// leads to.
    ///
    /// The state after an update of dismissals and pops only is the state before it with those
    /// screens removed (`StepNode.close(path:)`); after any other update it is
    /// `new` without the screens that later updates push or present (they follow the
    /// selections); the last update's state is `new`. A modal that such a removal uncovers is
    /// removed too, as the UI does not show it yet: every state renders exactly the screen its
    /// updates lead to, so a plan interrupted after any update can start again from it.
    /// - Parameters:
    ///   - old: The state on screen.
    ///   - new: The state to reach.
    ///   - coalescing: What the driver applies together.
    ///   - transaction: The transaction that made `new`, carried by every update.
    /// - Returns: The updates; empty when nothing on screen changes.
    /// - Complexity: A diff of the two states, plus O(*m*) per update for *m* mounted nodes.
    public static func plan(
        from old: Root, to new: Root, coalescing: NavigationPlan.Coalescing = [],
        transaction: NavigationTransaction = NavigationTransaction()
    ) -> [NavigationUpdate] {
        plan(
            NavigationPlan(from: old, to: new, coalescing: coalescing).updates,
            from: old, to: new, transaction: transaction)
    }

    /// The updates of ``plan(from:to:coalescing:transaction:)`` from `events`, the diff from
    /// `old` to `new` made already (a navigator's change carries it): the states are not
    /// diffed again.
    /// - Parameters:
    ///   - old: The state on screen.
    ///   - new: The state to reach.
    ///   - events: ``NavigationDiff/events(from:to:)`` of `old` and `new`.
    ///   - coalescing: What the driver applies together.
    ///   - transaction: The transaction that made `new`, carried by every update.
    /// - Returns: The updates; empty when nothing on screen changes.
    /// - Complexity: O(*m*) per update for *m* mounted nodes.
    package static func plan(
        from old: Root, to new: Root, events: [NavigationEvent],
        coalescing: NavigationPlan.Coalescing = [],
        transaction: NavigationTransaction = NavigationTransaction()
    ) -> [NavigationUpdate] {
        plan(
            NavigationPlan(events, from: old, to: new, coalescing: coalescing).updates,
            from: old, to: new, transaction: transaction)
    }

    /// The updates that apply `updates`, a plan's, from `old` to `new`, each with its state.
    private static func plan(
        _ updates: [[NavigationEvent]], from old: Root, to new: Root,
        transaction: NavigationTransaction
    ) -> [NavigationUpdate] {
        var state = old
        // The screen as a UI shows it after each update, which each state must render.
        var screen = ScreenState(old)
        // Internal edits of bare values, not selections anyone made: they report to no one.
        let plan = updates.indices.map { index in
            let isLast = index == updates.count - 1
            try? screen.apply(updates[index], reaching: new)
            if isLast {
                state = new
            } else if updates[index].allSatisfy(\.kind.isTeardown) {
                for event in updates[index] {
                    try? state.edit(path: event.path, .remove, reporting: .none)
                }
            } else {
                // Selections are done: what is left to build is pushed or presented.
                state = new
                for event in updates[(index + 1)...].joined().reversed() {
                    try? state.edit(path: event.path, .remove, reporting: .none)
                }
            }
            if !isLast { state.removeFrames(notOn: screen) }
            return NavigationUpdate(
                events: updates[index], state: state, isLast: isLast, transaction: transaction)
        }
        return plan
    }
}

extension StepNode {
    /// Removes the frames that this state shows but `screen` does not: a modal that a removed
    /// push no longer covers, presented again only by a later update.
    /// - Complexity: O(*m*) per frame removed, for *m* mounted nodes.
    mutating func removeFrames(notOn screen: ScreenState) {
        for _ in 0..<StepPath.maximumDepth {
            let shown = ScreenState(self)
            guard shown != screen else { return }
            let extraModal = shown.modals.last { !screen.modals.contains($0) }
            let extraFrame = shown.containers.lazy.compactMap { id in
                shown.frames(of: id)?.last { !(screen.frames(of: id) ?? []).contains($0) }
            }.first
            guard let extra = extraModal?.frame ?? extraFrame,
                (try? edit(path: extra.path, .remove, reporting: .none)) != nil
            else { return }
        }
    }
}
