/// Sees every navigation change: navigator transactions (before and after, with the events) and
/// selections made on bare values through the library's select APIs.
///
/// ```swift
/// struct Analytics: StepsObserver {
///     func didChange(_ change: NavigationChange<any StepNode>) {
///         print("\(change.navigator): \(change.visibleScreen)")
///     }
/// }
/// StepsObservation.observer = Analytics()
/// ```
///
/// Install one globally with ``StepsObservation/observer``; combine several with
/// ``CombinedStepsObserver``. It sees the changes of every navigator, their roots type-erased;
/// ``NavigationChange/navigator`` tells navigators apart. Every method has an empty default, so
/// an observer implements only what it needs. Calls arrive on the thread that made the change,
/// one transaction at a time per navigator; an observer must not block for long.
public protocol StepsObserver: Sendable {
    /// Called inside a transaction after the new state and its events are known, before the
    /// navigator publishes the new state.
    func willChange(_ change: NavigationChange<any StepNode>)

    /// Called after the navigator has published the new state.
    func didChange(_ change: NavigationChange<any StepNode>)

    /// Called after a path operation changed a bare value (no navigator): once per layer whose
    /// selection changed or whose selected step was renewed, ancestors first. Not called for
    /// changes made inside a navigator transaction (the transaction reports them) or while a
    /// value is built by the static `selecting` constructors.
    func didSelect(_ selection: SelectionChange)
}

extension StepsObserver {
    /// Does nothing.
    public func willChange(_ change: NavigationChange<any StepNode>) {}

    /// Does nothing.
    public func didChange(_ change: NavigationChange<any StepNode>) {}

    /// Does nothing.
    public func didSelect(_ selection: SelectionChange) {}
}

/// Forwards every call to several observers, in order.
public struct CombinedStepsObserver: StepsObserver {
    /// The observers, called in this order.
    public let observers: [any StepsObserver]

    /// Combines `observers`; they are called in this order.
    public init(_ observers: [any StepsObserver]) { self.observers = observers }

    /// Combines `observers`; they are called in this order.
    public init(_ observers: any StepsObserver...) { self.observers = observers }

    /// Forwards to every observer.
    public func willChange(_ change: NavigationChange<any StepNode>) {
        for observer in observers { observer.willChange(change) }
    }

    /// Forwards to every observer.
    public func didChange(_ change: NavigationChange<any StepNode>) {
        for observer in observers { observer.didChange(change) }
    }

    /// Forwards to every observer.
    public func didSelect(_ selection: SelectionChange) {
        for observer in observers { observer.didSelect(selection) }
    }
}
