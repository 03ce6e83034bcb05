import StepTree

/// What is on screen for one state of a step tree (SPEC §2), and a UI layer that plays
/// navigation events on it: the model the sequencer, the plans and the adapters compute, which
/// StepTreeTools' `HeadlessScreen` publishes for tests.
///
/// Playing an event checks what a UI layer would refuse: a pop that is not the top of its
/// stack, a dismiss that is not the topmost modal, a push into a container that is not on
/// screen. Two screens are equal when they hold the same containers with the same frames (by
/// identity), the same chain of modals and the same visible screen.
package struct ScreenState: Sendable, Equatable, CustomStringConvertible {
    /// One container: the identity of its owner and its frames, bottom first.
    struct Container: Hashable, Sendable {
        /// The owner's screen: the root, a tab, or the presented step.
        var owner: ScreenFrame
        var frames: [ScreenFrame]
    }

    /// Every container on screen, by id.
    var table: [ScreenContainer: Container]

    /// The window chain: the presented modals, bottom first.
    package internal(set) var modals: [ScreenModal]

    /// The screen on top (SPEC §2), for example `/profile/detail/dark`.
    ///
    /// Selections are not structural, so after ``apply(_:reaching:)`` this is read from the state
    /// reached rather than from the events.
    package internal(set) var visibleScreen: StepPath

    /// The rendering of the state the screen shows.
    let rendering: ScreenRendering

    /// Renders the screen of `root` (SPEC §2).
    /// - Parameter root: The state to render.
    /// - Complexity: O(*m*) for the *m* mounted nodes.
    package init(_ root: some StepNode) {
        self.init(tree: StepStorage.make(root))
    }

    init(tree: StepNodeStorage) {
        let rendering = ScreenRendering(tree)
        self.rendering = rendering
        self.visibleScreen = tree.visiblePath.path
        self.modals = rendering.window.map(rendering.modal)
        var table: [ScreenContainer: Container] = [
            .root: Container(owner: rendering.frame(0), frames: [])
        ]
        for (index, node) in rendering.nodes.enumerated() where node.kind == .tab || node.isModal {
            table[rendering.containerID(ofOwner: index)] = Container(
                owner: rendering.frame(index), frames: [])
        }
        for (index, node) in rendering.nodes.enumerated() where node.isPushed {
            guard let container = node.container else { continue }
            table[rendering.containerID(container)]?.frames.append(rendering.frame(index))
        }
        self.table = table
    }

    /// The containers on screen, sorted by path (the root first).
    package var containers: [ScreenContainer] { ScreenContainer.sorted(table.keys) }

    /// The frames in `container`, bottom first, or `nil` when it is not on screen.
    /// - Parameter container: The root, a tab or a modal.
    /// - Returns: The frames; `[]` for a container with nothing pushed.
    package func frames(of container: ScreenContainer) -> [ScreenFrame]? {
        table[container]?.frames
    }

    /// The paths of the frames in `container`, bottom first, or `nil` when it is not on screen.
    /// - Parameter container: The root, a tab or a modal.
    /// - Returns: The frames' paths; `[]` for a container with nothing pushed.
    package func stack(of container: ScreenContainer) -> [StepPath]? {
        table[container].map { $0.frames.map(\.path) }
    }

    /// Every screen in the window (see ``ScreenChanges``): the root, each tab, each frame and
    /// each presented step, sorted by path.
    /// - Complexity: O(*s* log *s*) for *s* screens.
    package var screens: [ScreenFrame] {
        let all = table.values.flatMap { [$0.owner] + $0.frames }
        return all.sorted { $0.path.segments.lexicographicallyPrecedes($1.path.segments) }
    }

    /// One line for the visible screen, one for the window, then one per container sorted by
    /// path, for example `tab /profile [/profile/detail, /profile/friends/u1]`.
    package var description: String {
        var lines = [
            "visible \(visibleScreen)",
            "window [\(modals.map(\.description).joined(separator: ", "))]",
        ]
        for id in containers {
            guard let container = table[id] else { continue }
            let kind =
                switch id {
                case .root: "root"
                case .tab: "tab"
                case .modal: "modal"
                }
            let frames = container.frames.map(\.description).joined(separator: ", ")
            lines.append("\(kind) \(id) [\(frames)]")
        }
        return lines.joined(separator: "\n")
    }

    /// Screens are equal when their containers, window chains and visible screens are; the
    /// state each was computed from is not compared.
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.table == rhs.table && lhs.modals == rhs.modals
            && lhs.visibleScreen == rhs.visibleScreen
    }

}

extension ScreenState {
    /// Where a mounted node sits on screen: in a frame (by its identity) or in a container.
    package enum Place: Hashable, Sendable {
        case frame(StepIdentity)
        case container(ScreenContainer)
    }

    /// Whether `frame` is pushed in one of the containers on screen.
    package func holds(_ frame: ScreenFrame) -> Bool {
        table.values.contains { $0.frames.contains(frame) }
    }

    /// The key of the content child that the mounted node at `path` selects; `nil` when it
    /// selects none or nothing is mounted there.
    /// - Complexity: O(*m*) for *m* mounted nodes.
    package func selectedContentKey(at path: StepPath) -> String? {
        rendering.index(of: path).flatMap { rendering.nodes[$0].contentKey }
    }

    /// Where the mounted node at `path` sits, or `nil` when nothing is mounted there.
    /// - Complexity: O(*m*) for *m* mounted nodes.
    package func place(of path: StepPath) -> Place? {
        guard let index = rendering.index(of: path) else { return nil }
        switch rendering.nodes[index].place {
        case .frame(let identity): return .frame(identity)
        case .container(let container): return .container(rendering.containerID(container))
        }
    }
}

extension ScreenFrame {
    /// The frame at `path` with `identity`, as an event names it.
    package init(_ path: StepPath, _ identity: StepIdentity) {
        self.init(path: path, identity: identity)
    }
}

extension ScreenRendering {
    /// The id of the container that node `index` (a tab or a presented step) owns.
    func containerID(ofOwner index: Int) -> ScreenContainer {
        nodes[index].isModal ? .modal(path(index)) : .tab(path(index))
    }

    /// The id of a rendered container.
    func containerID(_ container: Container) -> ScreenContainer {
        switch container {
        case .root, .window: .root
        case .owned(let owner): index[owner].map { containerID(ofOwner: $0) } ?? .root
        }
    }
}
