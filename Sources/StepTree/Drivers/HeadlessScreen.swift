/// What is on screen for one state of a step tree (SPEC §2), and a UI layer that plays
/// navigation events on it: the headless reference driver, for tests on any platform.
///
/// ```swift
/// var screen = HeadlessScreen(old)
/// try screen.apply(NavigationDiff.events(from: old, to: new), reaching: new)
/// #expect(screen == HeadlessScreen(new))
/// ```
///
/// The screen is computed by walking the whole tree literally, independently of
/// ``NavigationDiff``, so that each can check the other. Two screens are equal when they hold
/// the same containers with the same frames (by identity), the same chain of modals and the
/// same visible screen.
public struct HeadlessScreen: Sendable, Equatable, CustomStringConvertible {
    /// The identity of a step on screen: its path plus the generation of every step along it
    /// (SPEC §1).
    public struct Identity: Hashable, Sendable, CustomStringConvertible {
        /// The step's path.
        public let path: StepPath
        /// The generation of each step along the path, one per segment.
        public let generations: [UInt32]

        /// The identity of the root node.
        static let root = Identity(path: .root, generations: [])

        /// The identity of the child `segment` of this step.
        func appending(_ segment: String, generation: UInt32) -> Identity {
            Identity(path: path.appending(segment), generations: generations + [generation])
        }

        /// The path, with `@n` after each segment whose generation `n` is not 0, for example
        /// `/profile/friends/u2@3`.
        public var description: String {
            guard !path.isRoot else { return "/" }
            var text = ""
            for (segment, generation) in zip(path.segments, generations) {
                text += "/" + segment
                if generation != 0 { text += "@\(generation)" }
            }
            return text
        }
    }

    /// A presented modal in the window chain.
    public struct Modal: Hashable, Sendable, CustomStringConvertible {
        /// The identity of the presented step.
        public let identity: Identity
        /// How it is presented.
        public let style: PresentationStyle

        /// The path of the presented step.
        public var path: StepPath { identity.path }

        /// The identity and the style, for example `/profile/settings sheet`.
        public var description: String { "\(identity) \(style)" }
    }

    /// A container of frames: the root, a tab (its own navigation stack) or a presented modal
    /// (the navigation stack inside it).
    public enum ContainerID: Hashable, Sendable, CustomStringConvertible {
        /// The root container.
        case root
        /// The container of the tab at the path.
        case tab(StepPath)
        /// The container of the modal presented at the path.
        case modal(StepPath)

        /// The path of the node that owns the container (`/` for the root).
        public var path: StepPath {
            switch self {
            case .root: .root
            case .tab(let path), .modal(let path): path
            }
        }

        /// The owner's path, as error messages name the container.
        public var description: String { path.description }
    }

    /// One container: the identity of its owner and its frames, bottom first.
    struct Container: Hashable, Sendable {
        var owner: Identity
        var frames: [Identity]
    }

    /// Every container on screen, by id.
    var table: [ContainerID: Container]

    /// The window chain: the presented modals, bottom first.
    public internal(set) var modals: [Modal]

    /// The top of the active path: the deepest node that is active (SPEC §2), for example
    /// `/profile/detail/dark`.
    ///
    /// Selections are not structural, so after ``apply(_:reaching:)`` this is read from the state
    /// reached rather than from the events.
    public internal(set) var visibleScreen: StepPath

    /// The state the screen shows; paths of events that leave the screen are resolved in it.
    var tree: StepNodeStorage

    /// Renders the screen of `root` (SPEC §2).
    /// - Parameter root: The state to render.
    /// - Complexity: O(*n*) for the *n* mounted nodes.
    public init(_ root: some StepNode) {
        self.init(tree: StepStorage.make(root))
    }

    init(tree: StepNodeStorage) {
        var renderer = ScreenRenderer()
        renderer.open(.root, owner: .root)
        renderer.walk(tree, Identity.root, active: true, region: .root)
        self.table = renderer.containers
        self.modals = renderer.modals
        self.visibleScreen = tree.visibleScreen
        self.tree = tree
    }

    /// The containers on screen, sorted by path (the root first).
    public var containers: [ContainerID] { Self.sorted(table.keys) }

    /// The paths of the frames in `container`, bottom first, or `nil` when it is not on screen.
    /// - Parameter container: The root, a tab or a modal.
    /// - Returns: The frames' paths; `[]` for a container with nothing pushed.
    public func stack(of container: ContainerID) -> [StepPath]? {
        table[container].map { $0.frames.map(\.path) }
    }

    /// The identities of the frames in `container`, bottom first, or `nil` when it is not on
    /// screen.
    /// - Parameter container: The root, a tab or a modal.
    /// - Returns: The frames' identities; `[]` for a container with nothing pushed.
    public func frames(of container: ContainerID) -> [Identity]? {
        table[container]?.frames
    }

    /// One line for the visible screen, one for the window, then one per container sorted by
    /// path, for example `tab /profile [/profile/detail, /profile/friends/u1@1]`.
    public var description: String {
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
            lines.append("\(kind) \(container.owner) [\(frames)]")
        }
        return lines.joined(separator: "\n")
    }

    /// Screens are equal when their containers, window chains and visible screens are; the
    /// state each was computed from is not compared.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.table == rhs.table && lhs.modals == rhs.modals
            && lhs.visibleScreen == rhs.visibleScreen
    }

    /// Container ids sorted by path, so that descriptions and errors are deterministic.
    static func sorted(_ ids: some Sequence<ContainerID>) -> [ContainerID] {
        ids.sorted { $0.path.segments.lexicographicallyPrecedes($1.path.segments) }
    }
}

/// The literal walk of SPEC §2: containers, their frames in depth-first order, and the window
/// chain.
struct ScreenRenderer {
    var containers: [HeadlessScreen.ContainerID: HeadlessScreen.Container] = [:]
    var modals: [HeadlessScreen.Modal] = []

    mutating func open(_ id: HeadlessScreen.ContainerID, owner: HeadlessScreen.Identity) {
        containers[id] = HeadlessScreen.Container(owner: owner, frames: [])
    }

    /// Walks a mounted node whose frames belong to `region`.
    mutating func walk(
        _ node: StepNodeStorage, _ identity: HeadlessScreen.Identity, active: Bool,
        region: HeadlessScreen.ContainerID
    ) {
        if node.isStack {
            let count = node.elementCount
            for index in 0..<count {
                let element = node.element(index)
                let child = identity.appending(element.id, generation: element.generation)
                containers[region]?.frames.append(child)
                // Only the last element is active.
                walk(element.storage, child, active: active && index == count - 1, region: region)
            }
        } else if node.hasTabs {
            // Every tab is mounted and owns a container; only the selected one is active.
            let selected = node.selectedIndex
            for index in 0..<node.childCount {
                let step = node.child(index)
                let child = identity.appending(node.childKey(index), generation: step.generation)
                open(.tab(child.path), owner: child)
                walk(
                    step.storage, child, active: active && selected == index,
                    region: .tab(child.path))
            }
        } else if let selected = node.selectedIndex {
            let step = node.child(selected)
            let child = identity.appending(node.childKey(selected), generation: step.generation)
            switch node.childKind(selected) {
            case .tab, .inline, .stack:
                walk(step.storage, child, active: active, region: region)
            case .push:
                containers[region]?.frames.append(child)
                walk(step.storage, child, active: active, region: region)
            case .present(let style):
                // A modal is mounted only while its parent is active.
                guard active else { return }
                modals.append(HeadlessScreen.Modal(identity: child, style: style))
                open(.modal(child.path), owner: child)
                walk(step.storage, child, active: true, region: .modal(child.path))
            }
        }
    }
}

/// Where a path's step sits, read from the kinds along the path in one tree.
struct ScreenLocation {
    /// How the step hangs off its parent.
    enum Role {
        case root
        case child(StepKind)
        case element
    }

    let identity: HeadlessScreen.Identity
    let storage: StepNodeStorage
    let role: Role
    /// The container of the step's frame: that of its nearest tab or present ancestor, else the
    /// root.
    let container: HeadlessScreen.ContainerID

    /// Follows `path` from `root` through children and stack elements, selected or not; `nil`
    /// when a segment names no step.
    init?(_ path: StepPath, in root: StepNodeStorage) {
        guard let resolved = try? ResolvedPath(path.segments.map { Substring($0) }, from: root)
        else { return nil }
        var identity = HeadlessScreen.Identity.root
        var role = Role.root
        var container = HeadlessScreen.ContainerID.root
        // The region below the steps walked so far; the last step's own kind does not count.
        var region = HeadlessScreen.ContainerID.root
        for (segment, (step, parent)) in zip(path.segments, zip(resolved.steps, resolved.nodes)) {
            container = region
            switch step {
            case .element(let index):
                identity = identity.appending(segment, generation: parent.element(index).generation)
                role = .element
            case .child(let index):
                let kind = parent.childKind(index)
                identity = identity.appending(segment, generation: parent.child(index).generation)
                role = .child(kind)
                switch kind {
                case .tab: region = .tab(identity.path)
                case .present: region = .modal(identity.path)
                case .inline, .push, .stack: break
                }
            }
        }
        self.identity = identity
        self.storage = resolved.nodes.last ?? root
        self.role = role
        self.container = container
    }

    /// Whether the step is shown as a frame pushed on its container.
    var isPushed: Bool {
        switch role {
        case .element, .child(.push): true
        case .root, .child: false
        }
    }
}
