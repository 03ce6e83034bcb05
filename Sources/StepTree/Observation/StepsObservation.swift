import Foundation

/// The one place where the global ``StepsObserver`` is installed: the observer every navigator
/// transaction and every selection made on a bare value is reported to.
///
/// ```swift
/// StepsObservation.observer = CombinedStepsObserver(LoggingStepsObserver(), tracker)
/// ```
///
/// It is one of the three ways to observe navigation, the one for analytics and logging: it sees
/// every navigator and bare values too. A view model follows one navigator with
/// ``Navigator/changes`` (typed by its root), and SwiftUI tracks what it reads from a navigator
/// with Observation.
///
/// Tests, which run side by side in one process, install an observer for their own code with
/// ``withObserver(_:_:)-(_,()->Result)`` instead.
///
/// Reading and writing are thread-safe. When no observer is installed, the select APIs pay two
/// relaxed atomic loads for the check; when one is, reading it takes no lock (on systems with
/// lock-free loads in the standard library: macOS 15, iOS 18 and peers, and Linux).
public enum StepsObservation {
    @usableFromInline static let installed = ObserverSlot()

    /// The global observer, or `nil` for none.
    ///
    /// One observer at a time: install several with ``CombinedStepsObserver``. Being global, it
    /// sees the changes of every navigator in the process; ``NavigationChange/navigator`` tells
    /// them apart.
    public static var observer: (any StepsObserver)? {
        get { installed.load()?.observer }
        set { installed.store(newValue.map(InstalledObserver.init)) }
    }

    /// The observer installed for the current task by ``withObserver(_:_:)-(_,()->Result)``.
    @TaskLocal private static var scoped: InstalledObserver?

    /// Runs `body` with `observer` in place of the global observer: the changes `body` makes,
    /// and those of the tasks it starts with `Task { }`, are told to `observer` only.
    ///
    /// For tests, which run side by side in one process, so that each sees only its own
    /// changes; an app installs ``observer``.
    ///
    /// ```swift
    /// let log = LoggingStepsObserver { lines.append($0) }
    /// try StepsObservation.withObserver(log) {
    ///     try navigator.select(path: "profile/detail")
    /// }
    /// ```
    ///
    /// A navigator transaction reports to the observer of the task that makes it; a thread
    /// started in `body` (or a detached task) is outside it. Scopes nest: the innermost wins.
    /// - Parameters:
    ///   - observer: The observer for `body`'s changes.
    ///   - body: The code whose changes `observer` sees.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    @discardableResult
    public static func withObserver<Result>(
        _ observer: any StepsObserver, _ body: () throws -> Result
    ) rethrows -> Result {
        installed.scopes.add(1)
        defer { installed.scopes.add(-1) }
        return try $scoped.withValue(InstalledObserver(observer), operation: body)
    }

    /// Runs the asynchronous `body` with `observer` in place of the global observer; see
    /// ``withObserver(_:_:)-(_,()->Result)``.
    ///
    /// ```swift
    /// await StepsObservation.withObserver(tracker) {
    ///     sequencer.follow(navigator)
    ///     try? navigator.select(path: "profile")
    ///     await sequencer.settled()
    /// }
    /// ```
    /// - Parameters:
    ///   - observer: The observer for `body`'s changes.
    ///   - isolation: The actor `body` runs on; the caller's.
    ///   - body: The code whose changes `observer` sees.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    @discardableResult
    public static func withObserver<Result>(
        _ observer: any StepsObserver, isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        installed.scopes.add(1)
        defer { installed.scopes.add(-1) }
        return try await $scoped.withValue(InstalledObserver(observer), operation: body)
    }

    /// The observer to tell of a change made now, retained: the current task's scoped one, else
    /// the global one; `nil` for none.
    static func current() -> InstalledObserver? {
        if installed.scopes.load() != 0, let scoped { return scoped }
        return installed.load()
    }

    /// Runs `body` with the observer to tell of a change made now, not retained where it can
    /// be helped (the global one is read in a window); `nil` when there is none.
    @inline(__always)
    static func reading<Result>(_ body: (InstalledObserver) -> Result) -> Result? {
        if installed.scopes.load() != 0, let scoped { return body(scoped) }
        return installed.reading(body)
    }
}

/// Counts the task-local scopes the library has open on any thread (navigator transactions
/// and held reports), so that the common case, none, skips reading them.
///
/// A scope's own thread always sees its increment, so a count of 0 proves that the current task
/// is inside none of them. (A task started inside a scope that has since closed still inherits
/// its values; those are closed transactions, which the readers ignore anyway.)
enum TaskScopes {
    /// The count, kept in ``ObserverSlot/libraryScopes``.
    private static var open: SharedCounter { StepsObservation.installed.libraryScopes }

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
/// Every mutable property is read and written only by the thread that made it (see
/// ``ThreadOwned``, whose `@unchecked Sendable` it restates, as Swift requires of a subclass),
/// which holds the navigator's transaction lock while the context is open.
class TransactionContext: ThreadOwned, @unchecked Sendable {
    enum Phase {
        case body, willChange, didChange
    }

    let navigator: ObjectIdentifier
    var isOpen = true
    var phase = Phase.body
    var sequence: UInt64

    init(navigator: ObjectIdentifier, sequence: UInt64) {
        self.navigator = navigator
        self.sequence = sequence
    }

    /// Whether this transaction is running on the current thread: a call that sees it is a
    /// re-entrant call from the transaction's body or observers.
    var isOpenOnCurrentThread: Bool { isOwnedByCurrentThread && isOpen }
}
