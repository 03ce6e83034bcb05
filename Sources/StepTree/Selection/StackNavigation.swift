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
    public func frames(in container: StepPath) -> [StepFrame] {
        frames(in: container, rendering: ScreenRendering(StepStorage.make(self)))
    }

    /// Pushes the step at `path`: selects it, and when `path` ends in an id that the stack at
    /// its parent does not hold, appends a new element with that id.
    ///
    /// ```swift
    /// try steps.push(path: "profile/friends/carl")  // a new friend's profile on top
    /// ```
    /// - Throws: ``StepPathError``; the value is unchanged.
    /// - Complexity: O(*d* + *n*) for depth *d* and a stack of *n* elements.
    public mutating func push(path: StepPath) throws(StepPathError) {
        do {
            try select(path: path)
        } catch {
            guard case .unknownElement(let id, let stack) = error,
                stack.segments.count == path.segments.count - 1,
                let elements = resolve(stack)?.target, elements.isStack
            else { throw error }
            let ids = (0..<elements.elementCount).map { elements.element($0).id }
            try setStack(path: stack, ids: ids + [id])
        }
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
        guard let index = frames.lastIndex(where: { $0.path.last == id }) else {
            throw .unknownStep(id, in: container)
        }
        return removeFrames(frames[(index + 1)...])
    }

    /// Pops every frame above position `index` (0 is the bottom frame); a negative index pops
    /// them all, one past the top pops none.
    /// - Parameters:
    ///   - index: The position of the frame to keep on top.
    ///   - container: The container; the visible one by default.
    /// - Returns: The paths of the frames popped, bottom first.
    /// - Complexity: O(*m*) for *m* mounted nodes.
    @discardableResult
    public mutating func pop(toIndex index: Int, in container: StepPath? = nil) -> [StepPath] {
        let frames = frames(in: container ?? visibleContainer)
        return removeFrames(frames[min(frames.count, max(0, index + 1))...])
    }

    /// Pops every frame of `container`: its root screen is shown again.
    /// - Parameter container: The container; the visible one by default.
    /// - Returns: The paths of the frames popped, bottom first.
    /// - Complexity: O(*m*) for *m* mounted nodes.
    @discardableResult
    public mutating func popToRoot(in container: StepPath? = nil) -> [StepPath] {
        removeFrames(frames(in: container ?? visibleContainer)[...])
    }

    /// Removes `frames`, topmost first, as the user would; their paths, bottom first.
    private mutating func removeFrames(_ frames: ArraySlice<StepFrame>) -> [StepPath] {
        for frame in frames.reversed() {
            // Each path comes from this value, top first, so it still names a frame.
            do {
                try remove(path: frame.path)
            } catch {
                assertionFailure("a frame on screen could not be removed: \(error)")
            }
        }
        return frames.map(\.path)
    }
}
