import StepTree
import StepTreeDrivers

// A navigator's change as a UIKit-style driver that follows the navigator gets it: the
// navigator's transaction (the edit, the comparison and the diff), the updates a
// `NavigationSequencer` plans from the change, and the controller operations of each update.

enum FollowBench {
    /// A destination pushed through a navigator and the pop back, each followed by the
    /// sequencer's plan and the controller operations.
    static func push() throws -> Runner {
        let navigator = Navigator(BenchTabs())
        let status = BenchDestination.status(BenchStatus(id: 42))
        let operations = try followed(navigator) { _ = try $0.push(status) }
        try expect(operations == 1, "the push planned \(operations) operations")
        try expect(followed(navigator) { $0.popToRoot() } == 1, "the pop is not one operation")
        return { count in
            try timeLoop(count) { _ in
                blackHole(try followed(navigator) { _ = try $0.push(status) })
                blackHole(try followed(navigator) { $0.popToRoot() })
            }
        }
    }

    /// Runs `edit` in a transaction of `navigator`, then plans its change as a sequencer
    /// following the navigator does, and each update's controller operations.
    /// - Returns: The number of controller operations.
    private static func followed(
        _ navigator: Navigator<BenchTabs>, _ edit: (inout BenchTabs) throws -> Void
    ) throws -> Int {
        let old = navigator.root
        let events = try navigator.transaction { try edit(&$0) }
        // The change's events, as the sequencer takes them: the states are diffed once.
        let updates = NavigationUpdate.plan(from: old, to: navigator.root, events: events)
        var operations = 0
        for update in updates {
            let plan = ControllerPlan(update.events, after: ScreenState(update.state))
            operations += plan.operations.count
        }
        return operations
    }
}
