/// A container of frames: the root, a tab (its own navigation stack) or a presented modal (the
/// navigation stack inside it).
public enum ScreenContainer: Hashable, Sendable, CustomStringConvertible {
    /// The root container.
    case root
    /// The container of the tab at the path.
    case tab(StepPath)
    /// The container of the modal presented at the path.
    case modal(StepPath)

    /// The path of the node that owns the container (`/` for the root).
    public var path: StepPath {
        switch self {
        case .root: .root
        case .tab(let path), .modal(let path): path
        }
    }

    /// The owner's path, as error messages name the container.
    public var description: String { path.description }

    /// Containers sorted by path, so that descriptions and errors are deterministic.
    package static func sorted(_ containers: some Sequence<ScreenContainer>) -> [ScreenContainer] {
        containers.sorted { $0.path.segments.lexicographicallyPrecedes($1.path.segments) }
    }
}
