import StepTree

/// A UI layer that applies navigation one update at a time and reports when each is on screen,
/// for imperative UI (UIKit-style) where animations must finish before the next change.
///
/// A ``NavigationSequencer`` calls ``apply(_:)`` with one update at a time and waits for it to
/// return before the next: return once the update's animations have completed. The driver
/// builds the screens an update needs when it applies it, from ``NavigationUpdate/state``.
/// When the user removes a screen by gesture (a swipe back, a sheet swiped away), tell the
/// sequencer with ``NavigationSequencer/userDidRemove(path:identity:)``.
@MainActor
public protocol NavigationDriver: AnyObject {
    /// The state type of the tree the driver shows.
    associatedtype Root: StepNode

    /// What the driver can apply in one update; none by default (one modal per update).
    var coalescing: NavigationPlan.Coalescing { get }

    /// Applies `update` and returns when it is on screen, its animations completed.
    /// - Parameter update: The events to apply together and the state they lead to.
    func apply(_ update: NavigationUpdate<Root>) async
    /// Takes `state`, which shows the same screens as the update applied last (a value changed
    /// in place): what a driver reads of the state on every update, such as whether a gesture
    /// may dismiss each modal (`ScreenModal.isUserDismissible`, which a rule on the modal's
    /// value may decide), it follows here too. Nothing by default.
    /// - Parameter state: The state on screen now.
    func refresh(_ state: Root)
}

extension NavigationDriver {
    /// One modal layer per update.
    public var coalescing: NavigationPlan.Coalescing { [] }

    /// Nothing: a driver that reads nothing of a state it shows already.
    public func refresh(_ state: Root) {}
}
