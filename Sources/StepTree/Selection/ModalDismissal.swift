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

    /// Dismisses every presented modal at once; the older name of ``dismissAll()``.
    /// - Returns: Whether a modal was presented.
    /// - Complexity: O(*m*) for *m* mounted nodes.
    @available(*, deprecated, renamed: "dismissAll()")
    @discardableResult
    public mutating func dismissAllModals() -> Bool { !dismissAll().isEmpty }
}
