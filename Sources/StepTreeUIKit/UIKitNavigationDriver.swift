// Compiled on Apple platforms only; CI type-checks it on Linux against the UIKit API it uses
// (`.ci/adapters`, stubs in Tests/AdapterStubs). Every decision (what to dismiss, pop, push,
// present and select, which tab bars to embed where, what a gesture took along) is the core's
// `ControllerHierarchy`, which `SimulatedUIKitDriver` carries out in the tests; this file only
// translates its changes into UIKit calls.
#if canImport(UIKit) && !os(watchOS)
    import UIKit
    import StepTree
    import StepTreeDrivers

    /// A ``NavigationDriver`` over UIKit: a `UINavigationController` per container (the root's
    /// at the window root, one per tab, one per presented modal), a `UITabBarController` per
    /// node with tabs, embedded in the controller that node sits in (the root's in the root's
    /// content), `present` and `dismiss` for the modal chain.
    ///
    /// Give it to a ``NavigationSequencer`` that follows the navigator; the sequencer applies
    /// one update at a time and waits for each transition to end. Swipes back and sheets
    /// swiped down are reported to ``onUserRemoved``, taps on a tab bar (a re-tap too) to
    /// ``onUserSelectedTab``.
    @MainActor
    public final class UIKitNavigationDriver<Root: StepNode>: NSObject, NavigationDriver,
        UINavigationControllerDelegate, UIAdaptivePresentationControllerDelegate,
        UITabBarControllerDelegate
    {
        /// The window the driver shows its screen in.
        public let window: UIWindow
        /// Builds the controller of a pushed or presented frame, when an update needs it.
        public var makeScreen: (ScreenFrame, Root) -> UIViewController
        /// Builds the bottom controller of a container: the root's content (which holds the
        /// root's tab bar, when it has tabs) or a tab's.
        public var makeContent: (ScreenContainer, Root) -> UIViewController
        /// Told of each frame the user removed by gesture.
        public var onUserRemoved: ((StepPath, StepIdentity) -> Void)?
        /// Told of each tap on a tab, the selected one included (a re-tap): give it to
        /// ``Navigator/userDidSelectTab(path:reselect:)``, which pops a re-tapped tab to its
        /// root through the sequencer (UIKit's own pop is held back).
        public var onUserSelectedTab: ((StepPath) -> Void)?
        /// Told of each operation skipped because the window does not show what it names: the
        /// window and the model disagree (the simulated UIKit records the same refusals).
        public var onRefused: ((String) -> Void)?
        /// Several dismissals at once: `dismiss` on a presenter closes every modal above it.
        public var coalescing: NavigationPlan.Coalescing = .dismissals

        /// What the window's controllers show, and the changes to make to them.
        private var hierarchy = ControllerHierarchy<Root>()
        private var navigations: [ScreenContainer: UINavigationController] = [:]
        private var tabBars: [StepPath: UITabBarController] = [:]
        /// The controller of each frame the window shows.
        private var screens: [ScreenFrame: UIViewController] = [:]
        /// The state whose screens are built: the update's being applied, or the last one's.
        private var state: Root

        /// Shows the screen of `state` in `window`, at once.
        /// - Parameters:
        ///   - window: The scene's window.
        ///   - state: The state on screen at start.
        ///   - makeContent: Builds a container's bottom controller.
        ///   - makeScreen: Builds a frame's controller.
        public init(
            window: UIWindow, showing state: Root,
            makeContent: @escaping (ScreenContainer, Root) -> UIViewController,
            makeScreen: @escaping (ScreenFrame, Root) -> UIViewController
        ) {
            self.window = window
            self.makeContent = makeContent
            self.makeScreen = makeScreen
            self.state = state
            super.init()
            let root = navigation(.root, bottom: makeContent(.root, state))
            window.rootViewController = root
            for change in hierarchy.build(state) { build(change) }
            window.makeKeyAndVisible()
        }

        /// Applies `update` and returns when its transitions have ended.
        ///
        /// Makes the changes of the core's controller hierarchy, the ones the simulated UIKit
        /// driver makes in the tests, one after another.
        /// - Parameter update: The events and the state they lead to.
        public func apply(_ update: NavigationUpdate<Root>) async {
            let animated = update.transaction.animated
            state = update.state
            hierarchy.begin(update)
            while let change = hierarchy.next() { await make(change, animated: animated) }
            screens = screens.filter { hierarchy.shows($0.key) }
            followDismissal(of: update.state)
        }

        /// Takes `state`, whose screens the window shows already: whether the user may swipe
        /// each modal away follows it.
        public func refresh(_ state: Root) {
            self.state = state
            followDismissal(of: state)
        }

        /// Lets the user swipe each presented modal away, or not, as `state` says now (a rule
        /// on a modal's value may change it while nothing else does).
        private func followDismissal(of state: Root) {
            for modal in ScreenState(state).modals {
                navigations[.modal(modal.path)]?.isModalInPresentation = !modal.isUserDismissible
            }
        }

        // MARK: Changes

        /// Makes a change of an update: a transition, animated as the update says, the others
        /// at once.
        private func make(_ change: ControllerHierarchy<Root>.Change, animated: Bool) async {
            switch change {
            case .dismiss(let paths):
                guard let lowest = paths.last,
                    let presenter = navigations[.modal(lowest)]?.presentingViewController
                else { return refuse("dismiss \(paths.last ?? .root)") }
                await withCheckedContinuation { done in
                    presenter.dismiss(animated: animated) { done.resume() }
                }
            case .pop(let frames, let container):
                guard let navigation = navigations[container] else {
                    return refuse("pop \(frames[0].path)")
                }
                let kept = navigation.viewControllers.filter { controller in
                    frame(of: controller).map { !frames.contains($0) } ?? true
                }
                await setViewControllers(kept, of: navigation, animated: animated)
            case .push(let frames, let container):
                guard let navigation = navigations[container] else {
                    return refuse("push \(frames[0].path)")
                }
                let pushed = frames.map(controller)
                await setViewControllers(
                    navigation.viewControllers + pushed, of: navigation, animated: animated)
            case .present(let modal, let frames):
                guard let presenter = topmost else { return refuse("present \(modal.path)") }
                let controller = modalNavigation(modal, frames: frames)
                await withCheckedContinuation { done in
                    presenter.present(controller, animated: animated) { done.resume() }
                }
            default:
                makeAtOnce(change)
            }
        }

        /// Makes a change of the first screen: the transitions at once, unanimated.
        private func build(_ change: ControllerHierarchy<Root>.Change) {
            switch change {
            case .push(let frames, let container):
                guard let navigation = navigations[container] else { return }
                navigation.setViewControllers(
                    navigation.viewControllers + frames.map(controller), animated: false)
            case .present(let modal, let frames):
                topmost?.present(modalNavigation(modal, frames: frames), animated: false)
            default:
                makeAtOnce(change)
            }
        }

        /// Makes a change that is no transition.
        private func makeAtOnce(_ change: ControllerHierarchy<Root>.Change) {
            switch change {
            case .selectTab(let owner, let key):
                select(key, in: owner)
            case .embedTabBar(let owner, let host):
                guard let parent = controller(host) else {
                    return refuse("embed the tab bar of \(owner)")
                }
                let tabs = UITabBarController()
                tabs.delegate = self
                tabBars[owner] = tabs
                parent.addChild(tabs)
                tabs.view.frame = parent.view.bounds
                tabs.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                parent.view.addSubview(tabs.view)
                tabs.didMove(toParent: parent)
            case .removeTabBar(let owner):
                guard let tabs = tabBars.removeValue(forKey: owner) else { return }
                tabs.willMove(toParent: nil)
                tabs.view.removeFromSuperview()
                tabs.removeFromParent()
            case .buildTab(let path, let frames):
                let navigation = navigation(.tab(path), bottom: makeContent(.tab(path), state))
                navigation.setViewControllers(
                    navigation.viewControllers + frames.map(controller), animated: false)
            case .setTabs(let owner, let tabs, let selected):
                tabBars[owner]?.setViewControllers(
                    tabs.compactMap { navigations[.tab($0)] }, animated: false)
                select(selected, in: owner)
            case .forget(let container):
                navigations[container] = nil
            case .refuse(let operation):
                refuse(operation)
            case .dismiss, .pop, .push, .present:
                // Transitions: `make(_:animated:)` and `build(_:)` make them.
                break
            }
        }

        // MARK: Gestures

        /// Reports a stack that got shorter without a change of the driver: the user went
        /// back (by a swipe or the back button's menu).
        ///
        /// The lowest frame gone is reported; the model removes what was above it with it.
        public func navigationController(
            _ navigationController: UINavigationController,
            didShow viewController: UIViewController, animated: Bool
        ) {
            guard
                let container = navigations.first(where: { $0.value === navigationController })?
                    .key,
                let gone = hierarchy.poppedByUser(
                    from: container,
                    showing: navigationController.viewControllers.dropFirst().compactMap {
                        frame(of: $0)
                    })
            else { return }
            userRemoved(gone)
        }

        /// The user tapped a tab: reported; a re-tap is not left to UIKit (its pop would run
        /// past the model), the navigator's pops come back as an update.
        public func tabBarController(
            _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
        ) -> Bool {
            guard let id = navigations.first(where: { $0.value === viewController })?.key
            else { return true }
            onUserSelectedTab?(id.path)
            return viewController !== tabBarController.selectedViewController
        }

        /// The user swiped a sheet down.
        public func presentationControllerDidDismiss(
            _ presentationController: UIPresentationController
        ) {
            let presented = presentationController.presentedViewController
            guard case .modal(let path) = navigations.first(where: { $0.value === presented })?.key,
                let modal = hierarchy.modals.first(where: { $0.path == path })
            else { return }
            userRemoved(modal.frame)
        }

        private func userRemoved(_ frame: ScreenFrame) {
            guard let changes = hierarchy.userRemoved(frame) else { return }
            for change in changes { makeAtOnce(change) }
            screens = screens.filter { hierarchy.shows($0.key) }
            if let identity = frame.identity { onUserRemoved?(frame.path, identity) }
        }

        // MARK: Building

        private func controller(_ frame: ScreenFrame) -> UIViewController {
            let controller = makeScreen(frame, state)
            screens[frame] = controller
            return controller
        }

        private func navigation(_ id: ScreenContainer, bottom: UIViewController)
            -> UINavigationController
        {
            let navigation = UINavigationController(rootViewController: bottom)
            navigation.delegate = self
            navigations[id] = navigation
            return navigation
        }

        /// The navigation controller of `modal`: its frame at the bottom, `frames` above.
        private func modalNavigation(_ modal: ScreenModal, frames: [ScreenFrame])
            -> UINavigationController
        {
            let navigation = navigation(.modal(modal.path), bottom: controller(modal.frame))
            navigation.setViewControllers(
                navigation.viewControllers + frames.map(controller), animated: false)
            navigation.modalPresentationStyle = modal.style == .cover ? .fullScreen : .pageSheet
            // A modal the user may not dismiss: no swipe down (the model refuses it too).
            navigation.isModalInPresentation = !modal.isUserDismissible
            navigation.presentationController?.delegate = self
            return navigation
        }

        // MARK: Reading

        /// The frame `controller` shows, if it is a frame's.
        private func frame(of controller: UIViewController) -> ScreenFrame? {
            screens.first { $0.value === controller }?.key
        }

        /// The controller a tab bar is embedded in.
        private func controller(_ host: ControllerHierarchy<Root>.Host) -> UIViewController? {
            switch host {
            case .frame(let frame): screens[frame]
            case .content(let container): navigations[container]?.viewControllers.first
            }
        }

        /// The controller presenting nothing at the top of the modal chain.
        private var topmost: UIViewController? {
            var top = window.rootViewController
            while let next = top?.presentedViewController { top = next }
            return top
        }

        // MARK: Helpers

        /// Shows the tab `key` of the tab bar of the node at `owner`.
        private func select(_ key: String?, in owner: StepPath) {
            guard let tabs = tabBars[owner],
                let path = ControllerHierarchy<Root>.tab(key, of: owner),
                let tab = navigations[.tab(path)]
            else { return }
            tabs.selectedViewController = tab
        }

        /// Sets the stack of `navigation` in one change, and waits for its transition to end.
        private func setViewControllers(
            _ controllers: [UIViewController], of navigation: UINavigationController,
            animated: Bool
        ) async {
            navigation.setViewControllers(controllers, animated: animated)
            guard let coordinator = navigation.transitionCoordinator else { return }
            await withCheckedContinuation { done in
                coordinator.animate(alongsideTransition: nil) { _ in done.resume() }
            }
        }

        private func refuse(_ operation: String) {
            onRefused?(operation)
        }
    }
#endif
