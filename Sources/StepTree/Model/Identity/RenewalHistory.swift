import Foundation

/// A renewal history that is not the initial one, in a box of its own: the record of a step's
/// last renewal, which computes the history's fingerprint only when something needs it.
///
/// A renewal made in this process records the history it follows and the value it renewed
/// with, and costs this one allocation. The fingerprint (``StepRenewal``'s hash chain, which
/// hashes each value's canonical form) is computed the first time it is read, cached, and the
/// record then lets go of the history and the value it no longer needs. A decoded history holds
/// only its fingerprint.
///
/// Until then every renewal keeps its record and value alive: a step renewed many times and
/// never compared, hashed, encoded or diffed holds one record per renewal, up to
/// ``pendingLimit``, when the chain is fingerprinted (every value is hashed once in the end; the
/// limit bounds the memory and the pause). A `Navigator` diffs each transaction, which computes
/// the fingerprints, so there the chain stays one record long.
///
/// `Sendable` without checks (the promise is made at the end of `StepMemory.swift`): the mutable
/// state (`words`, `previous` and a subclass's value) is read and written only under `lock`, or
/// while the record is known to one reference alone (``renew(_:hashing:)``). One lock for every
/// record: fingerprints are computed rarely, and a lock per record would cost its making on every
/// renewal. Nothing is released under the lock: a release runs deinitializers, which are free to
/// read a fingerprint, and the lock is not reentrant.
@usableFromInline
class RenewalHistory {
    /// A 128-bit fingerprint, as two words.
    typealias Fingerprint = (high: UInt64, low: UInt64)

    /// The lock of every record's mutable state: a bare `NSLock`, not a `Locked` value, since
    /// the state it guards lives in the records.
    private static let lock = NSLock()

    /// The number of renewals since the initial state, when all of them were made in this
    /// process; 0 when it is not known (a decoded history, or one that follows it).
    ///
    /// Changes only in a record that one box alone holds, which ``renew(_:hashing:)`` reuses.
    final private(set) var length: Int
    /// The fingerprint once known; until then `(0, 0)`, which no renewed history has (see
    /// `StepRenewal.chain`): an optional would take 8 more bytes per record.
    private final var words: Fingerprint = (0, 0)
    /// The fingerprint, if known.
    private final var cached: Fingerprint? {
        get { words == (0, 0) ? nil : words }
        set { words = newValue ?? (0, 0) }
    }
    /// The history this renewal follows (`nil`: the initial one), until the fingerprint is known.
    private final var previous: RenewalHistory?

    /// A decoded history: only its fingerprint, which is not `(0, 0)`, is known.
    init(fingerprint: Fingerprint) {
        assert(fingerprint != (0, 0), "(0, 0) is the initial history's fingerprint")
        length = 0
        pending = 0
        words = fingerprint
    }

    /// How many renewals this record and those before it may leave unfingerprinted: the chain
    /// is fingerprinted when it gets this long (see ``after(_:value:)``).
    static let pendingLimit = 1024

    /// The records since the chain was last fingerprinted at ``pendingLimit``, this one included;
    /// 0 for a history whose fingerprint was known when it was made.
    final let pending: Int

    /// A renewal with no value after `previous` (`nil`: the initial history).
    @usableFromInline
    init(after previous: RenewalHistory?) {
        self.previous = previous
        length = Self.length(after: previous)
        pending = previous.map { $0.pending >= Self.pendingLimit ? 1 : $0.pending + 1 } ?? 1
    }

    /// Fingerprints the chain if it has reached ``pendingLimit`` records, so that a step renewed
    /// over and over with nothing reading its history holds at most that many values, and the
    /// first read after them hashes at most that many.
    @usableFromInline
    final func boundChain() {
        if pending >= Self.pendingLimit { _ = fingerprint }
    }

    /// A renewal after `previous` whose fingerprint is known at once: `fingerprint`.
    init(fingerprint: Fingerprint, after previous: RenewalHistory?) {
        length = Self.length(after: previous)
        pending = 0
        words = fingerprint
    }

    /// The length of a history one renewal longer than `previous`.
    private static func length(after previous: RenewalHistory?) -> Int {
        switch previous?.length {
        case nil: 1
        case 0: 0
        case let count?: count + 1
        }
    }

    /// The record of one more renewal after `previous`, with `value` or with no value.
    ///
    /// A value digested with no encoder is hashed at once (see
    /// ``renew(_:hashingValueAt:storedAt:of:)``); any other value is recorded, and hashed when
    /// the fingerprint is read.
    @_alwaysEmitIntoClient
    static func after<Value: StepValue>(_ previous: RenewalHistory?, value: Value?)
        -> RenewalHistory
    {
        var history = previous
        guard let value else {
            renew(&history)
            return history.unsafelyUnwrapped
        }
        let renewing = StepMemory.withAddress(of: value) {
            renew(&history, hashingValueAt: $0, storedAt: nil, of: Value.self)
        }
        if renewing == .unhashed { record(&history, value) }
        return history.unsafelyUnwrapped
    }

    /// Renews `history` (`nil`: the initial one) once more, with no value.
    /// - Complexity: O(1).
    @usableFromInline
    static func renew(_ history: inout RenewalHistory?) {
        let record = RenewalHistory(after: history)
        record.boundChain()
        history = record
    }

    /// What a renewal with a value did, and what it leaves to the step.
    @usableFromInline
    enum ValueRenewing {
        /// Hashed at once, and the step already holds the value's very bits: nothing to store.
        case unchanged
        /// Hashed at once: the step stores the value.
        case hashed
        /// Not hashed: the step stores the value, and ``record(_:_:)`` records it.
        case unhashed
    }

    /// Renews `history` (`nil`: the initial one) once more with the value at `value`, if it is
    /// digested with no encoder (``EmptyStep``, a string, a pure node of such values: see
    /// `ValueFingerprint.eagerDigest(ofValueAt:of:stored:)`): hashed at once, for less than
    /// recording it would cost, and the record then holds only its fingerprint.
    /// - Parameters:
    ///   - stored: The value the step holds, compared with `value`; `nil` for none.
    ///   - type: The type of `value` (and `stored`): bare metadata, no witness table to look up.
    /// - Returns: What the step still has to do: store the value, or record it too.
    /// - Complexity: O(*s*) for a value of *s* leaves hashed at once, which allocates nothing
    ///   when the record it follows is this reference's alone.
    @usableFromInline
    static func renew(
        _ history: inout RenewalHistory?, hashingValueAt value: ValueAddress,
        storedAt stored: ValueAddress?, of type: Any.Type
    ) -> ValueRenewing {
        guard
            let (digest, isStored) = ValueFingerprint.eagerDigest(
                ofValueAt: value, of: type, stored: stored)
        else { return .unhashed }
        renew(&history, hashing: digest)
        return isStored ? .unchanged : .hashed
    }

    /// Renews `history` with `value`, recorded to be hashed when the fingerprint is read.
    // Specialized, so that the value is wrapped in its existential where its type is known:
    // unspecialized, that looks up the optional's metadata on every renewal. Out of line: the
    // rare case.
    @_alwaysEmitIntoClient @inline(never)
    static func record<Value: StepValue>(_ history: inout RenewalHistory?, _ value: Value) {
        let record = ValueRenewal(after: history, value: value)
        record.boundChain()
        history = record
    }

    /// Renews `history` with a value of digest `digest`, fingerprinted at once.
    ///
    /// A record known to this reference alone, and fingerprinted when it was made, is changed
    /// in place: nothing can tell it from a new one, and a step renewed again and again then
    /// allocates nothing.
    @inline(__always)
    static func renew(_ history: inout RenewalHistory?, hashing digest: StableDigest) {
        let fingerprint = StepRenewal.chain(history?.fingerprint ?? (0, 0), digest)
        if isKnownUniquelyReferenced(&history) {
            let record = history.unsafelyUnwrapped
            if record.pending == 0 {
                record.length = Self.length(after: record)
                record.words = fingerprint
                return
            }
        }
        history = RenewalHistory(fingerprint: fingerprint, after: history)
    }

    /// Whether the histories `left` and `right` have equal fingerprints: settled without hashing
    /// when they are the same record, or are known to have different lengths.
    @usableFromInline
    static func haveEqualFingerprints(_ left: RenewalHistory, _ right: RenewalHistory) -> Bool {
        left === right || (!lengthsDiffer(left, right) && left.fingerprint == right.fingerprint)
    }

    /// Whether `left` and `right` are known to be histories of different lengths, so different.
    static func lengthsDiffer(_ left: RenewalHistory, _ right: RenewalHistory) -> Bool {
        left.length != right.length && left.length != 0 && right.length != 0
    }

    /// The value this renewal hashes; read under `lock` while the fingerprint is not known.
    var pendingValue: (any StepValue)? { nil }

    /// Gives up the value once the fingerprint is known; called under `lock`, and returns the
    /// value so that the caller releases it after unlocking.
    func takeValue() -> (any StepValue)? { nil }

    /// The fingerprint: computed on the first read (with those of the renewals before it that are
    /// not known yet), then cached.
    /// - Complexity: O(*s*) the first time, where *s* is the size of the values of the renewals
    ///   not fingerprinted yet; O(1) after that.
    final var fingerprint: Fingerprint {
        // A history fingerprinted when it was made (decoded, or hashed at once) never changes
        // it: read without the lock.
        if pending == 0 { return words }
        if let known = Self.lock.withLock({ cached }) { return known }
        return resolve()
    }

    /// Computes the fingerprints not known yet along the chain, oldest first, and caches them.
    private final func resolve() -> Fingerprint {
        // Under the lock, only collect what the renewals hash: encoding a value can need another
        // history's fingerprint (the steps of a node), which takes the lock again.
        var base: Fingerprint = (0, 0)
        let pending = Self.lock.withLock {
            var pending: [(record: RenewalHistory, value: (any StepValue)?)] = []
            var next: RenewalHistory? = self
            while let record = next {
                if let known = record.cached {
                    base = known
                    break
                }
                pending.append((record, record.pendingValue))
                next = record.previous
            }
            return pending
        }
        var fingerprint = base
        var routes = FingerprintRoutes()
        let computed = pending.reversed().map { entry in
            fingerprint = StepRenewal.chain(fingerprint, entry.value, &routes)
            return (record: entry.record, fingerprint: fingerprint)
        }
        // Another thread may have cached the same fingerprints meanwhile: the first one stays.
        // What the records let go of is kept in arrays of their own types (as `Any`, a value
        // would be boxed) and released after unlocking.
        var releasedRecords: [RenewalHistory?] = []
        var releasedValues: [(any StepValue)?] = []
        releasedRecords.reserveCapacity(computed.count)
        releasedValues.reserveCapacity(computed.count)
        let result = Self.lock.withLock {
            for (record, fingerprint) in computed where record.cached == nil {
                record.cached = fingerprint
                releasedRecords.append(record.previous.take())
                releasedValues.append(record.takeValue())
            }
            return cached ?? fingerprint
        }
        withExtendedLifetime((releasedRecords, releasedValues)) {}
        return result
    }
}

/// The record of a renewal with a value, which keeps the value until the fingerprint is known.
///
/// Not generic: a generic class's deinitializer runs unspecialized, and destroying a `Value?`
/// there looked up the optional's metadata on every release of a record. A small value (a node
/// of a few steps) sits in the existential's inline buffer.
///
/// `value` is read and written only under the shared lock (see ``RenewalHistory``) or while the
/// record is made, so the dynamic exclusivity checks would only cost time on every renewal
/// (`@unchecked Sendable` restated from ``RenewalHistory``, as Swift requires of a subclass).
@usableFromInline
final class ValueRenewal: RenewalHistory, @unchecked Sendable {
    @usableFromInline @exclusivity(unchecked) var value: (any StepValue)?

    @_alwaysEmitIntoClient
    init(after previous: RenewalHistory?, value: any StepValue) {
        self.value = value
        super.init(after: previous)
    }

    override var pendingValue: (any StepValue)? { value }

    override func takeValue() -> (any StepValue)? { value.take() }
}
