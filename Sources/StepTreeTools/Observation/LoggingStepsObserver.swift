import StepTree

/// An observer that writes every change as readable lines: a header per transaction, then one
/// line per event in the text form of SPEC §5.
///
/// ```
/// #1 deepLink -> /profile/detail/dark
///   select / home -> profile
///   push /profile/detail
/// ```
public struct LoggingStepsObserver: StepsObserver {
    private let write: @Sendable (String) -> Void

    /// Creates a logger that passes each line to `write` (default: `print`).
    public init(write: @escaping @Sendable (String) -> Void = { print($0) }) {
        self.write = write
    }

    /// Writes the transaction header and its events.
    public func didChange(_ change: NavigationChange<any StepNode>) {
        write("#\(change.sequence) \(change.cause) -> \(change.visibleScreen)")
        for event in change.events { write("  \(event)") }
    }

    /// Writes one line for a bare-value selection.
    public func didSelect(_ selection: SelectionChange) {
        write("select \(selection)")
    }
}
