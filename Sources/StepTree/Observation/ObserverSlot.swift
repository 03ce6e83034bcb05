import Foundation
import Synchronization

/// Where the global observer is installed: read by every observed select without a lock where
/// the OS has `Atomic` (macOS 15, iOS 18 and peers; always on Linux), and under a lock on older
/// Apple systems.
///
/// Beside it sit the counts of open scopes that an observed select checks.
///
/// A read opens a window: it counts itself in, uses the installed box unretained, and counts
/// itself out. A write swaps the box and releases the old one at once if no window is open, else
/// retires it, to be released when every window open at the swap has closed. So neither a read
/// nor a write ever waits, and an observer may install another from inside a call.
@usableFromInline
struct ObserverSlot: Sendable {
    @usableFromInline let box: any AnyObject & Sendable
    /// How many scoped observers (``StepsObservation/withObserver(_:_:)-(_,()->Result)``) are
    /// installed on any thread: kept beside the slot, so that one look-up of the slot answers
    /// whether anyone may listen.
    @usableFromInline let scopes = SharedCounter()
    /// How many of the library's own task-local scopes (navigator transactions, held reports;
    /// ``TaskScopes``) are open on any thread: kept here too, so that delivering an observed
    /// select finds both counts behind one global.
    let libraryScopes = SharedCounter()

    init() {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            box = AtomicObserverSlot()
        } else {
            box = Locked<InstalledObserver?>(nil)
        }
    }

    /// Whether an observer is installed: one relaxed load, possibly already stale.
    @_alwaysEmitIntoClient var isOccupied: Bool {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return unsafeDowncast(box, to: AtomicObserverSlot.self).isOccupied
        }
        return lockedIsOccupied()
    }

    /// Whether an observer may listen somewhere: one is installed, or a scoped one is; two
    /// relaxed loads, possibly already stale (but never for the current thread's own writes).
    @_alwaysEmitIntoClient var mayBeListening: Bool { isOccupied || scopes.load() != 0 }

    /// `isOccupied` on a system without `Atomic`.
    @usableFromInline func lockedIsOccupied() -> Bool { load() != nil }

    /// The installed observer, retained for the caller.
    @inline(__always) func load() -> InstalledObserver? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return unsafeDowncast(box, to: AtomicObserverSlot.self).reading { $0 }
        }
        return unsafeDowncast(box, to: Locked<InstalledObserver?>.self).withLock { $0 }
    }

    /// Runs `body` with the installed observer, not retained (it stays alive until `body`
    /// returns); `nil` when none is installed.
    @inline(__always) func reading<Result>(_ body: (InstalledObserver) -> Result) -> Result? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return unsafeDowncast(box, to: AtomicObserverSlot.self).reading(body)
        }
        return load().map(body)
    }

    /// Installs `observer` (`nil`: none).
    func store(_ observer: InstalledObserver?) {
        // What is released is released here, after the slot's own synchronization: releasing
        // an observer can run its deinitializer, which may install another observer.
        let released: [InstalledObserver]
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            released = unsafeDowncast(box, to: AtomicObserverSlot.self).exchange(observer)
        } else {
            released = unsafeDowncast(box, to: Locked<InstalledObserver?>.self).withLock { slot in
                defer { slot = observer }
                return slot.map { [$0] } ?? []
            }
        }
        withExtendedLifetime(released) {}
    }
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

/// ``ObserverSlot`` on a system with `Atomic`.
///
/// `windows` packs two counts in one word, so that one atomic operation reads both: the read
/// windows open now (the low 32 bits) and the swaps made so far (the high 32). A box replaced
/// while windows are open is retired with the swap's number; a window that closes the last open
/// one releases every box retired up to the number it reads. The windows open at a swap are
/// counted in that word, and a window opened after it loads the new box, so the box is released
/// only once no window can hold it.
///
/// `@unchecked Sendable`: `pointer` holds a +1 reference to the installed box, `retired` +1
/// references to replaced ones; both are handed over under `lock`. Readers use the installed box
/// unretained, inside their window.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
@usableFromInline
final class AtomicObserverSlot: @unchecked Sendable {
    /// The installed box, retained once by the slot; `nil` for none.
    @usableFromInline let pointer = Atomic<UnsafeMutableRawPointer?>(nil)
    /// Open read windows (low 32 bits) and swaps (high 32 bits).
    @usableFromInline let windows = Atomic<UInt64>(0)
    /// Whether `retired` may hold a box: the one check a closing window makes.
    @usableFromInline let hasRetired = Atomic<Bool>(false)
    /// Boxes replaced while windows were open, with the number of the swap that replaced them.
    private var retired: [(swap: UInt64, box: InstalledObserver)] = []
    /// Orders the writers and guards `retired`.
    private let lock = NSLock()

    @usableFromInline static let window: UInt64 = 1
    @usableFromInline static let swap: UInt64 = 1 << 32

    init() {}

    @_alwaysEmitIntoClient var isOccupied: Bool { pointer.load(ordering: .relaxed) != nil }

    /// Runs `body` inside a read window with the installed box, unretained; `nil` when none is
    /// installed.
    @_alwaysEmitIntoClient @inline(__always)
    func reading<Result>(_ body: (InstalledObserver) -> Result) -> Result? {
        // Sequentially consistent throughout: a writer that counts no open window after its swap
        // knows that every later window loads the new pointer.
        windows.wrappingAdd(Self.window, ordering: .sequentiallyConsistent)
        var result: Result?
        if let box = pointer.load(ordering: .sequentiallyConsistent) {
            result = Unmanaged<InstalledObserver>.fromOpaque(box)._withUnsafeGuaranteedRef {
                body($0)
            }
        }
        let left = windows.wrappingSubtract(Self.window, ordering: .sequentiallyConsistent)
            .newValue
        if left & (Self.swap - 1) == 0, hasRetired.load(ordering: .sequentiallyConsistent) {
            releaseRetired(upTo: left / Self.swap)
        }
        return result
    }

    /// Releases the boxes retired by swaps up to number `swap`: no window open at those swaps
    /// is still open.
    @usableFromInline func releaseRetired(upTo swap: UInt64) {
        let released = lock.withLock { () -> [InstalledObserver] in
            let done = retired.filter { Self.precedes($0.swap, swap) }.map(\.box)
            retired.removeAll { Self.precedes($0.swap, swap) }
            if retired.isEmpty { hasRetired.store(false, ordering: .sequentiallyConsistent) }
            return done
        }
        withExtendedLifetime(released) {}
    }

    /// Whether swap `earlier` was made no later than swap `later`.
    ///
    /// The 32-bit swap numbers wrap, so they are compared as serial numbers: two retired boxes
    /// are never 2³¹ swaps apart.
    private static func precedes(_ earlier: UInt64, _ later: UInt64) -> Bool {
        (later &- earlier) & (swap - 1) < 1 << 31
    }

    /// Installs `observer` and returns the boxes now free to release, for the caller to release
    /// after the slot's synchronization.
    func exchange(_ observer: InstalledObserver?) -> [InstalledObserver] {
        let (old, open, swap) = lock.withLock {
            let new = observer.map { Unmanaged.passRetained($0).toOpaque() }
            let old = pointer.exchange(new, ordering: .sequentiallyConsistent)
                .map { Unmanaged<InstalledObserver>.fromOpaque($0).takeRetainedValue() }
            let counts = windows.wrappingAdd(Self.swap, ordering: .sequentiallyConsistent).newValue
            let open = counts & (Self.swap - 1) != 0
            if open, let old {
                retired.append((counts / Self.swap, old))
                hasRetired.store(true, ordering: .sequentiallyConsistent)
            }
            return (old, open, counts / Self.swap)
        }
        guard open else { return old.map { [$0] } ?? [] }
        // The windows open at the swap may all have closed before `hasRetired` was set, and
        // seen it unset: then no window is open now, and what they left is released here.
        if windows.load(ordering: .sequentiallyConsistent) & (Self.swap - 1) == 0 {
            releaseRetired(upTo: swap)
        }
        return []
    }

    deinit {
        if let box = pointer.load(ordering: .relaxed) {
            Unmanaged<InstalledObserver>.fromOpaque(box).release()
        }
    }
}
