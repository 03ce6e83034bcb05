/// A path checked against one tree value: the storage of each node along it.
package struct ResolvedPath {
    package var steps: [PathStep] = []
    /// `nodes[i]` is the node that `steps[i]` starts from; `nodes.last` is the target.
    package var nodes: [StepNodeStorage] = []
    /// The segments being resolved, of which the first `steps.count` are resolved.
    let segments: [Substring]

    /// The resolved part of the path, for errors and observers.
    var path: StepPath { prefix(steps.count) }

    /// The path of the first `count` segments.
    package func prefix(_ count: Int) -> StepPath {
        StepPath(segments[..<count].map { String($0) })
    }

    /// Resolves `segments` from `root`; reads only.
    /// - Complexity: O(*d*) look-ups for a path of depth *d* (O(*n*) per stack segment for a
    ///   stack of *n* elements).
    package init(_ segments: [Substring], from root: StepNodeStorage) throws(StepPathError) {
        self.segments = segments
        steps.reserveCapacity(segments.count)
        nodes.reserveCapacity(segments.count + 1)
        var node = root
        nodes.append(node)
        for segment in segments {
            guard let (step, next) = segment.withUTF8Bytes({ node.resolve($0) }) else {
                throw .unknown(String(segment), in: path, from: node)
            }
            steps.append(step)
            node = next
            nodes.append(node)
        }
    }

    /// The parent of the target.
    package var parent: StepNodeStorage { nodes[nodes.count - 2] }
    /// The target node.
    package var target: StepNodeStorage { nodes[nodes.count - 1] }

    /// Whether every step along the path is selected (stack elements only need to exist).
    var isSelected: Bool {
        zip(steps, nodes).allSatisfy { step, node in
            guard case .child(let index) = step else { return true }
            return node.selects(index)
        }
    }

}

extension StepPathError {
    /// The error for a segment that names nothing from `node`, which the path `path` leads to:
    /// an unknown element in a stack, else an unknown step.
    package static func unknown(_ segment: String, in path: StepPath, from node: StepNodeStorage)
        -> Self
    {
        unknown(segment, in: path, isStack: node.isStack)
    }

    /// The error for a segment that names nothing from a node that is a stack or not.
    static func unknown(_ segment: String, in path: StepPath, isStack: Bool) -> Self {
        isStack ? .unknownElement(segment, in: path) : .unknownStep(segment, in: path)
    }
}

/// The root of an edit: a node in a box, or a hand-written node edited in place, where the
/// caller holds it, through its table.
enum EditRoot {
    case box(StepNodeStorage)
    case inPlace(InPlaceRoot)
}

/// A hand-written root edited in place: the node's memory and its table.
///
/// Unretained: the caller holds both for the whole edit.
struct InPlaceRoot {
    let node: MutableValueAddress
    let table: Unretained<StepTableShape>

    /// The child that `segment` names, through the code compiled for the root's type.
    func resolve(_ segment: SegmentBytes) -> ResolvedChild? {
        table.with { $0.selection.resolveInPlace(node.readOnly, $0, segment) }
    }
}

/// The first pass of an edit: resolves the segments one by one into `steps`, reading only, and
/// keeps what the edit's checks need, with nothing allocated.
struct PathWalk {
    /// Room for one step per segment; those appended are resolved.
    private(set) var steps: ScratchBuffer<PathStep>
    /// The root held in place, if the edit has one; `node` is `nil` while the walk is at it.
    private let inPlaceRoot: InPlaceRoot?
    // The nodes are unretained: the tree being edited holds them, and is not changed during the
    // walk, so that each level costs no reference counting.
    /// The node the resolved segments lead to: the target once all are resolved; `nil` for a
    /// root held in place.
    private var node: Unretained<StepNodeStorage>?
    /// The node before `node`; `nil` for a root held in place.
    private var parentNode: Unretained<StepNodeStorage>?
    /// The boxes of computed children met on the way, which their nodes need not hold.
    private var keptAlive: [StepNodeStorage] = []
    /// Whether to note closed frames, which only a deselection needs.
    let tracksClosedFrames: Bool
    /// Whether the path passes through (not ending at) a pushed, stacked or presented step
    /// that is not selected, or a destination its element does not show: a closed screen,
    /// whose state there is nothing to change in.
    private(set) var passesThroughClosedFrame = false

    /// A walk from `root`; one from a root held in place must not track closed frames (only
    /// edits that select take that root).
    init(
        from root: EditRoot, into room: ScratchBuffer<PathStep>, tracksClosedFrames: Bool
    ) {
        steps = room
        switch root {
        case .box(let box):
            node = Unretained(box)
            inPlaceRoot = nil
        case .inPlace(let root):
            assert(!tracksClosedFrames, "a root held in place is only taken by selecting edits")
            node = nil
            inPlaceRoot = root
        }
        self.tracksClosedFrames = tracksClosedFrames
    }

    /// The node the resolved segments lead to (the target once all are resolved); `nil` for a
    /// root held in place.
    var target: StepNodeStorage? { node?.object }
    /// The node before `target`; `nil` for a root held in place.
    var parent: StepNodeStorage? { parentNode?.object }
    /// Whether `parent` is a box: a segment was resolved, and not only at a root held in place.
    var hasParent: Bool { parentNode != nil }

    /// Whether the target is a stack (a root held in place is a hand-written node).
    var targetIsStack: Bool { target?.isStack ?? false }

    /// The number of resolved steps.
    var count: Int { steps.count }

    /// The last resolved step.
    var last: PathStep { steps[steps.count - 1] }

    /// Resolves the next segment; `false`, with nothing noted, when it names nothing.
    @inline(__always)
    mutating func take(_ segment: SegmentBytes) -> Bool {
        guard let node else { return takeAtInPlaceRoot(segment) }
        let found = node.with { $0.resolveUnretained(segment) }
        guard let (step, next) = found else { return false }
        if tracksClosedFrames, steps.count < steps.capacity - 1, case .child(let index) = step {
            node.with { node in
                // Inline variants keep their state unselected; a destination keeps none.
                let layer = node.childLayer(index)
                if layer != .content || node.requiresContent,
                    node.selectedIndex(in: layer) != index
                {
                    passesThroughClosedFrame = true
                }
            }
        }
        steps.append(step)
        parentNode = node
        self.node = next.box
        if let computed = next.computed { keptAlive.append(computed) }
        return true
    }

    /// `take` at a root held in place, through the code compiled for its type.
    @inline(__always)
    private mutating func takeAtInPlaceRoot(_ segment: SegmentBytes) -> Bool {
        guard let next = inPlaceRoot?.resolve(segment) else { return false }
        steps.append(.child(next.index))
        node = next.box
        if let computed = next.computed { keptAlive.append(computed) }
        return true
    }
}

/// The segments of a path as an edit reads them: checked first, then handed over one by one as
/// UTF-8 bytes, so that a path text is resolved without being split into an array.
protocol PathSegments {
    /// The number of segments, once their form is checked.
    /// - Throws: ``StepPathError`` for an empty, too deep or malformed path.
    func checkedCount() throws(StepPathError) -> Int

    /// Hands the bytes of each segment to `take`, in order, while it returns `true`: the index of
    /// the segment it refused, or `nil` when it took them all.
    func firstRefused(by take: (SegmentBytes) -> Bool) -> Int?

    /// The segments as slices, for errors and observers (built on each call).
    var slices: [Substring] { get }
}

/// A path text such as `/profile/detail/dark`, checked as ``StepPath/init(parsing:)`` checks it.
struct PathText: PathSegments {
    let text: String

    func checkedCount() throws(StepPathError) -> Int {
        try text.withUTF8Bytes(StepPath.checkedSegmentCount).get()
    }

    func firstRefused(by take: (SegmentBytes) -> Bool) -> Int? {
        text.withUTF8Bytes { StepPath.forEachSegment(in: StepPath.segmentBytes(ofPath: $0), take) }
    }

    var slices: [Substring] { (try? StepPath.parts(of: text)) ?? [] }
}

/// Segments given one by one (typed routes, a ``StepPath``): each may be any text, and one that
/// is empty or contains `/` simply names no step.
extension Array: PathSegments where Element == Substring {
    func checkedCount() throws(StepPathError) -> Int {
        if isEmpty { throw .emptyPath }
        if count > StepPath.maximumDepth { throw .tooDeep(count) }
        return count
    }

    func firstRefused(by take: (SegmentBytes) -> Bool) -> Int? {
        firstIndex { !$0.withUTF8Bytes(take) }
    }

    var slices: [Substring] { self }
}

/// A parsed path's segments, handed over as they are stored.
extension StepPath: PathSegments {
    func checkedCount() throws(StepPathError) -> Int {
        if let problem { throw problem }
        if segments.isEmpty { throw .emptyPath }
        if segments.count > StepPath.maximumDepth { throw .tooDeep(segments.count) }
        return segments.count
    }

    func firstRefused(by take: (SegmentBytes) -> Bool) -> Int? {
        segments.firstIndex { !$0.withUTF8Bytes(take) }
    }

    var slices: [Substring] { segments.map { Substring($0) } }
}
