/// A navigation event that a UI layer could not play on a ``ScreenState``: the event and why
/// (StepTreeTools publishes it as `ScreenError`).
package struct ScreenRefusal: Error, Hashable, Sendable {
    /// Which of the two states a path was looked up in.
    package enum Side: Hashable, Sendable {
        /// The state the screen showed before the events.
        case onScreen
        /// The state the events lead to.
        case new
    }

    /// Why the event could not be played.
    package enum Reason: Hashable, Sendable {
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
    }

    /// The event that could not be played.
    package let event: NavigationEvent
    /// Why.
    package let reason: Reason

    /// Creates an error for `event`.
    /// - Parameters:
    ///   - event: The event that could not be played.
    ///   - reason: Why.
    package init(_ event: NavigationEvent, _ reason: Reason) {
        self.event = event
        self.reason = reason
    }
}
