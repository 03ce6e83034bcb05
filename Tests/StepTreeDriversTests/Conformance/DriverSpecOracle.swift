@testable import StepTree
@testable import StepTreeTools

/// A second, literal reading of SPEC §2–§3 (version 2), written without the engine's
/// rendering: it reads every node of the state by path, decides each definition of the SPEC
/// (mounted, active, region, frames, window chain, sits in, kept, retained) with a function of
/// that name that follows the sentence, and lists the events. Slow and obvious on purpose:
/// every question is answered from scratch by walking paths. The property test compares it
/// with ``NavigationDiff`` and the driver on every transition.
struct DriverSpecOracle {
    typealias Path = [String]

    /// How a node is shown in its parent; `element` for a stack element.
    enum Kind: Equatable {
        case root
        case tab
        case inline
        case push
        case stack
        case element
        case present(PresentationStyle)

        var layer: StepLayer? {
            switch self {
            case .root, .element: nil
            case .tab, .inline: .content
            case .push, .stack: .push
            case .present: .modal
            }
        }
    }

    /// SPEC §1: the path plus the renewal history of every step along it.
    struct Identity: Hashable {
        let path: Path
        let histories: [StepRenewal]
    }

    /// A container: the root, the window, a tab's or a presented step's (by the owner's path).
    enum Container: Hashable {
        case root
        case window
        case tab(Path)
        case modal(Path)
    }

    /// What a node sits in (SPEC §2): a frame, by identity, or a container.
    enum Place: Hashable {
        case frame(Identity)
        case container(Container)
    }

    /// What the state stores at one path, read once.
    struct Stored {
        let kind: Kind
        let renewal: StepRenewal
        /// The children in declaration order (empty for a stack).
        let children: [(key: String, kind: Kind)]
        let hasTabs: Bool
        let selected: [StepLayer: String]
        let isStack: Bool
        let elementIDs: [String]
    }

    /// One state, every node by path, and the definitions of SPEC §2 as functions.
    struct Screen {
        let stored: [Path: Stored]
        /// The mounted nodes in depth-first order (see ``depthFirst()``).
        private(set) var order: [Path] = []
        /// Answers computed once from the definitions below, since they are asked often.
        private var mounted: Set<Path> = []
        private var identities: [Path: Identity] = [:]
        private var frameLists: [Container: [Identity]] = [:]

        init(_ root: StepNodeStorage) {
            var stored: [Path: Stored] = [:]
            Self.read(root, path: [], kind: .root, renewal: .initial, into: &stored)
            self.stored = stored
            self.order = depthFirst()
            self.mounted = Set(order)
            for path in order {
                identities[path] = identity(path)
                if isPushedFrame(path) || isPresented(path) {
                    frameLists[container(ofFrame: path), default: []].append(identity(path))
                }
            }
        }

        func isMountedNode(_ path: Path) -> Bool { mounted.contains(path) }

        func identityOf(_ path: Path) -> Identity { identities[path] ?? identity(path) }

        /// The frames of `container` (the window chain for `.window`), in depth-first order.
        func frames(_ container: Container) -> [Identity] { frameLists[container] ?? [] }

        private static func read(
            _ node: StepNodeStorage, path: Path, kind: Kind, renewal: StepRenewal,
            into stored: inout [Path: Stored]
        ) {
            var children: [(key: String, kind: Kind)] = []
            var selected: [StepLayer: String] = [:]
            var ids: [String] = []
            if node.isStack {
                for index in 0..<node.elementCount {
                    let element = node.element(index)
                    ids.append(element.id)
                    read(
                        element.storage, path: path + [element.id], kind: .element,
                        renewal: element.renewal, into: &stored)
                }
            } else {
                for index in 0..<node.childCount {
                    let key = node.childKey(index)
                    let childKind: Kind =
                        switch node.childKind(index) {
                        case .tab: .tab
                        case .inline: .inline
                        case .push: .push
                        case .stack: .stack
                        case .present(let style): .present(style)
                        }
                    children.append((key, childKind))
                    read(
                        node.child(index).storage, path: path + [key], kind: childKind,
                        renewal: node.child(index).renewal, into: &stored)
                }
                for layer in [StepLayer.content, .push, .modal] {
                    if let index = node.selectedIndex(in: layer) {
                        selected[layer] = node.childKey(index)
                    }
                }
            }
            stored[path] = Stored(
                kind: kind, renewal: renewal, children: children, hasTabs: node.hasTabs,
                selected: selected, isStack: node.isStack, elementIDs: ids)
        }

        func node(_ path: Path) -> Stored? { stored[path] }

        func kind(_ path: Path) -> Kind { stored[path]?.kind ?? .root }

        /// Whether the parent of `path` selects it (in its layer); a stack "selects" all its
        /// elements.
        func parentSelects(_ path: Path) -> Bool {
            guard let last = path.last, let parent = node(Array(path.dropLast())),
                let child = node(path)
            else { return false }
            if child.kind == .element { return true }
            guard let layer = child.kind.layer else { return false }
            return parent.selected[layer] == last
        }

        /// "the parent's push layer holds a frame (a selected push child, or a selected stack
        /// with at least one element)".
        func pushLayerHoldsFrame(_ path: Path) -> Bool {
            guard let key = node(path)?.selected[.push], let child = node(path + [key]) else {
                return false
            }
            return child.kind == .push || !child.elementIDs.isEmpty
        }

        /// "A node is mounted if it is the root, or its parent is mounted and either selects
        /// it (in any layer) or it is a tab of the parent; except that a present child is
        /// mounted only while its parent is active."
        func isMounted(_ path: Path) -> Bool {
            guard node(path) != nil else { return false }
            if path.isEmpty { return true }
            let parent = Array(path.dropLast())
            guard isMounted(parent), parentSelects(path) || kind(path) == .tab else {
                return false
            }
            if case .present = kind(path) { return isActive(parent) }
            return true
        }

        /// "A node is active if it is the root, or its parent is active, selects it, and
        /// nothing covers it in its parent's container."
        func isActive(_ path: Path) -> Bool {
            guard node(path) != nil else { return false }
            if path.isEmpty { return true }
            let parent = Array(path.dropLast())
            guard isActive(parent), parentSelects(path) else { return false }
            switch kind(path) {
            case .tab, .inline: return !pushLayerHoldsFrame(parent)
            case .element: return node(parent)?.elementIDs.last == path.last
            default: return true
            }
        }

        /// The mounted nodes in depth-first order: at each node the selected content child
        /// (at a tab bar, the tabs not selected in declaration order, then the selected one),
        /// then the selected push child, then the selected modal child; a stack's elements in
        /// order.
        func depthFirst() -> [Path] {
            var paths: [Path] = []
            func visit(_ path: Path) {
                guard isMounted(path), let stored = node(path) else { return }
                paths.append(path)
                if stored.isStack {
                    for id in stored.elementIDs { visit(path + [id]) }
                    return
                }
                if stored.hasTabs {
                    for child in stored.children
                    where child.kind == .tab && child.key != stored.selected[.content] {
                        visit(path + [child.key])
                    }
                }
                for layer in [StepLayer.content, .push, .modal] {
                    if let key = stored.selected[layer] { visit(path + [key]) }
                }
            }
            visit([])
            return paths
        }

        func identity(_ path: Path) -> Identity {
            Identity(
                path: path,
                histories: (0...path.count).map {
                    stored[Array(path.prefix($0))]?.renewal ?? .initial
                })
        }

        /// "A node's region is the container its pushes go to: the root container for the
        /// root, a tab's own container for a tab and what lies in it, a modal's own container
        /// for a presented node and what lies in it; other nodes share their parent's region."
        func region(_ path: Path) -> Container {
            switch kind(path) {
            case .root: .root
            case .tab: .tab(path)
            case .present: .modal(path)
            default: region(Array(path.dropLast()))
            }
        }

        func isPushedFrame(_ path: Path) -> Bool { kind(path) == .push || kind(path) == .element }

        func isPresented(_ path: Path) -> Bool {
            if case .present = kind(path) { true } else { false }
        }

        /// "every mounted push child is a frame in the container of its parent's region; every
        /// element of a mounted, selected stack child is a frame there too. Every mounted
        /// present child is a frame in the window chain."
        func container(ofFrame path: Path) -> Container {
            isPresented(path) ? .window : region(Array(path.dropLast()))
        }

        /// The containers: the root, one per mounted tab, one per presented modal.
        var containers: [Container] {
            [.root]
                + order.compactMap { path in
                    kind(path) == .tab ? .tab(path) : isPresented(path) ? .modal(path) : nil
                }
        }

        /// "A node sits in the nearest frame at or above it (its own frame if it is a pushed
        /// frame or a stack element), or, failing one, in its region's container. A tab node
        /// sits in the frame or container of its tab bar."
        func place(_ path: Path) -> Place {
            if kind(path) == .tab { return place(Array(path.dropLast())) }
            for length in stride(from: path.count, to: 0, by: -1) {
                let above = Array(path.prefix(length))
                if isPushedFrame(above) || isPresented(above) { return .frame(identity(above)) }
            }
            return .container(region(path))
        }

        /// "following, at each node, the selected modal child if it is mounted, else the push
        /// layer's frame (the last element, for a stack), else the selected content child."
        var visibleScreen: Path {
            var path: Path = []
            while let stored = node(path) {
                if let modal = stored.selected[.modal], isMounted(path + [modal]) {
                    path += [modal]
                } else if pushLayerHoldsFrame(path), let pushed = stored.selected[.push] {
                    let child = path + [pushed]
                    if let last = node(child)?.elementIDs.last {
                        path = child + [last]
                    } else {
                        path = child
                    }
                } else if let content = stored.selected[.content] {
                    path += [content]
                } else {
                    return path
                }
            }
            return path
        }

        func style(_ path: Path) -> PresentationStyle {
            if case .present(let style) = kind(path) { style } else { .sheet }
        }
    }

    let old: Screen
    let new: Screen

    init(old: some StepNode, new: some StepNode) {
        self.old = Screen(StepStorage.make(old))
        self.new = Screen(StepStorage.make(new))
    }

    /// The events of SPEC §3 from `old` to `new`, in text form.
    static func events<Root: StepNode>(from old: Root, to new: Root) -> [String] {
        DriverSpecOracle(old: old, new: new).events()
    }

    // MARK: §3 definitions

    /// "The root and window are always kept; a tab container is kept if its tab node is
    /// retained; a modal container is kept if its modal frame is kept."
    func isKept(_ container: Container) -> Bool {
        switch container {
        case .root, .window: true
        case .tab(let path): isRetained(path)
        case .modal(let path): isKept(frame: path)
        }
    }

    /// "a frame is kept if its container is kept and it lies in the longest common prefix (by
    /// identity) of that container's old and new frame lists; a presented frame is also kept
    /// only if every modal below it in the window chain is kept and the frame or container its
    /// presenting node sits in is kept."
    func isKept(frame path: Path) -> Bool {
        guard old.isMountedNode(path), new.isMountedNode(path) else { return false }
        let container = new.container(ofFrame: path)
        guard old.container(ofFrame: path) == container, isKept(container) else { return false }
        let before = old.frames(container)
        let after = new.frames(container)
        let common = zip(before, after).prefix { $0 == $1 }.map(\.0)
        guard common.contains(new.identityOf(path)) else { return false }
        guard container == .window else { return true }
        let below = after.prefix { $0 != new.identityOf(path) }
        return below.allSatisfy { isKept(frame: $0.path) }
            && isKept(new.place(Array(path.dropLast())))
    }

    func isKept(_ place: Place) -> Bool {
        switch place {
        case .frame(let identity): isKept(frame: identity.path)
        case .container(let container): isKept(container)
        }
    }

    /// "A node is retained if it is mounted in both, has the same identity, and sits in the
    /// same kept frame or container."
    func isRetained(_ path: Path) -> Bool {
        guard old.isMountedNode(path), new.isMountedNode(path),
            old.identityOf(path) == new.identityOf(path)
        else { return false }
        let place = new.place(path)
        return old.place(path) == place && isKept(place)
    }

    // MARK: §3 events

    func events() -> [String] {
        var events: [String] = []
        // 1. Teardown, the old rendering in reverse depth-first order.
        for path in old.order.reversed() {
            if old.isPresented(path), !isKept(frame: path) {
                events.append("dismiss \(text(path)) \(old.style(path))")
            } else if old.isPushedFrame(path), !isKept(frame: path),
                isKept(old.container(ofFrame: path))
            {
                events.append("pop \(text(path))")
            }
        }
        // 2. Selections, the new rendering in depth-first order.
        for path in new.order {
            if isRetained(path), let before = old.node(path), let after = new.node(path),
                before.selected[.content] != after.selected[.content]
            {
                let from = before.selected[.content] ?? "-"
                let to = after.selected[.content] ?? "-"
                events.append("select \(text(path)) \(from) -> \(to)")
            }
            if new.kind(path) == .tab || new.kind(path) == .inline,
                isRetained(Array(path.dropLast())), old.isMountedNode(path),
                old.identityOf(path) != new.identityOf(path)
            {
                events.append("replace \(text(path))")
            }
        }
        // 3. Build-up, the new rendering in depth-first order.
        for path in new.order {
            if new.isPresented(path), !isKept(frame: path) {
                events.append("present \(text(path)) \(new.style(path))")
            } else if new.isPushedFrame(path), !isKept(frame: path),
                isKept(new.container(ofFrame: path))
            {
                events.append("push \(text(path))")
            }
        }
        return events
    }

    private func text(_ path: Path) -> String { "/" + path.joined(separator: "/") }

    // MARK: The screen, for the driver

    /// The new state's screen in the driver's description form (SPEC §2): the visible screen,
    /// the window chain, then every container with its frames, sorted by path.
    var newScreenDescription: String { Self.describe(new) }

    static func describe(_ screen: Screen) -> String {
        func text(_ path: Path) -> String { "/" + path.joined(separator: "/") }
        var lines = [
            "visible \(text(screen.visibleScreen))",
            "window [\(screen.frames(.window).map { "\(text($0.path)) \(screen.style($0.path))" }.joined(separator: ", "))]",
        ]
        let owned = screen.containers.map { container -> (Path, String) in
            switch container {
            case .root, .window: ([], "root")
            case .tab(let path): (path, "tab")
            case .modal(let path): (path, "modal")
            }
        }
        for (path, kind) in owned.sorted(by: { $0.0.lexicographicallyPrecedes($1.0) }) {
            let container: Container =
                switch kind {
                case "tab": .tab(path)
                case "modal": .modal(path)
                default: .root
                }
            let frames = screen.frames(container).map { text($0.path) }.joined(separator: ", ")
            lines.append("\(kind) \(path.isEmpty ? "/" : text(path)) [\(frames)]")
        }
        return lines.joined(separator: "\n")
    }

    /// The screen of one state, described as ``HeadlessScreen/description`` does.
    static func screenDescription(_ state: some StepNode) -> String {
        describe(Screen(StepStorage.make(state)))
    }
}
