/// An observer of one ``Navigator``, told about its changes typed by its `Root`: no casts.
///
/// ```swift
/// final class Analytics: NavigatorObserver {
///     func didChange(_ change: NavigatorChange<AppSteps>) { log(change.new.selected) }
/// }
/// navigator.addObserver(analytics)
/// ```
///
/// Calls arrive on the thread of the transaction, in commit order, with the navigator's lock
/// held (see ``Navigator``). The navigator holds the observer weakly: it stops being called
/// once its owner lets it go.
public protocol NavigatorObserver<Root>: AnyObject, Sendable {
    /// The root type of the navigators it observes.
    associatedtype Root: StepNode

    /// Called after the new state and its events are known, before the navigator publishes it.
    func willChange(_ change: NavigatorChange<Root>)

    /// Called after the navigator has published the new state.
    func didChange(_ change: NavigatorChange<Root>)
}

extension NavigatorObserver {
    /// Does nothing.
    public func willChange(_ change: NavigatorChange<Root>) {}

    /// Does nothing.
    public func didChange(_ change: NavigatorChange<Root>) {}
}

/// An observer of one ``Navigator`` that lives on the main actor (a view model, a coordinator).
///
/// It needs no `@preconcurrency` and no `Sendable` of its own.
///
/// ```swift
/// @MainActor final class Coordinator: MainActorNavigatorObserver {
///     func didChange(_ change: NavigatorChange<AppSteps>) { title = "\(change.visibleScreen)" }
/// }
/// navigator.addMainActorObserver(coordinator)
/// ```
///
/// Changes are delivered on the main actor after the transaction returns (a transaction may
/// run on any thread), each once and in commit order, so the observer may start a transaction
/// of its own. The navigator holds the observer weakly.
@MainActor
public protocol MainActorNavigatorObserver<Root>: AnyObject {
    /// The root type of the navigators it observes.
    associatedtype Root: StepNode

    /// Called on the main actor after the navigator has published the new state.
    func didChange(_ change: NavigatorChange<Root>)
}
