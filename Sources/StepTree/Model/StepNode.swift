/// A value that can be the root of a step tree: a hand-written ``StepsCollection`` or a
/// schema-driven ``DynamicSteps``. Path selection, stack changes and diffing work on both through
/// the same engine.
public protocol StepNode: StepValue {}

extension StepNode {
    /// Selects every step along `path` (a deep link): each node on the way selects the next
    /// segment; the rest of the tree keeps its state.
    ///
    /// ```swift
    /// try steps.select(path: "profile/detail/dark")
    /// ```
    ///
    /// - Parameters:
    ///   - path: Child keys and stack element ids separated by `/`, without a leading `/`.
    ///   - fresh: Give the last step a new identity, as selecting it with a new value does.
    /// - Throws: ``StepPathError`` naming the bad segment and where it failed; the value is
    ///   unchanged.
    /// - Complexity: O(*d*) for a path of depth *d*.
    public mutating func select(path: String, fresh: Bool = false) throws(StepPathError) {
        // Resolved from slices of the string: no `StepPath` of copied segments.
        try edit(StepPath.parts(of: path), selecting: true) { resolved throws(StepPathError) in
            try resolved.selection(fresh: fresh)
        }
    }

    /// Selects every step along `path`; see ``select(path:fresh:)-(String,_)``.
    /// - Throws: ``StepPathError``; the value is unchanged.
    public mutating func select(path: StepPath, fresh: Bool = false) throws(StepPathError) {
        try edit(path, selecting: true) { resolved throws(StepPathError) in
            try resolved.selection(fresh: fresh)
        }
    }

    /// Makes the parent of the last segment select nothing, if it selected that step. The other
    /// segments are only followed, not selected.
    /// - Throws: ``StepPathError`` for a bad path, a tab or a stack element; the value is
    ///   unchanged.
    public mutating func deselect(path: String) throws(StepPathError) {
        try deselect(path: StepPath(parsing: path))
    }

    /// Deselects the step at `path`; see ``deselect(path:)-(String)``.
    /// - Throws: ``StepPathError``; the value is unchanged.
    public mutating func deselect(path: StepPath) throws(StepPathError) {
        try edit(path, selecting: false) { resolved throws(StepPathError) in
            try resolved.deselection()
        }
    }

    /// Makes the stack at `path` hold exactly `ids`, in order, and selects the path. Elements
    /// that stay keep their state; the others lose it.
    /// - Throws: ``StepPathError`` for a bad path, a step that is not a stack, or a duplicate,
    ///   empty or `/`-containing id; the value is unchanged.
    /// - Complexity: O(*d* + *n* + *m*) for depth *d*, *n* old and *m* new elements.
    public mutating func setStack(path: String, ids: [String]) throws(StepPathError) {
        try setStack(path: StepPath(parsing: path), ids: ids)
    }

    /// Sets the elements of the stack at `path`; see ``setStack(path:ids:)-(String,_)``.
    /// - Throws: ``StepPathError``; the value is unchanged.
    public mutating func setStack(path: StepPath, ids: [String]) throws(StepPathError) {
        try edit(path, selecting: true) { resolved throws(StepPathError) in
            try resolved.stackReplacement(ids)
        }
    }

    /// Whether every step along `path` is selected (stack elements only need to exist); `false`
    /// for a malformed path.
    public func isSelected(path: String) -> Bool {
        (try? StepPath(parsing: path)).map { isSelected(path: $0) } ?? false
    }

    /// Whether every step along `path` is selected (stack elements only need to exist).
    /// - Complexity: O(*d*) for a path of depth *d* (O(*n*) per stack segment).
    public func isSelected(path: StepPath) -> Bool {
        guard
            let resolved = try? ResolvedPath(
                path.segments.map { Substring($0) }, from: StepStorage.make(self))
        else { return false }
        return zip(resolved.steps, resolved.nodes).allSatisfy { step, node in
            guard case .child(let index) = step else { return true }
            return node.selectedIndex == index
        }
    }

    /// Resolves `path` against this value, lets `plan` turn it into an edit, then applies it.
    /// Nothing is written unless resolution and planning succeed.
    mutating func edit(
        _ path: StepPath, selecting: Bool,
        plan: (ResolvedPath) throws(StepPathError) -> (NodeEdit, ArraySlice<PathStep>)
    ) throws(StepPathError) {
        try edit(path.segments.map { Substring($0) }, selecting: selecting, plan: plan)
    }

    /// Resolves the path made of `segments`, lets `plan` turn it into an edit, then applies it;
    /// see the `StepPath` overload.
    mutating func edit(
        _ segments: [Substring], selecting: Bool,
        plan: (ResolvedPath) throws(StepPathError) -> (NodeEdit, ArraySlice<PathStep>)
    ) throws(StepPathError) {
        if segments.isEmpty { throw .emptyPath }
        // Move the value into a box so that the boxes below it stay uniquely referenced and are
        // edited in place.
        let box = StepStorage.make(consume self)
        defer { self = box.value }
        let report = SelectionReport.start()
        let (edit, along, changes) = try Self.resolve(
            segments, in: box, selecting: selecting, plan: plan, recording: report != nil)
        box.apply(edit, along: along, selecting: selecting)
        if var report {
            report.changes = changes
            report.deliver()
        }
    }

    /// Resolves and plans an edit. Kept apart from `edit(_:selecting:plan:)` so that the
    /// resolved nodes are released before the edit, leaving the boxes uniquely referenced.
    private static func resolve(
        _ segments: [Substring], in box: StepNodeStorage, selecting: Bool,
        plan: (ResolvedPath) throws(StepPathError) -> (NodeEdit, ArraySlice<PathStep>),
        recording: Bool
    ) throws(StepPathError) -> (NodeEdit, ArraySlice<PathStep>, [SelectionChange]) {
        let resolved = try ResolvedPath(segments, from: box)
        let (edit, along) = try plan(resolved)
        guard recording else { return (edit, along, []) }
        return (edit, along, resolved.selectionChanges(edit, along: along, selecting: selecting))
    }
}
