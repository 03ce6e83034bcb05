/// Where the global observer is installed: read by every observed select without a lock where
/// the OS has the standard library's lock-free slot (see ``ObjectSlot``), and under a lock on
/// older Apple systems.
///
/// Beside it sit the counts of open scopes that an observed select checks.
@usableFromInline
struct ObserverSlot: Sendable {
    @usableFromInline let slot = ObjectSlot<InstalledObserver>()
    /// How many scoped observers (``StepsObservation/withObserver(_:_:)-(_,()->Result)``) are
    /// installed on any thread: kept beside the slot, so that one look-up of the slot answers
    /// whether anyone may listen.
    @usableFromInline let scopes = SharedCounter()
    /// How many of the library's own task-local scopes (navigator transactions, held reports;
    /// ``TaskScopes``) are open on any thread: kept here too, so that delivering an observed
    /// select finds both counts behind one global.
    let libraryScopes = SharedCounter()

    init() {}

    /// Whether an observer is installed: one relaxed load, possibly already stale.
    @_alwaysEmitIntoClient var isOccupied: Bool { slot.isOccupied }

    /// Whether an observer may listen somewhere: one is installed, or a scoped one is; two
    /// relaxed loads, possibly already stale (but never for the current thread's own writes).
    @_alwaysEmitIntoClient var mayBeListening: Bool { isOccupied || scopes.load() != 0 }

    /// The installed observer, retained for the caller.
    @inline(__always) func load() -> InstalledObserver? { slot.load() }

    /// Runs `body` with the installed observer, not retained (it stays alive until `body`
    /// returns); `nil` when none is installed.
    @inline(__always) func reading<Result>(_ body: (InstalledObserver) -> Result) -> Result? {
        slot.reading(body)
    }

    /// Installs `observer` (`nil`: none).
    func store(_ observer: InstalledObserver?) { slot.store(observer) }
}

/// The installed observer, in a box of its own: a reader holds the box (unretained inside a
/// read window, retained otherwise) and calls the observer where it is, with no copy of the
/// existential.
@usableFromInline
final class InstalledObserver: Sendable {
    @usableFromInline let observer: any StepsObserver

    init(_ observer: any StepsObserver) {
        self.observer = observer
    }
}
