import ExampleSteps
import Foundation
import Testing

@testable import StepTree

/// Seeded property tests of ``NavigationDiff`` against the headless driver.
///
/// Transitions: 8 seeds × 10 random schemas × 80 = 6,400 on `DynamicSteps`, plus 4 seeds × 400
/// = 1,600 on the hand-written `AppSteps`: 8,000 diffs in all, 2,028 of them batches of 2 or 3
/// operations diffed at once: 11,009 operations, whose events hold about 1,300 dismisses,
/// 1,300 presents, 6,200 pops, 6,400 pushes and 1,400 selects. About 3.5 s of CPU in a debug
/// build. Each transition checks:
/// (a) the screen of the old state, after playing the events, equals the screen of the new one;
/// (b) every event can be played: pops and dismisses on top, pushes into existing containers;
/// (c) teardown, then selections, then build-up, with dismisses topmost first;
/// (d) no event appears twice;
/// (e) the new state against itself, and after re-selecting the last path selected, emits
///     nothing;
/// (f) a failed operation leaves the state `==` before and emits nothing;
/// (g) the same states built independently (two more lineages of the same operations, sharing
///     no storage, so that the engine cannot skip shared subtrees) give the same events;
/// (h) a literal, slow reading of SPEC §3 (``DriverSpecOracle``) gives exactly the same events,
///     selections included, which the screen cannot show.
@Suite struct EnginePropertyTests {
    static let schemaSeeds: [UInt64] = [1, 2, 3, 5, 8, 13, 21, 34]
    static let schemasPerSeed = 10
    static let transitionsPerSchema = 80
    static let appSeeds: [UInt64] = [55, 89, 144, 233]
    static let transitionsPerApp = 400

    @Test(arguments: schemaSeeds)
    func randomSchemas(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var transitions = 0
        for index in 0..<Self.schemasPerSeed {
            let object = DriverSchemas.root(&random)
            let schema = try StepSchema(jsonObject: object)
            let text = String(
                decoding: try JSONSerialization.data(withJSONObject: object, options: .sortedKeys),
                as: UTF8.self)
            var checker = DriverTransitionChecker(label: "seed \(seed) schema \(index): \(text)") {
                DynamicSteps(schema: schema)
            }
            guard checker.run(Self.transitionsPerSchema, &random) else { return }
            transitions += checker.transitions
        }
        #expect(transitions == Self.schemasPerSeed * Self.transitionsPerSchema)
    }

    @Test(arguments: appSeeds)
    func exampleApp(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var checker = DriverTransitionChecker(label: "seed \(seed) AppSteps") { AppSteps() }
        #expect(checker.run(Self.transitionsPerApp, &random))
        #expect(checker.transitions == Self.transitionsPerApp)
    }
}

/// Runs random transitions on one state and checks each; records the first failure with the
/// whole history, in the conformance suite's step form, so that it can be replayed.
struct DriverTransitionChecker<Root: StepNode> {
    private(set) var transitions = 0
    private var state: Root
    private var screen: HeadlessScreen
    private var history: [String] = []
    private let label: String
    /// Two more states that go through the same operations from their own initial values, so
    /// that they share no storage with `state` or with each other.
    private var lineages: (Root, Root)

    init(label: String, initial: () -> Root) {
        self.state = initial()
        self.screen = HeadlessScreen(state)
        self.label = label
        self.lineages = (initial(), initial())
    }

    /// Runs `count` transitions, a quarter of them batches of 2 or 3 operations diffed at once;
    /// `false` once a check failed (the failure is recorded).
    mutating func run(_ count: Int, _ random: inout SeededGenerator) -> Bool {
        for _ in 0..<count {
            let size = random.chance(25) ? 2 + random.below(2) : 1
            guard transition(size, &random) else { return false }
        }
        return true
    }

    private mutating func transition(_ size: Int, _ random: inout SeededGenerator) -> Bool {
        transitions += 1
        let before = state
        var after = state
        var operations: [DriverOperation] = []
        var lastSelected: String?
        var problems: [String] = []
        for _ in 0..<size {
            let operation = DriverOperations.next(on: after, &random)
            operations.append(operation)
            let attempt = after
            do {
                try operation.run(on: &after)
                lastSelected = operation.selectedPath
            } catch {
                let events = NavigationDiff.events(from: attempt, to: after)
                if after != attempt || !events.isEmpty {
                    problems.append("(f) \(error) left the state changed, events \(events)")
                    after = attempt
                }
            }
        }
        history.append(operations.map(\.description).joined(separator: ", "))
        let events = NavigationDiff.events(from: before, to: after)
        problems += Self.orderProblems(events)
        if Set(events).count != events.count { problems.append("(d) an event appears twice") }
        let literal = DriverSpecOracle.events(from: before, to: after)
        if literal != events {
            problems.append("(h) SPEC §3 read literally gives \(literal.map(\.description))")
        }

        var played = screen
        let expected = HeadlessScreen(after)
        do {
            try played.apply(events, reaching: after)
            if played != expected {
                problems.append(
                    "(a) screen after the events:\n\(played)\nscreen of the state:\n\(expected)")
            }
        } catch {
            problems.append(
                "(b) \(error)\nscreen before:\n\(screen)\nscreen of the state:\n\(expected)")
        }

        problems += Self.idempotenceProblems(after, reselecting: lastSelected)
        problems += independenceProblems(before, after, operations, events)
        state = after
        guard problems.isEmpty else {
            screen = expected
            return fail(["events \(events.map(\.description))"] + problems)
        }
        screen = played
        return true
    }

    /// (c): dismisses and pops, then selects, then pushes and presents; dismisses topmost first.
    static func orderProblems(_ events: [NavigationEvent]) -> [String] {
        var problems: [String] = []
        var phase = 0
        var lastDismissed: StepPath?
        for event in events {
            let eventPhase: Int
            switch event {
            case .dismiss(let path, _):
                eventPhase = 0
                if let above = lastDismissed,
                    above.segments.count <= path.segments.count
                        || !above.segments.starts(with: path.segments)
                {
                    problems.append("(c) dismiss \(path) after dismiss \(above)")
                }
                lastDismissed = path
            case .pop: eventPhase = 0
            case .select: eventPhase = 1
            case .push, .present: eventPhase = 2
            }
            if eventPhase < phase { problems.append("(c) \(event) comes too late") }
            phase = max(phase, eventPhase)
        }
        return problems
    }

    /// (e): nothing against itself, nothing when the last path selected is selected again.
    static func idempotenceProblems(_ state: Root, reselecting path: String?) -> [String] {
        var problems: [String] = []
        let same = NavigationDiff.events(from: state, to: state)
        if !same.isEmpty { problems.append("(e) the state against itself gives \(same)") }
        guard let path else { return problems }
        var again = state
        do {
            try again.select(path: path)
            let repeated = NavigationDiff.events(from: state, to: again)
            if !repeated.isEmpty || again != state {
                problems.append("(e) selecting \(path) again gives \(repeated)")
            }
        } catch {
            problems.append("(e) selecting \(path) again fails: \(error)")
        }
        return problems
    }

    /// (g): the lineages, which share no storage, give the same events; then they take the
    /// operations too, swapping roles so that old and new always come from different lineages.
    private mutating func independenceProblems(
        _ before: Root, _ after: Root, _ operations: [DriverOperation],
        _ events: [NavigationEvent]
    ) -> [String] {
        let oldCopy = lineages.0
        var newCopy = lineages.1
        var lagging = oldCopy
        for operation in operations {
            try? operation.run(on: &newCopy)
            try? operation.run(on: &lagging)
        }
        lineages = (newCopy, lagging)
        let independent = NavigationDiff.events(from: oldCopy, to: newCopy)
        guard oldCopy == before, newCopy == after, independent == events else {
            return ["(g) independently built states give \(independent.map(\.description))"]
        }
        return []
    }

    private func fail(_ problems: [String]) -> Bool {
        let steps = history.joined(separator: ",\n  ")
        Issue.record(
            Comment(
                rawValue: """
                    \(label)
                    transitions (one diff per line) [
                      \(steps)]
                    \(problems.joined(separator: "\n"))
                    """))
        return false
    }
}
