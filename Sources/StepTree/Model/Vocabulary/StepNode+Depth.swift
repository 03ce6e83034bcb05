extension StepNode {
    /// Refuses a tree with a stack element more than ``StepPath/deepestElement`` segments below
    /// this root: ``StepPathError/tooDeep(_:)`` with the segments of the screen it would show.
    ///
    /// A stack checks its own elements' depth where they are built but cannot know its place;
    /// this is the check for where a tree gets its root.
    /// - Complexity: O(*n*) for the *n* steps outside stacks (a stack knows its depth, or finds
    ///   it once).
    package func checkDepthFromRoot() throws(StepPathError) {
        let segments = StepStorage.make(self).elementDepth
        if segments > StepPath.deepestElement { throw StepPath.tooDeep(element: segments) }
    }
}
