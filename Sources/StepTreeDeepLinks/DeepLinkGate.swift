import StepTree

/// A precondition a link waits for, such as being signed in: the screen that asks for it (a
/// login cover) and a name the app opens it by (``DeepLinkInbox/gateDidOpen(_:)``).
public struct DeepLinkGate: Hashable, Sendable {
    /// The name the app opens the gate by.
    public let name: String
    /// The screen shown while a link waits, with ``DeepLinkLanding/show`` semantics.
    public let screen: StepPath

    /// Creates a gate.
    public init(_ name: String, screen: StepPath) {
        self.name = name
        self.screen = screen
    }
}
