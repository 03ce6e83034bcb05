@testable import StepTree

/// A second, literal reading of SPEC §3: renders both states with every mounted node, decides
/// what is kept and retained by the definitions, word for word, and lists the events. Slow and
/// obvious on purpose; the property test compares it with ``NavigationDiff``. The driver cannot
/// see a missing `select` (selections are not structural), this can.
struct DriverSpecOracle {
    enum Kind: Equatable {
        case root
        case tab
        case inline
        case push
        case present(PresentationStyle)
        case stack
        case element
    }

    enum Container: Hashable {
        case root
        case window
        case tab(StepPath)
        case modal(StepPath)
    }

    /// What a node sits in: a container directly, or the frame it is or lies inside.
    enum Anchor: Hashable {
        case container(Container)
        case frame(StepPath)
    }

    struct Node {
        let identity: HeadlessScreen.Identity
        let kind: Kind
        let anchor: Anchor
        let selectedKey: String?
        let selectsFrame: Bool
        let isStack: Bool
    }

    /// The rendering of SPEC §2 with every mounted node, in depth-first order.
    struct Rendering {
        var nodes: [Node] = []
        var index: [StepPath: Int] = [:]
        var frames: [Container: [HeadlessScreen.Identity]] = [:]
        var frameContainer: [StepPath: Container] = [:]

        init(_ root: StepNodeStorage) {
            walk(root, .root, kind: .root, active: true, region: .root, anchor: .container(.root))
        }

        func node(_ path: StepPath) -> Node? { index[path].map { nodes[$0] } }

        private mutating func walk(
            _ storage: StepNodeStorage, _ identity: HeadlessScreen.Identity, kind: Kind,
            active: Bool, region: Container, anchor: Anchor
        ) {
            let selected = storage.isStack ? nil : storage.selectedIndex
            index[identity.path] = nodes.count
            nodes.append(
                Node(
                    identity: identity, kind: kind, anchor: anchor,
                    selectedKey: selected.map(storage.childKey),
                    selectsFrame: selected.map { storage.childKind($0).isFrame } ?? false,
                    isStack: storage.isStack))
            // Where the node's non-frame children sit, and the container of frames below it.
            let inner: Anchor
            let innerRegion: Container
            switch kind {
            case .tab:
                innerRegion = .tab(identity.path)
                inner = .container(innerRegion)
            case .present:
                innerRegion = .modal(identity.path)
                inner = .container(innerRegion)
            case .push, .element:
                innerRegion = region
                inner = .frame(identity.path)
            case .root, .inline, .stack:
                innerRegion = region
                inner = anchor
            }
            if storage.isStack {
                let count = storage.elementCount
                for position in 0..<count {
                    let element = storage.element(position)
                    let child = identity.appending(element.id, generation: element.generation)
                    addFrame(child, to: innerRegion)
                    walk(
                        element.storage, child, kind: .element,
                        active: active && position == count - 1, region: innerRegion,
                        anchor: .frame(child.path))
                }
            } else if storage.hasTabs {
                for position in 0..<storage.childCount {
                    let step = storage.child(position)
                    let child = identity.appending(
                        storage.childKey(position), generation: step.generation)
                    walk(
                        step.storage, child, kind: .tab, active: active && selected == position,
                        region: innerRegion, anchor: inner)
                }
            } else if let selected {
                let step = storage.child(selected)
                let child = identity.appending(
                    storage.childKey(selected), generation: step.generation)
                switch storage.childKind(selected) {
                case .push:
                    addFrame(child, to: innerRegion)
                    walk(
                        step.storage, child, kind: .push, active: active, region: innerRegion,
                        anchor: .frame(child.path))
                case .present(let style):
                    guard active else { return }
                    addFrame(child, to: .window)
                    walk(
                        step.storage, child, kind: .present(style), active: true,
                        region: innerRegion, anchor: .frame(child.path))
                case .inline, .tab:
                    walk(
                        step.storage, child, kind: .inline, active: active, region: innerRegion,
                        anchor: inner)
                case .stack:
                    walk(
                        step.storage, child, kind: .stack, active: active, region: innerRegion,
                        anchor: inner)
                }
            }
        }

        private mutating func addFrame(_ frame: HeadlessScreen.Identity, to container: Container) {
            frames[container, default: []].append(frame)
            frameContainer[frame.path] = container
        }
    }

    let old: Rendering
    let new: Rendering
    /// For each container, the frames in the longest common prefix, by identity, of its old
    /// and new frame lists.
    let commonPrefix: [Container: Set<StepPath>]

    init(old: Rendering, new: Rendering) {
        self.old = old
        self.new = new
        var prefix: [Container: Set<StepPath>] = [:]
        for (container, before) in old.frames {
            let after = new.frames[container] ?? []
            let common = zip(before, after).prefix { $0 == $1 }.map(\.0.path)
            prefix[container] = Set(common)
        }
        self.commonPrefix = prefix
    }

    /// The events of SPEC §3 from `old` to `new`.
    static func events<Root: StepNode>(from old: Root, to new: Root) -> [NavigationEvent] {
        let oracle = DriverSpecOracle(
            old: Rendering(StepStorage.make(old)), new: Rendering(StepStorage.make(new)))
        return oracle.events()
    }

    func events() -> [NavigationEvent] {
        var teardown: [NavigationEvent] = []
        for node in old.nodes.reversed() {
            let path = node.identity.path
            switch node.kind {
            case .present(let style) where !frameKept(path):
                teardown.append(.dismiss(path, style: style))
            case .push, .element:
                if !frameKept(path), let container = old.frameContainer[path],
                    containerKept(container)
                {
                    teardown.append(.pop(path))
                }
            default: break
            }
        }
        var selections: [NavigationEvent] = []
        var buildUp: [NavigationEvent] = []
        for node in new.nodes {
            let path = node.identity.path
            if !node.isStack, retained(path), let before = old.node(path),
                before.selectedKey != node.selectedKey, !before.selectsFrame, !node.selectsFrame
            {
                selections.append(.select(path, from: before.selectedKey, to: node.selectedKey))
            }
            switch node.kind {
            case .present(let style) where !frameKept(path):
                buildUp.append(.present(path, style: style))
            case .push, .element:
                if !frameKept(path), let container = new.frameContainer[path],
                    containerKept(container)
                {
                    buildUp.append(.push(path))
                }
            default: break
            }
        }
        return teardown + selections + buildUp
    }

    /// The root and the window always are; a tab container if its tab node is retained; a
    /// modal container if its modal frame is kept.
    func containerKept(_ container: Container) -> Bool {
        switch container {
        case .root, .window: true
        case .tab(let path): retained(path)
        case .modal(let path): frameKept(path)
        }
    }

    /// Its container is kept and it lies in the longest common prefix, by identity, of that
    /// container's old and new frame lists. For a modal the engine also needs the node that
    /// presents it to be retained: the window's prefix can match while the frame that presented
    /// the modal is popped and pushed back, and a UI cannot pop a frame under its own modal. SPEC
    /// §3 does not say so; the final report raises it.
    func frameKept(_ path: StepPath) -> Bool {
        guard let container = old.frameContainer[path], new.frameContainer[path] == container,
            containerKept(container)
        else { return false }
        if container == .window, let presenter = path.parent, !retained(presenter) {
            return false
        }
        return commonPrefix[container]?.contains(path) ?? false
    }

    /// Mounted in both, with the same identity, in the same kept frame or container.
    func retained(_ path: StepPath) -> Bool {
        guard let before = old.node(path), let after = new.node(path),
            before.identity == after.identity, before.anchor == after.anchor
        else { return false }
        switch after.anchor {
        case .container(let container): return containerKept(container)
        case .frame(let frame): return frameKept(frame)
        }
    }
}
