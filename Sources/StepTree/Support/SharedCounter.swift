import Synchronization

/// A counter read on the select fast path without a lock where the OS has `Atomic` (macOS 15,
/// iOS 18 and peers; always on Linux), and under a lock on older Apple systems.
///
/// The package's deployment targets are below the ones `Atomic` needs, so the atomic lives in a
/// box made only when the running system has it. Loads are relaxed: a reader may see a value
/// that is already stale, but always sees its own thread's writes.
@usableFromInline
struct SharedCounter: Sendable {
    @usableFromInline let box: any AnyObject & Sendable

    init() {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            box = AtomicCount()
        } else {
            box = Locked(0)
        }
    }

    /// The counter's value.
    @_alwaysEmitIntoClient
    func load() -> Int {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return unsafeDowncast(box, to: AtomicCount.self).value.load(ordering: .relaxed)
        }
        return lockedLoad()
    }

    /// `load()` on a system without `Atomic`.
    @usableFromInline
    func lockedLoad() -> Int {
        unsafeDowncast(box, to: Locked<Int>.self).withLock { $0 }
    }

    /// The counter's value, read with acquiring ordering: what the thread that stored it wrote
    /// before, with releasing ordering, is visible.
    func loadAcquiring() -> Int {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return unsafeDowncast(box, to: AtomicCount.self).value.load(ordering: .acquiring)
        }
        return lockedLoad()
    }

    /// Sets the counter to `value` with releasing ordering (see ``loadAcquiring()``).
    func storeReleasing(_ value: Int) {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            unsafeDowncast(box, to: AtomicCount.self).value.store(value, ordering: .releasing)
        } else {
            store(value)
        }
    }

    /// Sets the counter to `value`.
    func store(_ value: Int) {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            unsafeDowncast(box, to: AtomicCount.self).value.store(value, ordering: .relaxed)
        } else {
            unsafeDowncast(box, to: Locked<Int>.self).withLock { $0 = value }
        }
    }

    /// Adds `delta` (negative to subtract).
    func add(_ delta: Int) {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            unsafeDowncast(box, to: AtomicCount.self).value.add(delta, ordering: .relaxed)
        } else {
            unsafeDowncast(box, to: Locked<Int>.self).withLock { $0 += delta }
        }
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
@usableFromInline
final class AtomicCount: Sendable {
    @usableFromInline let value = Atomic<Int>(0)

    init() {}
}
