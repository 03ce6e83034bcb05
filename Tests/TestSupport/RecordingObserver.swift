import StepTree

/// Records every observer call as a line, in order.
package final class RecordingObserver: StepsObserver {
    private let log = Mutex<[String]>([])
    private let filter: @Sendable (NavigationChange<any StepNode>) -> Bool

    package init(
        filter: @escaping @Sendable (NavigationChange<any StepNode>) -> Bool = { _ in true }
    ) {
        self.filter = filter
    }

    package var lines: [String] { log.withLock { $0 } }

    package func willChange(_ change: NavigationChange<any StepNode>) {
        guard filter(change) else { return }
        log.withLock { $0.append("will \(change)") }
    }

    package func didChange(_ change: NavigationChange<any StepNode>) {
        guard filter(change) else { return }
        log.withLock { $0.append("did \(change)") }
    }

    package func didSelect(_ selection: SelectionChange) {
        log.withLock { $0.append("select \(selection)") }
    }
}
