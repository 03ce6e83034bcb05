import ExampleSteps
import Foundation
import TestSupport
import Testing

@testable import StepTree
@testable import StepTreeTools

/// Seeded property tests of ``NavigationDiff`` against the headless driver and the literal
/// reading of SPEC §2–§3 (``DriverSpecOracle``), on random version 2 schemas (content, push,
/// stack and present children side by side, `initial` lists) and on the hand-written
/// `AppSteps`.
///
/// Operations: select (plain, `fresh`, with a string value), show, deselect, set stack,
/// remove, restore of a state rebuilt from the same operations and of one with another
/// history, valid and invalid; a quarter of the transitions are batches of 2 or 3 operations
/// diffed at once. The default run: 8 seeds × 8 schemas × 60 = 3,840 transitions on
/// `DynamicSteps` and 4 seeds × 250 = 1,000 on `AppSteps`, about 6,600 operations (1,300 of
/// them refused), 5,500 events (about 1,490 pushes, 1,420 pops, 730 presents, 690 dismisses,
/// 900 selects, 270 replaces), 570 restores, 640 show checks and 1,300 deselect-then-select
/// checks; about 8 s of CPU in a debug build. `STEPTREE_PROPERTY_SEEDS=100-299` runs 96,000
/// more. Each transition checks:
/// (a) the screen of the old state, after playing the events, equals the screen of the new one;
/// (b) every event can be played: pops and dismisses on top, pushes into existing containers;
/// (c) teardown (dismiss, pop), then selections (select, replace), then build-up (push,
///     present); dismisses topmost first, presents bottom first;
/// (d) no event appears twice;
/// (e) the new state against itself, and after re-selecting the last path selected, emits
///     nothing;
/// (f) a failed operation leaves the state `==` before and emits nothing;
/// (g) the same states built independently (two more lineages of the same operations) are
///     `==` and give the same events, identities included;
/// (h) the literal reading of SPEC §2–§3 gives exactly the same events, selections included,
///     which the screen cannot show, and the same screen;
/// (i) after `show(p)` the visible screen is `p` or lies below it through content children
///     only (for a stack target, below its parent);
/// (j) after every operation the state equals one rebuilt from scratch by replaying the
///     successful operations; a restore of that rebuilt state emits nothing;
/// (k) deselecting a pushed, stacked or presented step and selecting it again gives the step
///     a freshly built one is;
/// (l) the screens that left and joined (``ScreenChanges``) are the difference of the two
///     headless screens' ``HeadlessScreen/screens`` by identity, nested frames included, none
///     when there are no events; those that left come innermost first (below a screen, inside
///     it, and above it on its stack or in the window chain, come before it), those that
///     joined outermost first.
@Suite struct EnginePropertyTests {
    /// The seeds; `STEPTREE_PROPERTY_SEEDS=first-last` (or a comma-separated list) runs others,
    /// for a longer search or to replay a failure.
    static let schemaSeeds: [UInt64] =
        seeds(from: "STEPTREE_PROPERTY_SEEDS") ?? [1, 2, 3, 5, 8, 13, 21, 34]
    static let schemasPerSeed = 8
    static let transitionsPerSchema = 60
    static let appSeeds: [UInt64] = seeds(from: "STEPTREE_APP_SEEDS") ?? [55, 89, 144, 233]

    /// The seeds named by an environment variable: `1-100` or `3,5,8`.
    static func seeds(from variable: String) -> [UInt64]? {
        guard let text = ProcessInfo.processInfo.environment[variable] else { return nil }
        let bounds = text.split(separator: "-").compactMap { UInt64($0) }
        if bounds.count == 2, bounds[0] <= bounds[1] { return Array(bounds[0]...bounds[1]) }
        let list = text.split(separator: ",").compactMap { UInt64($0) }
        return list.isEmpty ? nil : list
    }
    static let transitionsPerApp = 250

    @Test(arguments: schemaSeeds)
    func randomSchemas(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var total = DriverTransitionChecker<DynamicSteps>.Counts()
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
            total.add(checker.counts)
        }
        Self.report("seed \(seed)", total)
        #expect(total.transitions == Self.schemasPerSeed * Self.transitionsPerSchema)
        // The operations reach what they are meant to exercise.
        #expect(total.events > 0 && total.failedOperations > 0 && total.showChecks > 0)
        #expect(total.restores > 0 && total.afreshChecks > 0)
    }

    @Test(arguments: appSeeds)
    func exampleApp(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var checker = DriverTransitionChecker(label: "seed \(seed) AppSteps") { AppSteps() }
        #expect(checker.run(Self.transitionsPerApp, &random))
        Self.report("AppSteps seed \(seed)", checker.counts)
        #expect(checker.counts.transitions == Self.transitionsPerApp)
        #expect(checker.counts.afreshChanged > 0)
    }

    /// Prints what a run went through when `STEPTREE_PROPERTY_STATS` is set.
    static func report<Root>(_ label: String, _ counts: DriverTransitionChecker<Root>.Counts) {
        guard ProcessInfo.processInfo.environment["STEPTREE_PROPERTY_STATS"] != nil else { return }
        print("\(label): \(counts)")
    }

    /// The show check can fail: a screen pushed above the target is not below it.
    @Test func showProblemsAreFound() throws {
        let json =
            #"{"initial": ["a", "p"], "children": [{"key": "a"}, {"key": "p", "kind": "push"}]}"#
        var state = DynamicSteps(schema: try StepSchema(json: Data(json.utf8)))
        #expect(
            DriverTransitionChecker.showProblems("a", state) == [
                "(i) after show a the visible screen is /p"
            ])
        try state.show(path: "a")
        #expect(DriverTransitionChecker.showProblems("a", state) == [])
    }

    /// The order check can fail.
    @Test func orderProblemsAreFound() {
        let path = StepPath(["a"])
        let late = [
            NavigationEvent(.push, path, identity: .root),
            NavigationEvent(.pop, StepPath(["b"]), identity: .root),
        ]
        #expect(
            DriverTransitionChecker<DynamicSteps>.orderProblems(late, old: [], new: [])
                == ["(c) pop /b comes too late"])
        let modals = [StepPath(["m"]), StepPath(["m", "n"])]
        let bottomFirst = [
            NavigationEvent(.dismiss(.sheet), modals[0], identity: .root),
            NavigationEvent(.dismiss(.sheet), modals[1], identity: .root),
        ]
        #expect(
            DriverTransitionChecker<DynamicSteps>.orderProblems(
                bottomFirst, old: modals, new: []) == [
                    "(c) dismiss /m/n sheet is not topmost first"
                ])
    }
}

/// Runs random transitions on one state and checks each; records the first failure with the
/// whole history, in the conformance suite's step form, so that it can be replayed.
struct DriverTransitionChecker<Root: StepNode> {
    /// What the run went through, so that the test can tell the checks were reached.
    struct Counts {
        var transitions = 0
        var operations = 0
        var failedOperations = 0
        var events = 0
        /// Events by kind (`select`, `replace`, `push`, …).
        var kinds: [String: Int] = [:]
        var restores = 0
        var showChecks = 0
        var afreshChecks = 0
        /// Deselect-then-select checks whose step was not in its initial state before.
        var afreshChanged = 0

        mutating func add(_ other: Counts) {
            transitions += other.transitions
            operations += other.operations
            failedOperations += other.failedOperations
            events += other.events
            kinds.merge(other.kinds, uniquingKeysWith: +)
            restores += other.restores
            showChecks += other.showChecks
            afreshChecks += other.afreshChecks
            afreshChanged += other.afreshChanged
        }
    }

    private(set) var counts = Counts()
    private var state: Root
    private var screen: HeadlessScreen
    private let makeInitial: () -> Root
    private let initial: Root
    /// The successful operations that build `state` from the initial state (a restore starts
    /// the list again).
    private var lineage: [PathOperation] = []
    private var history: [String] = []
    private let label: String
    /// Two more states that go through the same operations from their own initial values.
    private var lineages: (Root, Root)

    init(label: String, initial: @escaping () -> Root) {
        self.makeInitial = initial
        self.initial = initial()
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

    /// A random operation: a path operation, or now and then a restore of the same state
    /// rebuilt, or of a state with another history.
    private func nextOperation(on state: Root, _ random: inout SeededGenerator)
        -> DriverOperation
    {
        guard random.chance(8) else { return .path(DriverOperations.next(on: state, &random)) }
        if random.chance(50) { return .restore(lineage) }
        var saved = initial
        var operations = Array(lineage.prefix(random.below(lineage.count + 1)))
        for operation in operations { try? saved.perform(operation) }
        for _ in 0..<1 + random.below(3) {
            let operation = DriverOperations.next(on: saved, &random)
            if (try? saved.perform(operation)) != nil { operations.append(operation) }
        }
        return .restore(operations)
    }

    private mutating func transition(_ size: Int, _ random: inout SeededGenerator) -> Bool {
        counts.transitions += 1
        let before = state
        var after = state
        var operations: [DriverOperation] = []
        var lastSelected: String?
        var problems: [String] = []
        for _ in 0..<size {
            let operation = nextOperation(on: after, &random)
            operations.append(operation)
            counts.operations += 1
            let attempt = after
            do {
                try operation.run(on: &after, initial: initial)
            } catch {
                counts.failedOperations += 1
                let events = NavigationDiff.events(from: attempt, to: after)
                if after != attempt || !events.isEmpty {
                    problems.append("(f) \(error) left the state changed, events \(events)")
                    after = attempt
                }
                continue
            }
            lastSelected = operation.selectedPath
            problems += operationProblems(operation, attempt, after)
        }
        history.append(operations.map(\.description).joined(separator: ", "))
        let events = NavigationDiff.events(from: before, to: after)
        counts.events += events.count
        for event in events {
            counts.kinds[String(event.description.prefix { $0 != " " }), default: 0] += 1
        }
        problems += Self.orderProblems(
            events, old: screen.modals.map(\.path), new: HeadlessScreen(after).modals.map(\.path))
        if Set(events.map(\.description)).count != events.count {
            problems.append("(d) an event appears twice")
        }
        let literal = DriverSpecOracle.events(from: before, to: after)
        if literal != events.map(\.description) {
            problems.append("(h) SPEC §2–§3 read literally gives \(literal)")
        }

        var played = screen
        let expected = HeadlessScreen(after)
        let literalScreen = DriverSpecOracle.screenDescription(after)
        if literalScreen != expected.description {
            problems.append("(h) SPEC §2 read literally renders\n\(literalScreen)")
        }
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

        problems += Self.lifecycleProblems(before, after, events: events)
        problems += Self.idempotenceProblems(after, reselecting: lastSelected)
        problems += independenceProblems(before, after, operations, events)
        problems += afreshProblems(after, &random)
        state = after
        guard problems.isEmpty else {
            screen = expected
            return fail(["events \(events.map(\.description))"] + problems)
        }
        screen = played
        return true
    }

    /// (i), (j) and the lineage, after one successful operation from `attempt` to `after`.
    private mutating func operationProblems(
        _ operation: DriverOperation, _ attempt: Root, _ after: Root
    ) -> [String] {
        var problems: [String] = []
        switch operation {
        case .path(let path):
            lineage.append(path)
            if case .show(let target) = path {
                counts.showChecks += 1
                problems += Self.showProblems(target, after)
            }
        case .restore(let operations):
            counts.restores += 1
            let equal = operations == lineage
            lineage = operations
            if equal {
                let events = NavigationDiff.events(from: attempt, to: after)
                if attempt != after || !events.isEmpty {
                    problems.append("(j) restoring the same history gives \(events)")
                }
            }
        }
        var rebuilt = makeInitial()
        do {
            for operation in lineage { try rebuilt.perform(operation) }
            if rebuilt != after {
                problems.append("(j) replaying the operations gives another state")
            }
        } catch {
            problems.append("(j) replaying the operations fails: \(error)")
        }
        return problems
    }

    /// (i): the visible screen is the target or below it through content children only; for
    /// a stack target, what its parent shows beneath the stack: the parent, or something below
    /// its selected content child.
    static func showProblems(_ target: String, _ state: Root) -> [String] {
        let screen = DriverSpecOracle.Screen(StepStorage.make(state))
        var base = target.split(separator: "/").map(String.init)
        let visible = state.visibleScreen.segments
        var depth = visible.count
        if screen.kind(base) == .stack {
            // What the parent shows beneath the emptied stack: its content, as it is.
            base.removeLast()
            depth = min(visible.count, base.count + 1)
        }
        let below = (base.count..<max(base.count, depth)).map {
            screen.kind(Array(visible.prefix($0 + 1)))
        }
        guard visible.starts(with: base), below.allSatisfy({ $0 == .tab || $0 == .inline })
        else { return ["(i) after show \(target) the visible screen is \(state.visibleScreen)"] }
        return []
    }

    /// (c): dismisses and pops, then selects and replaces, then pushes and presents; dismisses
    /// topmost first in the old window chain, presents bottom first in the new one.
    static func orderProblems(
        _ events: [NavigationEvent], old: [StepPath], new: [StepPath]
    ) -> [String] {
        var problems: [String] = []
        var phase = 0
        var lastDismissed = Int.max
        var lastPresented = -1
        for event in events {
            let eventPhase: Int
            switch event.kind {
            case .dismiss:
                eventPhase = 0
                let position = old.firstIndex(of: event.path) ?? Int.max
                if position >= lastDismissed || position == Int.max {
                    problems.append("(c) \(event) is not topmost first")
                }
                lastDismissed = position
            case .pop: eventPhase = 0
            case .select, .replace: eventPhase = 1
            case .push: eventPhase = 2
            case .present:
                eventPhase = 2
                let position = new.firstIndex(of: event.path) ?? -1
                if position <= lastPresented { problems.append("(c) \(event) is not bottom first") }
                lastPresented = position
            }
            if eventPhase < phase { problems.append("(c) \(event) comes too late") }
            phase = max(phase, eventPhase)
        }
        return problems
    }

    /// (l): the lifecycle is the difference of the two screens, in an order a UI can use.
    static func lifecycleProblems(_ old: Root, _ new: Root, events: [NavigationEvent]) -> [String] {
        let changes = ScreenChanges(from: old, to: new)
        let (before, after) = (HeadlessScreen(old), HeadlessScreen(new))
        var problems: [String] = []
        if events.isEmpty, !changes.isEmpty {
            problems.append("(l) no events, yet screens changed: \(changes)")
        }
        func keyed(_ frames: [ScreenFrame]) -> Set<String> {
            Set(frames.map { "\($0.path) \($0.identity.map(\.description) ?? "-")" })
        }
        let gone = keyed(before.screens).subtracting(keyed(after.screens))
        let come = keyed(after.screens).subtracting(keyed(before.screens))
        if keyed(changes.disappeared) != gone || changes.disappeared.count != gone.count {
            problems.append("(l) disappeared \(changes.disappeared), not \(gone.sorted())")
        }
        if keyed(changes.appeared) != come || changes.appeared.count != come.count {
            problems.append("(l) appeared \(changes.appeared), not \(come.sorted())")
        }
        if let pair = orderViolation(changes.disappeared, on: before) {
            problems.append("(l) \(pair.0) disappears before \(pair.1)")
        }
        if let pair = orderViolation(changes.appeared.reversed(), on: after) {
            problems.append("(l) \(pair.1) appears before \(pair.0)")
        }
        return problems
    }

    /// The first two screens of `frames` (innermost first) in the wrong order on `screen`: an
    /// outer one before one inside it, or a lower frame of a stack or the window before a
    /// higher one.
    static func orderViolation(_ frames: [ScreenFrame], on screen: HeadlessScreen)
        -> (ScreenFrame, ScreenFrame)?
    {
        var level: [StepPath: (ScreenContainer?, Int)] = [:]
        for container in screen.containers {
            for (index, frame) in (screen.frames(of: container) ?? []).enumerated() {
                level[frame.path] = (container, index)
            }
        }
        for (index, modal) in screen.modals.enumerated() { level[modal.path] = (nil, index) }
        for (position, first) in frames.enumerated() {
            for second in frames[(position + 1)...] {
                if second.path.segments.starts(with: first.path.segments)
                    && second.path != first.path
                {
                    return (first, second)
                }
                if let (container, low) = level[first.path], let (other, high) = level[second.path],
                    container == other, low < high
                {
                    return (first, second)
                }
            }
        }
        return nil
    }

    /// (e): nothing against itself, nothing when the last path selected is selected again.
    static func idempotenceProblems(_ state: Root, reselecting path: String?) -> [String] {
        var problems: [String] = []
        let same = NavigationDiff.events(from: state, to: state)
        if !same.isEmpty { problems.append("(e) the state against itself gives \(same)") }
        guard let path else { return problems }
        var again = state
        do {
            try again.select(path: StepPath(parsing: path))
            let repeated = NavigationDiff.events(from: state, to: again)
            if !repeated.isEmpty || again != state {
                problems.append("(e) selecting \(path) again gives \(repeated)")
            }
        } catch {
            problems.append("(e) selecting \(path) again fails: \(error)")
        }
        return problems
    }

    /// (g): the lineages give the same states and events; then they take the operations too,
    /// swapping roles so that old and new always come from different lineages.
    private mutating func independenceProblems(
        _ before: Root, _ after: Root, _ operations: [DriverOperation],
        _ events: [NavigationEvent]
    ) -> [String] {
        let oldCopy = lineages.0
        var newCopy = lineages.1
        var lagging = oldCopy
        for operation in operations {
            try? operation.run(on: &newCopy, initial: makeInitial())
            try? operation.run(on: &lagging, initial: makeInitial())
        }
        lineages = (newCopy, lagging)
        let independent = NavigationDiff.events(from: oldCopy, to: newCopy)
        guard oldCopy == before, newCopy == after, independent == events else {
            return ["(g) independently built states give \(independent.map(\.description))"]
        }
        return []
    }

    /// (k): a selected push, stack or present step, deselected and selected again, equals the
    /// step freshly built (for a step inside a stack element: inside a new element).
    private mutating func afreshProblems(_ state: Root, _ random: inout SeededGenerator)
        -> [String]
    {
        guard random.chance(40) else { return [] }
        let tree: StepNodeStorage = StepStorage.make(state)
        let screen = DriverSpecOracle.Screen(tree)
        for _ in 0..<6 {
            let path = DriverOperations.validPath(in: tree, &random)
            let segments = path.split(separator: "/").map(String.init)
            switch screen.kind(segments) {
            case .push, .stack, .present: break
            default: continue
            }
            guard state.isSelected(path: StepPath(stringLiteral: path)),
                let before = DriverOperations.step(at: segments, in: tree)
            else { continue }
            var reopened = state
            do {
                try reopened.deselect(path: StepPath(parsing: path))
                try reopened.select(path: StepPath(parsing: path))
            } catch {
                return ["(k) deselect then select \(path) fails: \(error)"]
            }
            guard
                let step = DriverOperations.step(at: segments, in: StepStorage.make(reopened)),
                let fresh = freshStep(at: segments, in: state, screen)
            else { return ["(k) \(path) cannot be found after deselect then select"] }
            counts.afreshChecks += 1
            if !Self.same(before, fresh) { counts.afreshChanged += 1 }
            guard Self.same(step, fresh) else {
                return ["(k) \(path) reopened is not freshly built"]
            }
            return []
        }
        return []
    }

    static func same(_ lhs: StepReference, _ rhs: StepReference) -> Bool {
        lhs.renewal == rhs.renewal
            && AnyHashable(lhs.storage.anyValue) == AnyHashable(rhs.storage.anyValue)
    }

    /// The step at `segments` as freshly built: in the initial state, or, below a stack
    /// element, below a new element of that stack.
    private func freshStep(
        at segments: [String], in state: Root, _ screen: DriverSpecOracle.Screen
    ) -> StepReference? {
        guard
            let element = (0..<segments.count).last(where: {
                screen.kind(Array(segments.prefix($0 + 1))) == .element
            })
        else { return DriverOperations.step(at: segments, in: StepStorage.make(initial)) }
        let stack = Array(segments.prefix(element))
        let ids = screen.node(stack)?.elementIDs ?? []
        var scratch = state
        guard (try? scratch.setStack(path: StepPath(stack), ids: ids + ["fresh"])) != nil else {
            return nil
        }
        return DriverOperations.step(
            at: stack + ["fresh"] + segments.suffix(from: element + 1),
            in: StepStorage.make(scratch))
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
