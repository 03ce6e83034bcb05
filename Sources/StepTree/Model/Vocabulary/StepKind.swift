/// How a child step is shown relative to its parent (SPEC §1).
public enum StepKind: Hashable, Sendable {
    /// One of the parent's tabs: it stays mounted and keeps its own navigation stack.
    case tab
    /// Replaces the parent's content in place.
    case inline
    /// Pushed on the navigation stack above the parent's screen.
    case push
    /// Presented modally above everything shown from the parent, with a style.
    case present(PresentationStyle)
    /// A dynamic, ordered list of elements, each pushed above the previous one.
    case stack

    /// Whether steps of this kind appear as frames (`push`, `present`, `stack`).
    public var isFrame: Bool {
        switch self {
        case .tab, .inline: false
        case .push, .present, .stack: true
        }
    }
}

/// The style of a modal presentation: `sheet`, `cover`, or a custom name.
public struct PresentationStyle: RawRepresentable, Hashable, Sendable, Codable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The style's name, as written in events.
    public let rawValue: String

    /// A sheet (`.sheet` in SwiftUI, a page sheet in UIKit).
    public static let sheet = PresentationStyle(rawValue: "sheet")
    /// A full-screen cover.
    public static let cover = PresentationStyle(rawValue: "cover")

    /// Creates a style with the given name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a style from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The style's name.
    public var description: String { rawValue }
}
