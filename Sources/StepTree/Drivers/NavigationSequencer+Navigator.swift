// The one place where a sequencer meets a navigator: its changes become targets, and gestures
// go back to it as user gestures.
extension NavigationSequencer {
    /// Shows every state `navigator` commits from now on, starting with its current one, with
    /// the transaction that made it (so `animated: false` reaches the driver), and
    /// reports the screens the user removes by gesture to it
    /// (``Navigator/userDidRemove(path:)-(StepPath)``), unless the navigator shows another
    /// screen at that path by then.
    ///
    /// The sequencer and the navigator are not kept alive by the following: cancel the task,
    /// or let either go, to stop.
    /// - Parameter navigator: The navigator to follow.
    /// - Returns: The task that carries the changes.
    @discardableResult
    public func follow(_ navigator: Navigator<Root>) -> Task<Void, Never> {
        didRemoveByGesture = { [weak navigator] path, identity in
            guard let navigator, Self.identity(at: path, in: navigator.root) == identity else {
                return
            }
            _ = try? navigator.userDidRemove(path: path)
        }
        let changes = navigator.rootChanges
        show(navigator.root)
        return Task { [weak self] in
            for await change in changes {
                guard let self else { return }
                show(change.new, transaction: change.transaction)
            }
        }
    }
}
