import StepTree

/// Records every change as SPEC text, marking those the UI already shows.
package final class UIChangeRecorder: StepsObserver {
    private let log = Mutex<[String]>([])
    package var lines: [String] { log.withLock { $0 } }

    package func didChange(_ change: NavigationChange<any StepNode>) {
        let marks =
            (change.transaction.isAppliedByUI ? " [UI]" : "")
            + (change.transaction.animated ? "" : " [not animated]")
            + (change.reselectedTab.map { " [reselect \($0)]" } ?? "")
        log.withLock { $0.append("\(change)\(marks)") }
    }
    package init() {}
}
