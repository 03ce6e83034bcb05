/// A key or element id as a dictionary key, compared and hashed by its Unicode scalars exactly
/// (see ``StepPath/sameSegment(_:_:)``), never by canonical equivalence.
struct SegmentKey: Hashable, Sendable {
    let text: Substring

    init(_ text: some StringProtocol) { self.text = Substring(text) }

    static func == (lhs: SegmentKey, rhs: SegmentKey) -> Bool {
        StepPath.sameSegment(lhs.text, rhs.text)
    }

    func hash(into hasher: inout Hasher) {
        text.withUTF8Bytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// The position of the segment `bytes` among `keys`, which `index` maps to their positions.
    ///
    /// Up to 8 keys are compared one by one, which is cheaper than hashing the segment.
    /// - Complexity: O(*n*) byte comparisons for *n* ≤ 8 keys, else one hash look-up.
    @inline(__always)
    static func position(of bytes: SegmentBytes, in keys: [String], index: [SegmentKey: Int])
        -> Int?
    {
        guard keys.count <= 8 else {
            return index[SegmentKey(String(decoding: bytes, as: UTF8.self))]
        }
        return keys.firstIndex { StepPath.sameSegment($0, bytes) }
    }
}
