/// A key or element id as a dictionary key, compared and hashed by its Unicode scalars exactly
/// (see ``StepPath/sameSegment(_:_:)``), never by canonical equivalence.
package struct SegmentKey: Hashable, Sendable {
    let text: Substring

    package init(_ text: some StringProtocol) { self.text = Substring(text) }

    package static func == (lhs: SegmentKey, rhs: SegmentKey) -> Bool {
        StepPath.sameSegment(lhs.text, rhs.text)
    }

    package func hash(into hasher: inout Hasher) {
        text.withUTF8Bytes { $0.hash(into: &hasher) }
    }
}
