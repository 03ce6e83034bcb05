import StepTree
import StepTreeDrivers

/// What is on screen for one state of a step tree (SPEC §2), and a UI layer that plays
/// navigation events on it: the headless reference driver, for tests on any platform.
///
/// ```swift
/// var screen = HeadlessScreen(old)
/// try screen.apply(NavigationDiff.events(from: old, to: new), reaching: new)
/// #expect(screen == HeadlessScreen(new))
/// ```
///
/// Playing an event checks what a UI layer would refuse: a pop that is not the top of its
/// stack, a dismiss that is not the topmost modal, a push into a container that is not on
/// screen. Two screens are equal when they hold the same containers with the same frames (by
/// identity), the same chain of modals and the same visible screen.
public struct HeadlessScreen: Sendable, Equatable, CustomStringConvertible {
    /// The screen model of the core, which the sequencer and the adapters compute too.
    package var state: ScreenState

    /// The window chain: the presented modals, bottom first.
    public var modals: [ScreenModal] { state.modals }

    /// The screen on top (SPEC §2), for example `/profile/detail/dark`.
    ///
    /// Selections are not structural, so after ``apply(_:reaching:)`` this is read from the state
    /// reached rather than from the events.
    public var visibleScreen: StepPath { state.visibleScreen }

    /// Renders the screen of `root` (SPEC §2).
    /// - Parameter root: The state to render.
    /// - Complexity: O(*m*) for the *m* mounted nodes.
    public init(_ root: some StepNode) {
        self.state = ScreenState(root)
    }

    /// The containers on screen, sorted by path (the root first).
    public var containers: [ScreenContainer] { state.containers }

    /// The frames in `container`, bottom first, or `nil` when it is not on screen.
    /// - Parameter container: The root, a tab or a modal.
    /// - Returns: The frames; `[]` for a container with nothing pushed.
    public func frames(of container: ScreenContainer) -> [ScreenFrame]? {
        state.frames(of: container)
    }

    /// The paths of the frames in `container`, bottom first, or `nil` when it is not on screen.
    /// - Parameter container: The root, a tab or a modal.
    /// - Returns: The frames' paths; `[]` for a container with nothing pushed.
    public func stack(of container: ScreenContainer) -> [StepPath]? {
        state.stack(of: container)
    }

    /// Every screen in the window (see `ScreenChanges`): the root, each tab, each frame and
    /// each presented step, sorted by path.
    /// - Complexity: O(*s* log *s*) for *s* screens.
    public var screens: [ScreenFrame] { state.screens }

    /// One line for the visible screen, one for the window, then one per container sorted by
    /// path, for example `tab /profile [/profile/detail, /profile/friends/u1]`.
    public var description: String { state.description }

    /// Screens are equal when their containers, window chains and visible screens are; the
    /// state each was computed from is not compared.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.state == rhs.state }
}
