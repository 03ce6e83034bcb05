import StepTree

/// A navigation event that a UI layer could not play on the screen it shows (the screen model
/// that `HeadlessScreen`, in StepTreeTools, plays events on): the event and why.
///
/// Its description reads like `pop /a/b: top of / is /a/c`.
public struct ScreenError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which of the two states a path was looked up in.
    public enum Side: Hashable, Sendable, CustomStringConvertible {
        /// The state the screen showed before the events.
        case onScreen
        /// The state the events lead to.
        case new

        /// `the state on screen` or `the new state`.
        public var description: String {
            switch self {
            case .onScreen: "the state on screen"
            case .new: "the new state"
            }
        }
    }

    /// Why the event could not be played.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// The popped frame is not the top of its container, whose top is the path (or which is
        /// empty).
        case notOnTop(ScreenContainer, top: StepPath?)
        /// The dismissed modal is not the topmost one, which is the path (or no modal is shown).
        case notTopmostModal(top: StepPath?)
        /// The container the frame belongs to is not on screen.
        case missingContainer(ScreenContainer)
        /// The path names no mounted step in that state (with the event's identity, for
        /// `push`, `present` and `replace`).
        case unknownStep(Side)
        /// The popped frame is in no container on screen.
        case notOnScreen
        /// A `replace` names a step that is not a tab or inline child.
        case notContent
        /// A `replace` names a step that was not mounted under that key with another identity.
        case notRenewed
        /// A push or pop names a step that is neither a `push` child nor a stack element.
        case notPushable
        /// A present names a step that is not a `present` child.
        case notPresentable
        /// The step is presented, or declared, with another style.
        case styleMismatch(PresentationStyle)
        /// The pushed frame is already in the container.
        case alreadyOnScreen(ScreenContainer)
        /// A modal inside the popped frame is still presented.
        case modalAbove(StepPath)
        /// The event touched a container that goes away silently in the same update (SPEC §3:
        /// its frames get no event).
        case containerGoesAway(ScreenContainer)
        /// The node selects another child (shown by key, `-` for none) in that state.
        case selectionMismatch(Side, selected: String?)
        /// The event selects what was already selected.
        case unchanged

        /// The reason as a clause, for example `top of / is /a/c`, with control and
        /// bidirectional-formatting characters in the paths it names written as escapes (`\u{1B}`).
        public var description: String { PrintableText.printable(clause) }

        /// The clause before escaping, for the error's own sentence to escape once.
        fileprivate var clause: String {
            switch self {
            case .notOnTop(let container, let top):
                top.map { "top of \(container) is \($0)" } ?? "\(container) is empty"
            case .notTopmostModal(let top):
                top.map { "the topmost modal is \($0)" } ?? "no modal is presented"
            case .missingContainer(let container): "container \(container) is not on screen"
            case .unknownStep(let side): "no such step in \(side)"
            case .notOnScreen: "no container on screen holds it"
            case .notContent: "the step is not a tab or an inline step"
            case .notRenewed: "the step was not on screen with another identity"
            case .notPushable: "the step is neither a push step nor a stack element"
            case .notPresentable: "the step is not a present step"
            case .styleMismatch(let style): "the step's style is \(style)"
            case .alreadyOnScreen(let container): "already on screen in \(container)"
            case .modalAbove(let path): "modal \(path) is still presented above it"
            case .containerGoesAway(let container):
                "container \(container) goes away in the same update"
            case .selectionMismatch(let side, let selected): "\(side) selects \(selected ?? "-")"
            case .unchanged: "the selection does not change"
            }
        }
    }

    /// The event that could not be played.
    public let event: NavigationEvent
    /// Why.
    public let reason: Reason

    /// Creates an error for `event`.
    /// - Parameters:
    ///   - event: The event that could not be played.
    ///   - reason: Why.
    public init(_ event: NavigationEvent, _ reason: Reason) {
        self.event = event
        self.reason = reason
    }

    /// `<event>: <reason>`, for example `pop /a/b: top of / is /a/c`, with control and
    /// bidirectional-formatting characters (an element id may hold an escape sequence)
    /// written as escapes (`\u{1B}`).
    public var description: String { PrintableText.printable("\(event): \(reason.clause)") }
}
