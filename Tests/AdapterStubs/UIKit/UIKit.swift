// A stand-in for UIKit, for type-checking Sources/StepTreeUIKit on Linux (.ci/adapters); it
// never ships and never runs. It declares only the API the adapter uses, as Apple's
// documentation declares it, with the SDK's isolation: the classes and the delegate protocols
// are @MainActor, as UIKit marks them. The optional requirements the adapter implements are
// required here, so that a misspelt one fails the check instead of becoming a method no one
// calls. The bodies are placeholders.
@_exported import Foundation

/// A view: the adapter embeds a tab bar's view in its host's.
@MainActor open class UIView: NSObject {
    /// Options for automatic resizing of a view within its superview's bounds.
    public struct AutoresizingMask: OptionSet, Sendable {
        /// The bits of the mask.
        public let rawValue: UInt
        /// Creates a mask from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Resizing by expanding or shrinking the view's width.
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// Resizing by expanding or shrinking the view's height.
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    }

    /// The bounds rectangle, in the view's own coordinates.
    open var bounds: CGRect = .zero
    /// The frame rectangle, in its superview's coordinates.
    open var frame: CGRect = .zero
    /// How the view resizes itself when its superview's bounds change.
    open var autoresizingMask: AutoresizingMask = []

    /// Adds a view to the end of the receiver's list of subviews.
    open func addSubview(_ view: UIView) {}
    /// Unlinks the view from its superview and its window.
    open func removeFromSuperview() {}
}

/// The window of a scene.
@MainActor open class UIWindow: UIView {
    /// The root view controller of the window.
    open var rootViewController: UIViewController?
    /// Shows the window and makes it the key window.
    open func makeKeyAndVisible() {}
}

/// The styles of a modal presentation.
public enum UIModalPresentationStyle: Int, Sendable {
    /// A presentation in which the presented view covers the screen.
    case fullScreen = 0
    /// A presentation that partially covers the underlying content.
    case pageSheet = 1
}

/// An object that manages a view hierarchy.
@MainActor open class UIViewController: NSObject {
    /// The view that the controller manages.
    open var view: UIView! = UIView()
    /// The view controller that presented this one.
    open var presentingViewController: UIViewController? { nil }
    /// The view controller that this one presents.
    open var presentedViewController: UIViewController? { nil }
    /// The presentation style for modal view controllers.
    open var modalPresentationStyle: UIModalPresentationStyle = .pageSheet
    /// Whether the controller enforces a modal behavior (no interactive dismissal).
    open var isModalInPresentation = false
    /// The presentation controller managing the current presentation.
    open var presentationController: UIPresentationController? { nil }
    /// The transition coordinator of an active transition, if any.
    open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { nil }

    /// Presents a view controller modally.
    open func present(
        _ viewControllerToPresent: UIViewController, animated flag: Bool,
        completion: (() -> Void)? = nil
    ) {}
    /// Dismisses the view controller presented by this one.
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
    /// Adds a view controller as a child.
    open func addChild(_ childController: UIViewController) {}
    /// Removes the view controller from its parent.
    open func removeFromParent() {}
    /// Called just before the view controller is added to or removed from a parent.
    open func willMove(toParent parent: UIViewController?) {}
    /// Called after the view controller is added to or removed from a parent.
    open func didMove(toParent parent: UIViewController?) {}
}

/// A container view controller that manages a stack of view controllers.
@MainActor open class UINavigationController: UIViewController {
    /// The delegate of the navigation controller.
    open weak var delegate: (any UINavigationControllerDelegate)?
    /// The view controllers on the navigation stack, bottom first.
    open var viewControllers: [UIViewController]

    /// Creates a navigation controller with a root view controller.
    public init(rootViewController: UIViewController) {
        viewControllers = [rootViewController]
    }

    /// Replaces the view controllers on the navigation stack.
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        self.viewControllers = viewControllers
    }
}

/// A container view controller that manages a radio-style selection interface.
@MainActor open class UITabBarController: UIViewController {
    /// The tab bar controller's delegate.
    open weak var delegate: (any UITabBarControllerDelegate)?
    /// The view controller of the selected tab.
    open var selectedViewController: UIViewController?

    /// Sets the root view controllers of the tabs.
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {}
}

/// An object that manages the transition animations and the presentation of view controllers.
@MainActor open class UIPresentationController: NSObject {
    /// The delegate that adapts the presentation to size changes and reports dismissals.
    open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?
    /// The view controller being presented.
    open var presentedViewController: UIViewController { UIViewController() }
}

/// The interface for a navigation controller's delegate.
@MainActor public protocol UINavigationControllerDelegate: NSObjectProtocol {
    /// Notifies the delegate after the navigation controller displays a view controller.
    func navigationController(
        _ navigationController: UINavigationController,
        didShow viewController: UIViewController, animated: Bool)
}

/// The interface for a tab bar controller's delegate.
@MainActor public protocol UITabBarControllerDelegate: NSObjectProtocol {
    /// Asks the delegate whether the specified view controller should be made active.
    func tabBarController(
        _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
    ) -> Bool
}

/// The interface for a presentation controller's delegate.
@MainActor public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
    /// Notifies the delegate after a presentation is dismissed by the user.
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
}

/// Information about a transition in progress.
@MainActor public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {}

/// Support for the animations of a view controller transition.
@MainActor
public protocol UIViewControllerTransitionCoordinator:
    UIViewControllerTransitionCoordinatorContext
{
    /// Runs animations alongside the transition's, and a completion after it. (Its Bool result
    /// is discardable, as for every imported Objective-C method.)
    @discardableResult
    func animate(
        alongsideTransition animation: (
            (any UIViewControllerTransitionCoordinatorContext) -> Void
        )?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool
}
