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
    /// Every path of steps and elements in `node`, selected or not, to a depth of `limit`.
    static func paths(in node: StepNodeStorage, prefix: [String] = [], limit: Int = 6)
        -> [String]
    {
        guard prefix.count < limit else { return [] }
        var result: [String] = []
        if node.isStack {
            for index in 0..<node.elementCount {
                let element = node.element(index)
                let path = prefix + [element.id]
                result.append(path.joined(separator: "/"))
                result += paths(in: element.storage, prefix: path, limit: limit)
            }
            return result
        }
        for index in 0..<node.childCount {
            let path = prefix + [node.childKey(index)]
            result.append(path.joined(separator: "/"))
            result += paths(in: node.child(index).storage, prefix: path, limit: limit)
        }
        return result
    }

    /// A random operation on a path of `state`.
    static func randomOperation(
        _ state: some StepNode, _ random: inout SeededGenerator
    ) -> PathOperation? {
        let all = paths(in: StepStorage.make(state))
        guard !all.isEmpty else { return nil }
        let path = random.pick(all)
        switch random.below(9) {
        case 0, 1: return .select(path)
        case 2: return .select(path, fresh: true)
        case 3: return .selectValue(path, random.pick(["v1", "v2"]))
        case 4, 5: return .show(path)
        case 6: return .deselect(path)
        case 7:
            let ids = (0..<random.below(4)).map { _ in random.pick(["u1", "u2", "u3"]) }
            return .stack(path, ids: Array(Set(ids)).sorted())
        default: return .remove(path)
        }
    }

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
            } else if let operation = randomOperation(state, &random) {
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
