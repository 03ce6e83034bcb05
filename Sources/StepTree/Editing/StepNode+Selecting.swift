// The path operations of every tree value: here, with the editor they run on, so that the model
// (Model/Vocabulary/StepNode.swift, the protocol) does not know the editor.

extension StepNode {
    /// Selects every step along `path` (a deep link): each node on the way selects the next
    /// segment in that segment's layer; the other layers and the rest of the tree keep their
    /// state, except that a pushed or presented step replaced in its layer is deselected.
    ///
    /// ```swift
    /// try steps.select(path: "profile/detail/dark")
    /// try steps.select(path: "explore", with: ExploreData(query: "swift"))
    /// ```
    ///
    /// - Parameters:
    ///   - path: Child keys and stack element ids; a literal, or ``StepPath/init(parsing:)`` of
    ///     text from outside.
    ///   - value: The last step's new value: it renews the step, a new screen even when the
    ///     value is the one it had. It must be of the type the step holds (a `String` for a
    ///     ``DynamicSteps`` payload).
    /// - Throws: ``StepPathError`` naming the bad segment and where it failed, or
    ///   ``StepPathError/valueMismatch(_:at:)``; the value is unchanged.
    /// - Complexity: O(*d*) for a path of depth *d* (O(*n*) per stack segment of *n* elements),
    ///   plus the size of what a replaced step resets and, with a value, its encoding's size.
    public mutating func select(
        path: StepPath, with value: (any StepValue)? = nil
    ) throws(StepPathError) {
        try edit(path: path, value.map { .select(with: $0) } ?? .select(fresh: false))
    }

    /// Shows exactly the screen at `path`: selects it as ``select(path:with:)`` does, then
    /// removes what would cover it.
    ///
    /// Along the path, the layers above the one the path continues in are cleared and the stack
    /// elements after the addressed one removed; at the target and down its selected content,
    /// pushed and presented steps are cleared (a stack target loses its elements).
    ///
    /// ```swift
    /// try steps.show(path: "cart/checkout")  // dismisses payment and its cover, pops above
    /// ```
    ///
    /// - Parameters:
    ///   - path: The screen to show.
    ///   - value: The last step's new value, as for ``select(path:with:)``.
    /// - Throws: ``StepPathError``; the value is unchanged.
    /// - Complexity: O(*d*) for a path of depth *d*, plus the size of what is cleared.
    public mutating func show(
        path: StepPath, with value: (any StepValue)? = nil
    ) throws(StepPathError) {
        try edit(path: path, value.map { .show(with: $0) } ?? .show(fresh: false))
    }

    /// Selects every step along `path`, as ``select(path:with:)`` does, and renews the last one
    /// with no value: it gets a new identity, a new screen with the same state.
    ///
    /// ```swift
    /// try steps.renew(path: "profile")  // the profile tab, rebuilt from its state
    /// ```
    /// - Throws: ``StepPathError``; the value is unchanged.
    /// - Complexity: O(*d*) for a path of depth *d*.
    public mutating func renew(path: StepPath) throws(StepPathError) {
        try edit(path: path, .select(fresh: true))
    }

    /// Makes the parent of the last segment clear that step's layer, if it selects that step;
    /// a pushed, stacked or presented step goes back to its initial state.
    ///
    /// The other segments are only followed, not selected; a path through a closed pushed, stacked
    /// or presented step changes nothing.
    /// - Throws: ``StepPathError`` for a bad path, a tab or a stack element; the value is
    ///   unchanged.
    /// - Complexity: O(*d*) for a path of depth *d*, plus the size of what is reset.
    public mutating func deselect(path: StepPath) throws(StepPathError) {
        try edit(path: path, .deselect)
    }

    /// Makes the stack at `path` hold exactly `ids`, in order, and selects the path.
    ///
    /// Elements that stay keep their state; the others lose it. New elements start in their
    /// initial state (the first destination, for a destination stack).
    /// - Throws: ``StepPathError`` for a bad path, a step that is not a stack, or a duplicate,
    ///   empty or `/`-containing id; the value is unchanged.
    /// - Complexity: O(*d* + *n* + *m*) for depth *d*, *n* old and *m* new elements.
    public mutating func setStack(path: StepPath, ids: [String]) throws(StepPathError) {
        try edit(path: path, .setStack(ids))
    }

    /// Closes the screen at `path`: a stack element goes with every element above it; a pushed
    /// or presented step is deselected.
    ///
    /// Selections elsewhere are left alone; a path through a closed screen changes nothing.
    /// - Throws: ``StepPathError`` for a bad path or a tab; the value is unchanged.
    /// - Complexity: O(*d* + *n*) for depth *d* and a stack of *n* elements.
    public mutating func close(path: StepPath) throws(StepPathError) {
        try edit(path: path, .remove)
    }

    /// Closes the screen at `path` for the user's gesture: as ``close(path:)``, refused for a
    /// modal declared not user-dismissible, or a removal that would take one away.
    /// - Throws: ``StepPathError/notUserDismissible(_:)``, or the errors of ``close(path:)``;
    ///   the value is unchanged.
    mutating func removeByUser(path: StepPath) throws(StepPathError) {
        try edit(path: path, .removeByUser)
    }

    /// Replaces this state with `saved`, another state of the same tree built independently (a
    /// restoration).
    ///
    /// Diff the two states, or use ``Navigator/restore(_:transaction:)``, to get the events
    /// that go straight to the saved screen.
    ///
    /// The stacks keep the counters of this state where they are ahead of the saved ones, as
    /// every other reset of a stack does: a screen pushed after the restore, in the same change
    /// too, is never minted an id a screen in its place had. The saved elements keep their ids.
    /// So the result is `saved` itself, unless a stack of this state has pushed more than the
    /// same stack of `saved`.
    /// - Complexity: O(1) when no stack of this state has pushed; otherwise O(*s*) for the *s*
    ///   steps outside stack elements.
    public mutating func restore(_ saved: Self) {
        let old = StepStorage.make(self)
        guard old.holdsUsedCounter else {
            self = saved
            return
        }
        let restored = StepStorage.make(saved)
        restored.adoptCounters(from: old)
        self = restored.value
    }

    /// Whether every step along `path` is selected (stack elements only need to exist); `false`
    /// for a literal that did not parse.
    /// - Complexity: O(*d*) for a path of depth *d* (O(*n*) per stack segment).
    public func isSelected(path: StepPath) -> Bool {
        guard !path.isRoot, path.problem == nil,
            let resolved = try? ResolvedPath(path.parts, from: StepStorage.make(self))
        else { return false }
        return resolved.isSelected
    }
}

extension StepPath {
    /// The segments as slices, as the editor takes them.
    package var parts: [Substring] { segments.map { Substring($0) } }
}
