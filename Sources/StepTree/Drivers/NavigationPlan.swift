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
        var updates: [[NavigationEvent]] = []
        for event in events {
            if let update = updates.last, Self.canJoin(update, event, coalescing) {
                updates[updates.count - 1].append(event)
            } else {
                updates.append([event])
            }
        }
        self.updates = updates
    }

    /// Whether `next` can be applied in the same UI update as the events of `update`.
    private static func canJoin(
        _ update: [NavigationEvent], _ next: NavigationEvent, _ coalescing: Coalescing
    ) -> Bool {
        guard let previous = update.last else { return false }
        switch (previous.kind, next.kind) {
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

    /// One line per update, its events separated by `; `.
    public var description: String {
        updates.map { $0.map(\.description).joined(separator: "; ") }.joined(separator: "\n")
    }
}
