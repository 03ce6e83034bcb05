import StepTree

/// An observer that records a session of one navigator as JSON Lines: one ``SessionRecord`` per
/// committed transaction, after a first line with the state before the first one.
///
/// ```swift
/// let navigator = Navigator(AppSteps())
/// let recorder = SessionRecorder(navigator: navigator.id, clock: ContinuousClock()) { line in
///     log.append(line)
/// }
/// StepsObservation.observer = recorder
/// ```
///
/// Replay the lines with ``SessionReplay`` (or `steptree replay`) to see each screen again, or
/// to find where a changed tree no longer takes the recorded path. A recorder records one
/// navigator, so that the sequence numbers have no gaps: the one it is given, or the first whose
/// change it sees; the changes of others are ignored.
public final class SessionRecorder: StepsObserver {
    private let write: @Sendable (String) -> Void
    private let elapsed: @Sendable () -> Double
    /// The navigator recorded (`nil` until known) and whether the start line was written; the
    /// lock also keeps lines in commit order.
    private let state: Locked<(navigator: NavigatorID?, started: Bool)>

    /// Creates a recorder.
    /// - Parameters:
    ///   - navigator: The navigator to record; `nil` (the default) for the first one whose
    ///     change the recorder sees.
    ///   - clock: Where the times come from; inject a ``TestClock`` in tests.
    ///   - write: Called with each line (no newline), in commit order.
    public init<C: Clock>(
        navigator: NavigatorID? = nil, clock: C, write: @escaping @Sendable (String) -> Void
    ) where C.Duration == Duration {
        self.state = Locked((navigator, false))
        let start = clock.now
        self.elapsed = {
            let (seconds, attoseconds) = start.duration(to: clock.now).components
            return Double(seconds) + Double(attoseconds) / 1e18
        }
        self.write = write
    }

    /// Writes the start line before the first change, then a line for the change; ignores the
    /// changes of another navigator than the one recorded.
    public func didChange(_ change: NavigationChange<any StepNode>) {
        state.withLock { state in
            guard state.navigator == nil || state.navigator == change.navigator else { return }
            state.navigator = change.navigator
            let time = elapsed()
            if !state.started {
                state.started = true
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
