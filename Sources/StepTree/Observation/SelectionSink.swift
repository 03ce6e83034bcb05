/// Where an edit of a bare value reports the selections it makes: the one seam between the
/// editor and the observers.
///
/// The editor is handed a sink and reports into it; it never looks for an observer itself, and
/// no edit has to silence anything. The public operations of a value report into
/// ``observers``; the library's own edits that are not the app's navigation (the plans of a
/// driver, the sequencer folding a gesture in, conformance cases, values being built) report
/// into ``none``.
@usableFromInline
package enum SelectionSink: Sendable {
    /// The global observer (``StepsObservation/observer``, or the one installed for the task by
    /// ``StepsObservation/withObserver(_:_:)-(_,()->Result)``), when there is one and the edit
    /// is neither part of a navigator transaction (which reports its change as a whole) nor held
    /// back by a router (``SelectionReport/holding(_:)``).
    case observers
    /// No one: the edit is not a navigation.
    case none

    /// Whether an edit may have to record what it changes.
    ///
    /// `false` proves that no one listens here. Two relaxed atomic loads for ``observers``, none
    /// for ``none``.
    @_alwaysEmitIntoClient var mayReport: Bool {
        switch self {
        case .observers: StepsObservation.installed.mayBeListening
        case .none: false
        }
    }

    /// A report to collect an edit's changes in when someone listens here now, else `nil`.
    func open() -> SelectionReport? {
        guard case .observers = self, let observer = StepsObservation.current(), Self.reportsHere
        else { return nil }
        return SelectionReport(observer: observer)
    }

    /// Runs `deliver` with the observer a typed deep link made now reports to, not retained, and
    /// where its reports are held (``SelectionReport/holding(_:)``); does nothing when no one
    /// listens here.
    ///
    /// Asked after the link, not before, so that one check of the open scopes serves both
    /// questions; a link made where it is not reported records for nothing.
    @inline(__always)
    func withListener(_ deliver: (InstalledObserver, SelectionReport.Held?) -> Void) {
        guard case .observers = self else { return }
        let held: SelectionReport.Held?
        if TaskScopes.mayBeOpen {
            guard Self.reportsInOpenScopes else { return }
            held = SelectionReport.held
        } else {
            held = nil
        }
        StepsObservation.reading { deliver($0, held) }
    }

    /// Whether a bare-value selection made now is reported: it is not part of a navigator
    /// transaction.
    private static var reportsHere: Bool {
        // With no library scope open anywhere, this task is in none: the task-locals hold their
        // defaults, and reading them would cost more than the rest of a select.
        !TaskScopes.mayBeOpen || reportsInOpenScopes
    }

    /// ``reportsHere`` when some library scope may be open: this task is not inside a navigator
    /// transaction.
    private static var reportsInOpenScopes: Bool {
        !TransactionScope.contexts.contains(where: \.isOpenOnCurrentThread)
    }
}

/// Selection changes collected during one bare-value select call, for the observer that was
/// listening when it started.
@usableFromInline
package struct SelectionReport {
    let observer: InstalledObserver
    var changes: [SelectionChange] = []

    init(observer: InstalledObserver) { self.observer = observer }

    func deliver() {
        let held = Self.currentHeld
        for change in changes { Self.deliver(change, to: observer.observer, holdingIn: held) }
    }

    /// Tells `observer` of `change`, or holds it back in `held` (the current ``held``).
    @inline(__always)
    static func deliver(
        _ change: SelectionChange, to observer: any StepsObserver, holdingIn held: Held?
    ) {
        guard let held else { return observer.didSelect(change) }
        held.hold(change, for: observer)
    }

    /// Where reports wait while an edit that may still fail as a whole runs (a router's
    /// handler): delivered when it succeeds, dropped when it throws.
    final class Held: Sendable {
        let changes = Locked<[(any StepsObserver, SelectionChange)]>([])

        /// Keeps `change` for `observer` (out of line: the rare case of a delivery).
        @inline(never)
        func hold(_ change: SelectionChange, for observer: any StepsObserver) {
            changes.withLock { $0.append((observer, change)) }
        }
    }

    @TaskLocal static var held: Held?

    /// ``held``, read only when a scope may be open.
    static var currentHeld: Held? { TaskScopes.mayBeOpen ? held : nil }

    /// Runs `body`, holding back every selection report it makes until it returns; a body that
    /// throws reports nothing.
    package static func holding<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let held = Held()
        // `withValue` is not typed-throws: carry the outcome out as a value.
        let outcome = TaskScopes.opening {
            $held.withValue(held) { () -> Swift.Result<Result, Failure> in
                do throws(Failure) {
                    return .success(try body())
                } catch {
                    return .failure(error)
                }
            }
        }
        let value = try outcome.get()
        for (observer, change) in held.changes.withLock({ $0 }) { observer.didSelect(change) }
        return value
    }
}
