import Foundation
import Testing

@testable import StepTree

/// The conformance cases, played on the headless driver: every expected event list must be
/// playable and reach the screen of the new state, and the literal reading of SPEC §3 in
/// ``DriverSpecOracle`` must give the expected events too.
@Suite struct DriverConformanceTests {
    @Test(arguments: ["named.json", "random.json"])
    func casesPlayOnTheDriver(file: String) throws {
        let directory = try #require(
            Bundle.module.url(
                forResource: "conformance", withExtension: nil, subdirectory: "Fixtures"))
        let cases = try ConformanceCase.load(
            json: Data(contentsOf: directory.appendingPathComponent(file)))
        var played = 0
        for testCase in cases {
            var state = DynamicSteps(schema: testCase.schema)
            var screen = HeadlessScreen(state)
            for (index, check) in testCase.checks.enumerated() where !check.expectsError {
                let before = state
                switch check.action {
                case .select(let path, let fresh): try state.select(path: path, fresh: fresh)
                case .deselect(let path): try state.deselect(path: path)
                case .stack(let path, let ids): try state.setStack(path: path, ids: ids)
                }
                let events = NavigationDiff.events(from: before, to: state)
                let step = "\(testCase.name) step \(index)"
                #expect(events.map(\.description) == check.expect, "\(step)")
                #expect(
                    DriverSpecOracle.events(from: before, to: state) == events, "\(step)")
                try screen.apply(events, reaching: state)
                #expect(screen == HeadlessScreen(state), "\(step)")
                played += 1
            }
        }
        #expect(played == cases.map { $0.checks.filter { !$0.expectsError }.count }.reduce(0, +))
    }
}
