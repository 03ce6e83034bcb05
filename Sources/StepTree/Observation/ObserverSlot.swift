import Foundation
import Synchronization

/// Where the global observer is installed: read by every observed select without a lock where
/// the OS has `Atomic` (macOS 15, iOS 18 and peers; always on Linux), and under a lock on older
/// Apple systems.
///
/// A read counts itself in `readers` while it loads the installed box and retains it; a write
/// swaps the box, then waits until no read is in that window before releasing the old one. So a
/// read never waits, and never retains a box that is being freed. Writes are rare (an app
/// installs its observer once) and their wait lasts a load and a retain.
@usableFromInline
struct ObserverSlot: Sendable {
    @usableFromInline let box: any AnyObject & Sendable

    init() {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            box = AtomicObserverSlot()
        } else {
            box = Locked<InstalledObserver?>(nil)
        }
    }

    /// Whether an observer is installed: one relaxed load, possibly already stale.
    @inlinable var isOccupied: Bool {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return unsafeDowncast(box, to: AtomicObserverSlot.self).isOccupied
        }
        return lockedIsOccupied()
    }

    /// `isOccupied` on a system without `Atomic`.
    @usableFromInline func lockedIsOccupied() -> Bool { load() != nil }

    /// The installed observer, retained for the caller.
    @inline(__always) func load() -> InstalledObserver? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return unsafeDowncast(box, to: AtomicObserverSlot.self).load()
        }
        return unsafeDowncast(box, to: Locked<InstalledObserver?>.self).withLock { $0 }
    }

    /// Installs `observer` (`nil`: none).
    func store(_ observer: InstalledObserver?) {
        // The old observer is released here, after the slot's own synchronization: releasing
        // it can run its deinitializer, which may install another observer.
        let old: InstalledObserver?
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            old = unsafeDowncast(box, to: AtomicObserverSlot.self).exchange(observer)
        } else {
            old = unsafeDowncast(box, to: Locked<InstalledObserver?>.self).withLock { slot in
                defer { slot = observer }
                return slot
            }
        }
        withExtendedLifetime(old) {}
    }
}

/// The installed observer, in a box of its own: a reader retains the box and calls the observer
/// where it is, with no copy of the existential.
@usableFromInline
final class InstalledObserver: Sendable {
    @usableFromInline let observer: any StepsObserver

    init(_ observer: any StepsObserver) {
        self.observer = observer
    }
}

/// ``ObserverSlot`` on a system with `Atomic`.
///
/// `@unchecked Sendable`: `pointer` holds a +1 reference to the installed box, handed from
/// writer to writer under `writers`; readers only retain what it points to, inside their
/// `readers` window, which a writer waits out before releasing what it replaced.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
@usableFromInline
final class AtomicObserverSlot: @unchecked Sendable {
    /// The installed box, retained once by the slot; `nil` for none.
    @usableFromInline let pointer = Atomic<UnsafeMutableRawPointer?>(nil)
    /// The reads now between loading `pointer` and retaining the box it points to.
    private let readers = Atomic<Int>(0)
    /// Orders the writers, so that each releases only the box it replaced.
    private let writers = NSLock()

    init() {}

    @inlinable var isOccupied: Bool { pointer.load(ordering: .relaxed) != nil }

    /// The installed box, retained.
    @inline(__always) func load() -> InstalledObserver? {
        // Sequentially consistent, so that a writer that swaps the pointer and then finds no
        // reader knows that every later read loads the new pointer.
        readers.wrappingAdd(1, ordering: .sequentiallyConsistent)
        let box = pointer.load(ordering: .sequentiallyConsistent).map {
            Unmanaged<InstalledObserver>.fromOpaque($0).retain()
        }
        readers.wrappingSubtract(1, ordering: .sequentiallyConsistent)
        return box?.takeRetainedValue()
    }

    /// Installs `observer` and returns the one it replaced, for the caller to release.
    func exchange(_ observer: InstalledObserver?) -> InstalledObserver? {
        writers.withLock {
            let new = observer.map { Unmanaged.passRetained($0).toOpaque() }
            let old = pointer.exchange(new, ordering: .sequentiallyConsistent)
            // A read that loaded `old` may not have retained it yet.
            while readers.load(ordering: .sequentiallyConsistent) != 0 { sched_yield() }
            return old.map { Unmanaged<InstalledObserver>.fromOpaque($0).takeRetainedValue() }
        }
    }

    deinit {
        if let box = pointer.load(ordering: .relaxed) {
            Unmanaged<InstalledObserver>.fromOpaque(box).release()
        }
    }
}
