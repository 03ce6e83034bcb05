// The one place where a sequencer meets a navigator: its changes become targets, and gestures
// go back to it as user gestures.
import StepTree

extension NavigationSequencer {
    /// Shows every state `navigator` commits from now on, starting with its current one, with
    /// the transaction that made it (so `animated: false` reaches the driver), and
    /// reports the screens the user removes by gesture to it
    /// (`Navigator.userDidRemove(path:transaction:)`), unless the navigator shows another
    /// screen at that path by then.
    ///
    /// ```swift
    /// sequencer.follow(navigator)
    /// try navigator.select(path: "profile/settings")
    /// await sequencer.settled()  // the driver shows it, and is idle
    /// ```
    ///
    /// A change is planned from the events the navigator's diff gave it; the states are diffed
    /// again only when the screen is not at the change's old state (an earlier change still
    /// being applied, a gesture folded in).
    ///
    /// The sequencer and the navigator are not kept alive by the following: cancel the task,
    /// or let either go, to stop. A sequencer follows one navigator at a time: following another
    /// stops following the first.
    /// - Parameter navigator: The navigator to follow.
    /// - Returns: The task that carries the changes.
    @discardableResult
    public func follow(_ navigator: Navigator<Root>) -> Task<Void, Never> {
        didRemoveByGesture = { [weak navigator] path, identity in
            guard let navigator, Self.identity(at: path, in: navigator.root) == identity else {
                return
            }
            _ = try? navigator.userDidRemove(path: path)
        }
        // The stream first: a change committed from here on is in it, and the sequence read
        // next is no older than the root read after it.
        let changes = navigator.changes
        following?.finish()
        let following = NavigatorFollowing(navigator)
        self.following = following
        show(navigator.root)
        return Task { [weak self] in
            for await change in changes {
                guard let self, !following.isFinished else { break }
                show(change)
                following.didShow(change.sequence)
            }
            following.finish()
        }
    }

    /// Returns once every change the followed navigator committed before the call (and the
    /// changes those lead to, such as a gesture reported back meanwhile) is the target, and the
    /// driver has applied it and is idle: the screen shows the navigator's state.
    ///
    /// What a test awaits after a change instead of looping until the target matches:
    ///
    /// ```swift
    /// try navigator.select(path: "profile/settings")
    /// await sequencer.settled()
    /// #expect(sequencer.applied == navigator.root)
    /// ```
    ///
    /// Without a navigator followed, it returns once the driver is idle, as ``idle()`` does. A
    /// driver that waits on a `TestClock` makes it wait until the test advances the clock.
    public func settled() async {
        while true {
            if let following, !following.isFinished, let committed = following.committed(),
                following.shown < committed
            {
                await following.wait(for: committed)
                continue
            }
            guard !isIdle else { return }
            await idle()
        }
    }
}

/// How far a sequencer has followed a navigator: the last change it showed, and who waits for it
/// to show a later one.
@MainActor
final class NavigatorFollowing {
    /// The sequence of the navigator's last committed change; `nil` once the navigator is gone.
    let committed: @Sendable () -> UInt64?
    /// The sequence of the last change shown; the one of the state followed from at first.
    private(set) var shown: UInt64
    /// Whether the following has stopped: the stream ended, or another navigator is followed.
    private(set) var isFinished = false
    private var waiters: [(sequence: UInt64, continuation: CheckedContinuation<Void, Never>)] = []

    init<Root>(_ navigator: Navigator<Root>) {
        committed = { [weak navigator] in navigator?.publishedSequence }
        shown = navigator.publishedSequence
    }

    /// Records that the change numbered `sequence` was shown, and resumes who waited for it.
    func didShow(_ sequence: UInt64) {
        shown = max(shown, sequence)
        let due = waiters.filter { $0.sequence <= shown }
        waiters.removeAll { $0.sequence <= shown }
        for waiter in due { waiter.continuation.resume() }
    }

    /// Returns once the change numbered `sequence` was shown, or the following stopped.
    func wait(for sequence: UInt64) async {
        guard !isFinished, shown < sequence else { return }
        await withCheckedContinuation { waiters.append((sequence, $0)) }
    }

    /// Stops the following, resuming everyone who waits.
    func finish() {
        isFinished = true
        let all = waiters
        waiters = []
        for waiter in all { waiter.continuation.resume() }
    }
}
