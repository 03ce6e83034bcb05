import Foundation

/// The one place where the global ``StepsObserver`` is installed.
///
/// ```swift
/// StepSystem.observer = CombinedStepsObserver(LoggingStepsObserver(), tracker)
/// ```
///
/// Reading and writing are thread-safe. When no observer is installed, the select APIs pay one
/// relaxed atomic load for the check.
public enum StepSystem {
    private static let installed = Locked<(any StepsObserver)?>(nil)
    @usableFromInline static let isObserving = ObserverFlag()

    /// The global observer, or `nil` for none.
    public static var observer: (any StepsObserver)? {
        get { installed.withLock { $0 } }
        set {
            installed.withLock { observer in
                observer = newValue
                isObserving.store(newValue != nil)
            }
        }
    }

    /// Whether a bare-value select must go through the general editor so that the global
    /// observer hears of it: one is installed, and the select is neither part of a navigator
    /// transaction (which reports its change as a whole) nor silenced (a value being built).
    ///
    /// One relaxed load when no observer is installed; otherwise the typed selects inside a
    /// transaction still take the in-place path, so an observer costs a transaction little.
    @usableFromInline static var reportsSelections: Bool {
        guard isObserving.load() else { return false }
        return !SelectionReport.isSilenced
            && !TransactionScope.contexts.contains(where: \.isOpenOnCurrentThread)
    }

    /// The observer to tell about a bare-value selection: `nil` when none is installed, or when
    /// the selection is part of a navigator transaction (the transaction reports it as a whole).
    static var selectionObserver: (any StepsObserver)? {
        guard isObserving.load() else { return nil }
        guard !TransactionScope.contexts.contains(where: \.isOpenOnCurrentThread) else {
            return nil
        }
        return observer
    }
}

/// The navigator transactions the current code runs inside, innermost last.
///
/// A task-local, so that calls made by observers can find the transaction that called them.
/// Tasks started meanwhile inherit it, so a context also records the thread that holds the
/// transaction's lock and whether it is still open: only that thread, while it is open, may
/// treat a call as re-entrant.
enum TransactionScope {
    @TaskLocal static var contexts: [TransactionContext] = []
}

/// The state of one navigator transaction, shared with re-entrant calls made by its observers.
///
/// `@unchecked Sendable`: `owner` is immutable; every other property is read and written only
/// by the owner thread, which holds the navigator's transaction lock while the context is open.
/// Other threads (tasks that inherited the task-local) read `owner` only, and stop there.
class TransactionContext: @unchecked Sendable {
    enum Phase {
        case body, willChange, didChange
    }

    let navigator: ObjectIdentifier
    let owner = pthread_self()
    var isOpen = true
    var phase = Phase.body
    var sequence: UInt64

    init(navigator: ObjectIdentifier, sequence: UInt64) {
        self.navigator = navigator
        self.sequence = sequence
    }

    /// Whether this transaction is running on the current thread: a call that sees it is a
    /// re-entrant call from the transaction's body or observers.
    var isOpenOnCurrentThread: Bool {
        pthread_equal(owner, pthread_self()) != 0 && isOpen
    }
}

/// Selection changes collected during one bare-value select call.
struct SelectionReport {
    let observer: any StepsObserver
    var changes: [SelectionChange] = []

    init(observer: any StepsObserver) { self.observer = observer }

    /// Set while a value is being built rather than navigated (the static constructors).
    @TaskLocal static var isSilenced = false

    /// A report when someone is listening, else `nil`; one relaxed atomic load when no one is.
    static func start() -> SelectionReport? {
        StepSystem.isObserving.load() ? listening() : nil
    }

    static func listening() -> SelectionReport? {
        guard !isSilenced else { return nil }
        return StepSystem.selectionObserver.map { SelectionReport(observer: $0) }
    }

    /// Runs `body` with no selection reported.
    static func silently(_ body: () -> Void) {
        $isSilenced.withValue(true, operation: body)
    }

    func deliver() {
        if let held = SelectionReport.held {
            held.changes.withLock { $0.append(contentsOf: changes.map { (observer, $0) }) }
            return
        }
        for change in changes { observer.didSelect(change) }
    }

    /// Where reports wait while an edit that may still fail as a whole runs (a router's
    /// handler): delivered when it succeeds, dropped when it throws.
    final class Held: Sendable {
        let changes = Locked<[(any StepsObserver, SelectionChange)]>([])
    }

    @TaskLocal static var held: Held?

    /// Runs `body`, holding back every selection report it makes until it returns; a body that
    /// throws reports nothing.
    static func holding<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let held = Held()
        // `withValue` is not typed-throws: carry the outcome out as a value.
        let outcome = $held.withValue(held) { () -> Swift.Result<Result, Failure> in
            do throws(Failure) {
                return .success(try body())
            } catch {
                return .failure(error)
            }
        }
        let value = try outcome.get()
        for (observer, change) in held.changes.withLock({ $0 }) { observer.didSelect(change) }
        return value
    }
}
