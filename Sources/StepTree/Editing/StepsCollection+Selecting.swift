// A hand-written node's own select and deselect: edits, so they sit with the editor rather than
// with the protocol (Model/Vocabulary/StepsCollection.swift).

extension StepsCollection {
    /// Selects the child `key` in its layer, in this node only.
    ///
    /// A pushed or presented child it replaces is deselected and starts afresh when opened again.
    /// Like every select API, it reports the change to ``StepsObservation/observer``.
    /// - Complexity: O(1), plus the cost of resetting a replaced child.
    public mutating func select(_ key: Key) {
        perform(.select(fresh: false), on: [key.rawValue[...]])
    }

    /// Deselects the child `key` if it is selected; a tab cannot be deselected and is left as
    /// it is.
    /// - Complexity: O(1), plus the cost of resetting the child.
    public mutating func deselect(_ key: Key) {
        guard Self.steps.kind(of: key) != .tab else { return }
        perform(.deselect, on: [key.rawValue[...]])
    }

    /// Runs an edit whose path is made of this node's own keys, so it cannot fail, reporting
    /// into `sink`.
    mutating func perform(
        _ edit: StepEdit, on segments: [Substring], reporting sink: SelectionSink = .observers
    ) {
        do {
            try self.edit(segments, edit, reporting: sink)
        } catch {
            assertionFailure("a typed path failed: \(error)")
        }
    }
}
