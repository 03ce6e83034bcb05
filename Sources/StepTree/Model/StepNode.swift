/// A value that can be the root of a step tree: a hand-written ``StepsCollection`` or a
/// schema-driven ``DynamicSteps``.
///
/// Path operations and diffing work on both through the same engine.
///
/// Every path operation resolves and checks its whole path before it writes anything: a bad
/// path throws a ``StepPathError`` naming what and where, and leaves the value unchanged, with
/// no observer call.
public protocol StepNode: StepValue {}

extension StepNode {
    /// Selects every step along `path` (a deep link): each node on the way selects the next
    /// segment in that segment's layer; the other layers and the rest of the tree keep their
    /// state, except that a pushed or presented step replaced in its layer is deselected.
    ///
    /// ```swift
    /// try steps.select(path: "profile/detail/dark")
    /// ```
    ///
    /// - Parameters:
    ///   - path: Child keys and stack element ids separated by `/`; one leading `/` is allowed.
    ///   - fresh: Renew the last step with no value: it gets a new identity.
    /// - Throws: ``StepPathError`` naming the bad segment and where it failed.
    /// - Complexity: O(*d*) for a path of depth *d* (O(*n*) per stack segment of *n* elements),
    ///   plus the size of what a replaced step resets.
    public mutating func select(path: String, fresh: Bool = false) throws(StepPathError) {
        try edit(path: path, .select(fresh: fresh))
    }

    /// Selects every step along `path`; see ``select(path:fresh:)-(String,_)``.
    /// - Throws: ``StepPathError``; the value is unchanged.
    /// - Complexity: O(*d*) for a path of depth *d*.
    public mutating func select(path: StepPath, fresh: Bool = false) throws(StepPathError) {
        try edit(path: path, .select(fresh: fresh))
    }

    /// Selects every step along `path` and renews the last one with `value`, which becomes its
    /// value: a new screen, even when the value is the one it had.
    /// - Parameters:
    ///   - path: The steps to select; the last one must hold values of `value`'s type (a
    ///     `String` for a ``DynamicSteps`` payload).
    ///   - value: The last step's new value.
    /// - Throws: ``StepPathError``, ``StepPathError/valueMismatch(_:at:)`` for a value of
    ///   another type; the value is unchanged.
    /// - Complexity: O(*d* + *s*) for depth *d* and a value whose encoding has size *s*.
    public mutating func select(path: String, with value: some StepValue) throws(StepPathError) {
        try edit(path: path, .select(with: value))
    }

    /// Shows exactly the screen at `path`: selects it as ``select(path:fresh:)-(String,_)``
    /// does, then removes what would cover it.
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
    ///   - fresh: Renew the last step with no value.
    /// - Throws: ``StepPathError``; the value is unchanged.
    /// - Complexity: O(*d*) for a path of depth *d*, plus the size of what is cleared.
    public mutating func show(path: String, fresh: Bool = false) throws(StepPathError) {
        try edit(path: path, .show(fresh: fresh))
    }

    /// Shows exactly the screen at `path`; see ``show(path:fresh:)-(String,_)``.
    /// - Throws: ``StepPathError``; the value is unchanged.
    /// - Complexity: O(*d*) for a path of depth *d*, plus the size of what is cleared.
    public mutating func show(path: StepPath, fresh: Bool = false) throws(StepPathError) {
        try edit(path: path, .show(fresh: fresh))
    }

    /// Shows exactly the screen at `path`, renewing it with `value`; see
    /// ``show(path:fresh:)-(String,_)`` and ``select(path:with:)``.
    /// - Throws: ``StepPathError``; the value is unchanged.
    /// - Complexity: O(*d* + *s*) for depth *d* and a value whose encoding has size *s*.
    public mutating func show(path: String, with value: some StepValue) throws(StepPathError) {
        try edit(path: path, .show(with: value))
    }

    /// Makes the parent of the last segment clear that step's layer, if it selects that step;
    /// a pushed, stacked or presented step goes back to its initial state.
    ///
    /// The other segments are only followed, not selected; a path through a closed pushed, stacked
    /// or presented step changes nothing.
    /// - Throws: ``StepPathError`` for a bad path, a tab or a stack element; the value is
    ///   unchanged.
    /// - Complexity: O(*d*) for a path of depth *d*, plus the size of what is reset.
    public mutating func deselect(path: String) throws(StepPathError) {
        try edit(path: path, .deselect)
    }

    /// Deselects the step at `path`; see ``deselect(path:)-(String)``.
    /// - Throws: ``StepPathError``; the value is unchanged.
    /// - Complexity: O(*d*) for a path of depth *d*.
    public mutating func deselect(path: StepPath) throws(StepPathError) {
        try edit(path: path, .deselect)
    }

    /// Makes the stack at `path` hold exactly `ids`, in order, and selects the path.
    ///
    /// Elements that stay keep their state; the others lose it.
    /// - Throws: ``StepPathError`` for a bad path, a step that is not a stack, or a duplicate,
    ///   empty or `/`-containing id; the value is unchanged.
    /// - Complexity: O(*d* + *n* + *m*) for depth *d*, *n* old and *m* new elements.
    public mutating func setStack(path: String, ids: [String]) throws(StepPathError) {
        try edit(path: path, .setStack(ids))
    }

    /// Sets the elements of the stack at `path`; see ``setStack(path:ids:)-(String,_)``.
    /// - Throws: ``StepPathError``; the value is unchanged.
    /// - Complexity: O(*d* + *n* + *m*) for depth *d*, *n* old and *m* new elements.
    public mutating func setStack(path: StepPath, ids: [String]) throws(StepPathError) {
        try edit(path: path, .setStack(ids))
    }

    /// Removes the screen at `path` as the user did by gesture (swipe back, sheet swiped away):
    /// a stack element goes with every element above it; a pushed or presented step is
    /// deselected.
    ///
    /// Selections elsewhere are left alone.
    /// - Throws: ``StepPathError`` for a bad path or a tab; the value is unchanged.
    /// - Complexity: O(*d* + *n*) for depth *d* and a stack of *n* elements.
    public mutating func remove(path: StepPath) throws(StepPathError) {
        try edit(path: path, .remove)
    }

    /// Removes the screen at `path`; see ``remove(path:)-(StepPath)``.
    /// - Throws: ``StepPathError``; the value is unchanged.
    /// - Complexity: O(*d* + *n*) for depth *d* and a stack of *n* elements.
    public mutating func remove(path: String) throws(StepPathError) {
        try edit(path: path, .remove)
    }

    /// Removes the screen at `path` for the user's gesture: as ``remove(path:)-(StepPath)``,
    /// refused for a modal declared not user-dismissible, or a removal that would take one away.
    /// - Throws: ``StepPathError/notUserDismissible(_:)``, or the errors of
    ///   ``remove(path:)-(StepPath)``; the value is unchanged.
    mutating func removeByUser(path: StepPath) throws(StepPathError) {
        try edit(path: path, .removeByUser)
    }

    /// Replaces this state with `saved`, another state of the same tree built independently (a
    /// restoration).
    ///
    /// On a bare value this is an assignment; diff the two states, or use
    /// ``Navigator/restore(_:)``, to get the events that go straight to the saved screen.
    /// - Complexity: O(1).
    public mutating func restore(_ saved: Self) {
        self = saved
    }

    /// Whether every step along `path` is selected (stack elements only need to exist); `false`
    /// for a malformed path.
    /// - Complexity: O(*d*) for a path of depth *d*.
    public func isSelected(path: String) -> Bool {
        (try? StepPath(parsing: path)).map { isSelected(path: $0) } ?? false
    }

    /// Whether every step along `path` is selected (stack elements only need to exist).
    /// - Complexity: O(*d*) for a path of depth *d* (O(*n*) per stack segment).
    public func isSelected(path: StepPath) -> Bool {
        guard !path.isRoot,
            let resolved = try? ResolvedPath(path.parts, from: StepStorage.make(self))
        else { return false }
        return resolved.isSelected
    }
}

extension StepNode {
    /// Makes `edit` along `path`; a path literal that did not parse throws its error.
    mutating func edit(path: StepPath, _ edit: StepEdit) throws(StepPathError) {
        try self.edit(path.checked().parts, edit)
    }
}

extension StepPath {
    /// The segments as slices, as the editor takes them.
    var parts: [Substring] { segments.map { Substring($0) } }
}
