/// The canonical form in which renewal fingerprints see a value: the tree of its `Encodable`
/// encoding, hashed with no text in between (see `HashingEncoder`).
///
/// - A scalar is its type's tag and its bits: `1`, `"1"` and `1.0` differ, and so do `Int` and
///   `Int64`. Zero floating-point values are one (`0.0 == -0.0`).
/// - A string is its UTF-8 bytes and their count.
/// - An unkeyed container is its elements' digests in order, then their count.
/// - A keyed container is the number of its entries and the sum (per 64-bit lane, wrapping) of
///   each entry's own digest, a hash of the key's name and the value's digest: the order in
///   which the keys were written does not matter, with no sorting and no buffer. A sum, unlike
///   an exclusive or, does not cancel an entry written twice, and 128-bit entry digests make a
///   chance collision of two sums as unlikely as one of the digests.
/// - A `Set`, and a `Dictionary` whose keys are neither `String` nor `Int` (which encode in
///   iteration order, one that equal instances need not share), are digested the same way:
///   the sum of their elements' (or key and value entries') digests.
///
/// Not a cryptographic hash, like ``StableHasher``: crafted input could collide two values.
enum CanonicalDigest {
    /// What each kind of part of the canonical form starts with.
    enum Tag: UInt64 {
        case nothing = 1
        case null
        case bool
        case string
        case float
        case double
        case int
        case int8
        case int16
        case int32
        case int64
        case uint
        case uint8
        case uint16
        case uint32
        case uint64
        case keyed
        case unkeyed
        case key
        case entry
        case renewal
        case description
        case unordered
    }

    /// A scalar: its tag and one word of bits.
    static func scalar(_ tag: Tag, _ bits: UInt64) -> StableDigest {
        StableHasher.digest {
            $0.combine(tag.rawValue)
            $0.combine(bits)
        }
    }

    /// A `Bool` scalar.
    static func bool(_ value: Bool) -> StableDigest { scalar(.bool, value ? 1 : 0) }

    /// A floating-point scalar; both zeros are one value.
    static func double(_ value: Double) -> StableDigest {
        scalar(.double, value == 0 ? 0 : value.bitPattern)
    }

    /// A `Float` scalar; both zeros are one value.
    static func float(_ value: Float) -> StableDigest {
        scalar(.float, value == 0 ? 0 : UInt64(value.bitPattern))
    }

    /// Text under `tag`: its UTF-8 bytes and their count.
    static func text(_ tag: Tag, _ text: String) -> StableDigest {
        StableHasher.digest {
            $0.combine(tag.rawValue)
            $0.combine(text)
        }
    }

    /// A string value.
    static func string(_ text: String) -> StableDigest { Self.text(.string, text) }

    /// The name of a keyed container's entry.
    static func key(_ name: String) -> StableDigest { text(.key, name) }

    /// A value that wrote nothing (an encoder left without a container).
    static let nothing = StableHasher.digest { $0.combine(Tag.nothing.rawValue) }

    /// `nil`.
    static let null = StableHasher.digest { $0.combine(Tag.null.rawValue) }

    /// A keyed container with no entries: what `EmptyStep` encodes.
    static let emptyKeyed = KeyedDigest().digest

    /// A renewal history, by its fingerprint rather than by the text of its encoding.
    static func renewal(_ fingerprint: StableDigest) -> StableDigest {
        StableHasher.digest {
            $0.combine(Tag.renewal.rawValue)
            $0.combine(fingerprint)
        }
    }

    /// A value whose encoding threw: its description, as the JSON scheme did before.
    static func description(of value: Any) -> StableDigest {
        text(.description, String(describing: value))
    }

    /// One entry of a keyed container.
    static func entry(key: StableDigest, value: StableDigest) -> StableDigest {
        StableHasher.digest {
            $0.combine(Tag.entry.rawValue)
            $0.combine(key)
            $0.combine(value)
        }
    }
}

/// A keyed container's digest, built one entry at a time in any order (or, under another tag,
/// an unordered collection's).
struct KeyedDigest {
    private var tag = CanonicalDigest.Tag.keyed
    private var count: UInt64 = 0
    private var high: UInt64 = 0
    private var low: UInt64 = 0

    init() {}

    init(tag: CanonicalDigest.Tag) {
        self.tag = tag
    }

    /// Adds the entry `key` (a ``CanonicalDigest/key(_:)``) with the value digest `value`.
    mutating func add(key: StableDigest, value: StableDigest) {
        add(entry: CanonicalDigest.entry(key: key, value: value))
    }

    /// Adds an entry digest already made by ``CanonicalDigest/entry(key:value:)``.
    mutating func add(entry: StableDigest) {
        count += 1
        high &+= entry.high
        low &+= entry.low
    }

    /// The container's digest.
    var digest: StableDigest {
        StableHasher.digest {
            $0.combine(tag.rawValue)
            $0.combine(count)
            $0.combine(high)
            $0.combine(low)
        }
    }
}

/// An unkeyed container's digest, built one element at a time, in order.
struct UnkeyedDigest {
    private var hasher = StableHasher()
    private var count: UInt64 = 0

    init() {
        hasher.combine(CanonicalDigest.Tag.unkeyed.rawValue)
    }

    /// Adds the next element's digest.
    mutating func add(_ element: StableDigest) {
        count += 1
        hasher.combine(element)
    }

    /// The container's digest.
    var digest: StableDigest {
        var hasher = hasher
        hasher.combine(count)
        return hasher.finalize()
    }
}
