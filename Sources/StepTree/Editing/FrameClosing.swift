// Closing a screen from inside: the screen names itself by its frame, so a close that comes
// late (after a pop, a renewal, a new element at the same path) changes nothing. `close` takes
// that screen alone away; `pop(from:)` takes it and every frame above it (a path truncated).

extension StepNode {
    /// Closes the screen `frame` names, if this state still shows it: the step at its path
    /// with its identity.
    ///
    /// A pushed step is deselected; a stack element is removed, alone (the elements above it
    /// stay, with their state); a presented step is dismissed with what it presents. A frame
    /// that is gone (its path names no step, or a step that is not selected, or one with another
    /// identity: renewed, or a new element at the same path), a container root (the root, a
    /// tab) or a request changes nothing.
    ///
    /// ```swift
    /// Button("Done") { navigator.close(frame) }  // the frame the view was made for
    /// ```
    /// - Parameter frame: The screen to close, read from a state (``frames(in:)``,
    ///   ``ScreenChanges``, a frames binding).
    /// - Returns: Whether it closed the screen; `false` leaves the value unchanged.
    /// - Complexity: O(*d*) for a path of depth *d*; for a stack element, plus O(log *n*) for a
    ///   stack of *n* elements and moving the entries above it down by one.
    @discardableResult
    public mutating func close(_ frame: ScreenFrame) -> Bool {
        guard let identity = frame.identity, !frame.path.isRoot, let resolved = resolve(frame.path),
            resolved.isSelected, resolved.identity == identity, let last = resolved.steps.last
        else { return false }
        switch last {
        case .element:
            return (try? edit(path: frame.path, .removeAlone)) != nil
        case .child(let index):
            switch resolved.parent.childKind(index) {
            case .push, .present:
                return (try? deselect(path: frame.path)) != nil
            case .inline, .tab, .stack:
                return false
            }
        }
    }

    /// Pops the screen `frame` names and every frame above it in its container, if this state
    /// still shows it: TCA's `popFrom`, a `NavigationStack` path cut at the frame.
    ///
    /// A stack element is removed with the elements above it; a pushed or presented step is
    /// deselected, with what it pushes and presents. ``close(_:)`` removes the screen alone.
    ///
    /// ```swift
    /// try navigator.pop(from: frame)  // back to the screen under `frame`
    /// ```
    /// - Parameter frame: The first screen to pop, read from a state.
    /// - Throws: ``StaleFrameError`` for a frame this state does not show (gone, renewed,
    ///   another element at its path), a container root or a request; the value is unchanged.
    /// - Complexity: O(*d*) for a path of depth *d*; for a stack element, plus O(*n*) for a
    ///   stack of *n* elements.
    public mutating func pop(from frame: ScreenFrame) throws(StaleFrameError) {
        let stale = StaleFrameError(path: frame.path)
        guard let identity = frame.identity, !frame.path.isRoot, let resolved = resolve(frame.path),
            resolved.isSelected, resolved.identity == identity, let last = resolved.steps.last,
            let parent = frame.path.parent
        else { throw stale }
        // The frame is on screen, so these edits of it and of its stack cannot fail.
        switch last {
        case .element(let index):
            let kept = (0..<index).map { resolved.parent.element($0).id }
            guard (try? setStack(path: parent, ids: kept)) != nil else { throw stale }
        case .child(let index):
            switch resolved.parent.childKind(index) {
            case .push, .present:
                guard (try? deselect(path: frame.path)) != nil else { throw stale }
            case .inline, .tab, .stack: throw stale
            }
        }
    }
}
