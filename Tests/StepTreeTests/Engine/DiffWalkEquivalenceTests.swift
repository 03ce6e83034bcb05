import ExampleSteps
import Foundation
import TestSupport
import Testing

@testable import StepTree
@testable import StepTreeTools

/// The fast diff (one walk that skips shared subtrees) against the reference diff (both screens
/// rendered in full, SPEC §2–§3 read literally), on random walks through the conformance
/// schemas and the example tree. Every transition must give the same events, identities
/// included.
@Suite struct DiffWalkEquivalenceTests {
    static func checkWalk<Root: StepNode>(
        from start: Root, seed: UInt64, steps: Int, restoreFrom: (Root) throws -> Root
    ) throws -> Int {
        var random = SeededGenerator(seed: seed)
        var state = start
        var history: [Root] = [start]
        var checked = 0
        for _ in 0..<steps {
            let before = state
            if random.chance(10), let saved = history.randomElement(using: &random) {
                state = try restoreFrom(saved)
            } else if let operation = RandomOperations.operation(state, &random) {
                try? state.perform(operation)
            }
            let fast = NavigationDiff.events(from: before, to: state)
            let reference = NavigationDiff.referenceEvents(from: before, to: state)
            #expect(
                fast == reference,
                "seed \(seed): fast \(fast.map(\.description)) reference \(reference.map(\.description))"
            )
            checked += 1
            history.append(state)
        }
        return checked
    }

    @Test(arguments: 0..<40)
    func conformanceSchemas(seed: Int) throws {
        let data = try Fixtures.conformanceData(seed % 2 == 0 ? "named.json" : "random.json")
        let cases = try ConformanceCase.load(json: data)
        let schema = cases[seed % cases.count].schema
        let checked = try Self.checkWalk(
            from: DynamicSteps(schema: schema), seed: UInt64(seed), steps: 60
        ) { saved in
            // An independently built copy: decoded, so it shares no storage with `saved`.
            let decoder = JSONDecoder()
            decoder.userInfo[.stepSchema] = schema
            return try decoder.decode(DynamicSteps.self, from: JSONEncoder().encode(saved))
        }
        #expect(checked == 60)
    }

    @Test(arguments: 0..<20)
    func exampleTree(seed: Int) throws {
        let checked = try Self.checkWalk(
            from: AppSteps(), seed: UInt64(1000 + seed), steps: 60
        ) { saved in
            try JSONDecoder().decode(AppSteps.self, from: JSONEncoder().encode(saved))
        }
        #expect(checked == 60)
    }
}
