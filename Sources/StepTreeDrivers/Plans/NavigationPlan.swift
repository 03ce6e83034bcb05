import StepTree

/// The events of one change, grouped into the updates a UI layer can apply one after another.
///
/// SwiftUI cannot dismiss two modals, or present two, in one state update, and UIKit animates
/// one presentation at a time. The plan keeps the event order and groups only what a UI can
/// apply together:
/// - every `dismiss` and every `present` is an update of its own (one modal layer at a time);
/// - consecutive `pop`s form one update (a "pop to"), so do consecutive `push`es (setting a
///   navigation path), and so do the `select`s and `replace`s.
///
/// ```swift
/// let plan = NavigationPlan(events)
/// for update in plan.updates { await ui.apply(update) }  // one update per UI transaction
/// ```
public struct NavigationPlan: Hashable, Sendable, CustomStringConvertible {
    /// The updates, in order; each is a non-empty run of events.
    public let updates: [[NavigationEvent]]

    /// Called each time a plan diffs two states (``init(from:to:coalescing:)``), so that a
    /// test can count the diffs a driver's updates cost.
    @TaskLocal package static var didDiff: (@Sendable () -> Void)?

    /// Plans `events`, an event list in the engine's order, one modal layer per update.
    /// - Complexity: O(*n*) for *n* events.
    public init(_ events: [NavigationEvent]) {
        self.init(events, coalescing: [])
    }

    /// Plans `events` for a platform that can also apply what `coalescing` allows in one
    /// update; the events keep the engine's order, so the updates joined are `events`.
    /// - Parameters:
    ///   - events: An event list in the engine's order.
    ///   - coalescing: What the platform can apply together beyond the default grouping.
    /// - Complexity: O(*n*) for *n* events.
    public init(_ events: [NavigationEvent], coalescing: Coalescing) {
        self.init(events, coalescing: coalescing) { _ in nil }
    }

    /// Plans the events from `old` to `new` (`NavigationDiff.events(from:to:)`) for a
    /// platform that can apply what `coalescing` allows in one update, with the containers of
    /// the frames read from the two states (for ``Coalescing/pushesAfterPops``).
    /// - Parameters:
    ///   - old: The state on screen.
    ///   - new: The state to reach.
    ///   - coalescing: What the platform can apply together beyond the default grouping.
    /// - Complexity: A diff of the two states, plus O(*m*) for *m* mounted nodes when
    ///   `coalescing` has ``Coalescing/pushesAfterPops``.
    public init<Root: StepNode>(from old: Root, to new: Root, coalescing: Coalescing) {
        Self.didDiff?()
        self.init(
            NavigationDiff.events(from: old, to: new), from: old, to: new, coalescing: coalescing)
    }

    /// Plans `events`, the diff from `old` to `new` made already (a navigator's change carries
    /// it), as ``init(from:to:coalescing:)`` plans them, without diffing the states again.
    /// - Parameters:
    ///   - events: ``NavigationDiff/events(from:to:)`` of `old` and `new`.
    ///   - old: The state on screen.
    ///   - new: The state to reach.
    ///   - coalescing: What the platform can apply together beyond the default grouping.
    /// - Complexity: O(*n*) for *n* events, plus O(*m*) for *m* mounted nodes when
    ///   `coalescing` has ``Coalescing/pushesAfterPops``.
    package init<Root: StepNode>(
        _ events: [NavigationEvent], from old: Root, to new: Root, coalescing: Coalescing
    ) {
        guard coalescing.contains(.pushesAfterPops) else {
            self.init(events, coalescing: coalescing)
            return
        }
        // A pop's frame is in the old screen, a push's in the new one.
        let before = Self.containers(of: ScreenState(old))
        let after = Self.containers(of: ScreenState(new))
        self.init(events, coalescing: coalescing) { event in
            if case .pop = event.kind { before[event.identity] } else { after[event.identity] }
        }
    }

    /// The container of each frame on `screen`, by the frame's identity.
    private static func containers(of screen: ScreenState) -> [StepIdentity: ScreenContainer] {
        var containers: [StepIdentity: ScreenContainer] = [:]
        for id in screen.containers {
            for frame in screen.frames(of: id) ?? [] {
                if let identity = frame.identity { containers[identity] = id }
            }
        }
        return containers
    }

    /// Plans `events`, with `container` giving the container of a pop's or a push's frame
    /// (`nil` when not known).
    private init(
        _ events: [NavigationEvent], coalescing: Coalescing,
        container: (NavigationEvent) -> ScreenContainer?
    ) {
        var updates: [[NavigationEvent]] = []
        for event in events {
            if let update = updates.last, Self.canJoin(update, event, coalescing, container) {
                updates[updates.count - 1].append(event)
            } else {
                updates.append([event])
            }
        }
        self.updates = updates
    }

    /// Whether `next` can be applied in the same UI update as the events of `update`.
    private static func canJoin(
        _ update: [NavigationEvent], _ next: NavigationEvent, _ coalescing: Coalescing,
        _ container: (NavigationEvent) -> ScreenContainer?
    ) -> Bool {
        guard let previous = update.last else { return false }
        switch (previous.kind, next.kind) {
        case (.pop, .push)
        where coalescing.contains(.pushesAfterPops) && Self.pops(update, into: next, container):
            return true
        case (.pop, .pop), (.push, .push), (.select, .select), (.select, .replace),
            (.replace, .select), (.replace, .replace):
            return true
        case (.dismiss, .dismiss):
            return coalescing.contains(.dismissals)
        case (_, .pop), (_, .select), (_, .replace), (_, .push):
            return coalescing.contains(.stackChangesWithDismissal)
                && update.contains { if case .dismiss = $0.kind { true } else { false } }
        default:
            return false
        }
    }

    /// Whether the pops at the end of `update` are all in the container `push` pushes into.
    private static func pops(
        _ update: [NavigationEvent], into push: NavigationEvent,
        _ container: (NavigationEvent) -> ScreenContainer?
    ) -> Bool {
        guard let target = container(push) else { return false }
        let pops = update.reversed().prefix { if case .pop = $0.kind { true } else { false } }
        return pops.allSatisfy { container($0) == target }
    }

    /// One line per update, its events separated by `; `.
    public var description: String {
        updates.map { $0.map(\.description).joined(separator: "; ") }.joined(separator: "\n")
    }
}
