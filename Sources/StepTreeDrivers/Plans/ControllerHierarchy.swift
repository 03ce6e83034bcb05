import StepTree

/// The controllers a UIKit-style driver has built, in platform-neutral terms, and every change
/// it makes to them: the one plan that the simulated UIKit driver (`SimulatedUIKitDriver`,
/// which the tests drive) and the real one (`UIKitNavigationDriver`, compiled only where UIKit
/// exists) both carry out, so that each only translates ``Change``s into its controllers' calls.
///
/// It follows the window as the driver changes it: one navigation stack per container (the
/// root's, each tab's, each presented modal's) with the frames pushed on it, the chain of
/// presented modals, and one tab bar per node with tabs, embedded where that node sits
/// (SPEC §2), its tabs sorted by key. The driver builds the window with ``build(_:)``, applies
/// an update with ``begin(_:)`` then ``next()`` until it returns `nil`, and tells it what the
/// user removed by gesture with ``userRemoved(_:)``.
///
/// A gesture that comes between two transitions of an update is folded into the update's
/// state, as the sequencer folds it in after the update: the update's later changes then skip
/// the frames and modals the removal took along, and its last changes bring the tabs to the
/// screen of that state.
package struct ControllerHierarchy<Root: StepNode> {
    /// One change to the driver's controllers.
    ///
    /// `dismiss`, `pop`, `push` and `present` are transitions: the driver animates them as the
    /// update's transaction says and returns to ``next()`` once they have ended. The others
    /// are made at once.
    package enum Change: Equatable, Sendable {
        /// Dismiss these modals, topmost first: one `dismiss` on the presenter of the last (the
        /// lowest) closes them all.
        case dismiss([StepPath])
        /// Pop these frames, topmost first, off the stack of `container`.
        case pop([ScreenFrame], from: ScreenContainer)
        /// Push these frames, bottom first, onto the stack of `container`.
        case push([ScreenFrame], onto: ScreenContainer)
        /// Present `modal` on the topmost controller, in a navigation stack of its own with
        /// these frames pushed.
        case present(ScreenModal, frames: [ScreenFrame])
        /// Show the tab `key` of the tab bar of the node at `owner`.
        case selectTab(owner: StepPath, key: String?)
        /// Embed a new tab bar, with no tabs yet, for the node at `owner` in `host`.
        case embedTabBar(owner: StepPath, in: Host)
        /// Take the tab bar of the node at `owner` out of its host; its tabs are forgotten.
        case removeTabBar(owner: StepPath)
        /// Build the navigation stack of the tab at the path: its content, these frames above.
        case buildTab(StepPath, frames: [ScreenFrame])
        /// Give the tab bar of the node at `owner` these tabs (built), in this order, showing
        /// the tab `selected`.
        case setTabs(owner: StepPath, tabs: [StepPath], selected: String?)
        /// Forget the navigation stack of `container` and its screens: the window no longer
        /// shows them.
        case forget(ScreenContainer)
        /// Nothing changes: the window does not show what `operation` names, which means the
        /// window and the model disagree; the driver reports it.
        case refuse(operation: String)
    }

    /// The controller a tab bar is embedded in.
    package enum Host: Hashable, Sendable {
        /// The controller of this frame.
        case frame(ScreenFrame)
        /// The bottom controller of this container's stack (its content).
        case content(ScreenContainer)
    }

    /// A tab bar: where it is embedded, its tabs and the one shown.
    package struct TabBar: Hashable, Sendable {
        /// The controller it is embedded in.
        package var host: Host
        /// The paths of its tabs, sorted by key.
        package var tabs: [StepPath]
        /// The key of the tab shown.
        package var selected: String?
    }

    /// What is still to be resolved into changes during an update.
    enum Work {
        /// One operation of the update's `ControllerPlan`.
        case operation(ControllerPlan.Operation)
        /// Forget the containers inside these paths (only inside them, with `keepingOwn`).
        case forget(inside: [StepPath], keepingOwn: Bool)
        /// Bring the tabs to the screen of the update's state (gestures folded in).
        case reconcile
    }

    /// The update being applied: its state with the frames removed by gesture since it began
    /// taken out, the screen of its state, and the screen of the folded state once there was a
    /// gesture.
    struct Applying {
        var state: Root
        let screen: ScreenState
        var folded: ScreenState?
    }

    /// The frames pushed on each navigation stack the driver has, bottom first, by container.
    package internal(set) var stacks: [ScreenContainer: [ScreenFrame]] = [.root: []]
    /// The presented modals, bottom first.
    package internal(set) var modals: [ScreenModal] = []
    /// The tab bars, by the path of the node whose tabs they hold.
    package internal(set) var tabBars: [StepPath: TabBar] = [:]

    var applying: Applying?
    var work: [Work] = []
    var ready: [Change] = []

    /// A hierarchy with the root's stack alone, empty: the window before ``build(_:)``.
    package init() {}

    /// The changes that put the screen of `state` on the window, to make at once and
    /// unanimated: the root's frames, the modals with theirs, then the tab bars.
    /// - Parameter state: The state on screen at start.
    /// - Returns: The changes, in order.
    package mutating func build(_ state: Root) -> [Change] {
        let screen = ScreenState(state)
        var changes: [Change] = []
        if let frames = screen.frames(of: .root), !frames.isEmpty {
            stacks[.root, default: []] += frames
            changes.append(.push(frames, onto: .root))
        }
        for modal in screen.modals { changes.append(present(modal, from: screen)) }
        return changes + reconcile(with: screen)
    }

    /// Starts applying `update`: ``next()`` then gives its changes one by one.
    /// - Parameter update: The events and the state they lead to.
    package mutating func begin(_ update: NavigationUpdate<Root>) {
        let screen = ScreenState(update.state)
        applying = Applying(state: update.state, screen: screen)
        work = ControllerPlan(update.events, after: screen).operations.map(Work.operation)
        work.append(.reconcile)
        ready = []
    }

    /// The next change of the update begun, resolved against the window as it is now (after
    /// the gestures made during the transitions before); `nil` once the update is applied.
    /// - Returns: The change; make it (and wait for a transition to end) before asking again.
    package mutating func next() -> Change? {
        while ready.isEmpty {
            guard !work.isEmpty else {
                applying = nil
                return nil
            }
            ready = resolve(work.removeFirst())
        }
        return ready.removeFirst()
    }

    /// Whether a stack or the modal chain holds `frame`.
    package func shows(_ frame: ScreenFrame) -> Bool {
        modals.contains { $0.frame == frame } || stacks.values.contains { $0.contains(frame) }
    }

    /// The path of the tab `key` of the node at `owner`, `nil` for no key.
    package static func tab(_ key: String?, of owner: StepPath) -> StepPath? {
        key.map(owner.appending)
    }
}
