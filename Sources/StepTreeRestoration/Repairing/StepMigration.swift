import StepTree

/// A change of the tree between app versions that a restoration applies to an older save
/// before reading it.
public struct StepMigration: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case rename(StepPath, to: String)
    }

    let kind: Kind

    /// The step at `path` (element ids included) was renamed to `key`; its state and the
    /// selections that name it move to the new key.
    ///
    /// Saves that have no step at `path` are left as they are. In a hand-written tree, a step
    /// belongs to its node's type: the rename also reaches the same step of every node of that
    /// type inside stack elements (the elements of a recursive stack below `path`, at any
    /// depth). `key` must be a key a step can have: a restoration refuses a rename to `""` or
    /// to a key with a `/` (``RestorationError/unrepairable(at:_:)``), which would drop the
    /// step.
    public static func rename(_ path: StepPath, to key: String) -> StepMigration {
        StepMigration(kind: .rename(path, to: key))
    }
}
