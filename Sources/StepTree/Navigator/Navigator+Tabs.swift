/// What tapping the tab that is already selected does (UIKit's convention: its stack pops to its
/// root).
public enum TabReselection: Hashable, Sendable {
    /// Pops every frame of the tab's container: its root screen is shown again.
    case popToRoot
    /// Nothing: a tap on the selected tab changes nothing.
    case none
}

extension Navigator {
    /// Records that the user tapped the tab at `path` in a tab bar: what a UIKit adapter calls
    /// for each tap.
    ///
    /// ```swift
    /// try navigator.userDidSelectTab(path: "profile")  // a tap, or a re-tap: pops its stack
    /// ```
    ///
    /// A tap on another tab selects it, as a gesture the tab bar has already shown
    /// (``NavigationTransaction/appliedGesture``). A tap on the tab already selected is a
    /// re-tap: with ``TabReselection/popToRoot`` its container's frames are popped, as a
    /// ``NavigationTransaction/userGesture`` the UI has not made: the driver animates the pops
    /// (an adapter returns `false` from `tabBarController(_:shouldSelect:)` for a re-tap, so that
    /// UIKit does not pop on its own). Observers see either change. Every re-tap is reported,
    /// its transaction's ``NavigationTransaction/reselectedTab`` naming the tab, so scroll-to-top
    /// and analytics can follow it: a re-tap that changes nothing (a tab at its root, or
    /// ``TabReselection/none``) is a change with no events, `old` equal to `new`, as selecting
    /// what is selected emits no event. A re-tap is a gesture: when its pops would take away a
    /// modal that no gesture may dismiss, it is refused whole, as a swipe would be, and not
    /// reported.
    /// - Parameters:
    ///   - path: The tab: a content child of its parent (a tab, or an inline variant).
    ///   - reselect: What a re-tap does; ``TabReselection/popToRoot`` by default.
    /// - Throws: ``StepPathError`` for a path that names no step,
    ///   ``StepPathError/notATab(_:)`` for a step that is not a tab, or
    ///   ``StepPathError/notUserDismissible(_:)`` for a re-tap whose pops would take away a
    ///   modal declared so; nothing changes and no one is told.
    /// - Complexity: O(*d*) for a path of depth *d*, plus the edit, a comparison and a diff (a
    ///   re-tap: O(*m*) for *m* mounted nodes).
    public func userDidSelectTab(
        path: StepPath, reselect: TabReselection = .popToRoot
    ) throws(StepPathError) {
        try userDidSelectTab(path: path, reselect: reselect) { _ in true }
    }

    /// ``userDidSelectTab(path:reselect:)``, made only on a root for which `applies` holds (a
    /// binding's write refers to the node it was made for).
    func userDidSelectTab(
        path: StepPath, reselect: TabReselection, where applies: (Root) -> Bool
    ) throws(StepPathError) {
        let isReselection = try Self.isSelectedTab(path, in: currentRoot)
        if isReselection {
            var reselection = NavigationTransaction.userGesture
            reselection.reselectedTab = path
            try commit(reselection) { root throws(StepPathError) in
                // Still the selected tab: a change in between makes the tap stale.
                guard applies(root), (try? Self.isSelectedTab(path, in: root)) == true else {
                    return false
                }
                if reselect == .popToRoot { try root.popToRootByUser(in: path) }
                return true
            }
        } else {
            try transaction(.appliedGesture) { root throws(StepPathError) in
                guard applies(root) else { return }
                try root.select(path: path)
            }
        }
    }

    /// Whether the tab at `path` is selected in `root`, its ancestors too.
    /// - Throws: ``StepPathError`` for a bad path, ``StepPathError/notATab(_:)`` for a step
    ///   that is not a content child.
    private static func isSelectedTab(_ path: StepPath, in root: Root) throws(StepPathError)
        -> Bool
    {
        let path = try path.checked()
        if path.segments.isEmpty { throw .emptyPath }
        if path.segments.count > StepPath.maximumDepth { throw .tooDeep(path.segments.count) }
        let resolved = try ResolvedPath(path.parts, from: StepStorage.make(root))
        guard case .child(let index)? = resolved.steps.last,
            resolved.parent.childLayer(index) == .content
        else { throw .notATab(path) }
        return resolved.isSelected
    }
}
