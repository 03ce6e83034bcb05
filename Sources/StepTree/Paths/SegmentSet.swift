/// Segments seen so far, compared as ``SegmentKey`` compares them, for finding one written
/// twice (element ids, a schema's keys).
///
/// It keeps them in a dictionary rather than a `Set`: the core already carries the code of
/// `[SegmentKey: Int]` for a stack's positions, and a `Set<SegmentKey>` of its own would add about
/// 7 KB of specialized set code to every app.
struct SegmentSet {
    /// The segments, each with a value that means nothing.
    private var members: [SegmentKey: Int] = [:]

    /// Adds `segment`.
    /// - Returns: Whether it was not there yet.
    /// - Complexity: O(*n*) for a segment of *n* UTF-8 bytes, amortized.
    mutating func insert(_ segment: some StringProtocol) -> Bool {
        let key = SegmentKey(segment)
        guard members[key] == nil else { return false }
        members[key] = 0
        return true
    }
}
