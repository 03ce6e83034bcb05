import StepTree

/// Where a route's path pushes a new element, as ``StepNode/push(path:id:with:)`` reads the
/// path (its `PushPlan`, the one walk), and what the screen it pushes starts from; found before
/// anything is written.
struct DeepLinkPushSite {
    /// The path's plan: the stack it pushes on, and the segments after it.
    let plan: PushPlan
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
    ///   - start: The node the path's first segments lead to, when the caller knows it.
    /// - Throws: ``StepPathError/unknownElement(_:in:)`` for a captured segment after a stack
    ///   that names none of its elements, and the error of a segment that names no step.
    /// - Complexity: O(*d*) look-ups for a path of depth *d*.
    init?(
        _ path: StepPath, captured: Set<Int>, in root: StepNodeStorage,
        from start: (depth: Int, node: StepNodeStorage)? = nil
    ) throws(StepPathError) {
        // The root path pushes nothing but on a stack (which a push then refuses).
        if path.segments.isEmpty, !root.isStack { return nil }
        let plan = try PushPlan(path: path, captured: captured, in: root, from: start)
        guard let stack = plan.stack, let stackNode = plan.stackNode else { return nil }
        self.plan = plan
        let element = stackNode.initialElement
        guard element.requiresContent, let name = plan.after.first else {
            isDestination = false
            prototype = element.anyValue
            takesText = prototype is String || stackNode.elementAccepts("")
            return
        }
        guard let (step, payload) = name.withUTF8Bytes({ element.resolve($0) }),
            case .child(let index) = step
        else {
            throw .unknown(name, in: StepPath(stack.segments + ["<new>"]), from: element)
        }
        isDestination = true
        prototype = payload.anyValue
        takesText = prototype is String || element.childAccepts("", at: index)
    }

    /// How many segments after the stack the push itself selects: the destination's name.
    var inside: Int { isDestination ? 1 : 0 }
}
