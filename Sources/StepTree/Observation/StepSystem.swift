import Foundation

/// The one place where the global ``StepsObserver`` is installed.
///
/// ```swift
/// StepSystem.observer = CombinedStepsObserver(LoggingStepsObserver(), tracker)
/// ```
///
/// Reading and writing are thread-safe. When no observer is installed, the select APIs pay one
/// relaxed atomic load for the check; when one is, reading it takes no lock (on systems with
/// `Atomic`: macOS 15, iOS 18 and peers, and Linux).
public enum StepSystem {
    @usableFromInline static let installed = ObserverSlot()

    /// The global observer, or `nil` for none.
    public static var observer: (any StepsObserver)? {
        get { installed.load()?.observer }
        set { installed.store(newValue.map(InstalledObserver.init)) }
    }

    /// Whether an observer is installed: one relaxed load, the check typed selections make
    /// before they record what they change.
    @inlinable static var mayReportSelections: Bool { installed.isOccupied }

    /// The observer to tell about a bare-value selection made now, or `nil`: `nil` when none is
    /// installed, when the selection is part of a navigator transaction (which reports its
    /// change as a whole) or when it is silenced (a value being built).
    static func listeningObserver() -> InstalledObserver? {
        guard let observer = installed.load(), reportsHere else { return nil }
        return observer
    }

    /// Whether a bare-value selection made now is reported: it is not part of a navigator
    /// transaction, nor silenced.
    static var reportsHere: Bool {
        // With no library scope open anywhere, this task is in none: the task-locals hold their
        // defaults, and reading them would cost more than the rest of a select.
        !TaskScopes.mayBeOpen || reportsInOpenScopes
    }

    /// ``reportsHere`` when some library scope may be open: this task is neither silenced nor
    /// inside a navigator transaction.
    static var reportsInOpenScopes: Bool {
        !SelectionReport.isSilenced
            && !TransactionScope.contexts.contains(where: \.isOpenOnCurrentThread)
    }
}

/// Counts the task-local scopes the library has open on any thread (navigator transactions,
/// silenced building, held reports), so that the common case, none, skips reading them.
///
/// A scope's own thread always sees its increment, so a count of 0 proves that the current task
/// is inside none of them. (A task started inside a scope that has since closed still inherits
/// its values; those are closed transactions, which the readers ignore anyway.)
enum TaskScopes {
    private static let open = SharedCounter()

    /// Whether some scope may be open: `false` proves that none is open on this task.
    static var mayBeOpen: Bool { open.load() != 0 }

    /// Runs `body` as an open scope.
    static func opening<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        open.add(1)
        defer { open.add(-1) }
        return try body()
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
@usableFromInline
struct SelectionReport {
    let observer: InstalledObserver
    var changes: [SelectionChange] = []

    init(observer: InstalledObserver) { self.observer = observer }

    /// Set while a value is being built rather than navigated (the static constructors).
    @TaskLocal static var isSilenced = false

    /// A report when someone is listening, else `nil`; one relaxed atomic load when no one is.
    static func start() -> SelectionReport? {
        StepSystem.listeningObserver().map { SelectionReport(observer: $0) }
    }

    /// Runs `body` with no selection reported.
    @usableFromInline static func silently(_ body: () -> Void) {
        TaskScopes.opening { $isSilenced.withValue(true, operation: body) }
    }

    func deliver() {
        Self.deliver(changes, to: observer.observer)
    }

    /// Tells `observer` of `changes`, or holds them back inside ``holding(_:)``.
    static func deliver(_ changes: [SelectionChange], to observer: any StepsObserver) {
        let held = currentHeld
        for change in changes { deliver(change, to: observer, holdingIn: held) }
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
    static func holding<Result, Failure: Error>(
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
