extension StepNode {
    /// The path of the lowest presented step on the active path: the modal that every other
    /// presented modal sits on, or `nil` when none is presented.
    /// - Complexity: O(*d*) for a tree of depth *d*.
    public var firstPresentedModal: StepPath? {
        let steps = StepStorage.make(self).activePath
        guard
            let modal = steps.firstIndex(where: {
                if case .present = $0.kind { true } else { false }
            })
        else { return nil }
        return StepPath(steps[...modal].map(\.segment))
    }

    /// Dismisses every presented modal at once (ScreenNavigatorKit's "dismiss all"): the lowest
    /// one on the active path is deselected, which takes the ones above it along. The events
    /// then dismiss them topmost first, one per modal, so a UI never races two dismissals.
    /// - Returns: Whether a modal was presented.
    /// - Complexity: O(*d*) for a tree of depth *d*.
    @discardableResult
    public mutating func dismissAllModals() -> Bool {
        guard let modal = firstPresentedModal else { return false }
        // The path comes from this very value and ends at a presented step, which can always
        // be deselected, so the error branch is unreachable; it still leaves the value as is.
        do {
            try deselect(path: modal)
        } catch {
            return false
        }
        return true
    }
}
