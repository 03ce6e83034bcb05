import ExampleSteps
import Foundation
import TestSupport
import Testing

@testable import StepTree
@testable import StepTreeDrivers
@testable import StepTreeTools

/// ``HeadlessScreen/apply(_:reaching:)`` called once per update of a ``NavigationPlan``, as a
/// UI layer applies a plan: every update plays, and the last one reaches the new screen.
@Suite struct PlanReplayTests {
    /// A later update pops a stack element and switches tabs after a first one dismissed a
    /// sheet: before the fix, the `select` was checked against the new state and refused with
    /// "the state on screen selects explore".
    @Test func laterUpdatesAreCheckedAgainstTheStateOnScreen() throws {
        var old = AppSteps()
        try old.setStack(path: "profile/friends", ids: ["ann", "bob"])
        try old.select(path: "profile/friends/bob/settings")
        var new = old
        try new.setStack(path: "profile/friends", ids: ["ann"])
        try new.select(path: "explore")
        let plan = NavigationPlan(NavigationDiff.events(from: old, to: new))
        #expect(
            plan.description == """
                dismiss /profile/friends/bob/settings sheet
                pop /profile/friends/bob
                select / profile -> explore
                """)
        var screen = HeadlessScreen(old)
        var visible: [String] = []
        for update in plan.updates {
            try screen.apply(update, reaching: new)
            visible.append(screen.visibleScreen.description)
        }
        #expect(screen == HeadlessScreen(new))
        // Teardown alone keeps the selections of the state shown: the visible screen is found
        // among the frames left.
        #expect(
            visible == [
                "/profile/friends/bob/main", "/profile/friends/ann/main", "/explore",
            ])
    }

    /// A renewed tab after a pop: the `replace` is checked against the identity on screen.
    @Test func aReplaceAfterAPopIsCheckedAgainstTheStateOnScreen() throws {
        var old = AppSteps()
        try old.select(path: "explore")
        try old.select(path: "profile/detail")
        var new = old
        try new.deselect(path: "profile/detail")
        new.select(\.explore, with: ExploreData(query: "swift"))
        let plan = NavigationPlan(NavigationDiff.events(from: old, to: new))
        #expect(
            plan.updates.map { $0.map(\.description) } == [
                ["pop /profile/detail"], ["select / profile -> explore", "replace /explore"],
            ])
        var screen = HeadlessScreen(old)
        for update in plan.updates { try screen.apply(update, reaching: new) }
        #expect(screen == HeadlessScreen(new))
    }

    /// Random schemas and operations: every plan of two updates or more replays one update
    /// per call and reaches the new screen.
    @Test(arguments: [7, 11, 19] as [UInt64])
    func randomPlansReplayOneUpdatePerCall(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var multiUpdate = 0
        var problems: [String] = []
        for _ in 0..<10 {
            let schema = try StepSchema(jsonObject: DriverSchemas.root(&random))
            var state = DynamicSteps(schema: schema)
            for _ in 0..<60 {
                var after = state
                try? after.perform(DriverOperations.next(on: after, &random))
                let plan = NavigationPlan(NavigationDiff.events(from: state, to: after))
                if plan.updates.count > 1 { multiUpdate += 1 }
                var screen = HeadlessScreen(state)
                do {
                    for update in plan.updates { try screen.apply(update, reaching: after) }
                    if screen != HeadlessScreen(after) { problems.append("\(plan): differs") }
                } catch {
                    problems.append("\(plan)\n  \(error)")
                }
                state = after
            }
        }
        #expect(problems == [])
        #expect(multiUpdate > 50)
    }
}
