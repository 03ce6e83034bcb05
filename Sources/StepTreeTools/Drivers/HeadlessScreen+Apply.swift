import StepTree
import StepTreeDrivers

extension HeadlessScreen {
    /// Plays `events` the way a UI layer would, then lets the containers that SPEC §3 makes
    /// appear or vanish silently follow `new`.
    ///
    /// - `dismiss` must name the topmost modal, with its style; its container and every
    ///   container inside it go with it.
    /// - `pop` must name the top frame of its container, with no modal presented from inside it
    ///   still shown; the containers inside the frame go with it.
    /// - `push` goes on top of its container in `new`, which must be on screen.
    /// - `present` goes on top of the window; its container is built with its content from
    ///   `new`.
    /// - `select` changes nothing structural; its old and new keys must match both states.
    /// - `replace` names a content child mounted in both states with another identity; the
    ///   containers inside it are rebuilt from `new`.
    ///
    /// Afterwards, tab containers that `new` does not have go away and the missing ones are
    /// built from it (tabs mounted or unmounted by an inline switch, tabs inside a pushed
    /// frame). Events into a container that goes away silently are errors.
    ///
    /// `events` may also be one update of a `NavigationPlan` towards `new`, with the later
    /// updates in later calls. While only teardown (`dismiss`, `pop`) has been played and the
    /// screen is not yet `new`'s, the screen keeps the selections and the visible screen of the
    /// state it showed, which the selections still to come are checked against; the first
    /// update with another event takes them from `new`. (The visible screen is then found as
    /// SPEC §2 says, among the frames still on screen.)
    ///
    /// - Parameters:
    ///   - events: The events, in order, usually `NavigationDiff.events(from:to:)`.
    ///   - new: The state the events lead to.
    /// - Throws: `ScreenError` naming the first event that cannot be played and why; the
    ///   screen is then unchanged.
    /// - Complexity: O(*m* + *e* · *c*) for *m* mounted nodes in `new`, *e* events and *c*
    ///   containers.
    public mutating func apply(_ events: [NavigationEvent], reaching new: some StepNode)
        throws(ScreenError)
    {
        try state.apply(events, reaching: new)
    }
}
