import StepTree

/// One screen view for analytics: the screen that became visible, with its identity and value,
/// the one it replaced and how long that one was shown.
///
/// Views follow identity: the same path with another identity (product 123, then product 456)
/// is another view.
public struct ScreenView: Hashable, Sendable, CustomStringConvertible {
    /// The screen now visible (see `StepNode.visibleScreen`).
    public let screen: StepPath
    /// The screen's identity; `nil` in a record built without one.
    public let identity: StepIdentity?
    /// The visible step's value: its payload for a leaf (`ExploreData`), the node for a node
    /// (a `DynamicSteps` carries its `DynamicSteps.payload`); `nil` in a record built
    /// without one.
    public let value: (any StepValue)?
    /// The screen it replaced, if known.
    public let previous: StepPath?
    /// How long `previous` was visible, if its start is known.
    public let previousDuration: Duration?
    /// What caused the change.
    public let cause: NavigationCause
    /// The navigator whose change showed the screen.
    public let navigator: NavigatorID

    /// Creates a screen view record with no identity or value.
    public init(
        screen: StepPath, previous: StepPath?, previousDuration: Duration?, cause: NavigationCause
    ) {
        self.init(
            screen: screen, identity: nil, value: nil, previous: previous,
            previousDuration: previousDuration, cause: cause, navigator: .none)
    }

    /// Creates a screen view record.
    /// - Parameters:
    ///   - screen: The screen now visible.
    ///   - identity: Its identity.
    ///   - value: The visible step's value.
    ///   - previous: The screen it replaced.
    ///   - previousDuration: How long `previous` was visible.
    ///   - cause: What caused the change.
    ///   - navigator: The navigator whose change showed it.
    public init(
        screen: StepPath, identity: StepIdentity?, value: (any StepValue)?, previous: StepPath?,
        previousDuration: Duration?, cause: NavigationCause, navigator: NavigatorID
    ) {
        self.screen = screen
        self.identity = identity
        self.value = value
        self.previous = previous
        self.previousDuration = previousDuration
        self.cause = cause
        self.navigator = navigator
    }

    /// Views are equal when every field is, values compared as `AnyHashable`.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.screen == rhs.screen && lhs.identity == rhs.identity
            && lhs.value.map(Self.hashable) == rhs.value.map(Self.hashable)
            && lhs.previous == rhs.previous && lhs.previousDuration == rhs.previousDuration
            && lhs.cause == rhs.cause && lhs.navigator == rhs.navigator
    }

    private static func hashable(_ value: any StepValue) -> AnyHashable { AnyHashable(value) }

    /// Hashes every field.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(screen)
        hasher.combine(identity)
        hasher.combine(value.map(Self.hashable))
        hasher.combine(previous)
        hasher.combine(previousDuration)
        hasher.combine(cause)
        hasher.combine(navigator)
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
