import StepTree

/// A screen that left the window for analytics: a frame or tab that ``ScreenTracker`` saw
/// popped, dismissed or renewed, with the time it was visible in all (zero if never on top).
///
/// Covered or in a tab not selected, a screen is still in the window: it exits only when it
/// leaves (see `ScreenChanges`), so its time adds up every stint on top.
public struct ScreenExit: Hashable, Sendable, CustomStringConvertible {
    /// The screen that left: its path, identity and value when it left.
    public let screen: ScreenFrame
    /// How long it, or a step inside it, was the visible screen while it was in the window.
    public let visibleDuration: Duration
    /// What caused the change that took it out.
    public let cause: NavigationCause
    /// The navigator whose change took it out.
    public let navigator: NavigatorID

    /// Creates a screen exit record.
    /// - Parameters:
    ///   - screen: The screen that left.
    ///   - visibleDuration: How long it was visible in all.
    ///   - cause: What caused the change.
    ///   - navigator: The navigator whose change took it out.
    public init(
        screen: ScreenFrame, visibleDuration: Duration, cause: NavigationCause,
        navigator: NavigatorID = .none
    ) {
        self.screen = screen
        self.visibleDuration = visibleDuration
        self.cause = cause
        self.navigator = navigator
    }

    /// `screen left after duration [cause]`.
    public var description: String {
        "\(screen) left after \(visibleDuration) [\(cause)]"
    }
}
