import StepTree

/// A manual clock for tests: its time moves only when the test advances it, so durations are
/// exact and no test sleeps.
///
/// Give it to what reads or waits on time: a `ScreenTracker` or a ``SessionRecorder`` (how
/// long each screen was shown), a ``SimulatedUIKitDriver`` (its animations sleep on it).
///
/// ```swift
/// let clock = TestClock()
/// let tracker = ScreenTracker(clock: clock, initialScreen: "home")
/// clock.advance(by: .seconds(5))
/// try steps.select(path: "profile")  // reported: /home was shown for 5 s
/// ```
///
/// A task sleeping on it (`try await clock.sleep(for: .seconds(1))`) wakes when the test moves
/// time past its deadline; a cancelled sleeper wakes at once with `CancellationError`.
public final class TestClock: Clock {
    /// A point in a test clock's time: the time since the clock started.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// The time since the clock started.
        public let offset: Duration

        /// The instant `offset` after the clock started.
        public init(offset: Duration) { self.offset = offset }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }

        /// Whether `lhs` comes before `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

        /// The offset, `1.5 seconds`.
        public var description: String { "\(offset)" }
    }

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct Waiter {
        let id: UInt64
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
        var nextID: UInt64 = 0
        /// Who waits in ``waitForSleepers(_:)``.
        var waiters: [Waiter] = []

        /// Takes out the waiters whose count of sleepers is reached.
        mutating func dueWaiters() -> [Waiter] {
            let count = sleepers.count
            let due = waiters.filter { $0.count <= count }
            waiters.removeAll { $0.count <= count }
            return due
        }
    }

    private let state = Locked(State())

    /// A clock at time zero, with no one sleeping.
    public init() {}

    /// The current time: zero plus every advance so far.
    public var now: Instant { state.withLock { $0.now } }

    /// Zero: a sleep lasts exactly until its deadline.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on the clock now.
    public var sleepers: Int { state.withLock { $0.sleepers.count } }

    /// The earliest deadline a task sleeps until, if any.
    public var nextDeadline: Instant? { state.withLock { $0.sleepers.map(\.deadline).min() } }

    /// Suspends the calling task until the clock's time reaches `deadline` (at once when it has).
    /// - Parameters:
    ///   - deadline: When to wake.
    ///   - tolerance: Ignored: the clock wakes sleepers at their deadline.
    /// - Throws: `CancellationError` when the task is cancelled before the deadline.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let (outcome, waiters) = state.withLock {
                    state -> (Result<Void, any Error>?, [Waiter]) in
                    if Task.isCancelled { return (.failure(CancellationError()), []) }
                    guard deadline > state.now else { return (.success(()), []) }
                    state.sleepers.append(
                        Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return (nil, state.dueWaiters())
                }
                if let outcome { continuation.resume(with: outcome) }
                for waiter in waiters { waiter.continuation.resume() }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                    return nil
                }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Returns once at least `count` tasks sleep on the clock (at once when they do), or the
    /// calling task is cancelled: what a test awaits before it advances the clock past a
    /// deadline that a task it started is about to sleep until.
    ///
    /// ```swift
    /// let push = Task { try await window.push([controller], on: root) }
    /// await clock.waitForSleepers()  // the push's animation sleeps
    /// clock.advance(by: .milliseconds(350))
    /// try await push.value
    /// ```
    /// - Parameter count: How many sleepers to wait for; 1 by default.
    public func waitForSleepers(_ count: Int = 1) async {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state in
                    guard state.sleepers.count < count, !Task.isCancelled else { return true }
                    state.waiters.append(Waiter(id: id, count: count, continuation: continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
                    return nil
                }
                return state.waiters.remove(at: index)
            }
            cancelled?.continuation.resume()
        }
    }

    /// Moves time forward by `duration`, waking every sleeper whose deadline falls due, earliest
    /// first (in the order they fell asleep for equal deadlines).
    ///
    /// The woken tasks run when their executors next run them; ``advance(toNextDeadlineNotAfter:)``
    /// moves one deadline at a time, for a test that lets each woken task go on before the next.
    /// - Parameter duration: How far to move; a negative duration moves nothing.
    /// - Complexity: O(*s* log *s*) for *s* sleepers.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Moves time forward to `instant` (not back), waking every sleeper whose deadline falls
    /// due, earliest first.
    /// - Parameter instant: The new time.
    /// - Complexity: O(*s* log *s*) for *s* sleepers.
    public func advance(to instant: Instant) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = max(state.now, instant)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in Self.ordered(due) { sleeper.continuation.resume() }
    }

    /// Moves time to the earliest deadline a task sleeps until, if it is not after `end`, and
    /// wakes the sleepers due then; leaves the time as it is otherwise.
    /// - Parameter end: The latest time to move to.
    /// - Returns: Whether a deadline was reached (and its sleepers woken).
    /// - Complexity: O(*s* log *s*) for *s* sleepers.
    @discardableResult
    public func advance(toNextDeadlineNotAfter end: Instant) -> Bool {
        let due = state.withLock { state -> [Sleeper] in
            guard let next = state.sleepers.map(\.deadline).min(), next <= end else { return [] }
            state.now = max(state.now, next)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in Self.ordered(due) { sleeper.continuation.resume() }
        return !due.isEmpty
    }

    /// `sleepers` by deadline, then in the order they fell asleep.
    private static func ordered(_ sleepers: [Sleeper]) -> [Sleeper] {
        sleepers.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
    }
}
