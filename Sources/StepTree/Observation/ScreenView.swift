/// One screen view for analytics: the screen that became visible, the one it replaced and how
/// long that one was shown.
public struct ScreenView: Hashable, Sendable, CustomStringConvertible {
    /// The screen now visible (see ``StepNode/visibleScreen``).
    public let screen: StepPath
    /// The screen it replaced, if known.
    public let previous: StepPath?
    /// How long `previous` was visible, if its start is known.
    public let previousDuration: Duration?
    /// What caused the change.
    public let cause: NavigationCause

    /// Creates a screen view record.
    public init(
        screen: StepPath, previous: StepPath?, previousDuration: Duration?, cause: NavigationCause
    ) {
        self.screen = screen
        self.previous = previous
        self.previousDuration = previousDuration
        self.cause = cause
    }

    /// `screen (after previous, duration) [cause]`.
    public var description: String {
        var text = "\(screen)"
        if let previous {
            text += " (after \(previous)"
            if let previousDuration { text += ", \(previousDuration)" }
            text += ")"
        }
        return text + " [\(cause)]"
    }
}
