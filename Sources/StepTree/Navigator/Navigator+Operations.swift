import Foundation

// Every operation of a tree value, on the navigator: the same name, labels and result, each one
// transaction carrying `transaction` (its cause, `animated: false`, values of your own keys) to
// observers and drivers. In-app calls default to `.programmatic`; `open(_:with:)`, with the
// router in StepTreeDeepLinks (Navigator+DeepLinks.swift), routes a link from outside, `.deepLink` by
// default. For the events of a change, or several edits in one change, use `transaction(_:_:)`.

extension Navigator {
    /// Runs `body` on the root as one transaction and returns what it returned; `fallback` when
    /// the transaction did not run (a re-entrant call from `willChange`).
    private func run<Result, Failure: Error>(
        _ transaction: NavigationTransaction, _ fallback: Result,
        _ body: (inout Root) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var result = fallback
        try self.transaction(transaction) { root throws(Failure) in result = try body(&root) }
        return result
    }

    /// Selects every step along `path` in one transaction; see ``StepNode/select(path:with:)``.
    /// - Throws: ``StepPathError``; nothing changes and no one is told.
    /// - Complexity: The cost of the edit plus a comparison and a diff.
    public func select(
        path: StepPath, with value: (any StepValue)? = nil,
        transaction: NavigationTransaction = .programmatic
    ) throws(StepPathError) {
        try run(transaction, ()) { root throws(StepPathError) in
            try root.select(path: path, with: value)
        }
    }

    /// Shows exactly the screen at `path` in one transaction; see ``StepNode/show(path:with:)``.
    /// - Throws: ``StepPathError``; nothing changes and no one is told.
    /// - Complexity: The cost of the edit plus a comparison and a diff.
    public func show(
        path: StepPath, with value: (any StepValue)? = nil,
        transaction: NavigationTransaction = .programmatic
    ) throws(StepPathError) {
        try run(transaction, ()) { root throws(StepPathError) in
            try root.show(path: path, with: value)
        }
    }

    /// Selects `path` and renews its last step in one transaction; see
    /// ``StepNode/renew(path:)``.
    /// - Throws: ``StepPathError``; nothing changes and no one is told.
    /// - Complexity: The cost of the edit plus a comparison and a diff.
    public func renew(
        path: StepPath, transaction: NavigationTransaction = .programmatic
    ) throws(StepPathError) {
        try run(transaction, ()) { root throws(StepPathError) in try root.renew(path: path) }
    }

    /// Deselects the step at `path` in one transaction; see ``StepNode/deselect(path:)``.
    /// - Throws: ``StepPathError``; nothing changes and no one is told.
    /// - Complexity: The cost of the edit plus a comparison and a diff.
    public func deselect(
        path: StepPath, transaction: NavigationTransaction = .programmatic
    ) throws(StepPathError) {
        try run(transaction, ()) { root throws(StepPathError) in try root.deselect(path: path) }
    }

    /// Sets the elements of the stack at `path` in one transaction; see
    /// ``StepNode/setStack(path:ids:)``.
    /// - Throws: ``StepPathError``; nothing changes and no one is told.
    /// - Complexity: The cost of the edit plus a comparison and a diff.
    public func setStack(
        path: StepPath, ids: [String], transaction: NavigationTransaction = .programmatic
    ) throws(StepPathError) {
        try run(transaction, ()) { root throws(StepPathError) in
            try root.setStack(path: path, ids: ids)
        }
    }

    /// Closes the screen at `path` in one transaction; see ``StepNode/close(path:)``.
    /// - Throws: ``StepPathError``; nothing changes and no one is told.
    /// - Complexity: The cost of the edit plus a comparison and a diff.
    public func close(
        path: StepPath, transaction: NavigationTransaction = .programmatic
    ) throws(StepPathError) {
        try run(transaction, ()) { root throws(StepPathError) in try root.close(path: path) }
    }

    /// Closes the screen `frame` names in one transaction, if the state still shows it; see
    /// ``StepNode/close(_:)``.
    /// - Returns: Whether it closed the screen; when `false`, nothing changes and no one is
    ///   told.
    /// - Complexity: The cost of the edit plus a comparison and a diff.
    @discardableResult
    public func close(
        _ frame: ScreenFrame, transaction: NavigationTransaction = .programmatic
    ) -> Bool {
        run(transaction, false) { root in root.close(frame) }
    }

    /// Pops the screen `frame` names and every frame above it in one transaction; see
    /// ``StepNode/pop(from:)``.
    ///
    /// ``close(_:transaction:)`` removes the screen alone, keeping those above.
    /// - Throws: ``StaleFrameError`` for a frame the state does not show; nothing changes and
    ///   no one is told.
    /// - Complexity: The cost of the edit plus a comparison and a diff.
    public func pop(
        from frame: ScreenFrame, transaction: NavigationTransaction = .programmatic
    ) throws(StaleFrameError) {
        try run(transaction, ()) { root throws(StaleFrameError) in try root.pop(from: frame) }
    }

    /// Pushes a screen in one transaction; see ``StepNode/push(path:id:with:)``.
    /// - Returns: The path of the frame pushed.
    /// - Throws: ``StepPathError``; nothing changes and no one is told.
    /// - Complexity: The cost of the edit plus a comparison and a diff.
    @discardableResult
    public func push(
        path: StepPath, id: String? = nil, with value: (any StepValue)? = nil,
        transaction: NavigationTransaction = .programmatic
    ) throws(StepPathError) -> StepPath {
        try run(transaction, path) { root throws(StepPathError) in
            try root.push(path: path, id: id, with: value)
        }
    }

    /// Pushes `element` on a stack of its type in one transaction; see
    /// ``StepNode/push(_:id:onto:)``: with no `stack`, the one nearest the visible screen, else
    /// the selected tab's (under a sheet over every tab).
    /// - Returns: The path of the new element.
    /// - Throws: ``StepPathError``; nothing changes and no one is told.
    /// - Complexity: The cost of the edit plus a comparison and a diff.
    @discardableResult
    public func push<Element: StepValue>(
        _ element: Element, id: String? = nil, onto stack: StepPath? = nil,
        transaction: NavigationTransaction = .programmatic
    ) throws(StepPathError) -> StepPath {
        try run(transaction, .root) { root throws(StepPathError) in
            try root.push(element, id: id, onto: stack)
        }
    }

    /// Pops the top frame of `container` in one transaction; see ``StepNode/pop(in:)``.
    /// - Returns: The path popped, or `nil`.
    /// - Complexity: O(*m*) for *m* mounted nodes, plus a comparison and a diff.
    @discardableResult
    public func pop(
        in container: StepPath? = nil, transaction: NavigationTransaction = .programmatic
    ) -> StepPath? {
        run(transaction, nil) { $0.pop(in: container) }
    }

    /// Pops the top `count` frames of `container` in one transaction; see
    /// ``StepNode/pop(last:in:)``.
    /// - Returns: The paths popped, bottom first.
    /// - Complexity: O(*m*) for *m* mounted nodes, plus a comparison and a diff.
    @discardableResult
    public func pop(
        last count: Int, in container: StepPath? = nil,
        transaction: NavigationTransaction = .programmatic
    ) -> [StepPath] {
        run(transaction, []) { $0.pop(last: count, in: container) }
    }

    /// Pops every frame above the one ending in `id` in one transaction; see
    /// ``StepNode/pop(to:in:)``.
    /// - Returns: The paths popped, bottom first.
    /// - Throws: ``StepPathError/unknownStep(_:in:)``; nothing changes and no one is told.
    /// - Complexity: O(*m*) for *m* mounted nodes, plus a comparison and a diff.
    @discardableResult
    public func pop(
        to id: String, in container: StepPath? = nil,
        transaction: NavigationTransaction = .programmatic
    ) throws(StepPathError) -> [StepPath] {
        try run(transaction, []) { root throws(StepPathError) in
            try root.pop(to: id, in: container)
        }
    }

    /// Pops every frame of `container` in one transaction; see ``StepNode/popToRoot(in:)``.
    /// - Returns: The paths popped, bottom first.
    /// - Complexity: O(*m*) for *m* mounted nodes, plus a comparison and a diff.
    @discardableResult
    public func popToRoot(
        in container: StepPath? = nil, transaction: NavigationTransaction = .programmatic
    ) -> [StepPath] {
        run(transaction, []) { $0.popToRoot(in: container) }
    }

    /// Presents the step at `path` in one transaction; see ``StepNode/present(path:)``.
    /// - Throws: ``StepPathError``; nothing changes and no one is told.
    /// - Complexity: The cost of the edit plus a comparison and a diff.
    public func present(
        path: StepPath, transaction: NavigationTransaction = .programmatic
    ) throws(StepPathError) {
        try run(transaction, ()) { root throws(StepPathError) in try root.present(path: path) }
    }

    /// Presents the ``StepModal`` step at `path` showing `destination`, in one transaction; see
    /// ``StepNode/present(_:at:)``.
    /// - Throws: ``StepPathError``; nothing changes and no one is told.
    /// - Complexity: The cost of the edit plus a comparison and a diff.
    public func present<Destination: StepDestination>(
        _ destination: Destination, at path: StepPath,
        transaction: NavigationTransaction = .programmatic
    ) throws(StepPathError) {
        try run(transaction, ()) { root throws(StepPathError) in
            try root.present(destination, at: path)
        }
    }

    /// Dismisses the topmost modal in one transaction; see ``StepNode/dismiss()``.
    /// - Returns: Its path, or `nil` when none was presented.
    /// - Complexity: O(*m*) for *m* mounted nodes, plus a comparison and a diff.
    @discardableResult
    public func dismiss(transaction: NavigationTransaction = .programmatic) -> StepPath? {
        run(transaction, nil) { $0.dismiss() }
    }

    /// Dismisses the top `count` modals in one transaction; see ``StepNode/dismiss(last:)``.
    /// - Returns: The paths dismissed, bottom first.
    /// - Complexity: O(*m*) for *m* mounted nodes, plus a comparison and a diff.
    @discardableResult
    public func dismiss(
        last count: Int, transaction: NavigationTransaction = .programmatic
    ) -> [StepPath] {
        run(transaction, []) { $0.dismiss(last: count) }
    }

    /// Dismisses the modals above the one at `path` in one transaction; see
    /// ``StepNode/dismiss(to:)``.
    /// - Returns: The paths dismissed, bottom first.
    /// - Complexity: O(*m*) for *m* mounted nodes, plus a comparison and a diff.
    @discardableResult
    public func dismiss(
        to path: StepPath, transaction: NavigationTransaction = .programmatic
    ) -> [StepPath] {
        run(transaction, []) { $0.dismiss(to: path) }
    }

    /// Dismisses every modal in one transaction; see ``StepNode/dismissAll()``.
    /// - Returns: The paths dismissed, bottom first.
    /// - Complexity: O(*m*) for *m* mounted nodes, plus a comparison and a diff.
    @discardableResult
    public func dismissAll(transaction: NavigationTransaction = .programmatic) -> [StepPath] {
        run(transaction, []) { $0.dismissAll() }
    }

    /// Replaces the whole state with a saved one in one transaction (cause
    /// ``NavigationCause/restoration`` by default): the events go straight from the current
    /// screen to the saved one, without replaying how it was reached.
    /// - Complexity: A comparison and a diff: O(*n*) when the saved state shares no storage
    ///   with the current one.
    public func restore(_ saved: Root, transaction: NavigationTransaction = .restoration) {
        run(transaction, ()) { $0.restore(saved) }
    }

    /// Records that the user removed the screen at `path` by gesture (swipe back, sheet swiped
    /// away), so the model matches what is on screen: what the UI layer calls, with the path of
    /// the event it performed.
    ///
    /// Observers get the change with cause ``NavigationCause/userGesture``, applied by the UI.
    /// - Throws: ``StepPathError/notUserDismissible(_:)`` for a modal declared so (the adapters
    ///   disable its gesture), or a removal that would take one away, and ``StepPathError`` for
    ///   a bad path; nothing changes and no one is told.
    /// - Complexity: The cost of the edit plus a comparison and a diff.
    public func userDidRemove(
        path: StepPath, transaction: NavigationTransaction = .appliedGesture
    ) throws(StepPathError) {
        try run(transaction, ()) { root throws(StepPathError) in
            try root.removeByUser(path: path)
        }
    }
}
