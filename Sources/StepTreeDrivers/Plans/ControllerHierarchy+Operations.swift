import StepTree

extension ControllerHierarchy {
    /// The changes of one piece of work, read against the hierarchy as it is now; a transition
    /// comes alone, the work after it waiting for the next call (a gesture may come meanwhile).
    mutating func resolve(_ work: Work) -> [Change] {
        switch work {
        case .operation(let operation): resolve(operation)
        case .forget(let paths, let keepingOwn):
            forgetContainers(inside: paths, keepingOwn: keepingOwn)
        case .reconcile:
            applying.map { reconcile(with: $0.folded ?? $0.screen) } ?? []
        }
    }

    /// Whether a gesture removed screens since the update began.
    private var folded: ScreenState? { applying?.folded }

    private mutating func resolve(_ operation: ControllerPlan.Operation) -> [Change] {
        switch operation {
        case .dismiss(let paths): dismiss(paths)
        case .pop(let paths, let container): pop(paths, from: container)
        case .push(let frames, let container): push(frames, onto: container)
        case .present(let modal):
            present(modal)
        case .selectTab(let owner, let key):
            selectTab(owner: owner, key: key)
        case .rebuild(let path):
            // A renewed step's containers are built again at once, their frames with them.
            rebuild(path, from: folded ?? applying?.screen)
        case .unplaced(let event):
            [.refuse(operation: event.description)]
        }
    }

    /// Dismisses the modals the window shows; one that a gesture took away meanwhile is left
    /// out, one it never showed refuses the dismissal.
    private mutating func dismiss(_ paths: [StepPath]) -> [Change] {
        let shown = paths.filter { stacks[.modal($0)] != nil }
        if folded == nil, let missing = paths.first(where: { !shown.contains($0) }) {
            return [.refuse(operation: "dismiss \(missing)")]
        }
        guard !shown.isEmpty else { return [] }
        modals.removeAll { shown.contains($0.path) }
        work.insert(.forget(inside: paths, keepingOwn: false), at: 0)
        return [.dismiss(shown)]
    }

    /// Pops the frames still on the stack; a gesture may have taken some, or the whole
    /// container, during an earlier transition.
    private mutating func pop(_ paths: [StepPath], from container: ScreenContainer) -> [Change] {
        guard let stack = stacks[container] else {
            return folded == nil ? [.refuse(operation: "pop \(paths[0])")] : []
        }
        let frames = paths.compactMap { path in stack.last { $0.path == path } }
        guard !frames.isEmpty else { return [] }
        stacks[container]?.removeAll { frames.contains($0) }
        work.insert(.forget(inside: paths, keepingOwn: true), at: 0)
        return [.pop(frames, from: container)]
    }

    /// Pushes the frames the user has not removed meanwhile.
    ///
    /// A frame that the update's state with the gestures folded in does not hold is inside a
    /// screen the user removed, or above it on its stack: pushed, it would sit on the window
    /// with no place in the model.
    private mutating func push(_ frames: [ScreenFrame], onto container: ScreenContainer)
        -> [Change]
    {
        let frames = frames.filter { folded?.holds($0) ?? true }
        guard let first = frames.first else { return [] }
        guard stacks[container] != nil else { return [.refuse(operation: "push \(first.path)")] }
        stacks[container, default: []] += frames
        return [.push(frames, onto: container)]
    }

    /// Presents `modal` unless a gesture removed the screen it is presented from meanwhile.
    private mutating func present(_ modal: ScreenModal) -> [Change] {
        if let folded, !folded.modals.contains(where: { $0.frame == modal.frame }) { return [] }
        guard let screen = folded ?? applying?.screen else { return [] }
        return [present(modal, from: screen)]
    }

    /// Presents `modal` with the frames `screen` pushes in its container.
    mutating func present(_ modal: ScreenModal, from screen: ScreenState) -> Change {
        let frames = screen.frames(of: .modal(modal.path)) ?? []
        modals.append(modal)
        stacks[.modal(modal.path)] = frames
        return .present(modal, frames: frames)
    }

    /// Shows the tab `key` of a tab bar the window has.
    private mutating func selectTab(owner: StepPath, key: String?) -> [Change] {
        guard tabBars[owner] != nil else { return [] }
        tabBars[owner]?.selected = key
        return [.selectTab(owner: owner, key: key)]
    }
}
