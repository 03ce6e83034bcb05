import StepTree

/// What a tolerant restoration changed in a saved state to fit the current tree: everything
/// not listed was kept as it was saved.
public struct RestorationReport: Hashable, Sendable, CustomStringConvertible {
    /// One change, naming the step it was made at.
    public enum Change: Hashable, Sendable, CustomStringConvertible {
        /// A migration renamed the step at the path to the key.
        case renamed(StepPath, to: String)
        /// The step no longer exists in the tree; it and its subtree were dropped.
        case droppedStep(StepPath)
        /// A field the step no longer has was dropped.
        case droppedField(String, at: StepPath)
        /// A stack element that no longer decodes (its type was removed or changed) was
        /// dropped, with the elements above it kept.
        case droppedElement(String, in: StepPath)
        /// A field that no longer decodes (a payload of another type, a selection of a step
        /// that is gone) was put back to its initial value.
        case reset(String, at: StepPath)
        /// A field that the saved state lacks (a step or payload field new in this version)
        /// starts from its initial value.
        case filledIn(String, at: StepPath)

        /// A phrase that says what changed and where, quoting an excerpt of a saved field or id,
        /// with control and bidirectional-formatting characters written as escapes (`\u{1B}`).
        public var description: String { PrintableText.printable(phrase) }

        private var phrase: String {
            switch self {
            case .renamed(let path, let key): "renamed \(path) to '\(key)'"
            case .droppedStep(let path): "dropped the step \(path), which no longer exists"
            case .droppedField(let field, let path):
                "dropped the unknown field '\(StepPath.excerpt(field))' of \(path)"
            case .droppedElement(let id, let path):
                "dropped the element '\(StepPath.excerpt(id))' of \(path), which no longer decodes"
            case .reset(let field, let path):
                "reset '\(StepPath.excerpt(field))' of \(path), which no longer decodes"
            case .filledIn(let field, let path):
                "filled in '\(field)' of \(path) from its initial value"
            }
        }
    }

    /// The changes, in the order they were made.
    public internal(set) var changes: [Change] = []

    /// Whether the saved state fit the tree as it was.
    public var isClean: Bool { changes.isEmpty }

    /// One change per line; `clean` when there is none.
    public var description: String {
        isClean ? "clean" : changes.map(\.description).joined(separator: "\n")
    }
}
