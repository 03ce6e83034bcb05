import StepTree

/// A tab bar in the simulated UIKit, a stand-in for `UITabBarController`: one navigation
/// controller per tab and the selected one.
@MainActor
public final class SimulatedTabBarController: SimulatedViewController {
    /// The path of the node whose tabs these are.
    public let owner: StepPath
    /// The tabs' navigation controllers.
    public internal(set) var viewControllers: [SimulatedNavigationController] = []
    /// The selected tab's key, if any.
    public internal(set) var selectedKey: String?

    /// Creates an empty tab bar for the node at `owner`.
    /// - Parameter owner: The node whose tabs these are.
    public init(owner: StepPath) {
        self.owner = owner
        super.init(title: "tabs \(owner)")
    }
}
