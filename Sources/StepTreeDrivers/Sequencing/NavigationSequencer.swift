import StepTree

/// Feeds a ``NavigationDriver`` one update at a time towards the latest target, so that
/// animations finish before the next change and a change arriving mid-sequence is not lost.
///
/// ```swift
/// let sequencer = NavigationSequencer(driver: driver, showing: navigator.root)
/// sequencer.show(newState)  // from a navigator's changes, a deep link, ...
/// await sequencer.idle()    // the screen now shows newState
/// ```
///
/// **Latest target wins.** ``show(_:transaction:)`` replaces the target; the update being applied finishes,
/// and the rest is planned again from ``applied``, the state the driver has actually put on
/// screen, never from what was assumed. So the screen ends at the latest target and no event is
/// applied twice. A gesture reported with ``userDidRemove(path:identity:)`` is folded in the
/// same way: the screen the user removed leaves ``applied`` (and the target, when it shows the
/// same screen), and ``didRemoveByGesture`` lets the model know.
///
/// Without interruptions, the updates joined are exactly the engine's events from the state on
/// screen to the target (`NavigationDiff.events(from:to:)`).
@MainActor
public final class NavigationSequencer<Driver: NavigationDriver> {
    /// The state type of the tree.
    public typealias Root = Driver.Root

    /// The driver the updates go to.
    public let driver: Driver
    /// The state on screen: what the driver has applied, updates completed.
    public private(set) var applied: Root
    /// The state the screen is heading for: the latest one given to ``show(_:transaction:)``, less the
    /// screens the user removed since.
    public private(set) var target: Root
    /// Called before each update goes to the driver (set a title, hide a bar).
    public var willApply: ((NavigationUpdate<Root>) -> Void)?
    /// Called after the driver completed each update (log a screen view).
    public var didApply: ((NavigationUpdate<Root>) -> Void)?
    /// Called when the user removed a screen by gesture, with its path and identity, after
    /// ``applied`` dropped it, so that the model can follow
    /// (`Navigator.userDidRemove(path:transaction:)`).
    public var didRemoveByGesture: ((StepPath, StepIdentity) -> Void)?
    /// The navigator followed (``follow(_:)``), for ``settled()``.
    var following: NavigatorFollowing?

    /// The transaction that made the target, carried by its updates.
    private var targetTransaction = NavigationTransaction()
    /// The events from a state to the target, when the target came with them (a navigator's
    /// change): a plan from that state takes them instead of diffing the two states again.
    private var targetEvents: (from: Root, events: [NavigationEvent])?
    /// The updates left of the current plan; planned again when the target changes.
    private var pending: [NavigationUpdate<Root>] = []
    /// Gestures reported while an update was being applied, folded in after it.
    private var gestures: [(path: StepPath, identity: StepIdentity?)] = []
    private var isRunning = false
    /// Who waits in ``idle()``; the running task keeps it, so that they are resumed even when
    /// the sequencer is freed mid-sequence.
    private let waiters = Waiters()

    /// Creates a sequencer for a driver whose screen shows `state`.
    /// - Parameters:
    ///   - driver: The driver; the sequencer keeps it.
    ///   - state: The state the driver's screen shows now.
    public init(driver: Driver, showing state: Root) {
        self.driver = driver
        self.applied = state
        self.target = state
    }

    /// Whether the screen shows the target and no update is being applied.
    public var isIdle: Bool { !isRunning }

    /// Heads for `target`: the update being applied finishes, then the rest is planned from
    /// ``applied``.
    /// - Parameters:
    ///   - target: The state to show.
    ///   - transaction: The transaction that made it (`animated: false`, its cause), which
    ///     every update towards it carries to the driver.
    /// - Complexity: O(1) now; the plan costs a diff when the next update starts.
    public func show(_ target: Root, transaction: NavigationTransaction = NavigationTransaction()) {
        show(target, transaction: transaction, events: nil)
    }

    /// Heads for the state `change` made, as ``show(_:transaction:)`` does; a plan that starts
    /// from the change's old state takes the change's events rather than diffing again.
    /// - Parameter change: A change whose events are the diff from its old state to its new.
    func show(_ change: NavigationChange<Root>) {
        show(change.new, transaction: change.transaction, events: (change.old, change.events))
    }

    private func show(
        _ target: Root, transaction: NavigationTransaction,
        events: (from: Root, events: [NavigationEvent])?
    ) {
        self.target = target
        targetTransaction = transaction
        targetEvents = events
        pending = []
        start()
    }

    /// Records that the user removed a screen by gesture: the driver's screen no longer shows
    /// the frame at `path`.
    ///
    /// Reported while an update is being applied, it is folded in once that update completes.
    /// The screen leaves ``applied``, and the target too when the target shows the same screen
    /// (`identity`, when given, must match): a late gesture never removes a newer screen at
    /// the same path. A path that names nothing is ignored.
    /// - Parameters:
    ///   - path: The path of the removed frame, as its events name it.
    ///   - identity: The identity of the removed frame, from its events.
    public func userDidRemove(path: StepPath, identity: StepIdentity? = nil) {
        gestures.append((path, identity))
        if !isRunning { foldGestures() }
        start()
    }

    /// Returns once the screen shows the target.
    public func idle() async {
        guard isRunning else { return }
        await withCheckedContinuation { waiters.continuations.append($0) }
    }

    private func start() {
        guard !isRunning, nextUpdate() != nil else { return }
        isRunning = true
        // The task holds the sequencer only between updates: dropped mid-sequence, it stops
        // after the update being applied.
        Task { [weak self, waiters] in
            while let update = self?.nextUpdate(), let driver = self?.driver {
                self?.willApply?(update)
                await driver.apply(update)
                self?.complete(update)
            }
            self?.isRunning = false
            waiters.resumeAll()
        }
    }

    /// The next update towards the target, planning from ``applied`` when none is left.
    private func nextUpdate() -> NavigationUpdate<Root>? {
        // Gestures reported since the last update (or before the first) come first.
        foldGestures()
        if pending.isEmpty, applied != target {
            pending = plan()
            // Nothing on screen differs: the target is what is shown, its values for the driver
            // to follow (a modal's dismissal rule).
            if pending.isEmpty {
                applied = target
                driver.refresh(target)
            }
        }
        return pending.first
    }

    /// The updates from ``applied`` to the target: from the target's events when they start
    /// at ``applied`` (a followed change, not interrupted), else from a diff of the two.
    private func plan() -> [NavigationUpdate<Root>] {
        if let known = targetEvents, known.from == applied {
            return NavigationUpdate.plan(
                from: applied, to: target, events: known.events, coalescing: driver.coalescing,
                transaction: targetTransaction)
        }
        return NavigationUpdate.plan(
            from: applied, to: target, coalescing: driver.coalescing,
            transaction: targetTransaction)
    }

    private func complete(_ update: NavigationUpdate<Root>) {
        if !pending.isEmpty { pending.removeFirst() }
        applied = update.state
        didApply?(update)
        foldGestures()
    }

    private func foldGestures() {
        guard !gestures.isEmpty else { return }
        for (path, identity) in gestures {
            guard let shown = applied.removeByGesture(path: path, identity: identity) else {
                continue
            }
            if Self.identity(at: path, in: target) == shown {
                try? target.edit(path: path, .remove, reporting: .none)
                // The events no longer lead to the target.
                targetEvents = nil
            }
            didRemoveByGesture?(path, shown)
        }
        gestures = []
        pending = []
    }

    /// Continuations waiting for the sequence to end.
    private final class Waiters {
        var continuations: [CheckedContinuation<Void, Never>] = []

        func resumeAll() {
            for continuation in continuations { continuation.resume() }
            continuations = []
        }
    }

    /// The identity of the mounted step at `path` in `state`.
    static func identity(at path: StepPath, in state: Root) -> StepIdentity? {
        let rendering = ScreenRendering(StepStorage.make(state))
        return rendering.index(of: path).map { rendering.nodes[$0].identity }
    }
}

extension StepNode {
    /// Removes the frame at `path` as the user's gesture took it off this state's screen (a
    /// swipe back pops it, a swipe down dismisses it), with what goes with it: the frames inside
    /// it, and the frames above it that the removal takes along.
    ///
    /// ``NavigationSequencer`` folds a gesture in with it, and `SimulatedUIKitDriver` uses it
    /// to know which screens of the update it is applying the user has taken away meanwhile.
    /// Observers are not told: the model learns of the gesture on its own.
    /// - Parameters:
    ///   - path: The path of the removed frame.
    ///   - identity: The identity of the removed frame, when known; another frame at `path`
    ///     stays.
    /// - Returns: The identity of the frame removed; `nil`, with the state unchanged, when the
    ///   state mounts nothing at `path` or another identity, or the removal would take away a
    ///   modal declared not user-dismissible.
    /// - Complexity: O(*m*) for *m* mounted nodes, per frame removed.
    package mutating func removeByGesture(path: StepPath, identity: StepIdentity?) -> StepIdentity?
    {
        let rendering = ScreenRendering(StepStorage.make(self))
        guard let shown = rendering.index(of: path).map({ rendering.nodes[$0].identity }),
            identity == nil || identity == shown
        else { return nil }
        // The screen without that frame, as the user left it.
        var screen = ScreenState(self)
        let modal = screen.modals.last { $0.path == path }
        let event = NavigationEvent(
            modal.map { .dismiss($0.style) } ?? .pop, path, identity: shown)
        // A modal the user may not dismiss stays: the adapters disable its gesture.
        guard (try? edit(path: path, .removeByUser, reporting: .none)) != nil else { return nil }
        try? screen.apply([event], reaching: self)
        removeFrames(notOn: screen)
        return shown
    }
}
