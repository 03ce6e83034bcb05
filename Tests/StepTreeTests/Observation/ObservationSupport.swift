import StepTree

/// Records every observer call as a line, in order.
final class RecordingObserver: StepsObserver {
    private let log = Mutex<[String]>([])
    private let filter: @Sendable (NavigationChange) -> Bool

    init(filter: @escaping @Sendable (NavigationChange) -> Bool = { _ in true }) {
        self.filter = filter
    }

    var lines: [String] { log.withLock { $0 } }

    func willChange(_ change: NavigationChange) {
        guard filter(change) else { return }
        log.withLock { $0.append("will \(change)") }
    }

    func didChange(_ change: NavigationChange) {
        guard filter(change) else { return }
        log.withLock { $0.append("did \(change)") }
    }

    func didSelect(_ selection: SelectionChange) {
        log.withLock { $0.append("select \(selection)") }
    }
}

/// A clock that moves only when told to.
final class ManualClock: Clock {
    struct Instant: InstantProtocol {
        var offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let current = Mutex(Instant(offset: .zero))

    var now: Instant { current.withLock { $0 } }
    var minimumResolution: Duration { .nanoseconds(1) }

    func advance(by duration: Duration) {
        current.withLock { $0 = $0.advanced(by: duration) }
    }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        advance(by: now.duration(to: deadline))
    }
}

extension ScreenView {
    /// The view without identity, value and navigator, to compare with records written by
    /// hand; ``ScreenViewIdentityTests`` checks those fields.
    var withoutIdentity: ScreenView {
        ScreenView(
            screen: screen, previous: previous, previousDuration: previousDuration, cause: cause)
    }
}
