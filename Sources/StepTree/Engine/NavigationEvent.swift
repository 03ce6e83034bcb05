/// One change a UI layer applies to get from one screen to the next (SPEC §3).
///
/// `description` is the text form of SPEC §5, for example `push /profile/detail` or
/// `select / home -> profile`. The event also carries the ``StepIdentity`` of the step it is
/// about, which the text form leaves out, so that a UI can key the screen on it.
public struct NavigationEvent: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// The node switched its content-layer selection (a tab switch, an inline variant); `nil`
        /// means nothing selected.
        case select(oldKey: String?, newKey: String?)
        /// A tab or inline variant was renewed in place: rebuild that content from the new
        /// state.
        case replace
        /// A screen was pushed on its container's navigation stack.
        case push
        /// The top screen of a container's navigation stack was popped.
        case pop
        /// A modal was presented on top of the window chain.
        case present(PresentationStyle)
        /// The topmost modal was dismissed.
        case dismiss(PresentationStyle)
    }

    /// What happened.
    public let kind: Kind
    /// The path of the step the event is about (the node, for `select`).
    public let path: StepPath
    /// The identity of that step in the state where it is on screen: the new state for
    /// `select`, `replace`, `push` and `present`, the old one for `pop` and `dismiss`.
    public let identity: StepIdentity

    /// Creates an event.
    public init(_ kind: Kind, _ path: StepPath, identity: StepIdentity) {
        self.kind = kind
        self.path = path
        self.identity = identity
    }

    /// The text form of SPEC §5.
    public var description: String {
        switch kind {
        case .select(let old, let new): "select \(path) \(old ?? "-") -> \(new ?? "-")"
        case .replace: "replace \(path)"
        case .push: "push \(path)"
        case .pop: "pop \(path)"
        case .present(let style): "present \(path) \(style)"
        case .dismiss(let style): "dismiss \(path) \(style)"
        }
    }
}
