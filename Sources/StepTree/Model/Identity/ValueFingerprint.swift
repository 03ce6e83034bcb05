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
/// only when renewed), and a renewal history its fingerprint; a step of a recursive node type
/// in its initial state (see `Step<Node>()`) is the number `0`, as it is written.
///
/// A value digested with no encoder at all (see ``isEager(_:)``) is digested when a step is
/// renewed with it; any other value when the renewal's fingerprint is first read.
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
                return StepMemory.withAddress(of: value) {
                    fingerprinter.digest(ofNodeAt: $0, &routes)
                }
            case .encoded:
                return encodedDigest(of: value)
            }
        }
        return digest(value)
    }

    /// The digest of the value of type `type` at `value`, if its type is digested with no
    /// encoder (see ``isEager(_:)``), so cheaply that a renewal digests it at once rather than
    /// recording it; `nil` otherwise.
    /// - Parameter stored: A value of the same type, which a step holds, to compare with.
    /// - Returns: The digest, and whether `stored` holds the very bits of `value` (`false` when
    ///   that cannot be told, or for no `stored` value).
    /// - Complexity: O(*s*) for a value of *s* steps and bytes of text.
    // Inlined into the renewal that asks, a call fewer on the path of every renewal with a value.
    @inline(__always)
    static func eagerDigest(
        ofValueAt value: ValueAddress, of type: Any.Type, stored: ValueAddress? = nil
    ) -> (digest: StableDigest, isStored: Bool)? {
        if type == EmptyStep.self { return (CanonicalDigest.emptyKeyed, stored != nil) }
        if type == String.self {
            return (CanonicalDigest.string(value.load(as: String.self)), false)
        }
        if type == Int.self {
            let number = value.load(as: Int.self)
            return (integerDigest(number), stored?.load(as: Int.self) == number)
        }
        if type == Bool.self {
            let flag = value.load(as: Bool.self)
            return (CanonicalDigest.bool(flag), stored?.load(as: Bool.self) == flag)
        }
        return FingerprintRoutes.known(type).with { known in
            known.eagerNode?.with { node in
                (
                    node.initialDigest(ofNodeAt: value) ?? node.digest(ofNodeAt: value),
                    stored.map { node.storesSameBits(value, as: $0) } ?? false
                )
            }
        }
    }

    /// Whether values of `type` are digested with no encoder: ``EmptyStep``, the scalars
    /// digested directly, and pure nodes whose steps hold only such values.
    static func isEager(_ type: any StepValue.Type) -> Bool {
        if type == EmptyStep.self || type == String.self || type == Int.self || type == Bool.self {
            return true
        }
        // A type whose route is being found (a node holding steps of its own type) is not
        // counted eager: a renewal with it is recorded, and digested when first read.
        if FingerprintRoutes.finding.contains(ObjectIdentifier(type)) { return false }
        return FingerprintRoutes.known(type).with { $0.eagerNode != nil }
    }

    /// The digest of `value`'s encoding; a value whose encoding throws is digested by its
    /// description.
    static func encodedDigest<Value: Encodable>(of value: Value) -> StableDigest {
        StepCodingForm.wrappingEverything {
            do {
                return try HashingEncoder.encodingDigest(of: value, at: [])
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
        if storage.renewalHistory == nil, storage.isInitialAtom { return initialNodeDigest }
        return stepDigest(
            value: digest(of: storage.anyValue, &routes), renewal: storage.renewalHistory)
    }

    /// The digest of a step of a recursive node type in its initial state: that of the number
    /// it is written as (see `StepCodingForm.bareInitialNode`), since its value would never end.
    static let initialNodeDigest = integerDigest(StepCodingForm.bareInitialNode)

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

    /// Every route found, by type; never removed, so that ``lastKnown`` can refer to one
    /// unretained.
    private static let known = Locked<[ObjectIdentifier: KnownRoute]>([:])

    /// The types whose routes are being found on this thread.
    static let finding = ThreadSet()

    /// The route any thread last asked for: most renewals are of the type of the one before, and
    /// comparing one identifier costs far less than a look-up under the lock.
    private static let lastKnown = PublishedReference<KnownRoute>()

    /// The route of values of `type`.
    /// - Complexity: O(1); the first time for a type, the cost of ``NodeFingerprinter/route(for:)``.
    mutating func route(for type: any StepValue.Type) -> FingerprintRoute {
        let id = ObjectIdentifier(type)
        if let last, last.type == id { return last.route }
        let route = Self.shared(for: type)
        last = (id, route)
        return route
    }

    /// The route of values of `type`, from the routes every thread shares.
    /// - Complexity: O(1); the first time for a type, the cost of ``NodeFingerprinter/route(for:)``.
    static func shared(for type: any StepValue.Type) -> FingerprintRoute {
        known(type).with { $0.route }
    }

    /// The kept route of `type`, unretained: routes live as long as the program.
    /// - Complexity: O(1); the first time for a type, the cost of ``NodeFingerprinter/route(for:)``.
    // Inlined: a call fewer on the path of every renewal with a value.
    @inline(__always)
    static func known(_ type: Any.Type) -> Unretained<KnownRoute> {
        let id = ObjectIdentifier(type)
        if let last = lastKnown.load(), last.with({ $0.type == id }) { return last }
        let known = lockedKnown(type)
        lastKnown.store(known)
        return Unretained(known)
    }

    /// The kept route of `type`, from the table every thread shares.
    private static func lockedKnown(_ type: Any.Type) -> KnownRoute {
        let id = ObjectIdentifier(type)
        if let found = known.withLock({ $0[id] }) { return found }
        // Found outside the lock: deciding a node's purity makes a node, which may make tables,
        // and deciding whether it is eager finds its steps' routes.
        let route =
            if let node = type as? any StepsCollection.Type {
                finding.with(id) { NodeFingerprinter.route(for: node) }
            } else {
                FingerprintRoute.encoded
            }
        let made = KnownRoute(type: id, route: route)
        return known.withLock { known in
            if let kept = known[id] { return kept }
            known[id] = made
            return made
        }
    }
}

/// The route of one type, kept for the life of the program once found.
final class KnownRoute: Sendable {
    /// The type whose values take the route.
    let type: ObjectIdentifier
    /// How the type's values are digested.
    let route: FingerprintRoute
    /// The route's fingerprinter when the type is a pure node digested with no encoder (see
    /// `ValueFingerprint.eagerDigest(ofValueAt:of:)`), unretained (`route` holds it); `nil`
    /// otherwise.
    let eagerNode: Unretained<NodeFingerprinter>?

    init(type: ObjectIdentifier, route: FingerprintRoute) {
        self.type = type
        self.route = route
        eagerNode =
            switch route {
            case .node(let fingerprinter) where fingerprinter.isEager:
                Unretained(fingerprinter)
            default: nil
            }
    }
}

/// A step, which the hashing encoder digests itself: its value by ``ValueFingerprint`` and its
/// history by its fingerprint, whatever form the step's own encoding has.
protocol FingerprintedStep {
    /// The step's canonical digest.
    var canonicalDigest: StableDigest { get }
    /// The type of the values the step holds.
    var valueType: any StepValue.Type { get }
}

extension Step: FingerprintedStep {
    var valueType: any StepValue.Type { Value.self }

    var canonicalDigest: StableDigest {
        let storage = storage
        if storage.renewalHistory == nil, box.isInitialAtom {
            return ValueFingerprint.initialNodeDigest
        }
        return ValueFingerprint.stepDigest(
            value: ValueFingerprint.digest(of: storage.value), renewal: storage.renewalHistory)
    }
}
