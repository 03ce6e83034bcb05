import StepTree
import StepTreeDrivers

/// A `NavigationDriver` over the simulated UIKit (``SimulatedWindow``): the headless
/// counterpart of a UIKit driver, for tests and examples on any platform.
///
/// It carries out the same plan of controller changes as the real UIKit driver
/// (`UIKitNavigationDriver`): the core's controller hierarchy decides every change, from the
/// update's events, the gestures made meanwhile and the tabs of the screen, and both drivers
/// only translate the changes into their controllers' calls. So a test of this driver tests
/// the real one's logic.
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
    /// Told of each tap on a tab, the selected one included (a re-tap): the tab's path, for
    /// `Navigator.userDidSelectTab(path:reselect:)`, which pops a re-tapped tab to its root
    /// through the sequencer (the window holds back a pop of its own), as the UIKit driver's.
    public var onUserSelectedTab: ((StepPath) -> Void)?

    /// What one update may hold; several dismissals by default, as UIKit's `dismiss` on a
    /// presenter closes every modal above it.
    public var coalescing: NavigationPlan.Coalescing = .dismissals

    /// What the window's controllers show, and the changes to make to them.
    private var hierarchy = ControllerHierarchy<Root>()
    private var navigations: [ScreenContainer: SimulatedNavigationController] = [:]
    private var tabBars: [StepPath: SimulatedTabBarController] = [:]

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
        navigations[.root] = root
        for change in hierarchy.build(state) { build(change) }
        window.onUserRemoved = { [weak self] frame in self?.userRemoved(frame) }
        window.onUserTappedTab = { [weak self] tabBar, key in
            guard let path = ControllerHierarchy<Root>.tab(key, of: tabBar.owner) else { return }
            self?.onUserSelectedTab?(path)
        }
    }

    /// The tab bar of the node at `owner`, if the window has one: what a test taps
    /// (``SimulatedWindow/userTapsTab(_:in:)``).
    public func tabBar(at owner: StepPath) -> SimulatedTabBarController? { tabBars[owner] }

    /// Applies `update` with the window's transitions and returns when the last has finished.
    ///
    /// The transitions run one after another. A refused operation is recorded in
    /// ``SimulatedWindow/rejections`` and skipped. An update whose transaction says
    /// `animated: false` takes no time.
    ///
    /// The user may remove a screen by gesture between two of the transitions (the window
    /// makes a gesture that comes during a transition when it ends). The sequencer folds it in
    /// after the update, as if the user had removed the screen from the update's state; so the
    /// update's later pushes and presentations skip the screens the removal takes along (those
    /// inside the removed frame, and those above it on its stack), and the window ends at that
    /// state's screen.
    /// - Parameter update: The events and the state they lead to.
    public func apply(_ update: NavigationUpdate<Root>) async {
        let animated = update.transaction.animated
        hierarchy.begin(update)
        while let change = hierarchy.next() {
            do {
                try await make(change, animated: animated)
            } catch {
                // Recorded by the window; the next changes still run.
            }
        }
        followDismissal(of: update.state)
    }

    /// Follows what `state`, whose screens the window shows already, says of them: whether the
    /// user may swipe each modal away.
    public func refresh(_ state: Root) {
        followDismissal(of: state)
    }

    /// Lets the user swipe each presented modal away, or not, as `state` says now (a rule on a
    /// modal's value may change it while nothing else does).
    private func followDismissal(of state: Root) {
        for modal in ScreenState(state).modals {
            navigations[.modal(modal.path)]?.isModalInPresentation = !modal.isUserDismissible
        }
    }

    // MARK: Changes

    /// Makes a change of an update: a transition with the window's animation, the others at
    /// once.
    private func make(_ change: ControllerHierarchy<Root>.Change, animated: Bool)
        async throws(SimulationError)
    {
        switch change {
        case .dismiss(let paths):
            let controllers = try paths.map { path throws(SimulationError) in
                try found(navigations[.modal(path)], "dismiss \(path)")
            }
            guard let lowest = controllers.last else { return }
            if controllers.count == 1 {
                try await window.dismiss(lowest, animated: animated)
            } else if let presenter = lowest.presentingViewController {
                try await window.dismissPresented(by: presenter, animated: animated)
            }
        case .pop(let frames, let container):
            let navigation = try found(navigations[container], "pop \(frames[0].path)")
            let controllers = frames.compactMap { frame in
                navigation.viewControllers.last { $0.frame == frame }
            }
            try await window.pop(controllers, from: navigation, animated: animated)
        case .push(let frames, let container):
            let navigation = try found(navigations[container], "push \(frames[0].path)")
            try await window.push(frames.map(build), on: navigation, animated: animated)
        case .present(let modal, let frames):
            let navigation = modalNavigation(modal, frames: frames)
            do {
                try await window.present(
                    navigation, from: window.topmost, style: modal.style, animated: animated)
            } catch {
                navigations[.modal(modal.path)] = nil
                throw error
            }
        default:
            makeAtOnce(change)
        }
    }

    /// Makes a change of the first screen: the transitions at once, without the window's
    /// animations.
    private func build(_ change: ControllerHierarchy<Root>.Change) {
        switch change {
        case .push(let frames, let container):
            guard let navigation = navigations[container] else { return }
            window.setViewControllers(
                navigation.viewControllers + frames.map(build), on: navigation)
        case .present(let modal, let frames):
            let navigation = modalNavigation(modal, frames: frames)
            let presenter = window.topmost
            presenter.presentedViewController = navigation
            navigation.presentingViewController = presenter
            navigation.presentationStyle = modal.style
        default:
            makeAtOnce(change)
        }
    }

    /// Makes a change that is no transition.
    private func makeAtOnce(_ change: ControllerHierarchy<Root>.Change) {
        switch change {
        case .selectTab(let owner, let key):
            if let tabs = tabBars[owner] { window.select(key, in: tabs) }
        case .embedTabBar(let owner, let host):
            guard let parent = controller(host) else {
                window.refuse("embed the tab bar of \(owner)", .notInHierarchy)
                return
            }
            let tabs = SimulatedTabBarController(owner: owner)
            tabBars[owner] = tabs
            parent.children.append(tabs)
        case .removeTabBar(let owner):
            guard let tabs = tabBars.removeValue(forKey: owner) else { return }
            for controller in navigations.values.flatMap(\.viewControllers) {
                controller.children.removeAll { $0 === tabs }
            }
        case .buildTab(let path, let frames):
            let navigation = SimulatedNavigationController(
                container: .tab(path), root: SimulatedViewController(title: path.description))
            navigations[.tab(path)] = navigation
            window.setViewControllers(
                navigation.viewControllers + frames.map(build), on: navigation)
        case .setTabs(let owner, let tabs, let selected):
            guard let bar = tabBars[owner] else { return }
            bar.viewControllers = tabs.compactMap { navigations[.tab($0)] }
            bar.selectedKey = selected
        case .forget(let container):
            navigations[container] = nil
        case .refuse(let operation):
            window.refuse(operation, .notInHierarchy)
        case .dismiss, .pop, .push, .present:
            // Transitions: `make(_:animated:)` and `build(_:)` make them.
            break
        }
    }

    // MARK: Building

    private func build(_ frame: ScreenFrame) -> SimulatedViewController {
        screensBuilt.append(frame.path)
        return makeScreen(frame)
    }

    /// The navigation controller of `modal`, its frame at the bottom and `frames` above.
    private func modalNavigation(_ modal: ScreenModal, frames: [ScreenFrame])
        -> SimulatedNavigationController
    {
        let navigation = SimulatedNavigationController(
            container: .modal(modal.path), root: build(modal.frame))
        // As the UIKit driver does: no swipe down on a modal the user may not dismiss.
        navigation.isModalInPresentation = !modal.isUserDismissible
        navigations[.modal(modal.path)] = navigation
        window.setViewControllers(navigation.viewControllers + frames.map(build), on: navigation)
        return navigation
    }

    /// The controller a tab bar is embedded in.
    private func controller(_ host: ControllerHierarchy<Root>.Host) -> SimulatedViewController? {
        switch host {
        case .frame(let frame):
            navigations.values.lazy.flatMap(\.viewControllers).first { $0.frame == frame }
        case .content(let container):
            navigations[container]?.viewControllers.first
        }
    }

    // MARK: Gestures

    private func userRemoved(_ frame: ScreenFrame) {
        guard let changes = hierarchy.userRemoved(frame) else { return }
        for change in changes { makeAtOnce(change) }
        if let identity = frame.identity { onUserRemoved?(frame.path, identity) }
    }

    /// `value`, or a refusal of `operation` when the driver has nothing for it.
    private func found<T>(_ value: T?, _ operation: String) throws(SimulationError) -> T {
        guard let value else { throw window.refuse(operation, .notInHierarchy) }
        return value
    }
}
