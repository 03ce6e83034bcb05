// The push, pop and dismiss family on the navigator: each one transaction, its events from the
// engine, carrying `transaction` (for example `animated: false`) to observers and drivers.

extension Navigator {
    /// Runs `body` as one transaction and returns what it returned, or `fallback` when the
    /// transaction did not run (a re-entrant call from `willChange`).
    private func perform<Result>(
        _ transaction: NavigationTransaction, _ fallback: Result,
        _ body: (inout Root) -> Result
    ) -> Result {
        var result = fallback
        self.transaction(transaction) { result = body(&$0) }
        return result
    }

    /// Pushes a screen in one transaction; see ``StepNode/push(path:id:with:)``.
    /// - Parameters:
    ///   - path: The screen to push.
    ///   - id: A new element's id; `nil` mints one.
    ///   - value: The last step's new value.
    ///   - transaction: The metadata observers get.
    /// - Returns: The path of the frame pushed.
    /// - Throws: ``StepPathError``; nothing changes and no one is told.
    /// - Complexity: The cost of the edit plus a comparison and a diff.
    @discardableResult
    public func push(
        path: StepPath, id: String? = nil, with value: (any StepValue)? = nil,
        transaction: NavigationTransaction = NavigationTransaction()
    ) throws(StepPathError) -> StepPath {
        var pushed = path
        try self.transaction(transaction) { root throws(StepPathError) in
            pushed = try root.push(path: path, id: id, with: value)
        }
        return pushed
    }

    /// Pushes `element` on a stack of its type in one transaction; see
    /// ``StepNode/push(_:id:onto:)``.
    /// - Parameters:
    ///   - element: The new element: a node, or a destination.
    ///   - id: Its id; `nil` mints one.
    ///   - stack: The stack; `nil` takes the one nearest the visible screen.
    ///   - transaction: The metadata observers get.
    /// - Returns: The path of the new element.
    /// - Throws: ``StepPathError``; nothing changes and no one is told.
    /// - Complexity: The cost of the edit plus a comparison and a diff.
    @discardableResult
    public func push<Element: StepValue>(
        _ element: Element, id: String? = nil, onto stack: StepPath? = nil,
        transaction: NavigationTransaction = NavigationTransaction()
    ) throws(StepPathError) -> StepPath {
        var pushed = StepPath.root
        try self.transaction(transaction) { root throws(StepPathError) in
            pushed = try root.push(element, id: id, onto: stack)
        }
        return pushed
    }

    /// Pops the top frame of `container` in one transaction; see ``StepNode/pop(in:)``.
    /// - Parameters:
    ///   - container: The container; the visible one by default.
    ///   - transaction: The metadata observers get.
    /// - Returns: The path popped, or `nil`.
    /// - Complexity: O(*m*) for *m* mounted nodes, plus a comparison and a diff.
    @discardableResult
    public func pop(
        in container: StepPath? = nil, transaction: NavigationTransaction = NavigationTransaction()
    ) -> StepPath? {
        perform(transaction, nil) { $0.pop(in: container) }
    }

    /// Pops the top `count` frames of `container` in one transaction; see
    /// ``StepNode/pop(last:in:)``.
    /// - Parameters:
    ///   - count: How many frames to pop.
    ///   - container: The container; the visible one by default.
    ///   - transaction: The metadata observers get.
    /// - Returns: The paths popped, bottom first.
    /// - Complexity: O(*m*) for *m* mounted nodes, plus a comparison and a diff.
    @discardableResult
    public func pop(
        last count: Int, in container: StepPath? = nil,
        transaction: NavigationTransaction = NavigationTransaction()
    ) -> [StepPath] {
        perform(transaction, []) { $0.pop(last: count, in: container) }
    }

    /// Pops every frame above the topmost one ending in `id`, in one transaction; see
    /// ``StepNode/pop(to:in:)``.
    /// - Parameters:
    ///   - id: The key or element id of the frame to keep on top.
    ///   - container: The container; the visible one by default.
    ///   - transaction: The metadata observers get.
    /// - Returns: The paths popped, bottom first.
    /// - Throws: ``StepPathError/unknownStep(_:in:)``; nothing changes and no one is told.
    /// - Complexity: O(*m*) for *m* mounted nodes, plus a comparison and a diff.
    @discardableResult
    public func pop(
        to id: String, in container: StepPath? = nil,
        transaction: NavigationTransaction = NavigationTransaction()
    ) throws(StepPathError) -> [StepPath] {
        var popped: [StepPath] = []
        try self.transaction(transaction) { root throws(StepPathError) in
            popped = try root.pop(to: id, in: container)
        }
        return popped
    }

    /// Pops every frame above position `index` in one transaction; see
    /// ``StepNode/pop(toIndex:in:)``.
    /// - Parameters:
    ///   - index: The position of the frame to keep on top (0 is the bottom one).
    ///   - container: The container; the visible one by default.
    ///   - transaction: The metadata observers get.
    /// - Returns: The paths popped, bottom first.
    /// - Complexity: O(*m*) for *m* mounted nodes, plus a comparison and a diff.
    @discardableResult
    public func pop(
        toIndex index: Int, in container: StepPath? = nil,
        transaction: NavigationTransaction = NavigationTransaction()
    ) -> [StepPath] {
        perform(transaction, []) { $0.pop(toIndex: index, in: container) }
    }

    /// Pops every frame of `container` in one transaction; see ``StepNode/popToRoot(in:)``.
    /// - Parameters:
    ///   - container: The container; the visible one by default.
    ///   - transaction: The metadata observers get.
    /// - Returns: The paths popped, bottom first.
    /// - Complexity: O(*m*) for *m* mounted nodes, plus a comparison and a diff.
    @discardableResult
    public func popToRoot(
        in container: StepPath? = nil, transaction: NavigationTransaction = NavigationTransaction()
    ) -> [StepPath] {
        perform(transaction, []) { $0.popToRoot(in: container) }
    }

    /// Presents the step at `path` in one transaction; see ``StepNode/present(path:)``.
    /// - Parameters:
    ///   - path: The `present` step.
    ///   - transaction: The metadata observers get.
    /// - Throws: ``StepPathError``; nothing changes and no one is told.
    /// - Complexity: The cost of the edit plus a comparison and a diff.
    public func present(
        path: StepPath, transaction: NavigationTransaction = NavigationTransaction()
    ) throws(StepPathError) {
        try self.transaction(transaction) { root throws(StepPathError) in
            try root.present(path: path)
        }
    }

    /// Dismisses the topmost modal in one transaction.
    /// - Parameter transaction: The metadata observers get.
    /// - Returns: Its path, or `nil` when none was presented.
    /// - Complexity: O(*m*) for *m* mounted nodes, plus a comparison and a diff.
    @discardableResult
    public func dismissTopmost(
        transaction: NavigationTransaction = NavigationTransaction()
    ) -> StepPath? {
        perform(transaction, nil) { $0.dismissTopmost() }
    }

    /// Dismisses the top `count` modals in one transaction; the events dismiss them topmost
    /// first.
    /// - Parameters:
    ///   - count: How many to dismiss.
    ///   - transaction: The metadata observers get.
    /// - Returns: Their paths, bottom first.
    /// - Complexity: O(*m*) for *m* mounted nodes, plus a comparison and a diff.
    @discardableResult
    public func dismiss(
        last count: Int, transaction: NavigationTransaction = NavigationTransaction()
    ) -> [StepPath] {
        perform(transaction, []) { $0.dismiss(last: count) }
    }

    /// Dismisses the modals above the step at `path` in one transaction; see
    /// ``StepNode/dismiss(to:)``.
    /// - Parameters:
    ///   - path: The step to uncover.
    ///   - transaction: The metadata observers get.
    /// - Returns: The paths dismissed, bottom first.
    /// - Complexity: O(*m*) for *m* mounted nodes, plus a comparison and a diff.
    @discardableResult
    public func dismiss(
        to path: StepPath, transaction: NavigationTransaction = NavigationTransaction()
    ) -> [StepPath] {
        perform(transaction, []) { $0.dismiss(to: path) }
    }

    /// Dismisses every modal in one transaction; the events dismiss them topmost first.
    /// - Parameter transaction: The metadata observers get.
    /// - Returns: Their paths, bottom first.
    /// - Complexity: O(*m*) for *m* mounted nodes, plus a comparison and a diff.
    @discardableResult
    public func dismissAll(
        transaction: NavigationTransaction = NavigationTransaction()
    ) -> [StepPath] {
        perform(transaction, []) { $0.dismissAll() }
    }
}
