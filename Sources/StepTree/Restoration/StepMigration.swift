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
    /// Saves that have no step at `path` are left as they are.
    public static func rename(_ path: StepPath, to key: String) -> StepMigration {
        StepMigration(kind: .rename(path, to: key))
    }
}
