/// The diffing engine: the canonical, minimal event list between two states of one tree
/// (SPEC §3).
public enum NavigationDiff {
    /// The events that take the screen of `old` to the screen of `new`: teardown (dismisses
    /// topmost first, and pops), then selections (`select`, `replace`), then build-up (pushes
    /// and presents).
    ///
    /// ```swift
    /// var new = old
    /// try new.select(path: "profile/detail/dark")
    /// NavigationDiff.events(from: old, to: new)  // [select / home -> profile, push /profile/detail]
    /// ```
    ///
    /// The states may have been built independently (a restoration) or under two versions of a
    /// schema: steps are matched by identity (SPEC §1), so whatever differs is replaced with
    /// real events.
    ///
    /// - Parameters:
    ///   - old: The state on screen now.
    ///   - new: The state to show.
    /// - Returns: The events in the order a UI layer applies them; empty when nothing on screen
    ///   changes.
    /// - Complexity: O(*c* · *f* + *e* log *e*) where *c* is the number of nodes whose storage
    ///   differs between the two states, or whose frames gain or lose events, *f* their fan-out
    ///   and *e* the number of events. Subtrees that both states share (the common case: a state
    ///   derived from the other by copy-on-write) are skipped, so the cost follows what changed,
    ///   not the size of the tree. Two independently built states share nothing: O(*m*) for *m*
    ///   nodes mounted in either.
    public static func events<Root: StepNode>(from old: Root, to new: Root) -> [NavigationEvent] {
        DiffWalk.events(from: StepStorage.make(old), to: StepStorage.make(new))
    }

    /// The same events, computed by rendering both screens in full and comparing them (SPEC §2
    /// and §3 read literally): the reference that the tests hold ``events(from:to:)`` to.
    /// - Complexity: O(*m*) for *m* nodes mounted in either state.
    static func referenceEvents<Root: StepNode>(from old: Root, to new: Root)
        -> [NavigationEvent]
    {
        let comparison = ScreenComparison(
            old: ScreenRendering(StepStorage.make(old)), new: ScreenRendering(StepStorage.make(new))
        )
        return comparison.events()
    }
}
