import StepTree

extension ControllerHierarchy {
    /// The frame the user popped off the stack of `container`, which now shows `shown`: the
    /// lowest of those gone, when `shown` is what the stack had with frames taken off its top;
    /// `nil` otherwise (the driver's own change, a swipe back cancelled).
    /// - Parameters:
    ///   - container: The container whose navigation stack changed.
    ///   - shown: The frames it shows now, bottom first.
    /// - Returns: The frame to pass to ``userRemoved(_:)``.
    package func poppedByUser(from container: ScreenContainer, showing shown: [ScreenFrame])
        -> ScreenFrame?
    {
        guard let stack = stacks[container], shown.count < stack.count, stack.starts(with: shown)
        else { return nil }
        return stack[shown.count]
    }

    /// Takes off `frame`, which the user removed by gesture (a swipe back, a sheet swiped
    /// down), with what goes along (the frames above it on its stack or in the modal chain,
    /// the containers inside them), and folds the removal into the update being applied.
    /// - Parameter frame: The frame removed: a pushed frame or a modal's.
    /// - Returns: The changes to make at once (containers and tab bars to forget); `nil` when
    ///   the hierarchy does not show `frame`, which is then no gesture to report.
    package mutating func userRemoved(_ frame: ScreenFrame) -> [Change]? {
        let gone: [StepPath]
        let keepingOwn: Bool
        if let index = modals.firstIndex(where: { $0.frame == frame }) {
            gone = modals[index...].map(\.path)
            modals.removeSubrange(index...)
            keepingOwn = false
        } else if let (container, stack) = stacks.first(where: { $0.value.contains(frame) }),
            let index = stack.firstIndex(of: frame)
        {
            gone = stack[index...].map(\.path)
            stacks[container]?.removeSubrange(index...)
            keepingOwn = true
        } else {
            return nil
        }
        // Folded in as the sequencer will fold it in after the update being applied.
        if var update = applying,
            update.state.removeByGesture(path: frame.path, identity: frame.identity) != nil
        {
            update.folded = ScreenState(update.state)
            applying = update
        }
        return forgetContainers(inside: gone, keepingOwn: keepingOwn)
    }
}
