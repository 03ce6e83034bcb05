extension StepNode {
    /// The paths of the presented modals, bottom of the window chain first (SPEC §2).
    /// - Complexity: O(*m*) for *m* mounted nodes.
    public var presentedModals: [StepPath] {
        let rendering = ScreenRendering(StepStorage.make(self))
        return rendering.window.map(rendering.path)
    }
}
