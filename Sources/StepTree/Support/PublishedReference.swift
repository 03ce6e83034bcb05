/// A reference to an object that lives as long as the program, which one thread publishes and
/// any thread reads without a lock and without reference counting: the object's ``Unretained``
/// bits in a ``SharedCounter``, read with acquiring and written with releasing ordering, so that
/// a reader sees the object as it was made.
///
/// Only objects that are never freed may be stored: a reader holds the one it loaded unretained.
struct PublishedReference<Object: AnyObject & Sendable>: Sendable {
    private let word = SharedCounter()

    /// The object last stored, unretained; `nil` before the first.
    func load() -> Unretained<Object>? { Unretained(bits: word.loadAcquiring()) }

    /// Publishes `object`, which must never be freed.
    func store(_ object: Object) { word.storeReleasing(Unretained(object).bits) }
}
