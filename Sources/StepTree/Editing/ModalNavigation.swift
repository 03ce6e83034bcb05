// The modal operations of the peers (present, dismiss the topmost, dismiss to a screen, the
// last k, all), as state changes: the engine dismisses modals topmost first, one event each, so
// a UI never races two dismissals.

extension StepNode {
    /// Presents the step at `path` (a `present` step, shown in the style its table declares),
    /// selecting every step along it.
    /// - Throws: ``StepPathError``; the value is unchanged.
    /// - Complexity: O(*d*) for a path of depth *d*.
    public mutating func present(path: StepPath) throws(StepPathError) {
        try select(path: path)
    }

    /// Presents the ``StepModal`` step at `path` showing `destination`: `present(.compose(draft),
    /// at: "sheet")`.
    ///
    /// While it shows another destination, the sheet is dismissed and presented again (a new
    /// screen, as `.sheet(item:)` does); while it shows this one, it becomes a new screen with
    /// this value, as selecting with a value does.
    /// - Parameters:
    ///   - destination: The destination, with its payload.
    ///   - path: The modal step.
    /// - Throws: ``StepPathError`` for a bad path, a step that is not a `StepModal` of this
    ///   enum, or a case its `destinations` leave out; the value is unchanged.
    /// - Complexity: That of ``select(path:with:)``.
    public mutating func present<Destination: StepDestination>(
        _ destination: Destination, at path: StepPath
    ) throws(StepPathError) {
        let table = DestinationTable<Destination>.shared
        guard let (index, payload) = table.classify(destination) else {
            throw table.unlisted(destination, at: path)
        }
        try select(path: path, with: StepModal(table: table, index: index, payload: payload))
    }

    /// Dismisses the topmost modal.
    /// - Returns: Its path, or `nil` when none was presented.
    /// - Complexity: O(*m*) for *m* mounted nodes.
    @discardableResult
    public mutating func dismiss() -> StepPath? {
        dismiss(last: 1).first
    }

    /// Dismisses the top `count` modals (all of them if fewer are presented).
    /// - Parameter count: How many to dismiss.
    /// - Returns: Their paths, bottom first.
    /// - Complexity: O(*m*) for *m* mounted nodes.
    @discardableResult
    public mutating func dismiss(last count: Int) -> [StepPath] {
        dismissModals(presentedModals.suffix(max(0, count)))
    }

    /// Dismisses the modals above the step at `path`, so that it is uncovered.
    ///
    /// The modals it lies in stay; every modal above the innermost of them goes. `.root`
    /// dismisses them all.
    /// - Parameter path: The step to uncover.
    /// - Returns: The paths of the modals dismissed, bottom first.
    /// - Complexity: O(*m*) for *m* mounted nodes.
    @discardableResult
    public mutating func dismiss(to path: StepPath) -> [StepPath] {
        let modals = presentedModals
        let kept = modals.lastIndex { path.isInside($0) }
        return dismissModals(modals[(kept.map { $0 + 1 } ?? 0)...])
    }

    /// Dismisses every presented modal, topmost first.
    /// - Returns: Their paths, bottom first.
    /// - Complexity: O(*m*) for *m* mounted nodes.
    @discardableResult
    public mutating func dismissAll() -> [StepPath] {
        dismissModals(presentedModals[...])
    }

    /// Deselects `modals`, topmost first; their paths, bottom first.
    private mutating func dismissModals(_ modals: ArraySlice<StepPath>) -> [StepPath] {
        for modal in modals.reversed() {
            // Each path comes from this value and ends at a presented step.
            do {
                try deselect(path: modal)
            } catch {
                assertionFailure("a presented modal could not be dismissed: \(error)")
            }
        }
        return Array(modals)
    }
}

extension StepPath {
    /// Whether this path is `ancestor` or lies below it.
    func isInside(_ ancestor: StepPath) -> Bool {
        segments.count >= ancestor.segments.count
            && zip(segments, ancestor.segments).allSatisfy { StepPath.sameSegment($0, $1) }
    }
}
