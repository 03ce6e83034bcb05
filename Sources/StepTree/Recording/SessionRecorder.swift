/// An observer that records a session as JSON Lines: one ``SessionRecord`` per committed
/// transaction, after a first line with the state before the first one.
///
/// ```swift
/// let recorder = SessionRecorder(clock: ContinuousClock()) { line in log.append(line) }
/// let navigator = Navigator(AppSteps(), observer: recorder)
/// ```
///
/// Replay the lines with ``SessionReplay`` (or `steptree replay`) to see each screen again, or
/// to find where a changed tree no longer takes the recorded path. Record one navigator per
/// recorder, so that the sequence numbers have no gaps.
public final class SessionRecorder: StepsObserver {
    private let write: @Sendable (String) -> Void
    private let elapsed: @Sendable () -> Double
    /// Whether the start line was written; the lock also keeps lines in commit order.
    private let started = Locked(false)

    /// Creates a recorder.
    /// - Parameters:
    ///   - clock: Where the times come from; inject a manual clock in tests.
    ///   - write: Called with each line (no newline), in commit order.
    public init<C: Clock>(clock: C, write: @escaping @Sendable (String) -> Void)
    where C.Duration == Duration {
        let start = clock.now
        self.elapsed = {
            let (seconds, attoseconds) = start.duration(to: clock.now).components
            return Double(seconds) + Double(attoseconds) / 1e18
        }
        self.write = write
    }

    /// Writes the start line before the first change, then a line for the change.
    public func didChange(_ change: NavigationChange) {
        started.withLock { started in
            let time = elapsed()
            if !started {
                started = true
                // The number before the first change's (a change numbered 0, which only a
                // hand-made record has, has none before it: its start is 0 too).
                record(
                    RecordLine(
                        sequence: change.sequence == 0 ? 0 : change.sequence - 1,
                        cause: SessionRecord<DynamicSteps>.startCause,
                        time: time, events: [], visibleScreen: change.old.visibleScreen,
                        state: change.old))
            }
            record(
                RecordLine(
                    sequence: change.sequence, cause: change.cause, time: time,
                    events: change.events.map(\.description), visibleScreen: change.visibleScreen,
                    state: change.new))
        }
    }

    private func record(_ line: RecordLine) {
        // A state whose payload cannot be encoded is recorded without it, so that the replay
        // stops on this line and says so.
        write((try? line.json()) ?? #"{"sequence":\#(line.sequence),"error":"unencodable state"}"#)
    }
}
