import Synchronization

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
    @usableFromInline static let isObserving = Atomic<Bool>(false)

    /// The global observer, or `nil` for none.
    public static var observer: (any StepsObserver)? {
        get { installed.withLock { $0 } }
        set {
            installed.withLock { observer in
                observer = newValue
                isObserving.store(newValue != nil, ordering: .relaxed)
            }
        }
    }

    /// The observer to tell about a bare-value selection: `nil` when none is installed, or when
    /// the selection is part of a navigator transaction (the transaction reports it as a whole).
    static var selectionObserver: (any StepsObserver)? {
        guard isObserving.load(ordering: .relaxed) else { return nil }
        guard TransactionScope.contexts.isEmpty else { return nil }
        return observer
    }
}

/// The navigator transactions running on the current thread or task, innermost last.
enum TransactionScope {
    @TaskLocal static var contexts: [TransactionContext] = []
}

/// The state of one navigator transaction, shared with re-entrant calls made by its observers.
///
/// `@unchecked Sendable`: it is created and used only by the thread that holds the navigator's
/// transaction lock, and reached by nested calls on that same thread through a task-local.
final class TransactionContext: @unchecked Sendable {
    enum Phase {
        case body, willChange, didChange
    }

    let navigator: ObjectIdentifier
    var phase = Phase.body
    var sequence: UInt64
    /// Changes committed by re-entrant transactions, delivered after the current delivery.
    var pending: [NavigationChange] = []

    init(navigator: ObjectIdentifier, sequence: UInt64) {
        self.navigator = navigator
        self.sequence = sequence
    }
}

/// Selection changes collected during one bare-value select call.
@usableFromInline
struct SelectionReport {
    let observer: any StepsObserver
    @usableFromInline var changes: [SelectionChange] = []

    init(observer: any StepsObserver) { self.observer = observer }

    /// A report when someone is listening, else `nil`; one relaxed atomic load when no one is.
    @inlinable
    static func start() -> SelectionReport? {
        StepSystem.isObserving.load(ordering: .relaxed) ? listening() : nil
    }

    @usableFromInline
    static func listening() -> SelectionReport? {
        StepSystem.selectionObserver.map { SelectionReport(observer: $0) }
    }

    @usableFromInline
    func deliver() {
        for change in changes { observer.didSelect(change) }
    }
}
