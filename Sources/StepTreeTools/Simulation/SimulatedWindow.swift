import StepTree

/// A window of a simulated UIKit that runs anywhere, Linux included.
///
/// It has a root controller, a modal chain, and animated transitions on an injected clock. It
/// refuses what UIKit refuses or breaks on (a pop not on top, a dismiss that is not the topmost, a present from a controller already
/// presenting, any transition while another one runs) and records every refusal.
///
/// Gestures (``userSwipesBack()``, ``userSwipesDown()``) change the hierarchy as the user would
/// and report the removed frame to ``onUserRemoved``; a tap on a tab bar
/// (``userTapsTab(_:in:)``) is reported to ``onUserTappedTab``. One made during a transition
/// happens when it ends.
@MainActor
public final class SimulatedWindow {
    /// How long each animated transition takes.
    public struct Durations: Hashable, Sendable {
        /// A push or a pop.
        public var push: Duration
        /// A present or a dismiss.
        public var present: Duration

        /// Creates durations.
        /// - Parameters:
        ///   - push: A push or a pop.
        ///   - present: A present or a dismiss.
        public init(push: Duration, present: Duration) {
            self.push = push
            self.present = present
        }

        /// UIKit's usual durations: 0.35 s for a push, 0.5 s for a presentation.
        public static let standard = Durations(
            push: .milliseconds(350), present: .milliseconds(500))
    }

    /// The root controller.
    public let rootViewController: SimulatedNavigationController
    /// The transitions' durations.
    public let durations: Durations
    /// Every operation refused, in order.
    public private(set) var rejections: [SimulationError] = []
    /// Every operation performed, in order, gestures included.
    public private(set) var log: [String] = []
    /// Whether an animated transition is running.
    public private(set) var isTransitioning = false
    /// Told of each frame the user removed by gesture.
    public var onUserRemoved: ((ScreenFrame) -> Void)?
    /// Told of each tap on a tab (a re-tap too): the tab bar and the tab's key.
    public var onUserTappedTab: ((SimulatedTabBarController, String) -> Void)?

    private let wait: (Duration) async -> Void
    private var deferredGestures: [() -> Void] = []

    /// Creates a window whose root is `root`, animating on `clock`.
    /// - Parameters:
    ///   - root: The root navigation controller.
    ///   - clock: The clock the animations wait on (a test clock in tests).
    ///   - durations: How long transitions take.
    public init<C: Clock>(
        root: SimulatedNavigationController, clock: C, durations: Durations = .standard
    ) where C.Duration == Duration {
        self.rootViewController = root
        self.durations = durations
        self.wait = { duration in try? await clock.sleep(for: duration) }
    }

    /// The topmost presented controller, if any.
    public var topmostPresented: SimulatedViewController? {
        var top = rootViewController.presentedViewController
        while let next = top?.presentedViewController { top = next }
        return top
    }

    /// The controller presenting nothing at the top of the modal chain (the root when nothing is
    /// presented): where a new modal is presented from.
    public var topmost: SimulatedViewController { topmostPresented ?? rootViewController }

    /// The navigation controller the user sees: the topmost presented one, or the root
    /// followed down the selected tabs.
    public var visibleNavigationController: SimulatedNavigationController? {
        if let top = topmostPresented { return top as? SimulatedNavigationController }
        var navigation = rootViewController
        while let tabs = navigation.viewControllers.last?.children.first
            as? SimulatedTabBarController,
            let selected = tabs.viewControllers.first(where: {
                $0.container.path.segments.last == tabs.selectedKey
            })
        {
            navigation = selected
        }
        return navigation
    }

    // MARK: Transitions

    /// Pushes `controllers` on `navigation` in one transition.
    /// - Throws: ``SimulationError`` when one is already on a stack or a transition runs.
    public func push(
        _ controllers: [SimulatedViewController], on navigation: SimulatedNavigationController,
        animated: Bool = true
    ) async throws(SimulationError) {
        let operation = "push " + Self.names(controllers)
        try begin(operation)
        guard controllers.allSatisfy({ $0.navigationController == nil }) else {
            throw refuse(operation, .alreadyPushed)
        }
        for controller in controllers { controller.navigationController = navigation }
        navigation.viewControllers += controllers
        await finish(operation, animated ? durations.push : .zero)
    }

    /// Pops `controllers`, the top of `navigation` top first, in one transition (a pop to).
    /// - Throws: ``SimulationError`` when they are not its top controllers or a transition runs.
    public func pop(
        _ controllers: [SimulatedViewController], from navigation: SimulatedNavigationController,
        animated: Bool = true
    ) async throws(SimulationError) {
        let operation = "pop " + Self.names(controllers)
        try begin(operation)
        let top = navigation.viewControllers.dropFirst().suffix(controllers.count).reversed()
        guard top.count == controllers.count, zip(top, controllers).allSatisfy({ $0 === $1 })
        else { throw refuse(operation, .popNotOnTop) }
        navigation.viewControllers.removeLast(controllers.count)
        for controller in controllers { controller.navigationController = nil }
        await finish(operation, animated ? durations.push : .zero)
    }

    /// Presents `controller` from `presenter` with `style`.
    /// - Throws: ``SimulationError`` when the presenter is not in the window, already
    ///   presents, or a transition runs.
    public func present(
        _ controller: SimulatedViewController, from presenter: SimulatedViewController,
        style: PresentationStyle, animated: Bool = true
    ) async throws(SimulationError) {
        let operation = "present " + Self.names([controller])
        try begin(operation)
        guard isInChain(presenter) else { throw refuse(operation, .notInWindow) }
        guard presenter.presentedViewController == nil else {
            throw refuse(operation, .alreadyPresenting)
        }
        presenter.presentedViewController = controller
        controller.presentingViewController = presenter
        controller.presentationStyle = style
        await finish(operation, animated ? durations.present : .zero)
    }

    /// Dismisses `controller`, which must be the topmost presented one.
    /// - Throws: ``SimulationError`` when it is not the topmost or a transition runs.
    public func dismiss(_ controller: SimulatedViewController, animated: Bool = true)
        async throws(SimulationError)
    {
        let operation = "dismiss " + Self.names([controller])
        try begin(operation)
        guard controller === topmostPresented, let presenter = controller.presentingViewController
        else { throw refuse(operation, .dismissNotTopmost) }
        presenter.presentedViewController = nil
        await finish(operation, animated ? durations.present : .zero)
    }

    /// Dismisses every controller above `presenter` at once, as UIKit's `dismiss` on a
    /// presenting controller does.
    /// - Throws: ``SimulationError`` when it presents nothing or a transition runs.
    public func dismissPresented(by presenter: SimulatedViewController, animated: Bool = true)
        async throws(SimulationError)
    {
        var chain: [SimulatedViewController] = []
        var next = presenter.presentedViewController
        while let controller = next {
            chain.append(controller)
            next = controller.presentedViewController
        }
        let operation = "dismiss " + Self.names(chain.reversed())
        try begin(operation)
        guard isInChain(presenter), !chain.isEmpty else {
            throw refuse(operation, .nothingPresented)
        }
        presenter.presentedViewController = nil
        await finish(operation, animated ? durations.present : .zero)
    }

    /// Selects the tab `key` of `tabBar`, at once (UIKit does not animate tab switches).
    public func select(_ key: String?, in tabBar: SimulatedTabBarController) {
        tabBar.selectedKey = key
        log.append("select \(tabBar.owner) \(key ?? "-")")
    }

    /// Replaces the stack of `navigation` at once: a container rebuilt with no event of its own.
    public func setViewControllers(
        _ controllers: [SimulatedViewController], on navigation: SimulatedNavigationController
    ) {
        for controller in navigation.viewControllers { controller.navigationController = nil }
        for controller in controllers { controller.navigationController = navigation }
        navigation.viewControllers = controllers
    }

    // MARK: Gestures

    /// The user swipes back on the visible navigation stack: its top frame goes.
    public func userSwipesBack() {
        guard !isTransitioning else {
            deferredGestures.append { [weak self] in self?.userSwipesBack() }
            return
        }
        guard let navigation = visibleNavigationController, navigation.viewControllers.count > 1,
            let top = navigation.viewControllers.last, let frame = top.frame
        else { return }
        navigation.viewControllers.removeLast()
        top.navigationController = nil
        log.append("gesture pop \(frame)")
        onUserRemoved?(frame)
    }

    /// The user swipes the topmost sheet down (covers cannot be swiped away, nor a sheet whose
    /// controller is ``SimulatedViewController/isModalInPresentation``: logged as refused).
    public func userSwipesDown() {
        guard !isTransitioning else {
            deferredGestures.append { [weak self] in self?.userSwipesDown() }
            return
        }
        guard let top = topmostPresented, top.presentationStyle == .sheet,
            let frame = top.frame, let presenter = top.presentingViewController
        else { return }
        guard !top.isModalInPresentation else {
            log.append("gesture refused \(frame)")
            return
        }
        presenter.presentedViewController = nil
        log.append("gesture dismiss \(frame)")
        onUserRemoved?(frame)
    }

    /// The user taps the tab `key` of `tabBar`.
    ///
    /// Another tab is shown at once, as UIKit's tab bar does; a re-tap (the selected tab) changes nothing here, as an adapter holds back
    /// UIKit's own pop (the model's pops come back as an update). Both are reported to
    /// ``onUserTappedTab``. A tab bar the user cannot see (under a modal, in a tab not selected,
    /// in a frame covered by another) or a key it lacks takes no tap: logged as refused.
    public func userTapsTab(_ key: String, in tabBar: SimulatedTabBarController) {
        guard !isTransitioning else {
            deferredGestures.append { [weak self] in self?.userTapsTab(key, in: tabBar) }
            return
        }
        guard tabBar.viewControllers.contains(where: { $0.container.path.last == key }),
            shows(tabBar, in: topmost)
        else {
            log.append("gesture refused tap \(tabBar.owner) \(key)")
            return
        }
        if tabBar.selectedKey == key {
            log.append("gesture reselect \(tabBar.owner) \(key)")
        } else {
            tabBar.selectedKey = key
            log.append("gesture select \(tabBar.owner) \(key)")
        }
        onUserTappedTab?(tabBar, key)
    }

    /// Whether the user sees `target` in what `controller` shows: a navigation controller's
    /// top, a tab bar's selected tab, a controller's children.
    private func shows(_ target: SimulatedViewController, in controller: SimulatedViewController)
        -> Bool
    {
        if controller === target { return true }
        var inside = controller.children
        if let navigation = controller as? SimulatedNavigationController,
            let top = navigation.viewControllers.last
        {
            inside.append(top)
        }
        if let tabs = controller as? SimulatedTabBarController,
            let selected = tabs.viewControllers.first(where: {
                $0.container.path.last == tabs.selectedKey
            })
        {
            inside.append(selected)
        }
        return inside.contains { shows(target, in: $0) }
    }

    // MARK: Reading

    /// The frames of every container in the hierarchy and the modal chain, in the form of
    /// ``HeadlessScreen/description`` without its first line: `window [...]`, then one line
    /// per container sorted by path.
    public var structure: String {
        var containers: [ScreenContainer: [ScreenFrame]] = [:]
        func visit(_ controller: SimulatedViewController) {
            if let navigation = controller as? SimulatedNavigationController {
                containers[navigation.container] = navigation.pushedFrames
                navigation.viewControllers.forEach(visit)
            }
            if let tabs = controller as? SimulatedTabBarController {
                tabs.viewControllers.forEach(visit)
            }
            controller.children.forEach(visit)
            controller.presentedViewController.map(visit)
        }
        visit(rootViewController)
        var modals: [String] = []
        var next = rootViewController.presentedViewController
        while let controller = next {
            modals.append(
                "\(controller.frame?.description ?? "?") \(controller.presentationStyle ?? .sheet)")
            next = controller.presentedViewController
        }
        var lines = ["window [\(modals.joined(separator: ", "))]"]
        for id in ScreenContainer.sorted(containers.keys) {
            let kind =
                switch id {
                case .root: "root"
                case .tab: "tab"
                case .modal: "modal"
                }
            let frames = containers[id, default: []].map(\.description)
            lines.append("\(kind) \(id) [\(frames.joined(separator: ", "))]")
        }
        return lines.joined(separator: "\n")
    }

    /// The hierarchy as an indented tree: navigation stacks (`stack <container>: <frames>`) with
    /// their controllers' titles, tab bars (`tab bar <owner>: <tabs>`) with their tabs by key (sorted, the selected one starred), presented
    /// controllers with their style.
    public var tree: String {
        var lines: [String] = []
        func visit(_ controller: SimulatedViewController, _ depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            if let navigation = controller as? SimulatedNavigationController {
                let frames = navigation.viewControllers.map(\.title).joined(separator: " > ")
                lines.append("\(indent)stack \(navigation.container): \(frames)")
                for child in navigation.viewControllers.flatMap(\.children) {
                    visit(child, depth + 1)
                }
            } else if let tabs = controller as? SimulatedTabBarController {
                let keys = tabs.viewControllers.map { navigation in
                    let key = navigation.container.path.segments.last ?? ""
                    return key == tabs.selectedKey ? "*\(key)" : key
                }
                lines.append("\(indent)tab bar \(tabs.owner): \(keys.joined(separator: " "))")
                for tab in tabs.viewControllers { visit(tab, depth + 1) }
            }
            if let presented = controller.presentedViewController {
                lines.append("\(indent)presents \(presented.presentationStyle ?? .sheet):")
                visit(presented, depth + 1)
            }
        }
        visit(rootViewController, 0)
        return lines.joined(separator: "\n")
    }

    // MARK: Private

    private func begin(_ operation: String) throws(SimulationError) {
        guard !isTransitioning else { throw refuse(operation, .transitionRunning) }
    }

    private func finish(_ operation: String, _ duration: Duration) async {
        log.append(operation)
        guard duration > .zero else { return }
        isTransitioning = true
        await wait(duration)
        isTransitioning = false
        let gestures = deferredGestures
        deferredGestures = []
        for gesture in gestures { gesture() }
    }

    /// Records a refusal, for a driver asked to change what the window does not show.
    @discardableResult
    func refuse(_ operation: String, _ reason: SimulationError.Reason) -> SimulationError {
        let error = SimulationError(operation, reason)
        rejections.append(error)
        return error
    }

    private func isInChain(_ controller: SimulatedViewController) -> Bool {
        var next: SimulatedViewController? = rootViewController
        while let current = next {
            if current === controller { return true }
            next = current.presentedViewController
        }
        return false
    }

    private static func names(_ controllers: [SimulatedViewController]) -> String {
        controllers.map { $0.frame?.description ?? $0.title }.joined(separator: ", ")
    }
}
