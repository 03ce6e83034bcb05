/// The digest of a value that a step is renewed with: what a renewal fingerprint hashes
/// (see ``StepRenewal``), in the canonical form of ``CanonicalDigest``.
///
/// Which way a value is digested depends on its type only, so the same value always gives the
/// same digest:
/// - ``EmptyStep`` is a constant;
/// - a ``StepsCollection`` node whose stored properties are exactly its `selected` and its
///   table's steps (a *pure* node, see ``NodeFingerprinter``) is digested through its table:
///   the canonical form of the encoding it would have if its properties were named by its keys;
/// - any other value through its `Encodable` encoding (``HashingEncoder``), every step inside
///   it written in its wrapper, as fingerprints had it with JSON.
///
/// Both ways give a step the same canonical form, `{"value": …, "renewal": …}` (the history
/// only when renewed), and a renewal history its fingerprint.
enum ValueFingerprint {
    /// The digest of `value`.
    /// - Complexity: O(*s*) for a value of *s* steps, scalars and keys.
    static func digest(of value: any StepValue) -> StableDigest {
        var routes = FingerprintRoutes()
        return digest(of: value, &routes)
    }

    /// The digest of `value`, finding the way each type is digested through `routes`.
    /// - Complexity: O(*s*) for a value of *s* steps, scalars and keys.
    static func digest(of value: any StepValue, _ routes: inout FingerprintRoutes) -> StableDigest {
        func digest<Value: StepValue>(_ value: Value) -> StableDigest {
            if Value.self == EmptyStep.self { return CanonicalDigest.emptyKeyed }
            if let scalar = HashingEncoder.scalarDigest(of: value) { return scalar }
            switch routes.route(for: Value.self) {
            case .node(let fingerprinter):
                return withUnsafePointer(to: value) {
                    fingerprinter.digest(ofNodeAt: UnsafeRawPointer($0), &routes)
                }
            case .encoded:
                return encodedDigest(of: value)
            }
        }
        return digest(value)
    }

    /// The digest of `value`'s encoding; a value whose encoding throws is digested by its
    /// description.
    static func encodedDigest<Value: Encodable>(of value: Value) -> StableDigest {
        StepCodingForm.wrappingEverything {
            let encoder = HashingEncoder(codingPath: [])
            do {
                if let unordered = value as? any UnorderedEncodable,
                    let digest = try unordered.unorderedDigest(at: [])
                {
                    return digest
                }
                try value.encode(to: encoder)
                return encoder.slot.digest
            } catch {
                return CanonicalDigest.description(of: value)
            }
        }
    }

    /// The canonical form of a step holding a value of digest `value`, with the history
    /// `renewal` (`nil`: the initial one).
    static func stepDigest(value: StableDigest, renewal: RenewalHistory?) -> StableDigest {
        var step = KeyedDigest()
        step.add(key: valueKey, value: value)
        if let renewal {
            step.add(key: renewalKey, value: CanonicalDigest.renewal(renewal.fingerprint))
        }
        return step.digest
    }

    /// The digest of the step whose box is `storage`.
    static func stepDigest(of storage: StepNodeStorage, _ routes: inout FingerprintRoutes)
        -> StableDigest
    {
        stepDigest(value: digest(of: storage.anyValue, &routes), renewal: storage.renewalHistory)
    }

    /// The names of a step's wrapper fields, as keys.
    static let valueKey = CanonicalDigest.key("value")
    static let renewalKey = CanonicalDigest.key("renewal")
}

/// How the values of one type are digested.
enum FingerprintRoute {
    /// Through the value's `Encodable` encoding.
    case encoded
    /// Through a pure node's table.
    case node(NodeFingerprinter)
}

/// The way each type is digested, found once per type and kept for the life of the program;
/// an instance remembers the last type it was asked about, since a renewal chain is mostly
/// renewals with values of one type.
struct FingerprintRoutes {
    private var last: (type: ObjectIdentifier, route: FingerprintRoute)?

    private static let known = Locked<[ObjectIdentifier: FingerprintRoute]>([:])

    /// The route of values of `type`.
    /// - Complexity: O(1); the first time for a type, the cost of ``NodeFingerprinter/route(for:)``.
    mutating func route(for type: any StepValue.Type) -> FingerprintRoute {
        let id = ObjectIdentifier(type)
        if let last, last.type == id { return last.route }
        let route: FingerprintRoute
        if let known = Self.known.withLock({ $0[id] }) {
            route = known
        } else {
            // Found outside the lock: deciding a node's purity makes a node, which may make
            // tables.
            let found =
                if let node = type as? any StepsCollection.Type {
                    NodeFingerprinter.route(for: node)
                } else {
                    FingerprintRoute.encoded
                }
            route = Self.known.withLock { known in
                if let first = known[id] { return first }
                known[id] = found
                return found
            }
        }
        last = (id, route)
        return route
    }
}

/// A step, which the hashing encoder digests itself: its value by ``ValueFingerprint`` and its
/// history by its fingerprint, whatever form the step's own encoding has.
protocol FingerprintedStep {
    /// The step's canonical digest.
    var canonicalDigest: StableDigest { get }
}

extension Step: FingerprintedStep {
    var canonicalDigest: StableDigest {
        ValueFingerprint.stepDigest(
            value: ValueFingerprint.digest(of: storage.value), renewal: storage.renewalHistory)
    }
}
