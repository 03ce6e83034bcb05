/// One change a UI layer applies to get from one screen to the next (SPEC §3).
///
/// `description` is the text form of SPEC §5, for example `push /profile/detail` or
/// `select / home -> profile`.
public enum NavigationEvent: Hashable, Sendable, CustomStringConvertible {
    /// The node at the path switched its selected child between two non-frame children (a tab
    /// switch, an inline variant); `nil` means nothing selected.
    case select(StepPath, from: String?, to: String?)
    /// A screen was pushed on its container's navigation stack.
    case push(StepPath)
    /// The top screen of a container's navigation stack was popped.
    case pop(StepPath)
    /// A modal was presented above everything.
    case present(StepPath, style: PresentationStyle)
    /// The topmost modal was dismissed.
    case dismiss(StepPath, style: PresentationStyle)

    /// The path of the step the event is about.
    public var path: StepPath {
        switch self {
        case .select(let path, _, _), .push(let path), .pop(let path), .present(let path, _),
            .dismiss(let path, _):
            path
        }
    }

    /// The text form of SPEC §5.
    public var description: String {
        switch self {
        case .select(let path, let old, let new): "select \(path) \(old ?? "-") -> \(new ?? "-")"
        case .push(let path): "push \(path)"
        case .pop(let path): "pop \(path)"
        case .present(let path, let style): "present \(path) \(style)"
        case .dismiss(let path, let style): "dismiss \(path) \(style)"
        }
    }
}
