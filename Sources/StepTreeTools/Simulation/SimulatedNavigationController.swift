import StepTree

/// A navigation stack in the simulated UIKit, a stand-in for `UINavigationController`: the
/// bottom controller (a container's content, or the presented frame of a modal), then the
/// pushed frames.
@MainActor
public final class SimulatedNavigationController: SimulatedViewController {
    /// The container of frames it shows.
    public let container: ScreenContainer
    /// The controllers, bottom first.
    public internal(set) var viewControllers: [SimulatedViewController]

    /// Creates a navigation controller for `container` with `root` at the bottom.
    /// - Parameters:
    ///   - container: The container it shows.
    ///   - root: The bottom controller.
    public init(container: ScreenContainer, root: SimulatedViewController) {
        self.container = container
        self.viewControllers = [root]
        super.init(title: "nav \(container)", frame: root.frame)
    }

    /// The pushed frames: every controller above the bottom one.
    public var pushedFrames: [ScreenFrame] {
        viewControllers.dropFirst().compactMap(\.frame)
    }
}
