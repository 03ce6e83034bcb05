/// The rule every list of element ids follows, a stack's or a tab bar's, whatever its element
/// type (a static of the generic stack would be compiled again for each one).
enum ElementIDs {
    /// Checks that ids are valid segments (``StepPath/isValidSegment(_:)``) and unique.
    /// - Parameters:
    ///   - ids: The ids, bottom first.
    ///   - path: The path of their container, for the error; `nil` when it is not known.
    /// - Throws: `invalidElementID` or `duplicateElementID`, naming the first id at fault.
    /// - Complexity: O(*n*) for *n* bytes of ids.
    static func validate(_ ids: [String], at path: StepPath?) throws(StepPathError) {
        var seen = SegmentSet()
        for id in ids {
            if !StepPath.isValidSegment(id) { throw .invalidElementID(id, in: path) }
            if !seen.insert(id) { throw .duplicateElementID(id, in: path) }
        }
    }
}
