import Foundation
import TestSupport
import Testing

@testable import StepTree
@testable import StepTreeTools

/// The conformance cases, played on the headless driver: every expected event list must be
/// playable from the screen of the old state and reach the screen of the new state, and the
/// literal reading of SPEC §2–§3 in ``DriverSpecOracle`` must give the expected events and the
/// same screen.
@Suite struct DriverConformanceTests {
    @Test(arguments: Fixtures.conformanceFiles)
    func casesPlayOnTheDriver(file: String) throws {
        let cases = try ConformanceCase.load(json: Fixtures.conformanceData(file))
        var played = 0
        var refused = 0
        for testCase in cases {
            var state = DynamicSteps(schema: testCase.schema)
            var screen = HeadlessScreen(state)
            for (index, check) in testCase.checks.enumerated() {
                let step = "\(testCase.name) step \(index)"
                let before = state
                do {
                    try ConformanceRunner.perform(check.action, on: &state)
                } catch {
                    #expect(check.expectsError, "\(step): \(error)")
                    #expect(state == before, "\(step)")
                    state = before
                    refused += 1
                    continue
                }
                #expect(!check.expectsError, "\(step) must fail")
                let events = NavigationDiff.events(from: before, to: state)
                #expect(events.map(\.description) == check.expect, "\(step)")
                #expect(
                    DriverSpecOracle.events(from: before, to: state) == check.expect,
                    "\(step): the literal reading")
                try screen.apply(events, reaching: state)
                #expect(screen == HeadlessScreen(state), "\(step)")
                #expect(
                    screen.description == DriverSpecOracle.screenDescription(state),
                    "\(step): the literal rendering")
                played += 1
            }
        }
        let steps = cases.map(\.checks.count).reduce(0, +)
        let errors = cases.map { $0.checks.count(where: \.expectsError) }.reduce(0, +)
        #expect(played + refused == steps)
        #expect(refused == errors)
        #expect(played > 0)
    }
}
