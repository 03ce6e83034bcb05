/// Finds which of a node's child keys a path segment names, comparing words rather than strings:
/// each key's length and first 8 UTF-8 bytes, packed in an integer, are compared at once, and
/// only a key longer than 8 bytes is compared further, byte by byte.
///
/// Beyond 8 keys, a segment is looked up by hashing instead, which costs the same for any number.
///
/// Keys are compared exactly, byte for byte, as ``StepPath/sameSegment(_:_:)`` compares them.
///
/// Inlinable, so that the look-up is compiled into the code made for each node type.
@usableFromInline
struct KeyMatcher: Sendable {
    /// Each key's first 8 bytes, packed little-endian, and its length in bytes.
    @usableFromInline let words: [(head: UInt64, length: Int)]
    /// The keys, for the ones longer than 8 bytes.
    @usableFromInline let keys: [String]
    /// Whether there are more than 8 keys, looked up in `positions`.
    @usableFromInline let hashes: Bool
    /// The position of each key, for more than 8 keys (empty otherwise).
    private let positions: [SegmentKey: Int]

    init(_ keys: [String]) {
        self.keys = keys
        hashes = keys.count > 8
        var positions: [SegmentKey: Int] = [:]
        if hashes {
            for (index, key) in keys.enumerated() { positions[SegmentKey(key)] = index }
        }
        self.positions = positions
        words = keys.map { key in key.withUTF8Bytes { (Self.head(of: $0), $0.count) } }
    }

    /// The first 8 bytes of `bytes` (fewer for a shorter text), packed little-endian.
    @_alwaysEmitIntoClient @inline(__always)
    static func head(of bytes: SegmentBytes) -> UInt64 {
        var head: UInt64 = 0
        for (index, byte) in bytes.prefix(8).enumerated() {
            head |= UInt64(byte) &<< (8 &* UInt64(index))
        }
        return head
    }

    /// The index of the key whose UTF-8 bytes are `segment`, if any.
    /// - Complexity: O(*n*) word comparisons for *n* keys, plus a byte comparison of a key
    ///   longer than 8 bytes whose head matches.
    @_alwaysEmitIntoClient @inline(__always)
    func index(of segment: SegmentBytes) -> Int? {
        if hashes { return hashedIndex(of: segment) }
        let head = Self.head(of: segment)
        let length = segment.count
        for index in words.indices {
            let word = words[index]
            guard word.head == head, word.length == length else { continue }
            if length <= 8 || tailMatches(index, segment) { return index }
        }
        return nil
    }

    /// The index of the key `segment`, among more than 8.
    @usableFromInline
    func hashedIndex(of segment: SegmentBytes) -> Int? {
        positions[SegmentKey(String(decoding: segment, as: UTF8.self))]
    }

    /// Whether key `index`, whose first 8 bytes and length match `segment`, matches it whole.
    @usableFromInline
    func tailMatches(_ index: Int, _ segment: SegmentBytes) -> Bool {
        StepPath.sameSegment(keys[index], segment)
    }
}
