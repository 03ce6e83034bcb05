import StepTree

/// A ``NavigationDriver`` over the simulated UIKit (``SimulatedWindow``): the headless
/// counterpart of a UIKit driver, for tests and examples on any platform.
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
        var events = update.events[...]
        while let first = events.first {
            let run =
                [first] + events.dropFirst().prefix { Self.sameOperation($0.kind, first.kind) }
            events = events.dropFirst(run.count)
            do {
                switch first.kind {
                case .dismiss: try await dismiss(run)
                case .pop: try await pop(run)
                case .push: try await push(run, in: after)
                case .present(let style): try await present(first, style: style, in: after)
                case .select, .replace: change(run)
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

    /// Whether the user removed the frame `event` pushes while the update ran: it is not on the
    /// update's screen with the gestures folded in, the way the sequencer folds them in after
    /// the update (``StepNode/removeByGesture(path:identity:)``).
    ///
    /// The sequencer then expects the window to show that screen, so such a frame is not
    /// pushed: it is inside the removed frame or above it on its stack, and pushed after the
    /// gesture it would sit on the window with no place in the model.
    private func wasRemovedByGesture(_ event: NavigationEvent) -> Bool {
        guard let folded = applying?.folded else { return false }
        return !folded.holds(ScreenFrame(event.path, event.identity))
    }

    private func dismiss(_ events: [NavigationEvent]) async throws(SimulationError) {
        let controllers = try events.map { event throws(SimulationError) in
            try found(navigations[.modal(event.path)], event)
        }
        guard let lowest = controllers.last else { return }
        if controllers.count == 1 {
            try await window.dismiss(lowest, animated: animated)
        } else if let presenter = lowest.presentingViewController {
            try await window.dismissPresented(by: presenter, animated: animated)
        }
        for event in events { removeContainers(inside: event.path) }
    }

    private func pop(_ events: [NavigationEvent]) async throws(SimulationError) {
        for event in events { _ = try found(navigationHolding(event.path), event) }
        for (navigation, group) in groups(events, by: { navigationHolding($0.path) }) {
            // A swipe back after the previous group's pop may have taken some already.
            let controllers = group.compactMap { event in
                navigation.viewControllers.last { $0.frame?.path == event.path }
            }
            guard !controllers.isEmpty else { continue }
            try await window.pop(controllers, from: navigation, animated: animated)
            for event in group { removeContainers(inside: event.path, keepingOwn: true) }
        }
    }

    private func push(_ events: [NavigationEvent], in after: ScreenState)
        async throws(SimulationError)
    {
        let byContainer = groups(events) { event in
            after.containers.first { id in
                after.frames(of: id)?.contains { $0.path == event.path } ?? false
            }.flatMap { navigations[$0] }
        }
        for event in events where !byContainer.contains(where: { $0.1.contains(event) }) {
            _ = try found(nil as SimulatedNavigationController?, event)
        }
        for (navigation, group) in byContainer {
            // A gesture after the previous group's push may have removed these meanwhile.
            let frames = group.filter { !wasRemovedByGesture($0) }.map {
                ScreenFrame($0.path, $0.identity)
            }
            guard !frames.isEmpty else { continue }
            try await window.push(frames.map(build), on: navigation, animated: animated)
        }
    }

    private func present(
        _ event: NavigationEvent, style: PresentationStyle, in after: ScreenState
    ) async throws(SimulationError) {
        guard let modal = after.modals.first(where: { $0.path == event.path }) else { return }
        let navigation = modalNavigation(modal, from: after)
        do {
            try await window.present(
                navigation, from: window.topmost, style: style, animated: animated)
        } catch {
            navigations[.modal(event.path)] = nil
            throw error
        }
    }

    /// Tab switches; renewed content loses its containers, which ``reconcileTabs(with:)``
    /// builds again from the new state.
    private func change(_ events: [NavigationEvent]) {
        for event in events {
            switch event.kind {
            case .select(_, let newKey):
                if let tabs = tabBars[event.path] { window.select(newKey, in: tabs) }
            default:
                removeContainers(inside: event.path)
            }
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

    /// `value`, or a refusal of `event` when the driver has nothing for it.
    private func found<T>(_ value: T?, _ event: NavigationEvent) throws(SimulationError) -> T {
        guard let value else { throw window.refuse(event.description, .notInHierarchy) }
        return value
    }

    private func navigationHolding(_ path: StepPath) -> SimulatedNavigationController? {
        navigations.values.first { navigation in
            navigation.viewControllers.dropFirst().contains { $0.frame?.path == path }
        }
    }

    /// `events` grouped by the navigation controller `key` gives, in order of first
    /// appearance; events with none are left out.
    private func groups(
        _ events: [NavigationEvent],
        by key: (NavigationEvent) -> SimulatedNavigationController?
    ) -> [(SimulatedNavigationController, [NavigationEvent])] {
        var result: [(SimulatedNavigationController, [NavigationEvent])] = []
        for event in events {
            guard let navigation = key(event) else { continue }
            if let index = result.firstIndex(where: { $0.0 === navigation }) {
                result[index].1.append(event)
            } else {
                result.append((navigation, [event]))
            }
        }
        return result
    }

    private static func sameOperation(_ lhs: NavigationEvent.Kind, _ rhs: NavigationEvent.Kind)
        -> Bool
    {
        switch (lhs, rhs) {
        case (.dismiss, .dismiss), (.pop, .pop), (.push, .push), (.select, .select),
            (.select, .replace), (.replace, .select), (.replace, .replace):
            true
        default: false
        }
    }
}
