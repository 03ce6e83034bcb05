@testable import StepTree

/// A clock whose time moves only when a test advances it, so that the simulated UIKit's
/// animations take their full durations and no test sleeps.
final class TestClock: Clock {
    struct Instant: InstantProtocol, CustomStringConvertible {
        /// The time since the clock started.
        let offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
        var description: String { "\(offset)" }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Sleeper] = []
    }

    private let state = Locked(State())

    var now: Instant { state.withLock { $0.now } }
    var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping.
    var sleepers: Int { state.withLock { $0.sleepers.count } }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        await withCheckedContinuation { continuation in
            let due = state.withLock { state in
                guard deadline > state.now else { return true }
                state.sleepers.append(Sleeper(deadline: deadline, continuation: continuation))
                return false
            }
            if due { continuation.resume() }
        }
    }

    /// Wakes the sleeper with the earliest deadline if it is not after `end` (first come first
    /// for equal deadlines), moving time to its deadline; `false` when none is due.
    func wakeNext(notAfter end: Instant) -> Bool {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            let due = state.sleepers.indices.filter { state.sleepers[$0].deadline <= end }
            guard
                let first = due.min(by: {
                    state.sleepers[$0].deadline < state.sleepers[$1].deadline
                })
            else { return nil }
            state.now = max(state.now, state.sleepers[first].deadline)
            return state.sleepers.remove(at: first).continuation
        }
        next?.resume()
        return next != nil
    }

    /// Moves time to `end` without waking anyone (call ``wakeNext(notAfter:)`` first).
    func move(to end: Instant) {
        state.withLock { $0.now = max($0.now, end) }
    }

    /// Moves time forward by `duration`, waking the sleepers that fall due in deadline order
    /// and letting the main actor run a little after each.
    func advance(by duration: Duration) async {
        let end = now.advanced(by: duration)
        while wakeNext(notAfter: end) { await Self.settle() }
        move(to: end)
        await Self.settle()
    }

    /// Lets the main actor's ready jobs run.
    static func settle() async {
        for _ in 0..<30 { await Task.yield() }
    }
}
