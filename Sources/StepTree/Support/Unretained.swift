/// A reference that does not keep its object alive: what the hot paths hand around where a strong
/// reference would cost a retain and a release per use.
///
/// The one way StepTree holds an object unretained (it wraps `Unmanaged`). Making one is always
/// safe; using one is safe only under the contract every caller keeps:
/// - Something else holds the object for as long as the reference is used: the node that stores
///   a box (for the access that holds the node), the program (interned tables, kept shapes and
///   routes, which are never freed), or a strong reference the caller keeps beside it.
/// - So a reference never outlives the access or the call that made it, unless its object lives
///   as long as the program; each type that stores one says which of the two it is.
/// - ``init(bits:)`` takes only the ``bits`` of a reference to an object of the same class that
///   is still alive.
@usableFromInline
struct Unretained<Object: AnyObject> {
    @usableFromInline let reference: Unmanaged<Object>

    /// An unretained reference to `object`.
    @_alwaysEmitIntoClient @inline(__always)
    init(_ object: Object) {
        reference = .passUnretained(object)
    }

    /// The reference that `reference` holds.
    @_alwaysEmitIntoClient @inline(__always)
    init(_ reference: Unmanaged<Object>) {
        self.reference = reference
    }

    /// The object, as a strong reference (retained for as long as the caller keeps it).
    @_alwaysEmitIntoClient
    var object: Object {
        @inline(__always) get { reference.takeUnretainedValue() }
    }

    /// Runs `body` on the object, borrowed: the call costs no reference counting.
    @_alwaysEmitIntoClient @inline(__always)
    func with<Result>(_ body: (Object) -> Result) -> Result {
        reference._withUnsafeGuaranteedRef(body)
    }

    /// The object's address, as a word that a thread-local or atomic slot can hold; never 0.
    @_alwaysEmitIntoClient
    var bits: Int {
        @inline(__always) get { Int(bitPattern: reference.toOpaque()) }
    }

    /// The reference whose ``bits`` are `bits`; `nil` for 0, the empty slot.
    @_alwaysEmitIntoClient @inline(__always)
    init?(bits: Int) {
        guard let address = UnsafeRawPointer(bitPattern: bits) else { return nil }
        reference = .fromOpaque(address)
    }

    /// Whether both refer to the same object.
    @_alwaysEmitIntoClient @inline(__always)
    static func === (lhs: Unretained, rhs: Unretained) -> Bool {
        lhs.reference.toOpaque() == rhs.reference.toOpaque()
    }
}

extension Unretained: Sendable where Object: Sendable {}
