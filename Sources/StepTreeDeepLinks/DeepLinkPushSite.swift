import StepTree

/// Where a route's path pushes a new element, as ``StepNode/push(path:id:with:)`` reads the
/// path, and what the screen it pushes starts from; found before anything is written.
struct DeepLinkPushSite {
    /// The number of segments of the stack's path: the new element goes after them.
    let stackDepth: Int
    /// Whether the stack holds destinations: the segment after it names the one pushed, whose
    /// payload is the screen; else the screen is the element itself.
    let isDestination: Bool
    /// The initial value of the screen pushed.
    let prototype: any StepValue
    /// Whether the screen takes text (a schema-driven one, or a `String`).
    let takesText: Bool

    /// The site of `path` in `root`, or `nil` for a path that pushes nothing: the first stack
    /// the path enters through a segment that is not one of its ids, or the stack it ends at.
    /// - Parameters:
    ///   - path: The route's filled path.
    ///   - captured: The indexes of the segments captures filled: one after a stack is an id.
    ///   - root: The tree.
    /// - Throws: ``StepPathError/unknownElement(_:in:)`` for a captured segment after a stack
    ///   that names none of its elements, and the error of a segment that names no step.
    /// - Complexity: O(*d*) look-ups for a path of depth *d*.
    init?(_ path: StepPath, captured: Set<Int>, in root: StepNodeStorage) throws(StepPathError) {
        var node = root
        for (depth, segment) in path.segments.enumerated() {
            if node.isStack, node.elementIndex(forID: segment) == nil {
                if captured.contains(depth) {
                    throw .unknownElement(segment, in: StepPath(Array(path.segments[..<depth])))
                }
                try self.init(stack: node, at: depth, of: path)
                return
            }
            guard let (_, next) = segment.withUTF8Bytes({ node.resolve($0) }) else {
                throw .unknown(segment, in: StepPath(Array(path.segments[..<depth])), from: node)
            }
            node = next
        }
        guard node.isStack else { return nil }
        try self.init(stack: node, at: path.segments.count, of: path)
    }

    private init(stack: StepNodeStorage, at depth: Int, of path: StepPath) throws(StepPathError) {
        stackDepth = depth
        let element = stack.initialElement
        guard element.requiresContent, depth < path.segments.count else {
            isDestination = false
            prototype = element.anyValue
            takesText = prototype is String || stack.elementAccepts("")
            return
        }
        let name = path.segments[depth]
        guard let (step, payload) = name.withUTF8Bytes({ element.resolve($0) }),
            case .child(let index) = step
        else {
            let reached = StepPath(Array(path.segments[..<depth]) + ["<new>"])
            throw .unknown(name, in: reached, from: element)
        }
        isDestination = true
        prototype = payload.anyValue
        takesText = prototype is String || element.childAccepts("", at: index)
    }
}
