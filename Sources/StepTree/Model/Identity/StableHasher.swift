/// A 128-bit hash that is the same in every process and on every platform, unlike `Hasher`,
/// which is seeded per process.
///
/// Identities and renewal histories are built from it, so that a state saved by one run equals the
/// state another run builds by the same operations.
///
/// Two FNV-style lanes with different primes, each finished with MurmurHash3's 64-bit mixer. It
/// is not a cryptographic hash: crafted input could collide two identities.
struct StableHasher {
    private var high: UInt64 = 0xCBF2_9CE4_8422_2325
    private var low: UInt64 = 0x8422_2325_CBF2_9CE4

    /// Feeds one 64-bit word.
    mutating func combine(_ word: UInt64) {
        high = (high ^ word) &* 0x0000_0100_0000_01B3
        high = (high << 29) | (high >> 35)
        low = (low ^ word) &* 0x9E37_79B9_7F4A_7C15
        low = (low << 31) | (low >> 33)
    }

    /// Feeds bytes, then their count, so that `"ab" + "c"` and `"a" + "bc"` differ.
    mutating func combine(bytes: some Sequence<UInt8>) {
        var word: UInt64 = 0
        var count = 0
        for byte in bytes {
            word = (word << 8) | UInt64(byte)
            count += 1
            if count % 8 == 0 {
                combine(word)
                word = 0
            }
        }
        combine(word)
        combine(UInt64(count))
    }

    /// Feeds the UTF-8 bytes of `text`.
    mutating func combine(_ text: some StringProtocol) {
        combine(bytes: text.utf8)
    }

    /// The two lanes, mixed.
    func finalize() -> (high: UInt64, low: UInt64) {
        (Self.mix(high ^ low >> 7), Self.mix(low ^ high >> 11))
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var bits = value
        bits ^= bits >> 33
        bits &*= 0xFF51_AFD7_ED55_8CCD
        bits ^= bits >> 33
        bits &*= 0xC4CE_B9FE_1A85_EC53
        bits ^= bits >> 33
        return bits
    }
}

/// A finished 128-bit ``StableHasher`` result, as two words.
typealias StableDigest = (high: UInt64, low: UInt64)

extension StableHasher {
    /// Feeds both words of a digest.
    mutating func combine(_ digest: StableDigest) {
        combine(digest.high)
        combine(digest.low)
    }

    /// The digest of what `body` feeds to a new hasher.
    static func digest(_ body: (inout StableHasher) -> Void) -> StableDigest {
        var hasher = StableHasher()
        body(&hasher)
        return hasher.finalize()
    }
}
