import StepTree

/// A screen in the simulated UIKit: a stand-in for `UIViewController` with a title, the frame it
/// shows, child controllers (an embedded tab bar) and the modal it presents.
@MainActor
public class SimulatedViewController {
    /// The title, the frame's path by default.
    public var title: String
    /// The frame the controller shows; `nil` for the content at the bottom of a container.
    public let frame: ScreenFrame?
    /// Controllers embedded in this one, as a tab bar is embedded in the screen it sits in.
    public internal(set) var children: [SimulatedViewController] = []
    /// The controller this one presents.
    public internal(set) var presentedViewController: SimulatedViewController?
    /// The controller that presents this one.
    public internal(set) weak var presentingViewController: SimulatedViewController?
    /// The style this controller is presented with.
    public internal(set) var presentationStyle: PresentationStyle?
    /// Whether a swipe cannot dismiss this controller, as UIKit's `isModalInPresentation`.
    public var isModalInPresentation = false
    /// The navigation controller whose stack holds this controller.
    public internal(set) weak var navigationController: SimulatedNavigationController?

    /// Creates a controller.
    /// - Parameters:
    ///   - title: The title.
    ///   - frame: The frame it shows, if any.
    public init(title: String, frame: ScreenFrame? = nil) {
        self.title = title
        self.frame = frame
    }
}
