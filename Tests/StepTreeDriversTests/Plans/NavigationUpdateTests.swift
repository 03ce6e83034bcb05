import ExampleSteps
import Foundation
import TestSupport
import Testing

@testable import StepTree
@testable import StepTreeDrivers
@testable import StepTreeTools

/// Plans coalesced to what a platform applies together, and the states between their
/// updates, which a sequencer plans again from when a new target arrives.
@Suite struct NavigationUpdateTests {
    /// Three modals over a tab, and another tab with a push: the deep link out of the modals.
    static func modalsAndDeepLink() throws -> (old: DynamicSteps, new: DynamicSteps) {
        var old = try SimulationTrees.modals()
        try old.select(path: "home/a/b/c")
        var new = old
        try new.show(path: "inbox/thread")
        return (old, new)
    }

    static let coalescings: [(String, NavigationPlan.Coalescing, [[String]])] = [
        (
            "one modal per update", [],
            [
                ["dismiss /home/a/b/c cover"], ["dismiss /home/a/b sheet"],
                ["dismiss /home/a sheet"], ["select / home -> inbox"], ["push /inbox/thread"],
            ]
        ),
        (
            "dismissals together", .dismissals,
            [
                ["dismiss /home/a/b/c cover", "dismiss /home/a/b sheet", "dismiss /home/a sheet"],
                ["select / home -> inbox"], ["push /inbox/thread"],
            ]
        ),
        (
            "stack changes with the dismissal", .stackChangesWithDismissal,
            [
                ["dismiss /home/a/b/c cover"], ["dismiss /home/a/b sheet"],
                ["dismiss /home/a sheet", "select / home -> inbox", "push /inbox/thread"],
            ]
        ),
        (
            "both", [.dismissals, .stackChangesWithDismissal],
            [
                [
                    "dismiss /home/a/b/c cover", "dismiss /home/a/b sheet",
                    "dismiss /home/a sheet", "select / home -> inbox", "push /inbox/thread",
                ]
            ]
        ),
    ]

    @Test(arguments: coalescings.indices)
    func coalescingJoinsUpdatesInTheEnginesOrder(index: Int) throws {
        let (_, coalescing, expected) = Self.coalescings[index]
        let (old, new) = try Self.modalsAndDeepLink()
        let events = NavigationDiff.events(from: old, to: new)
        let plan = NavigationPlan(events, coalescing: coalescing)
        #expect(plan.updates.map { $0.map(\.description) } == expected)
        #expect(Array(plan.updates.joined()) == events)
    }

    /// Each update's state is the screen after it: dismissed modals gone, then the tab switched
    /// with the push still to come.
    @Test func eachUpdateCarriesTheStateItLeadsTo() throws {
        let (old, new) = try Self.modalsAndDeepLink()
        let updates = NavigationUpdate.plan(from: old, to: new)
        #expect(
            updates.map(\.state.visibleScreen.description) == [
                "/home/a/b", "/home/a", "/home", "/inbox", "/inbox/thread",
            ])
        #expect(updates.map(\.isLast) == [false, false, false, false, true])
        #expect(updates.last?.state == new)
        #expect(NavigationUpdate.plan(from: new, to: new).isEmpty)
    }

    /// Random schemas and operations: with every coalescing, the updates joined are the
    /// engine's events, and playing each update from the state before it reaches exactly the
    /// screen of its state, the last one the new state's.
    @Test(arguments: [3, 4] as [UInt64])
    func randomPlansPassThroughTheirStates(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var problems: [String] = []
        var updates = 0
        for _ in 0..<8 {
            let schema = try StepSchema(jsonObject: DriverSchemas.root(&random))
            var state = DynamicSteps(schema: schema)
            for _ in 0..<50 {
                var after = state
                try? after.perform(DriverOperations.next(on: after, &random))
                let events = NavigationDiff.events(from: state, to: after)
                for (_, coalescing, _) in Self.coalescings {
                    let plan = NavigationUpdate.plan(from: state, to: after, coalescing: coalescing)
                    updates += plan.count
                    if Array(plan.map(\.events).joined()) != events {
                        problems.append("\(events): not the engine's events")
                    }
                    var before = state
                    for update in plan {
                        var screen = HeadlessScreen(before)
                        do {
                            try screen.apply(update.events, reaching: update.state)
                            if screen != HeadlessScreen(update.state) {
                                problems.append("\(update): \(screen) is not its state's screen")
                            }
                        } catch {
                            problems.append("\(update): \(error)")
                        }
                        before = update.state
                    }
                    if let last = plan.last, HeadlessScreen(last.state) != HeadlessScreen(after) {
                        problems.append("\(events): the last state is not the new screen")
                    }
                }
                state = after
            }
        }
        #expect(problems == [])
        #expect(updates > 500)
    }
}
