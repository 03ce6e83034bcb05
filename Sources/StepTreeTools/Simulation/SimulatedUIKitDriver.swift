import StepTree
import StepTreeDrivers

/// A ``NavigationDriver`` over the simulated UIKit (``SimulatedWindow``): the headless
/// counterpart of a UIKit driver, for tests and examples on any platform.
///
/// It carries out the same plan of controller operations as the real UIKit driver
/// (`UIKitNavigationDriver`), so that a test of this driver tests the real one's logic.
///
/// Each container of the screen (SPEC §2) is a ``SimulatedNavigationController``: the root's at
/// the window root, a tab's inside a ``SimulatedTabBarController`` embedded in the screen its
/// tab bar sits in, a modal's presented from the topmost controller. Events become UIKit's
/// operations: `dismiss` a topmost dismiss (several at once: one dismiss on the presenter of the
/// lowest), `pop` a pop to, `push` a push of the frames of one container, `present` a
/// presentation, `select` a tab switch, `replace` a rebuild. Screens are built by
/// ``makeScreen`` only when an update pushes or presents them, or brings a container along.
@MainActor
public final class SimulatedUIKitDriver<Root: StepNode>: NavigationDriver {
    /// The window the driver shows its screen in.
    public let window: SimulatedWindow
    /// Builds the controller of a frame, when an update needs it.
    public var makeScreen: (ScreenFrame) -> SimulatedViewController
    /// The frames built so far, in order.
    public private(set) var screensBuilt: [StepPath] = []
    /// Told of each frame the user removed by gesture: its path and identity.
    public var onUserRemoved: ((StepPath, StepIdentity) -> Void)?

    private var navigations: [ScreenContainer: SimulatedNavigationController] = [:]
    private var tabBars: [StepPath: SimulatedTabBarController] = [:]

    /// What one update may hold; several dismissals by default, as UIKit's `dismiss` on a
    /// presenter closes every modal above it.
    public var coalescing: NavigationPlan.Coalescing = .dismissals

    /// Creates a driver whose window shows the screen of `state`, built at once.
    /// - Parameters:
    ///   - state: The state on screen at start.
    ///   - clock: The clock the animations wait on.
    ///   - durations: How long transitions take.
    ///   - makeScreen: Builds the controller of a frame; by default a controller titled with
    ///     the frame's path.
    public init<C: Clock>(
        showing state: Root, clock: C, durations: SimulatedWindow.Durations = .standard,
        makeScreen: @escaping (ScreenFrame) -> SimulatedViewController = {
            SimulatedViewController(title: $0.path.description, frame: $0)
        }
    ) where C.Duration == Duration {
        let root = SimulatedNavigationController(
            container: .root, root: SimulatedViewController(title: "/"))
        self.window = SimulatedWindow(root: root, clock: clock, durations: durations)
        self.makeScreen = makeScreen
        let screen = ScreenState(state)
        navigations[.root] = root
        fill(root, from: screen)
        var presenter: SimulatedViewController = root
        for modal in screen.modals {
            let navigation = modalNavigation(modal, from: screen)
            presenter.presentedViewController = navigation
            navigation.presentingViewController = presenter
            navigation.presentationStyle = modal.style
            presenter = navigation
        }
        reconcileTabs(with: screen)
        window.onUserRemoved = { [weak self] frame in self?.userRemoved(frame) }
    }

    /// Applies `update` with the window's transitions and returns when the last has finished.
    ///
    /// The transitions run one after another. A refused operation is recorded in
    /// ``SimulatedWindow/rejections`` and skipped. An update whose transaction says
    /// `animated: false` takes no time.
    ///
    /// The user may remove a screen by gesture between two of the transitions (the window
    /// makes a gesture that comes during a transition when it ends). The sequencer folds it in
    /// after the update, as if the user had removed the screen from the update's state; so the
    /// update's later pushes skip the frames the removal takes along (those inside the removed
    /// frame, and those above it on its stack), and the window ends at that state's screen.
    /// - Parameter update: The events and the state they lead to.
    public func apply(_ update: NavigationUpdate<Root>) async {
        let after = ScreenState(update.state)
        animated = update.transaction.animated
        applying = (update.state, nil)
        defer { applying = nil }
        for operation in ControllerPlan(update.events, after: after).operations {
            do {
                switch operation {
                case .dismiss(let paths): try await dismiss(paths)
                case .pop(let paths, let container): try await pop(paths, from: container)
                case .push(let frames, let container): try await push(frames, onto: container)
                case .present(let modal): try await present(modal, in: after)
                case .selectTab(let owner, let key):
                    if let tabs = tabBars[owner] { window.select(key, in: tabs) }
                case .rebuild(let path): removeContainers(inside: path)
                case .unplaced(let event): throw window.refuse(event.description, .notInHierarchy)
                }
            } catch {
                // Recorded by the window; the next operations still run.
            }
        }
        reconcileTabs(with: applying?.folded ?? after)
    }

    // MARK: Operations

    /// Whether the update being applied animates its transitions.
    private var animated = true
    /// While an update is being applied: its state with the screens the user removed by
    /// gesture since it began taken out, and the screen of that state once there was one.
    private var applying: (state: Root, folded: ScreenState?)?

    /// Whether the user removed `frame`, which the update pushes, while the update ran: it is not on the
    /// update's screen with the gestures folded in, the way the sequencer folds them in after
    /// the update (``StepNode/removeByGesture(path:identity:)``).
    ///
    /// The sequencer then expects the window to show that screen, so such a frame is not
    /// pushed: it is inside the removed frame or above it on its stack, and pushed after the
    /// gesture it would sit on the window with no place in the model.
    private func wasRemovedByGesture(_ frame: ScreenFrame) -> Bool {
        guard let folded = applying?.folded else { return false }
        return !folded.holds(frame)
    }

    private func dismiss(_ paths: [StepPath]) async throws(SimulationError) {
        let controllers = try paths.map { path throws(SimulationError) in
            try found(navigations[.modal(path)], "dismiss \(path)")
        }
        guard let lowest = controllers.last else { return }
        if controllers.count == 1 {
            try await window.dismiss(lowest, animated: animated)
        } else if let presenter = lowest.presentingViewController {
            try await window.dismissPresented(by: presenter, animated: animated)
        }
        for path in paths { removeContainers(inside: path) }
    }

    private func pop(_ paths: [StepPath], from container: ScreenContainer)
        async throws(SimulationError)
    {
        // A gesture during an earlier operation may have removed the container with its
        // frames; the sequencer folds that in after the update.
        guard let navigation = navigations[container] else {
            if applying?.folded != nil { return }
            throw window.refuse("pop \(paths[0])", .notInHierarchy)
        }
        // A swipe back during an earlier operation may have taken some already.
        let controllers = paths.compactMap { path in
            navigation.viewControllers.last { $0.frame?.path == path }
        }
        guard !controllers.isEmpty else { return }
        try await window.pop(controllers, from: navigation, animated: animated)
        for path in paths { removeContainers(inside: path, keepingOwn: true) }
    }

    private func push(_ frames: [ScreenFrame], onto container: ScreenContainer)
        async throws(SimulationError)
    {
        // A gesture during an earlier operation may have removed these meanwhile, and their
        // container with them.
        let frames = frames.filter { !wasRemovedByGesture($0) }
        guard !frames.isEmpty else { return }
        let navigation = try found(navigations[container], "push \(frames[0].path)")
        try await window.push(frames.map(build), on: navigation, animated: animated)
    }

    private func present(_ modal: ScreenModal, in after: ScreenState)
        async throws(SimulationError)
    {
        let navigation = modalNavigation(modal, from: after)
        do {
            try await window.present(
                navigation, from: window.topmost, style: modal.style, animated: animated)
        } catch {
            navigations[.modal(modal.path)] = nil
            throw error
        }
    }

    // MARK: Building

    private func build(_ frame: ScreenFrame) -> SimulatedViewController {
        screensBuilt.append(frame.path)
        return makeScreen(frame)
    }

    /// Puts the frames of its container in `screen` on `navigation`, above its bottom one.
    private func fill(_ navigation: SimulatedNavigationController, from screen: ScreenState) {
        let frames = (screen.frames(of: navigation.container) ?? []).map(build)
        window.setViewControllers(
            [navigation.viewControllers[0]] + frames, on: navigation)
    }

    private func modalNavigation(_ modal: ScreenModal, from screen: ScreenState)
        -> SimulatedNavigationController
    {
        let navigation = SimulatedNavigationController(
            container: .modal(modal.path), root: build(modal.frame))
        // As the UIKit driver does: no swipe down on a modal the user may not dismiss.
        navigation.isModalInPresentation = !modal.isUserDismissible
        navigations[.modal(modal.path)] = navigation
        fill(navigation, from: screen)
        return navigation
    }

    /// Makes the tab containers those of `screen`: the ones it does not have go, the missing
    /// ones are built in their tab bar, which is embedded in the screen it sits in.
    private func reconcileTabs(with screen: ScreenState) {
        let wanted = Set(screen.containers)
        for id in navigations.keys where !wanted.contains(id) { detach(id) }
        for id in screen.containers where navigations[id] == nil {
            guard case .tab(let path) = id else { continue }
            let owner = StepPath(Array(path.segments.dropLast()))
            // A screen the user removed while the update ran is not there to hold the tabs.
            guard let tabs = tabBar(owner, in: screen) else { continue }
            let navigation = SimulatedNavigationController(
                container: id, root: SimulatedViewController(title: path.description))
            navigations[id] = navigation
            fill(navigation, from: screen)
            // Sorted by key, so that a rebuilt tab comes back in its place.
            let index = tabs.viewControllers.firstIndex {
                $0.container.path.segments.lexicographicallyPrecedes(path.segments) == false
            }
            tabs.viewControllers.insert(navigation, at: index ?? tabs.viewControllers.endIndex)
        }
        for (owner, tabs) in tabBars {
            let selected = screen.selectedContentKey(at: owner)
            if tabs.selectedKey != selected { tabs.selectedKey = selected }
        }
    }

    /// The tab bar of the node at `owner`, embedded where the node sits (SPEC §2); `nil` when
    /// that screen is not in the window.
    private func tabBar(_ owner: StepPath, in screen: ScreenState) -> SimulatedTabBarController? {
        if let tabs = tabBars[owner] { return tabs }
        guard let host = host(of: owner, in: screen) else { return nil }
        let tabs = SimulatedTabBarController(owner: owner)
        tabBars[owner] = tabs
        host.children.append(tabs)
        return tabs
    }

    /// The controller the node at `path` sits in: its frame's, or its container's bottom one.
    private func host(of path: StepPath, in screen: ScreenState) -> SimulatedViewController? {
        switch screen.place(of: path) {
        case nil:
            return nil
        case .frame(let identity):
            return navigations.values.lazy.flatMap(\.viewControllers).first {
                $0.frame?.identity == identity
            }
        case .container(let container):
            return navigations[container]?.viewControllers.first
        }
    }

    // MARK: Removing

    /// Drops the containers owned by the step at `path` or inside it (only inside it, with
    /// `keepingOwn`), with their tab bars.
    private func removeContainers(inside path: StepPath, keepingOwn: Bool = false) {
        for id in navigations.keys where id.path.segments.starts(with: path.segments) {
            if keepingOwn, id.path == path { continue }
            detach(id)
        }
    }

    private func detach(_ id: ScreenContainer) {
        guard id != .root, let navigation = navigations.removeValue(forKey: id) else { return }
        for (owner, tabs) in tabBars {
            tabs.viewControllers.removeAll { $0 === navigation }
            guard tabs.viewControllers.isEmpty else { continue }
            tabBars[owner] = nil
            for controller in navigations.values.flatMap(\.viewControllers) {
                controller.children.removeAll { $0 === tabs }
            }
        }
    }

    private func userRemoved(_ frame: ScreenFrame) {
        // Folded in as the sequencer will fold it in after the update being applied.
        if var state = applying?.state,
            state.removeByGesture(path: frame.path, identity: frame.identity) != nil
        {
            applying = (state, ScreenState(state))
        }
        removeContainers(inside: frame.path, keepingOwn: navigations[.modal(frame.path)] == nil)
        if let identity = frame.identity { onUserRemoved?(frame.path, identity) }
    }

    // MARK: Helpers

    /// `value`, or a refusal of `operation` when the driver has nothing for it.
    private func found<T>(_ value: T?, _ operation: String) throws(SimulationError) -> T {
        guard let value else { throw window.refuse(operation, .notInHierarchy) }
        return value
    }
}
