import StepTree

/// An observer that turns navigator changes into screen views and screen exits for analytics.
///
/// It reports a ``ScreenView`` each time the visible screen (the top of the active path) changes,
/// by path or by identity (a screen renewed in place is a new view):
/// once per transaction, so a multi-step deep link reports only its final screen, and a tab
/// switch reports the other tab's top screen. Each view carries the screen's identity and value
/// and the navigator that showed it. Time comes from an injectable clock (`TestClock` in
/// tests).
///
/// It reports a ``ScreenExit`` for every screen that leaves the window (popped, dismissed,
/// renewed, or taken along with what holds it; see `ScreenChanges`), with the time it was
/// visible in all, covers and tab switches left out (zero for a screen never on top). The screen is the frame or tab that
/// holds the visible step: a view of `/profile/detail/dark` is time on the pushed
/// `/profile/detail`, which exits when it is popped. The exits of a change come before its
/// view, innermost first.
///
/// ```swift
/// let tracker = ScreenTracker(clock: ContinuousClock()) { view in
///     analytics.log("screen_view", view.screen)
/// } onExit: { exit in
///     analytics.log("screen_exit", exit.screen.path, seconds: exit.visibleDuration)
/// }
/// StepsObservation.observer = tracker
/// ```
///
/// Installed globally, it sees every navigator; give it one navigator's `Navigator.id` to
/// track that navigator only (one tracker per window, combined with
/// `CombinedStepsObserver`).
public final class ScreenTracker<C: Clock>: StepsObserver where C.Duration == Duration {
    private struct State {
        var screen: StepPath?
        /// The identity of `screen`, once a change has shown it.
        var identity: StepIdentity?
        var since: C.Instant?
        /// The screen that holds `screen`, once a change has shown it, and since when.
        var holder: ScreenFrame?
        var holderSince: C.Instant?
        /// The screens seen visible and still in their navigator's window: how long they were
        /// visible before the current stint of `holder`.
        var visits: [Visit: Duration] = [:]
        var views = Ring<ScreenView>()
        var exits = Ring<ScreenExit>()
    }

    /// A screen of a navigator.
    private struct Visit: Hashable, Sendable {
        let navigator: NavigatorID
        let identity: StepIdentity
    }

    private let clock: C
    private let navigator: NavigatorID?
    private let historyLimit: Int
    private let state: Locked<State>
    private let onView: @Sendable (ScreenView) -> Void
    private let onExit: @Sendable (ScreenExit) -> Void

    /// Creates a tracker.
    /// - Parameters:
    ///   - clock: Where durations come from; inject a `TestClock` in tests.
    ///   - navigator: The navigator whose changes it tracks; `nil` (the default) for every
    ///     navigator's, as one sequence of screens.
    ///   - initialScreen: The screen visible now, if known, timed from now.
    ///   - historyLimit: How many of the latest views ``views`` keeps (at least 0); older ones
    ///     are dropped, so a long session takes bounded memory. `onView` sees every view.
    ///   - onView: Called with each screen view, on the thread of the change.
    ///   - onExit: Called with each screen exit, on the thread of the change, before the view
    ///     of that change.
    public init(
        clock: C, navigator: NavigatorID? = nil, initialScreen: StepPath? = nil,
        historyLimit: Int = 1_000, onView: @escaping @Sendable (ScreenView) -> Void = { _ in },
        onExit: @escaping @Sendable (ScreenExit) -> Void = { _ in }
    ) {
        self.clock = clock
        self.navigator = navigator
        self.historyLimit = max(0, historyLimit)
        let now = initialScreen.map { _ in clock.now }
        self.state = Locked(
            State(screen: initialScreen, since: now, holderSince: now))
        self.onView = onView
        self.onExit = onExit
    }

    /// The latest screen views reported, oldest first: at most `historyLimit` of them.
    /// - Complexity: O(*h*) for a history of *h* views.
    public var views: [ScreenView] { state.withLock { $0.views.elements } }

    /// The latest screen exits reported, oldest first: at most `historyLimit` of them.
    /// - Complexity: O(*h*) for a history of *h* exits.
    public var exits: [ScreenExit] { state.withLock { $0.exits.elements } }

    /// The screen currently visible, as far as the tracker knows.
    public var currentScreen: StepPath? { state.withLock { $0.screen } }

    /// Reports the exits of the screens seen visible that the change took out of the window,
    /// then a screen view when the change moved the top of the active path, or renewed the
    /// screen there (the same path with another identity is another screen); ignores the
    /// changes of a navigator it does not track.
    public func didChange(_ change: NavigationChange<any StepNode>) {
        guard navigator == nil || navigator == change.navigator else { return }
        let screen = change.visibleScreen
        let identity = change.new.visibleIdentity
        let holder = change.new.visibleScreenFrame
        let now = clock.now
        // Only a change that tears down, selects or replaces can take a screen out.
        let removes = change.events.contains { event in
            switch event.kind {
            case .push, .present: false
            default: true
            }
        }
        let disappeared = removes ? change.disappeared : []
        let (exits, view): ([ScreenExit], ScreenView?) = state.withLock { state in
            let previousHolder = state.holder ?? change.old.visibleScreenFrame
            if previousHolder.identity != holder.identity {
                // The time of the screen that held the view until now.
                // Timed only when its start is known: shown by a change, or given at start.
                if let previousIdentity = previousHolder.identity, let since = state.holderSince {
                    let key = Visit(navigator: change.navigator, identity: previousIdentity)
                    state.visits[key, default: .zero] += since.duration(to: now)
                }
                state.holderSince = now
            }
            state.holder = holder
            if let holderIdentity = holder.identity {
                let key = Visit(navigator: change.navigator, identity: holderIdentity)
                if state.visits[key] == nil { state.visits[key] = .zero }
            }
            var exits: [ScreenExit] = []
            for frame in disappeared {
                // A screen never on top (pushed under another at once) exits after no time.
                let duration =
                    frame.identity.flatMap {
                        state.visits.removeValue(
                            forKey: Visit(navigator: change.navigator, identity: $0))
                    } ?? .zero
                let exit = ScreenExit(
                    screen: frame, visibleDuration: duration, cause: change.cause,
                    navigator: change.navigator)
                state.exits.append(exit, limit: historyLimit)
                exits.append(exit)
            }

            let previous = state.screen ?? change.old.visibleScreen
            let previousIdentity = state.identity ?? change.old.visibleIdentity
            state.identity = identity
            guard previous != screen || previousIdentity != identity else { return (exits, nil) }
            let view = ScreenView(
                screen: screen, identity: identity,
                value: change.new.resolve(screen)?.target.anyValue, previous: previous,
                previousDuration: state.since.map { $0.duration(to: now) }, cause: change.cause,
                navigator: change.navigator)
            state.screen = screen
            state.since = now
            state.views.append(view, limit: historyLimit)
            return (exits, view)
        }
        for exit in exits { onExit(exit) }
        if let view { onView(view) }
    }
}

/// The latest values up to a limit, oldest first: a ring once full.
private struct Ring<Element: Sendable>: Sendable {
    private var storage: [Element] = []
    /// The position of the oldest value, once full.
    private var oldest = 0

    var elements: [Element] { Array(storage[oldest...] + storage[..<oldest]) }

    mutating func append(_ element: Element, limit: Int) {
        if storage.count < limit {
            storage.append(element)
        } else if limit > 0 {
            storage[oldest] = element
            oldest = (oldest + 1) % limit
        }
    }
}
