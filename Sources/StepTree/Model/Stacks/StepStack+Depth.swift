// How deep a stack nests its elements: the depth it keeps, and the bound its elements are
// held to.

extension StepStack {
    /// The levels from the stack's step down to its deepest element: 0 when empty, 1 when no
    /// element holds elements of its own, and otherwise one level per step between the stack
    /// and its deepest element, that element included (`friends` holding `ann`, whose own
    /// `friends` hold `bob`: 3, as the path `ann/friends/bob` counts).
    ///
    /// At most ``StepPath/maximumDepth`` − 2.
    /// - Complexity: O(1) after a push or a set of an element; O(*n*) for *n* elements after an
    ///   edit that leaves it unknown: a change in place (through a path), removing elements
    ///   that hold elements, or ``setIDs(_:makeElement:)``.
    public var depth: Int { knownDepth ?? measuredDepth }

    /// ``depth``, found from the elements.
    var measuredDepth: Int {
        entries.reduce(0) { max($0, Self.levels(of: $1.box)) }
    }

    /// The levels an element adds below its stack: itself, and what it holds.
    static func levels(of box: StepNodeStorage) -> Int { 1 + box.elementDepth }

    /// The most levels a stack's elements may nest: its step is at least one segment below any
    /// root, and the bound of a tree is counted from the root (``StepPath/deepestElement``).
    static var maximumLevels: Int { StepPath.deepestElement - 1 }

    /// The levels the element in `box` would add, or ``StepPathError/tooDeep(_:)`` when there
    /// are more than ``maximumLevels``, with the segments of the screen it would show from the
    /// nearest place a stack can be.
    static func checkedLevels(of box: StepNodeStorage) throws(StepPathError) -> Int {
        let levels = levels(of: box)
        guard levels <= maximumLevels else { throw StepPath.tooDeep(element: 1 + levels) }
        return levels
    }
}
