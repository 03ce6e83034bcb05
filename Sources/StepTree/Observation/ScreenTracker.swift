/// An observer that turns navigator changes into screen views for analytics.
///
/// It reports a ``ScreenView`` each time the visible screen (the top of the active path) changes,
/// by path or by identity (a screen renewed in place is a new view):
/// once per transaction, so a multi-step deep link reports only its final screen, and a tab
/// switch reports the other tab's top screen. Each view carries the screen's identity and value
/// and the navigator that showed it. Time comes from an injectable clock (``TestClock`` in
/// tests).
///
/// ```swift
/// let tracker = ScreenTracker(clock: ContinuousClock()) { view in analytics.log(view) }
/// StepsObservation.observer = tracker
/// ```
///
/// Installed globally, it sees every navigator; give it one navigator's ``Navigator/id`` to
/// track that navigator only (one tracker per window, combined with
/// ``CombinedStepsObserver``).
public final class ScreenTracker<C: Clock>: StepsObserver where C.Duration == Duration {
    private struct State {
        var screen: StepPath?
        /// The identity of `screen`, once a change has shown it.
        var identity: StepIdentity?
        var since: C.Instant?
        var views: [ScreenView] = []
        /// The position of the oldest view kept in `views`, once it is full (a ring).
        var oldest = 0
    }

    private let clock: C
    private let navigator: NavigatorID?
    private let historyLimit: Int
    private let state: Locked<State>
    private let onView: @Sendable (ScreenView) -> Void

    /// Creates a tracker.
    /// - Parameters:
    ///   - clock: Where durations come from; inject a ``TestClock`` in tests.
    ///   - navigator: The navigator whose changes it tracks; `nil` (the default) for every
    ///     navigator's, as one sequence of screens.
    ///   - initialScreen: The screen visible now, if known, timed from now.
    ///   - historyLimit: How many of the latest views ``views`` keeps (at least 0); older ones
    ///     are dropped, so a long session takes bounded memory. `onView` sees every view.
    ///   - onView: Called with each screen view, on the thread of the change.
    public init(
        clock: C, navigator: NavigatorID? = nil, initialScreen: StepPath? = nil,
        historyLimit: Int = 1_000, onView: @escaping @Sendable (ScreenView) -> Void = { _ in }
    ) {
        self.clock = clock
        self.navigator = navigator
        self.historyLimit = max(0, historyLimit)
        self.state = Locked(
            State(screen: initialScreen, since: initialScreen.map { _ in clock.now }))
        self.onView = onView
    }

    /// The latest screen views reported, oldest first: at most `historyLimit` of them.
    /// - Complexity: O(*h*) for a history of *h* views.
    public var views: [ScreenView] {
        state.withLock { Array($0.views[$0.oldest...] + $0.views[..<$0.oldest]) }
    }

    /// The screen currently visible, as far as the tracker knows.
    public var currentScreen: StepPath? { state.withLock { $0.screen } }

    /// Reports a screen view when the change moved the top of the active path, or renewed the
    /// screen there (the same path with another identity is another screen); ignores the
    /// changes of a navigator it does not track.
    public func didChange(_ change: NavigationChange<any StepNode>) {
        guard navigator == nil || navigator == change.navigator else { return }
        let screen = change.visibleScreen
        let identity = change.new.visibleIdentity
        let now = clock.now
        let view: ScreenView? = state.withLock { state in
            let previous = state.screen ?? change.old.visibleScreen
            let previousIdentity = state.identity ?? change.old.visibleIdentity
            state.identity = identity
            guard previous != screen || previousIdentity != identity else { return nil }
            let view = ScreenView(
                screen: screen, identity: identity,
                value: change.new.resolve(screen)?.target.anyValue, previous: previous,
                previousDuration: state.since.map { $0.duration(to: now) }, cause: change.cause,
                navigator: change.navigator)
            state.screen = screen
            state.since = now
            if state.views.count < historyLimit {
                state.views.append(view)
            } else if historyLimit > 0 {
                state.views[state.oldest] = view
                state.oldest = (state.oldest + 1) % historyLimit
            }
            return view
        }
        if let view { onView(view) }
    }
}
