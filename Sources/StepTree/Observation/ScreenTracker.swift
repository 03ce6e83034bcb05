/// An observer that turns navigator changes into screen views for analytics.
///
/// It reports a ``ScreenView`` each time the visible screen (the top of the active path) changes,
/// by path or by identity (a screen renewed in place is a new view):
/// once per transaction, so a multi-step deep link reports only its final screen, and a tab
/// switch reports the other tab's top screen. Time comes from an injectable clock.
///
/// ```swift
/// let tracker = ScreenTracker(clock: ContinuousClock()) { view in analytics.log(view) }
/// StepSystem.observer = tracker
/// ```
public final class ScreenTracker<C: Clock>: StepsObserver where C.Duration == Duration {
    private struct State {
        var screen: StepPath?
        /// The identity of `screen`, once a change has shown it.
        var identity: StepIdentity?
        var since: C.Instant?
        var views: [ScreenView] = []
    }

    private let clock: C
    private let state: Locked<State>
    private let onView: @Sendable (ScreenView) -> Void

    /// Creates a tracker.
    /// - Parameters:
    ///   - clock: Where durations come from; inject a manual clock in tests.
    ///   - initialScreen: The screen visible now, if known, timed from now.
    ///   - onView: Called with each screen view, on the thread of the change.
    public init(
        clock: C, initialScreen: StepPath? = nil,
        onView: @escaping @Sendable (ScreenView) -> Void = { _ in }
    ) {
        self.clock = clock
        self.state = Locked(
            State(screen: initialScreen, since: initialScreen.map { _ in clock.now }))
        self.onView = onView
    }

    /// Every screen view reported so far, oldest first.
    public var views: [ScreenView] { state.withLock { $0.views } }

    /// The screen currently visible, as far as the tracker knows.
    public var currentScreen: StepPath? { state.withLock { $0.screen } }

    /// Reports a screen view when the change moved the top of the active path, or renewed the
    /// screen there (the same path with another identity is another screen).
    public func didChange(_ change: NavigationChange) {
        let screen = change.visibleScreen
        let identity = change.new.visibleIdentity
        let now = clock.now
        let view: ScreenView? = state.withLock { state in
            let previous = state.screen ?? change.old.visibleScreen
            let previousIdentity = state.identity ?? change.old.visibleIdentity
            state.identity = identity
            guard previous != screen || previousIdentity != identity else { return nil }
            let view = ScreenView(
                screen: screen, previous: previous,
                previousDuration: state.since.map { $0.duration(to: now) }, cause: change.cause)
            state.screen = screen
            state.since = now
            state.views.append(view)
            return view
        }
        if let view { onView(view) }
    }
}
