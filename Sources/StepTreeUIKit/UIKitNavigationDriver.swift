// Not compiled by any CI here (no UIKit on Linux): kept to UIKit API of iOS 13 and to the
// StepTree API the tests cover. What to do with the controllers is the core's `ControllerPlan`,
// which `SimulatedUIKitDriver` carries out in the tests; this file only translates its
// operations into UIKit calls.
#if canImport(UIKit) && !os(watchOS)
    import UIKit
    import StepTree
    import StepTreeDrivers

    /// A ``NavigationDriver`` over UIKit: a `UITabBarController` for the root's tabs (or a
    /// `UINavigationController` at the window root), one `UINavigationController` per tab and
    /// per presented modal, `present` and `dismiss` for the modal chain.
    ///
    /// Give it to a ``NavigationSequencer`` that follows the navigator; the sequencer applies
    /// one update at a time and waits for each transition to end. Swipes back and sheets
    /// swiped down are reported to ``onUserRemoved``, taps on the root's tab bar (a re-tap too)
    /// to ``onUserSelectedTab``. Tab bars other than the root's are left to the screens
    /// ``makeContent`` builds.
    @MainActor
    public final class UIKitNavigationDriver<Root: StepNode>: NSObject, NavigationDriver,
        UINavigationControllerDelegate, UIAdaptivePresentationControllerDelegate,
        UITabBarControllerDelegate
    {
        /// The window the driver shows its screen in.
        public let window: UIWindow
        /// Builds the controller of a pushed or presented frame, when an update needs it.
        public var makeScreen: (ScreenFrame, Root) -> UIViewController
        /// Builds the bottom controller of a container (the root's or a tab's content).
        public var makeContent: (ScreenContainer, Root) -> UIViewController
        /// Told of each frame the user removed by gesture.
        public var onUserRemoved: ((StepPath, StepIdentity) -> Void)?
        /// Told of each tap on a root tab, the selected one included (a re-tap): give it to
        /// ``Navigator/userDidSelectTab(path:reselect:)``, which pops a re-tapped tab to its
        /// root through the sequencer (UIKit's own pop is held back).
        public var onUserSelectedTab: ((StepPath) -> Void)?
        /// Several dismissals at once: `dismiss` on a presenter closes every modal above it.
        public var coalescing: NavigationPlan.Coalescing = .dismissals

        private var navigations: [ScreenContainer: UINavigationController] = [:]
        /// The frame each controller the driver built shows.
        private var frames: [ObjectIdentifier: ScreenFrame] = [:]
        /// The frames each stack showed after the last update, to tell a swipe back.
        private var stacks: [ScreenContainer: [ScreenFrame]] = [:]
        private var tabs: UITabBarController?
        private var isApplying = false

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
            super.init()
            let screen = ScreenState(state)
            let root = navigation(.root, in: screen, state, bottom: makeContent(.root, state))
            let rootTabs = screen.containers.filter {
                if case .tab(let path) = $0 { path.segments.count == 1 } else { false }
            }
            if rootTabs.isEmpty {
                window.rootViewController = root
            } else {
                let bar = UITabBarController()
                bar.delegate = self
                bar.viewControllers = rootTabs.map {
                    navigation($0, in: screen, state, bottom: makeContent($0, state))
                }
                tabs = bar
                select(in: state)
                window.rootViewController = bar
            }
            var presenter = window.rootViewController
            for modal in screen.modals {
                let controller = modalNavigation(modal, in: screen, state)
                presenter?.present(controller, animated: false)
                presenter = controller
            }
            window.makeKeyAndVisible()
        }

        /// Applies `update` and returns when its transitions have ended.
        ///
        /// Carries out the update's `ControllerPlan`, the plan the simulated UIKit driver
        /// carries out in the tests, one operation after another.
        /// - Parameter update: The events and the state they lead to.
        public func apply(_ update: NavigationUpdate<Root>) async {
            isApplying = true
            defer { isApplying = false }
            let screen = ScreenState(update.state)
            for operation in ControllerPlan(update.events, after: screen).operations {
                switch operation {
                case .dismiss(let paths):
                    guard let lowest = paths.last,
                        let presenter = navigations[.modal(lowest)]?.presentingViewController
                    else { continue }
                    await withCheckedContinuation { done in
                        presenter.dismiss(animated: true) { done.resume() }
                    }
                    for path in paths { forget(.modal(path)) }
                case .pop(let paths, let container):
                    guard let navigation = navigations[container] else { continue }
                    let kept = navigation.viewControllers.filter { controller in
                        frames[ObjectIdentifier(controller)].map { !paths.contains($0.path) }
                            ?? true
                    }
                    await setViewControllers(kept, of: container)
                case .push(let pushed, let container):
                    guard let navigation = navigations[container] else { continue }
                    let added = pushed.map { controller($0, update.state) }
                    await setViewControllers(navigation.viewControllers + added, of: container)
                case .present(let modal):
                    let controller = modalNavigation(modal, in: screen, update.state)
                    var top = window.rootViewController
                    while let next = top?.presentedViewController { top = next }
                    guard let presenter = top else { continue }
                    await withCheckedContinuation { done in
                        presenter.present(controller, animated: true) { done.resume() }
                    }
                case .selectTab(let owner, _):
                    // Only the root's tab bar is the driver's; others are the screens'.
                    if owner == .root { select(in: update.state) }
                case .rebuild(let path):
                    // A renewed tab gets new content under the frames it keeps.
                    guard let navigation = navigations[.tab(path)] else { continue }
                    navigation.setViewControllers(
                        [makeContent(.tab(path), update.state)]
                            + navigation.viewControllers.dropFirst(),
                        animated: false)
                case .unplaced:
                    // Nothing on screen to change; the model is ahead of the window.
                    continue
                }
            }
        }

        // MARK: Gestures

        /// Reports a stack that got shorter without an update: the user went back.
        ///
        /// The lowest frame gone is reported; the model removes what was above it with it.
        public func navigationController(
            _ navigationController: UINavigationController,
            didShow viewController: UIViewController, animated: Bool
        ) {
            guard !isApplying,
                let id = navigations.first(where: { $0.value === navigationController })?.key,
                let before = stacks[id]
            else { return }
            let now = shownFrames(navigationController)
            stacks[id] = now
            guard now.count < before.count, before.starts(with: now) else { return }
            let gone = before[now.count]
            onUserRemoved?(gone.path, gone.identity)
        }

        /// The user tapped a root tab: reported; a re-tap is not left to UIKit (its pop would
        /// run past the model), the navigator's pops come back as an update.
        public func tabBarController(
            _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
        ) -> Bool {
            guard !isApplying,
                let id = navigations.first(where: { $0.value === viewController })?.key
            else { return true }
            onUserSelectedTab?(id.path)
            return viewController !== tabBarController.selectedViewController
        }

        /// The user swiped a sheet down.
        public func presentationControllerDidDismiss(
            _ presentationController: UIPresentationController
        ) {
            guard
                let id = navigations.first(where: {
                    $0.value === presentationController.presentedViewController
                })?.key,
                case .modal = id, let bottom = navigations[id]?.viewControllers.first,
                let frame = frames[ObjectIdentifier(bottom)]
            else { return }
            forget(id)
            onUserRemoved?(frame.path, frame.identity)
        }

        // MARK: Building

        private func controller(_ frame: ScreenFrame, _ state: Root) -> UIViewController {
            let controller = makeScreen(frame, state)
            frames[ObjectIdentifier(controller)] = frame
            return controller
        }

        private func navigation(
            _ id: ScreenContainer, in screen: ScreenState, _ state: Root,
            bottom: UIViewController
        ) -> UINavigationController {
            let navigation = UINavigationController(rootViewController: bottom)
            navigation.delegate = self
            let pushed = (screen.frames(of: id) ?? []).map { controller($0, state) }
            navigation.setViewControllers([bottom] + pushed, animated: false)
            navigations[id] = navigation
            stacks[id] = screen.frames(of: id) ?? []
            return navigation
        }

        private func modalNavigation(
            _ modal: ScreenModal, in screen: ScreenState, _ state: Root
        ) -> UINavigationController {
            let navigation = self.navigation(
                .modal(modal.path), in: screen, state, bottom: controller(modal.frame, state))
            navigation.modalPresentationStyle = modal.style == .cover ? .fullScreen : .pageSheet
            // A modal the user may not dismiss: no swipe down (the model refuses it too).
            navigation.isModalInPresentation = !modal.isUserDismissible
            navigation.presentationController?.delegate = self
            return navigation
        }

        /// Selects the root tab that `state` selects.
        private func select(in state: Root) {
            guard let tabs, let controllers = tabs.viewControllers else { return }
            if let index = controllers.firstIndex(where: { controller in
                guard let id = navigations.first(where: { $0.value === controller })?.key
                else { return false }
                return state.isSelected(path: id.path)
            }) {
                tabs.selectedIndex = index
            }
        }

        /// Sets the stack of `container` in one animated change, and forgets the frames it
        /// no longer shows.
        private func setViewControllers(
            _ controllers: [UIViewController], of container: ScreenContainer
        ) async {
            guard let navigation = navigations[container] else { return }
            let dropped = navigation.viewControllers.filter { old in
                !controllers.contains { $0 === old }
            }
            await transition(navigation) {
                navigation.setViewControllers(controllers, animated: true)
            }
            for controller in dropped { frames[ObjectIdentifier(controller)] = nil }
            stacks[container] = shownFrames(navigation)
        }

        /// Drops a container the window no longer shows.
        private func forget(_ container: ScreenContainer) {
            navigations[container] = nil
            stacks[container] = nil
        }

        private func shownFrames(_ navigation: UINavigationController) -> [ScreenFrame] {
            navigation.viewControllers.dropFirst().compactMap { frames[ObjectIdentifier($0)] }
        }

        private func transition(_ navigation: UINavigationController, _ change: () -> Void) async {
            change()
            guard let coordinator = navigation.transitionCoordinator else { return }
            await withCheckedContinuation { done in
                coordinator.animate(alongsideTransition: nil) { _ in done.resume() }
            }
        }
    }
#endif
