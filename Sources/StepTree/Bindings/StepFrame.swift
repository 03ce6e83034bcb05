/// One frame of a navigation container, for `NavigationStack(path:)`: a pushed step or a stack
/// element, with its identity.
///
/// Frames read from a navigator carry the identity of their screen, so a frame renewed at the
/// same path is another item. A frame built with ``init(path:)`` has none: it asks the navigator
/// to push the step at `path` (what `NavigationLink(value:)` appends).
public struct StepFrame: Hashable, Sendable, CustomStringConvertible {
    /// The screen's identity; `nil` for a frame the UI appends to push it.
    public let identity: StepIdentity?
    /// The path of the pushed step or element.
    public let path: StepPath

    /// A frame to push: the step at `path`, or a new element when `path` ends in an id the
    /// stack at its parent does not hold yet.
    public init(path: StepPath) {
        self.init(identity: nil, path: path)
    }

    init(identity: StepIdentity?, path: StepPath) {
        self.identity = identity
        self.path = path
    }

    /// The path, and `@identity` for a frame on screen.
    public var description: String {
        identity.map { "\(path)@\($0)" } ?? "\(path)"
    }
}

/// The modal a node presents, for `.sheet(item:)` and `.fullScreenCover(item:)`: identified by
/// its screen's identity, so a modal renewed in place is another item.
public struct StepModal: Identifiable, Hashable, Sendable, CustomStringConvertible {
    /// The presented screen's identity.
    public let id: StepIdentity
    /// The path of the presented step.
    public let path: StepPath
    /// How it is presented.
    public let style: PresentationStyle
    /// Whether a gesture may dismiss it (`false`: the adapters disable swiping it away).
    public let isUserDismissible: Bool

    /// The path and style: `/profile/settings sheet`.
    public var description: String { "\(path) \(style)" }
}
