/// Two-way bindings for the UI: every write is the user's doing (cause
/// ``NavigationCause/userGesture``, ``NavigationTransaction/isAppliedByUI``), observers are
/// told, and a driver sends no events back for what the UI already did. A write that refers to
/// a screen no longer in the state (a late swipe, after a deep link replaced it) is ignored.
extension Navigator {
    /// The content selection of the node at `path` (its tab or inline variant), for
    /// `TabView(selection:)` or a `Picker`.
    ///
    /// Writing a key selects that content child, as a tap on a tab does (see
    /// ``userDidSelectTab(path:reselect:)``). Writing the key already selected is a re-tap:
    /// with ``TabReselection/popToRoot`` (the default, UIKit's convention) that tab's stack pops
    /// to its root, in a ``NavigationTransaction/userGesture`` transaction the UI has not made,
    /// so the UI animates the pops as for any change. A write is ignored when the node has
    /// another identity than when the binding was made (renewed or closed meanwhile), when the
    /// key names no content child, and for `nil` (content is cleared only by code).
    /// - Parameters:
    ///   - path: The node; the root by default.
    ///   - reselect: What writing the selected key does: ``TabReselection/popToRoot`` pops the
    ///     tab's frames, ``TabReselection/none`` nothing.
    /// - Returns: The binding; it holds the navigator weakly.
    public func selectionBinding(
        at path: StepPath = .root, reselect: TabReselection = .popToRoot
    ) -> StepBinding<String?> {
        let identity = currentRoot.selectionSnapshot(at: path)?.identity
        return StepBinding(
            get: { [weak self] in self?.selectedKey(in: .content, at: path) },
            set: { [weak self] key in
                guard let key else { return }
                try? self?.userDidSelectTab(path: path.appending(key), reselect: reselect) {
                    $0.selectionSnapshot(at: path)?.identity == identity
                }
            })
    }

    /// The frames of a container as an array, for `NavigationStack(path:)` with
    /// `navigationDestination(for: ScreenFrame.self)`, which reads each frame's destination and
    /// value (``ScreenFrame/value(as:)``).
    ///
    /// Writing a shorter array is the user going back (a swipe, the back button): the frames
    /// left out are removed. Writing a longer one is a push: each appended request is pushed in
    /// order, ``ScreenFrame/push(_:onto:)`` as ``StepNode/push(_:id:onto:)`` does (a destination
    /// and its payload, with a minted id: what `NavigationLink(value:)` appends), and
    /// ``ScreenFrame/push(path:with:)`` at its path (a new stack element when the path ends in an
    /// id the stack lacks). A write is ignored as a whole when it keeps a frame no longer on
    /// screen or leaves out one already gone (stale), or when a push cannot be made.
    ///
    /// ```swift
    /// NavigationStack(path: Binding(navigator.framesBinding(in: "home"))) {
    ///     Timeline()
    ///         .navigationDestination(for: ScreenFrame.self) { frame in
    ///             switch frame.value(as: Destination.self) {
    ///             case .status(let status)?: StatusView(status)
    ///             default: EmptyView()
    ///             }
    ///         }
    /// }
    /// NavigationLink(value: ScreenFrame.push(Destination.status(status), onto: "home/path")) {
    ///     Text("Status")
    /// }
    /// ```
    /// - Parameter container: The root path, or a tab's or a presented step's path.
    /// - Returns: The binding; it holds the navigator weakly.
    public func framesBinding(in container: StepPath = .root) -> StepBinding<[ScreenFrame]> {
        // What the UI last read: a write says which of these it removed.
        let seen = Locked(currentRoot.frames(in: container))
        return StepBinding(
            get: { [weak self] in
                let frames = self?.frames(in: container) ?? []
                seen.withLock { $0 = frames }
                return frames
            },
            set: { [weak self] frames in
                let base = seen.withLock { $0 }
                self?.transaction(.appliedGesture) { root in
                    root.applyFrames(frames, in: container, seen: base)
                }
            })
    }

    /// The modal the node at `path` presents, for `.sheet(item:)` and `.fullScreenCover(item:)`.
    ///
    /// Writing `nil` is the user dismissing it (swiped away): the modal last read is
    /// dismissed, if it is still the one presented; otherwise the write is ignored. Other
    /// writes are ignored: the app presents through the state.
    /// - Parameter path: The presenting node; the root by default.
    /// - Returns: The binding; it holds the navigator weakly.
    public func modalBinding(at path: StepPath = .root) -> StepBinding<ScreenModal?> {
        let seen = Locked(currentRoot.modal(at: path))
        return StepBinding(
            get: { [weak self] in
                let modal = self?.modal(at: path)
                seen.withLock { $0 = modal }
                return modal
            },
            set: { [weak self] modal in
                guard modal == nil, let shown = seen.withLock({ $0 }) else { return }
                self?.userRemoved(shown, presentedAt: path)
            })
    }

    /// The user swiped `shown` away, the modal the node at `presenter` presented when a
    /// binding was last read: removed if it is still the one presented and a gesture may
    /// remove it, else nothing.
    private func userRemoved(_ shown: ScreenModal, presentedAt presenter: StepPath) {
        transaction(.appliedGesture) { root in
            guard root.modal(at: presenter)?.id == shown.id else { return }
            try? root.removeByUser(path: shown.path)
        }
    }
}

extension Navigator {
    /// The destination the ``StepModal`` step at `path` shows while it is presented, `nil`
    /// while it is not: the `Binding<Item?>` that `.sheet(item:)` and `.fullScreenCover(item:)`
    /// take, for a destination enum that is `Identifiable`.
    ///
    /// ```swift
    /// .sheet(item: Binding(navigator.destinationBinding(at: "sheet", as: Sheet.self))) { sheet in
    ///     switch sheet { … }
    /// }
    /// ```
    ///
    /// Writing `nil` is the user dismissing it (swiped away), as ``modalBinding(at:)`` takes
    /// it: refused while the modal may not be dismissed by a gesture, ignored when another
    /// screen is shown there since the last read. Writing a destination presents it, as
    /// selecting the step with that value does; a case the enum's list leaves out is ignored.
    /// - Parameters:
    ///   - path: The modal step.
    ///   - type: Its destination enum.
    /// - Returns: The binding; it holds the navigator weakly.
    public func destinationBinding<Destination: StepDestination>(
        at path: StepPath, as type: Destination.Type = Destination.self
    ) -> StepBinding<Destination?> {
        let presenter = path.parent ?? .root
        // The modal last read, if it was this step: a `nil` write dismisses only that one.
        let seen = Locked<ScreenModal?>(nil)
        return StepBinding(
            get: { [weak self] in
                let modal = self?.modal(at: presenter).flatMap { $0.path == path ? $0 : nil }
                seen.withLock { $0 = modal }
                return modal?.frame.value(as: Destination.self)
            },
            set: { [weak self] destination in
                guard let destination else {
                    guard let shown = seen.withLock({ $0 }) else { return }
                    self?.userRemoved(shown, presentedAt: presenter)
                    return
                }
                // A case the list leaves out is refused by the presentation, with no change.
                try? self?.present(destination, at: path)
            })
    }
}

extension Navigator where Root: StepsCollection {
    /// The root's content selection, typed, for `TabView(selection:)`; see
    /// ``selectionBinding(at:reselect:)-(StepPath,_)``.
    /// - Parameter reselect: What writing the selected key does; ``TabReselection/popToRoot``
    ///   by default.
    /// - Returns: The binding; it holds the navigator weakly.
    public func selectionBinding(reselect: TabReselection = .popToRoot) -> StepBinding<Root.Key?> {
        selectionBinding(at: .root, reselect: reselect).map {
            $0.flatMap(Root.Key.init(rawValue:))
        } back: {
            $0?.rawValue
        }
    }

    /// The content selection of the node at `route`, typed; see
    /// ``selectionBinding(at:reselect:)-(StepPath,_)``.
    /// - Parameters:
    ///   - route: The node.
    ///   - reselect: What writing the selected key does; ``TabReselection/popToRoot`` by
    ///     default.
    /// - Returns: The binding; it holds the navigator weakly.
    public func selectionBinding<Node: StepsCollection>(
        at route: StepRoute<Root, Node>, reselect: TabReselection = .popToRoot
    ) -> StepBinding<Node.Key?> {
        selectionBinding(at: route.path, reselect: reselect).map {
            $0.flatMap(Node.Key.init(rawValue:))
        } back: {
            $0?.rawValue
        }
    }
}

extension StepNode {
    /// Applies a write of a container's frames: removes what the UI left out of `seen`, then
    /// pushes what it appended; leaves the value as it is for a stale or impossible write.
    mutating func applyFrames(
        _ frames: [ScreenFrame], in container: StepPath, seen: [ScreenFrame]
    ) {
        let current = Set(self.frames(in: container).compactMap(\.identity))
        let kept = Set(frames.compactMap(\.identity))
        let removed = seen.filter { $0.identity.map { !kept.contains($0) } ?? false }
        guard kept.isSubset(of: current),
            removed.allSatisfy({ $0.identity.map(current.contains) ?? false })
        else { return }
        var edited = self
        for frame in removed.reversed() {
            // Top first: a frame still there when its turn comes can be removed. A removal that
            // would take away a modal the user may not dismiss refuses the whole write.
            do throws(StepPathError) {
                try edited.removeByUser(path: frame.path)
            } catch .notUserDismissible {
                return
            } catch {}
        }
        for frame in frames where frame.identity == nil {
            do throws(StepPathError) {
                try edited.push(frame)
            } catch { return }
        }
        self = edited
    }

    /// Pushes what the request `frame` asks for.
    private mutating func push(_ frame: ScreenFrame) throws(StepPathError) {
        switch frame.request {
        case .element(let element, let stack)?:
            func push<Element: StepValue>(_ element: Element) throws(StepPathError) {
                try self.push(element, onto: stack)
            }
            try push(element)
        case .path(let value)?:
            // A path that ends in an id the stack at its parent lacks pushes that element.
            if let stack = frame.path.parent, let id = frame.path.last,
                let node = resolve(stack)?.target, node.isStack, node.elementIndex(forID: id) == nil
            {
                try push(path: stack, id: id, with: value)
            } else {
                try push(path: frame.path, with: value)
            }
        case nil:
            break
        }
    }
}
