import Synchronization

/// A reference to an object that lives as long as the program, which one thread publishes and
/// any thread reads without a lock and without reference counting: where the OS has `Atomic`
/// (always on Linux), a word read with acquiring and written with releasing ordering, so that
/// a reader sees the object as it was made; under a lock on older Apple systems.
///
/// Only objects that are never freed may be stored: a reader holds the one it loaded unretained.
struct PublishedReference<Object: AnyObject & Sendable>: Sendable {
    private let box: any AnyObject & Sendable

    init() {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            box = AtomicCount()
        } else {
            box = Locked(0)
        }
    }

    /// The object last stored, unretained; `nil` before the first.
    func load() -> Unmanaged<Object>? {
        let word: Int
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            word = unsafeDowncast(box, to: AtomicCount.self).value.load(ordering: .acquiring)
        } else {
            word = unsafeDowncast(box, to: Locked<Int>.self).withLock { $0 }
        }
        guard let pointer = UnsafeRawPointer(bitPattern: word) else { return nil }
        return Unmanaged.fromOpaque(pointer)
    }

    /// Publishes `object`, which must never be freed.
    func store(_ object: Object) {
        let word = Int(bitPattern: Unmanaged.passUnretained(object).toOpaque())
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            unsafeDowncast(box, to: AtomicCount.self).value.store(word, ordering: .releasing)
        } else {
            unsafeDowncast(box, to: Locked<Int>.self).withLock { $0 = word }
        }
    }
}
