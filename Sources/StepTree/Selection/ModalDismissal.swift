extension StepNode {
    /// The paths of the presented modals, bottom of the window chain first (SPEC §2).
    /// - Complexity: O(*m*) for *m* mounted nodes.
    public var presentedModals: [StepPath] {
        let rendering = ScreenRendering(StepStorage.make(self))
        return rendering.window.map(rendering.path)
    }

    /// The path of the lowest presented modal in the window chain, or `nil` when none is
    /// presented.
    /// - Complexity: O(*m*) for *m* mounted nodes.
    public var firstPresentedModal: StepPath? { presentedModals.first }

    /// Dismisses every presented modal at once (ScreenNavigatorKit's "dismiss all"): each is
    /// deselected.
    ///
    /// The events then dismiss them topmost first, one per modal, so a UI never
    /// races two dismissals.
    /// - Returns: Whether a modal was presented.
    /// - Complexity: O(*m*) for *m* mounted nodes.
    @discardableResult
    public mutating func dismissAllModals() -> Bool {
        let modals = presentedModals
        for modal in modals.reversed() {
            // Each path comes from this very value and ends at a presented step, which can
            // always be deselected.
            do {
                try deselect(path: modal)
            } catch {
                assertionFailure("a presented modal could not be deselected: \(error)")
            }
        }
        return !modals.isEmpty
    }
}
