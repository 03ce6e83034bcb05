import StepTree
import StepTreeAnalytics
import TestSupport

/// Records every observer call as a line, in order.
final class RecordingObserver: StepsObserver {
    private let log = Mutex<[String]>([])
    private let filter: @Sendable (NavigationChange<any StepNode>) -> Bool

    init(filter: @escaping @Sendable (NavigationChange<any StepNode>) -> Bool = { _ in true }) {
        self.filter = filter
    }

    var lines: [String] { log.withLock { $0 } }

    func willChange(_ change: NavigationChange<any StepNode>) {
        guard filter(change) else { return }
        log.withLock { $0.append("will \(change)") }
    }

    func didChange(_ change: NavigationChange<any StepNode>) {
        guard filter(change) else { return }
        log.withLock { $0.append("did \(change)") }
    }

    func didSelect(_ selection: SelectionChange) {
        log.withLock { $0.append("select \(selection)") }
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
