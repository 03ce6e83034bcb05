// The navigation-stack operations of the peers (push, pop, pop to a screen, pop the last k,
// pop to root), as state changes: the events come from the engine, one `pop` per frame in a
// container that stays. They work on hand-written and schema-driven trees alike.

extension StepNode {
    /// The container the visible screen's pushes go to: the root path, or the path of the tab
    /// or presented step it lies in (SPEC §2, region).
    /// - Complexity: O(*d*) for a tree of depth *d*.
    public var visibleContainer: StepPath {
        let visible = visibleScreen
        guard let resolved = resolve(visible) else { return .root }
        var owner = 0
        for (depth, (step, node)) in zip(resolved.steps, resolved.nodes).enumerated() {
            guard case .child(let index) = step else { continue }
            switch node.childKind(index) {
            case .tab, .present: owner = depth + 1
            case .inline, .push, .stack: break
            }
        }
        return resolved.prefix(owner)
    }

    /// The frames pushed in a container, bottom first: pushed steps and stack elements, each
    /// with its identity.
    /// - Parameter container: The root path, or the path of a tab or a presented step; any
    ///   other step, or one not mounted, has no frames.
    /// - Returns: The frames, bottom first.
    /// - Complexity: O(*m*) for *m* mounted nodes.
    public func frames(in container: StepPath) -> [ScreenFrame] {
        frames(in: container, rendering: ScreenRendering(StepStorage.make(self)))
    }

    /// Pushes a screen: selects `path`, and where the path enters a stack through a segment
    /// that is not one of its element ids, pushes a new element there, with `id` or a minted
    /// one, and goes on inside it.
    ///
    /// ```swift
    /// try steps.push(path: "profile/friends")              // a new friend's profile: "…/1"
    /// try steps.push(path: "home/path/status", with: s)    // a new element showing a status
    /// try steps.push(path: "profile/detail")               // a pushed step: selected
    /// ```
    ///
    /// For a destination stack, the segment after the stack names the destination; the
    /// element's path is then `…/path/<id>`, its destination `…/path/<id>/status`. A segment
    /// after a stack is read as one of its element ids first, then as a step of a new element:
    /// so an explicit id may not be the key of an element's step (a destination's name), and a
    /// path that ends at an element the stack holds is refused, as its id is a duplicate.
    /// - Parameters:
    ///   - path: The screen to push.
    ///   - id: The new element's id; `nil` mints one. Only for a path that pushes an element.
    ///   - value: The last step's new value (a renewal, as ``select(path:with:)`` makes); for a
    ///     path that ends at the stack, the new element itself.
    /// - Returns: The path of the frame pushed: the new element, or `path`.
    /// - Throws: ``StepPathError`` for a bad path, an invalid or duplicate `id` (naming the
    ///   stack), a path that ends at an element the stack holds
    ///   (``StepPathError/duplicateElementID(_:in:)``), an `id` that is a step's key
    ///   (``StepPathError/invalidElementID(_:in:)``), a stack whose counter has run out of
    ///   numbers (``StepPathError/duplicateElementID(_:in:)`` naming the id it cannot mint), a
    ///   value of the wrong type, or an `id` for a path that pushes no element; the value is
    ///   unchanged.
    /// - Complexity: O(*d*) for a path of depth *d*, plus O(*n*) for a stack of at most 16
    ///   elements.
    @discardableResult
    public mutating func push(
        path: StepPath, id: String? = nil, with value: (any StepValue)? = nil
    ) throws(StepPathError) -> StepPath {
        let plan = try PushPlan(path: path.checked(), id: id, in: StepStorage.make(self))
        guard plan.stack != nil else {
            // A path to an element the stack holds pushes nothing: a push pushes or throws.
            if plan.endsAtElement, let last = path.last {
                throw .duplicateElementID(last, in: StepPath(Array(path.segments.dropLast())))
            }
            if id != nil { throw .notAStack(path) }
            try edit(path: path, value.map { .select(with: $0) } ?? .select(fresh: false))
            return path
        }
        return try push(plan, inside: plan.after.count, id: id, with: value)
    }

    /// Pushes a new element where `plan` says, and selects the first `count` segments after
    /// the stack inside it, the last renewed with `value` (with none, and `count` 0, `value`
    /// is the element itself): ``push(path:id:with:)`` with its path already walked.
    /// - Parameters:
    ///   - plan: A plan that pushes an element, made from this value.
    ///   - count: How many of the plan's segments after the stack to select, at most all.
    ///   - id: The new element's id, which `plan` checked; `nil` mints one.
    ///   - value: The new screen's value.
    /// - Returns: The path of the new element.
    /// - Throws: What ``push(path:id:with:)`` throws; the value is unchanged.
    @discardableResult
    package mutating func push(
        _ plan: PushPlan, inside count: Int, id: String? = nil, with value: (any StepValue)?
    ) throws(StepPathError) -> StepPath {
        guard let stack = plan.stack else { preconditionFailure("a plan that pushes nothing") }
        let rest = Array(plan.after.prefix(count))
        let element = try plan.element(for: value, inside: rest)
        let frame = try push(element.box, id: id, onto: stack)
        if !rest.isEmpty, !element.showsRest {
            let inside = StepPath(frame.segments + rest)
            try edit(path: inside, value.map { .select(with: $0) } ?? .select(fresh: false))
        }
        return frame
    }

    /// Pushes `element` on a stack of its type, with `id` or a minted one, and selects the
    /// stack's path.
    ///
    /// ```swift
    /// try steps.push(Destination.status(StatusScreen(id: 42)))  // onto the selected tab's stack
    /// ```
    /// - Parameters:
    ///   - element: The new element: a node, or a destination.
    ///   - id: Its id; `nil` mints one.
    ///   - stack: The stack's path; `nil` takes the stack of `Element`s where a push lands,
    ///     the rule a link's `./…` target shares: from the visible screen up to the root, the
    ///     first node that is such a stack, or has one as a child (the one its push layer
    ///     selects first); failing that, the same search in the selected tab beneath a modal
    ///     that covers it (a sheet over every tab), from the screen the tab shows up to the tab.
    /// - Returns: The path of the new element.
    /// - Throws: ``StepPathError/noStack(of:near:)`` when no stack takes `element`, and
    ///   ``StepPathError`` for a bad path, or an invalid or duplicate `id` (naming the stack);
    ///   the value is unchanged.
    /// - Complexity: O(*d*) for depth *d*, plus O(*c*) for the *c* children met looking for the
    ///   stack.
    @discardableResult
    public mutating func push<Element: StepValue>(
        _ element: Element, id: String? = nil, onto stack: StepPath? = nil
    ) throws(StepPathError) -> StepPath {
        // The element's box is built once, by the stack found, and the push edit takes it.
        let (stack, box) = try { () throws(StepPathError) in
            guard let stack else { return try nearestStack(holding: element) }
            return (stack, try elementBox(for: element, onto: stack))
        }()
        return try push(box, id: id, onto: stack)
    }

    /// Pushes `element`, a box the stack at `stack` built (`nil`: a new element in its initial
    /// state), with `id` or a minted one; returns the new element's path.
    private mutating func push(
        _ element: StepNodeStorage?, id: String?, onto stack: StepPath
    ) throws(StepPathError) -> StepPath {
        let push = StepEdit.push(id: id, element: element)
        try edit(path: stack, push)
        // The edit tells the id it gave; one that changed nothing leaves the top where it was.
        if let pushed = push.pushedID { return stack.appending(pushed) }
        let node = try ResolvedPath(stack.parts, from: StepStorage.make(self)).target
        return stack.appending(node.element(node.elementCount - 1).id)
    }

    /// The box of a new element holding `element`, built by the stack at `stack`.
    /// - Throws: ``StepPathError`` for a bad path, a path to a node that is not a stack, or a
    ///   stack that cannot hold `element`.
    private func elementBox<Element: StepValue>(
        for element: Element, onto stack: StepPath
    ) throws(StepPathError) -> StepNodeStorage {
        let node = try ResolvedPath(stack.checked().parts, from: StepStorage.make(self)).target
        guard node.isStack else { throw .notAStack(stack) }
        guard let box = node.elementBox(for: element) else {
            throw .valueMismatch(String(describing: Element.self), at: stack)
        }
        return box
    }

    /// The stack of `Element`s where a push of `element` lands (``PushScope``'s rule: nearest
    /// the visible screen, else in the selected tab beneath it), and the box of the new element
    /// it built.
    ///
    /// A stack is matched by its elements' type identity, with no type test; only a matching
    /// stack builds the box (a destination its list leaves out builds none: the search goes on).
    private func nearestStack<Element: StepValue>(
        holding element: Element
    ) throws(StepPathError) -> (StepPath, StepNodeStorage) {
        let type = ObjectIdentifier(Element.self)
        let scope = PushScope(StepStorage.make(self))
        for place in scope.places {
            let node = place.node
            if node.isStack, node.elementType == type, let box = node.elementBox(for: element) {
                return (place.path, box)
            }
            var candidates = Array(0..<node.childCount).filter { node.childKind($0).isStack }
            if let selected = node.selectedIndex(in: .push),
                let first = candidates.firstIndex(of: selected)
            {
                candidates.swapAt(0, first)
            }
            for index in candidates {
                let stack = node.child(index).storage
                if stack.elementType == type, let box = stack.elementBox(for: element) {
                    return (place.path.appending(node.childKey(index)), box)
                }
            }
        }
        throw .noStack(of: String(describing: Element.self), near: scope.visible)
    }

    /// Pops the top frame of `container`.
    /// - Parameter container: The container; the visible one (``visibleContainer``) by default.
    /// - Returns: The path of the frame popped, or `nil` when the container had none.
    /// - Complexity: O(*m*) for *m* mounted nodes.
    @discardableResult
    public mutating func pop(in container: StepPath? = nil) -> StepPath? {
        pop(last: 1, in: container).first
    }

    /// Pops the top `count` frames of `container` (all of them if it has fewer).
    /// - Parameters:
    ///   - count: How many frames to pop.
    ///   - container: The container; the visible one by default.
    /// - Returns: The paths of the frames popped, bottom first.
    /// - Complexity: O(*m*) for *m* mounted nodes.
    @discardableResult
    public mutating func pop(last count: Int, in container: StepPath? = nil) -> [StepPath] {
        let frames = frames(in: container ?? visibleContainer)
        return removeFrames(frames.suffix(max(0, count)))
    }

    /// Pops every frame above the one whose last segment is `id` (a step key or an element id),
    /// the topmost such frame; that one stays on top (KVKFlowCoordinators' pop to an id).
    /// - Parameters:
    ///   - id: The key or element id of the frame to keep on top.
    ///   - container: The container; the visible one by default.
    /// - Returns: The paths of the frames popped, bottom first.
    /// - Throws: ``StepPathError/unknownStep(_:in:)`` when no frame of the container ends in
    ///   `id`; the value is unchanged.
    /// - Complexity: O(*m*) for *m* mounted nodes.
    @discardableResult
    public mutating func pop(to id: String, in container: StepPath? = nil) throws(StepPathError)
        -> [StepPath]
    {
        let container = container ?? visibleContainer
        let frames = frames(in: container)
        // Ids are compared by their scalars, as everywhere: `é` is not `e` + U+0301.
        guard
            let index = frames.lastIndex(where: {
                $0.path.last.map { StepPath.sameSegment($0, id) } ?? false
            })
        else {
            throw .unknownStep(id, in: container)
        }
        return removeFrames(frames[(index + 1)...])
    }

    /// Pops every frame of `container`: its root screen is shown again.
    /// - Parameter container: The container; the visible one by default.
    /// - Returns: The paths of the frames popped, bottom first.
    /// - Complexity: O(*m*) for *m* mounted nodes.
    @discardableResult
    public mutating func popToRoot(in container: StepPath? = nil) -> [StepPath] {
        removeFrames(frames(in: container ?? visibleContainer)[...])
    }

    /// Pops every frame of `container` for the user's gesture (a tab re-tap): as
    /// ``popToRoot(in:)``, refused whole when a pop would take away a modal that no gesture may
    /// dismiss.
    /// - Throws: ``StepPathError/notUserDismissible(_:)`` naming that modal; the value is
    ///   unchanged.
    /// - Complexity: O(*m*) for *m* mounted nodes.
    mutating func popToRootByUser(in container: StepPath) throws(StepPathError) {
        var popped = self
        for frame in frames(in: container).reversed() {
            try popped.removeByUser(path: frame.path)
        }
        self = popped
    }

    /// Removes `frames`, topmost first, as the user would; their paths, bottom first.
    private mutating func removeFrames(_ frames: ArraySlice<ScreenFrame>) -> [StepPath] {
        for frame in frames.reversed() {
            // Each path comes from this value, top first, so it still names a frame.
            do {
                try close(path: frame.path)
            } catch {
                assertionFailure("a frame on screen could not be removed: \(error)")
            }
        }
        return frames.map(\.path)
    }
}
