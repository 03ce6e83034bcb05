import StepTree

/// What one update's events ask of a UIKit-style driver's controllers, platform-neutral:
/// ``ControllerHierarchy`` resolves each operation against the controllers the driver has (and
/// the gestures made during the update) into the changes that both UIKit drivers make.
///
/// The operations keep the events' order. The runs are ``NavigationPlan``'s updates, with the
/// dismissals together: a run of pops (or pushes) in two stacks is two stack changes, a run of
/// dismissals one dismissal of the lowest modal's presenter, a run of selections and renewals
/// a tab switch or rebuild for each.
package struct ControllerPlan: Equatable, Sendable {
    /// One change to the window's controllers.
    package enum Operation: Equatable, Sendable {
        /// Dismiss these modals, topmost first: one `dismiss` on the presenter of the last (the
        /// lowest) closes them all.
        case dismiss([StepPath])
        /// Pop these frames, topmost first, off the stack of `container`.
        case pop([StepPath], from: ScreenContainer)
        /// Push these frames, bottom first, onto the stack of `container`.
        case push([ScreenFrame], onto: ScreenContainer)
        /// Present this modal, with the frames of its own container, on the topmost controller.
        case present(ScreenModal)
        /// Show the tab `key` of the tab bar of the node at `owner`.
        case selectTab(owner: StepPath, key: String?)
        /// The content at this path was renewed: its containers are built again.
        case rebuild(StepPath)
        /// An event that has no place on the screen the update leads to (a push or pop into a
        /// container that is not there, a modal that is not presented): a driver refuses it.
        case unplaced(NavigationEvent)
    }

    /// The operations, in order.
    package let operations: [Operation]

    /// Plans `events`, one update's, on the screen `after` they lead to.
    /// - Parameters:
    ///   - events: The update's events, in the engine's order.
    ///   - after: The screen of the update's state.
    /// - Complexity: O(*n* · *c*) for *n* events and *c* containers on `after`.
    package init(_ events: [NavigationEvent], after: ScreenState) {
        var operations: [Operation] = []
        for run in NavigationPlan(events, coalescing: .dismissals).updates {
            switch run[0].kind {
            case .dismiss:
                operations.append(.dismiss(run.map(\.path)))
            case .pop, .push:
                operations += Self.stackChanges(run, on: after)
            case .present:
                operations += run.map { event in
                    after.modals.first { $0.path == event.path }.map(Operation.present)
                        ?? .unplaced(event)
                }
            case .select, .replace:
                operations += run.map { event in
                    if case .select(_, let key) = event.kind {
                        .selectTab(owner: event.path, key: key)
                    } else {
                        .rebuild(event.path)
                    }
                }
            }
        }
        self.operations = operations
    }

    /// One pop or push per container of a run of pops or of pushes, in order of each
    /// container's first event; the events of no container on `screen` are unplaced.
    private static func stackChanges(_ run: [NavigationEvent], on screen: ScreenState)
        -> [Operation]
    {
        var groups: [(container: ScreenContainer, events: [NavigationEvent])] = []
        var unplaced: [Operation] = []
        for event in run {
            guard let container = container(of: event, on: screen) else {
                unplaced.append(.unplaced(event))
                continue
            }
            if let index = groups.firstIndex(where: { $0.container == container }) {
                groups[index].events.append(event)
            } else {
                groups.append((container, [event]))
            }
        }
        return unplaced
            + groups.map { group in
                if case .pop = group.events[0].kind {
                    .pop(group.events.map(\.path), from: group.container)
                } else {
                    .push(
                        group.events.map { ScreenFrame(path: $0.path, identity: $0.identity) },
                        onto: group.container)
                }
            }
    }

    /// The container of the frame `event` pushes or pops: the one holding it on `screen` for
    /// a push; for a pop (whose frame is gone), the innermost container on `screen` whose
    /// owner's path is a prefix of the frame's, since a frame sits in the nearest tab, modal or
    /// root above it.
    private static func container(of event: NavigationEvent, on screen: ScreenState)
        -> ScreenContainer?
    {
        if case .push = event.kind {
            return screen.table.first { $0.value.frames.contains { $0.path == event.path } }?.key
        }
        return screen.table.keys
            .filter { $0.path != event.path && event.path.segments.starts(with: $0.path.segments) }
            .max { $0.path.segments.count < $1.path.segments.count }
    }
}
