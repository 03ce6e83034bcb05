import Synchronization

/// A flag read on the select fast path without a lock where the OS has `Atomic` (macOS 15,
/// iOS 18 and peers; always on Linux), and under a lock on older Apple systems.
///
/// The package's deployment targets are below the ones `Atomic` needs, so the atomic lives in a
/// box made only when the running system has it.
@usableFromInline
struct ObserverFlag: Sendable {
    private let box: any AnyObject & Sendable

    init() {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            box = AtomicFlag()
        } else {
            box = Locked(false)
        }
    }

    /// The flag's value; may be stale by the time the caller uses it, like any relaxed load.
    @usableFromInline
    func load() -> Bool {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            return unsafeDowncast(box, to: AtomicFlag.self).value.load(ordering: .relaxed)
        }
        return unsafeDowncast(box, to: Locked<Bool>.self).withLock { $0 }
    }

    func store(_ value: Bool) {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            unsafeDowncast(box, to: AtomicFlag.self).value.store(value, ordering: .relaxed)
        } else {
            unsafeDowncast(box, to: Locked<Bool>.self).withLock { $0 = value }
        }
    }
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
private final class AtomicFlag: Sendable {
    let value = Atomic<Bool>(false)
}
