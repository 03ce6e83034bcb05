// The lifecycle of a change: which screens left the window and which joined it. Computed when
// read, from the two states, so a change no one asks about costs nothing more.

extension NavigationChange where Root: StepNode {
    /// The screens that left the window and joined it with this change (see
    /// ``ScreenChanges``); computed when read: read it once for both lists.
    /// - Complexity: O(1) for a change with no events (nothing on screen changed), else O(*m*)
    ///   for the *m* mounted nodes of the two states.
    public var screens: ScreenChanges {
        events.isEmpty ? .none : ScreenChanges(from: old, to: new)
    }

    /// The screens that left the window, innermost first (see ``ScreenChanges/disappeared``).
    /// - Complexity: As `screens`.
    public var disappeared: [ScreenFrame] { screens.disappeared }

    /// The screens that joined the window, outermost first (see ``ScreenChanges/appeared``).
    /// - Complexity: As `screens`.
    public var appeared: [ScreenFrame] { screens.appeared }
}

extension NavigationChange where Root == any StepNode {
    /// The screens that left the window and joined it with this change (see
    /// ``ScreenChanges``), as the global observer reads them; computed when read.
    /// - Complexity: O(1) for a change with no events (nothing on screen changed), else O(*m*)
    ///   for the *m* mounted nodes of the two states.
    public var screens: ScreenChanges {
        events.isEmpty ? .none : ScreenChanges(from: old, to: new)
    }

    /// The screens that left the window, innermost first (see ``ScreenChanges/disappeared``).
    /// - Complexity: As `screens`.
    public var disappeared: [ScreenFrame] { screens.disappeared }

    /// The screens that joined the window, outermost first (see ``ScreenChanges/appeared``).
    /// - Complexity: As `screens`.
    public var appeared: [ScreenFrame] { screens.appeared }
}
