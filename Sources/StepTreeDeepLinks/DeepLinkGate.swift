import StepTree

/// A precondition a link waits for, such as being signed in: the screen that asks for it (a
/// login cover), what that screen is shown with, and a name the app opens it by
/// (``DeepLinkInbox/gateDidOpen(_:)``).
///
/// ```swift
/// // "Sign in to fix your pledge", for the project the held link names.
/// let signIn = DeepLinkGate(
///     "signedIn", screen: "signIn", with: SignIn(reason: "pledge"), fillsFromLink: true)
/// ```
public struct DeepLinkGate: Hashable, Sendable {
    /// The name the app opens the gate by.
    public let name: String
    /// The screen shown while a link waits, with ``DeepLinkLanding/show`` semantics.
    public let screen: StepPath
    /// The value the screen is shown with, or `nil` to keep the one it has.
    public let value: (any StepValue)?
    /// Whether the screen's fields named like the held link's captures are set from them (as a
    /// route's screens are: each field from the capture of its name, or the field
    /// `<name as field>` gives), so that it can say what the link is about.
    public let fillsFromLink: Bool

    /// Creates a gate.
    /// - Parameters:
    ///   - name: The name the app opens it by.
    ///   - screen: The screen shown while a link waits.
    ///   - value: The value the screen is shown with; by default the one it has.
    ///   - fillsFromLink: Set the screen's fields named like the held link's captures.
    public init(
        _ name: String, screen: StepPath, with value: (any StepValue)? = nil,
        fillsFromLink: Bool = false
    ) {
        self.name = name
        self.screen = screen
        self.value = value
        self.fillsFromLink = fillsFromLink
    }
}

extension DeepLinkGate {
    /// Gates are equal when their names, screens, values and filling are.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.name == rhs.name && lhs.screen == rhs.screen && lhs.fillsFromLink == rhs.fillsFromLink
            && lhs.value.map { AnyHashable($0) } == rhs.value.map { AnyHashable($0) }
    }

    /// Hashes the name, the screen, the value and the filling.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(screen)
        hasher.combine(value.map { AnyHashable($0) })
        hasher.combine(fillsFromLink)
    }
}
