/// A presented step in the window chain, for `.sheet(item:)` and `.fullScreenCover(item:)`:
/// identified by its screen's identity, so a modal renewed in place is another item.
public struct ScreenModal: Identifiable, Hashable, Sendable, CustomStringConvertible {
    /// The presented step's frame.
    public let frame: ScreenFrame
    /// The presented screen's identity.
    public let id: StepIdentity
    /// How it is presented.
    public let style: PresentationStyle
    /// Whether a gesture may dismiss it; `false`: the adapters disable swiping it away, and the
    /// bindings and ``Navigator/userDidRemove(path:transaction:)`` refuse it.
    public let isUserDismissible: Bool

    init(frame: ScreenFrame, id: StepIdentity, style: PresentationStyle, isUserDismissible: Bool) {
        self.frame = frame
        self.id = id
        self.style = style
        self.isUserDismissible = isUserDismissible
    }

    /// The path of the presented step.
    public var path: StepPath { frame.path }

    /// The path and the style, for example `/profile/settings sheet`.
    public var description: String { "\(frame) \(style)" }
}
