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
}
