import Foundation
import TestSupport
import Testing

@testable import StepTree
@testable import StepTreeTools

/// Seeded property tests of destination stacks and minted ids, on the hand-written
/// `ClientSteps` (TestSupport) and its schema twin (`ClientSchema.json`) side by side.
///
/// The destinations include plain data (`tag(String)`), and the root presents a modal
/// destination (`StepModal<Destination>`, the schema's `present` step with `destinations`).
///
/// Operations: pushes of each destination by path (minted or explicit ids, some duplicate or
/// invalid, some going on inside the new element), selections inside elements (another
/// destination, a destination's own steps), selections of the modal destination (another case,
/// a case's own steps, plain data by value) and its dismissal, renewals, pops (one, the last *k*, to an id, to
/// the root), tab switches, resets of a stack (a show of its tab, set stack), explicit ids that
/// were used before or that name a destination, and encode → decode round trips that replace
/// the state. The
/// default run: 6 seeds × 150 operations, about 2,000 events. `STEPTREE_STACK_SEEDS=1-500`
/// runs others. After every operation:
/// (a) both trees succeed or fail alike, a failure leaving the state `==` before;
/// (b) they give the same events, which are what SPEC §2–§3 read literally give
///     (`DriverSpecOracle`), and which played on the old headless screen reach the new one;
///     the screens that left and joined are the difference of the two screens (check (l) of
///     `EnginePropertyTests`);
/// (c) an id minted in a stack was never used in that stack before;
/// (d) two more states built by the same operations (without the round trips) are `==`;
/// (e) a round trip gives a state `==` to the one encoded, which encodes to the same bytes;
/// (f) a screen a push adds has an identity no earlier screen had, whatever emptied the stack
///     before it and whatever its id (issue 29);
/// (g) a frame read before the operation whose screen is gone closes nothing;
/// and the events from a random earlier state to the new one are also the oracle's.
@Suite struct DestinationStackPropertyTests {
    static let seeds: [UInt64] =
        EnginePropertyTests.seeds(from: "STEPTREE_STACK_SEEDS") ?? [1, 2, 3, 5]
    static let operationsPerSeed = 100

    static let tabs = ["home", "search"]
    static let destinations = ["status", "account", "about", "tag"]
    /// What each destination's own steps are, for paths inside an element.
    static let inner = ["status": ["thread", "reply"], "account": ["posts", "followers"]]

    enum Operation: CustomStringConvertible {
        case push(StepPath, id: String?)
        case select(StepPath)
        case selectValue(StepPath, String)
        case deselect(StepPath)
        case renew(StepPath)
        case pop(String)
        case popLast(Int, String)
        case popTo(String, String)
        case popToRoot(String)
        case show(String)
        case setStack([String], String)
        case roundTrip

        var description: String {
            switch self {
            case .push(let path, let id): "push \(path) id \(id ?? "-")"
            case .select(let path): "select \(path)"
            case .selectValue(let path, let value): "select \(path) with \(value)"
            case .deselect(let path): "deselect \(path)"
            case .renew(let path): "renew \(path)"
            case .pop(let tab): "pop in \(tab)"
            case .popLast(let count, let tab): "pop last \(count) in \(tab)"
            case .popTo(let id, let tab): "pop to \(id) in \(tab)"
            case .popToRoot(let tab): "pop to root in \(tab)"
            case .show(let tab): "show \(tab)"
            case .setStack(let ids, let tab): "set stack \(ids) in \(tab)"
            case .roundTrip: "round trip"
            }
        }

        /// Runs the operation; returns the id minted by a push with no id.
        func run<Root: StepNode & Codable>(
            on state: inout Root, _ coder: (Root) throws -> Root
        ) throws -> String? {
            switch self {
            case .push(let path, let id):
                let frame = try state.push(path: path, id: id)
                return id == nil ? frame.segments.last : nil
            case .select(let path): try state.select(path: path)
            case .selectValue(let path, let value): try state.select(path: path, with: value)
            case .deselect(let path): try state.deselect(path: path)
            case .renew(let path): try state.renew(path: path)
            case .pop(let tab): _ = state.pop(in: StepPath([tab]))
            case .popLast(let count, let tab): _ = state.pop(last: count, in: StepPath([tab]))
            case .popTo(let id, let tab): _ = try state.pop(to: id, in: StepPath([tab]))
            case .popToRoot(let tab): _ = state.popToRoot(in: StepPath([tab]))
            case .show(let tab): try state.show(path: StepPath([tab]))
            case .setStack(let ids, let tab):
                try state.setStack(path: StepPath([tab, "path"]), ids: ids)
            case .roundTrip: state = try coder(state)
            }
            return nil
        }
    }

    /// A random operation on a state whose stacks hold `ids`.
    static func operation(ids: [String: [String]], _ random: inout SeededGenerator) -> Operation {
        let tab = random.pick(tabs)
        let stack = ids[tab] ?? []
        let destination = random.pick(destinations)
        func element() -> String {
            stack.isEmpty || random.chance(5) ? "9\(random.below(3))" : random.pick(stack)
        }
        func inside() -> [String] {
            var segments = [destination]
            if let steps = inner[destination], random.chance(50) {
                segments.append(random.pick(steps))
            }
            return segments
        }
        switch random.below(100) {
        case 0..<30:
            let id: String? =
                random.chance(70)
                ? nil : random.pick(["7", "40", "x", "y", "", "a/b", "status"] + stack.suffix(1))
            let rest = random.chance(20) ? [] : inside()
            return .push(StepPath([tab, "path"] + rest), id: id)
        case 30..<40: return .select(StepPath([tab, "path", element()] + inside()))
        case 40..<46: return .select(StepPath(["sheet"] + inside()))
        case 46..<48: return .deselect(StepPath(["sheet"]))
        case 48..<50:
            let value = random.pick(["swift", "ios", ""])
            return random.chance(50)
                ? .selectValue(StepPath(["sheet", "tag"]), value)
                : .selectValue(StepPath([tab, "path", element(), "tag"]), value)
        case 50..<55: return .select(StepPath([tab]))
        case 55..<62: return .renew(StepPath([tab, "path", element()] + inside()))
        case 62..<72: return .pop(tab)
        case 72..<77: return .popLast(random.below(4), tab)
        case 77..<82: return .popTo(element(), tab)
        case 82..<86: return .popToRoot(tab)
        case 86..<89: return .show(tab)
        case 89..<91: return .setStack(Array(stack.prefix(random.below(stack.count + 1))), tab)
        default: return .roundTrip
        }
    }

    static func roundTrip<Root: Codable>(_ state: Root, schema: StepSchema?) throws -> Root {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(state)
        let decoder = JSONDecoder()
        if let schema { decoder.userInfo[.stepSchema] = schema }
        let decoded = try decoder.decode(Root.self, from: data)
        guard try encoder.encode(decoded) == data else {
            throw CocoaError(.coderInvalidValue, userInfo: ["text": "another encoding"])
        }
        return decoded
    }

    /// The ids of each tab's stack.
    static func ids(_ state: ClientSteps) -> [String: [String]] {
        ["home": state.home.path.value.ids, "search": state.search.path.value.ids]
    }

    /// The frames in each tab.
    static func frames(_ state: some StepNode) -> [ScreenFrame] {
        tabs.flatMap { state.frames(in: StepPath([$0])) }
    }

    /// (f) and (g) for one change: `seen` holds the identities every earlier state showed.
    static func identityProblems(
        _ old: ClientSteps, _ new: ClientSteps, _ operation: Operation, seen: Set<StepIdentity>
    ) -> [String] {
        var problems: [String] = []
        let oldFrames = frames(old)
        let newIdentities = Set(frames(new).compactMap(\.identity))
        let oldIdentities = Set(oldFrames.compactMap(\.identity))
        if case .push = operation {
            for identity in newIdentities.subtracting(oldIdentities) where seen.contains(identity) {
                problems.append(
                    "(f) a pushed screen has the identity \(identity) of an earlier one")
            }
        }
        for frame in oldFrames {
            guard let identity = frame.identity, !newIdentities.contains(identity) else { continue }
            var state = new
            if state.close(frame) { problems.append("(g) the gone frame \(frame) closed a screen") }
        }
        return problems
    }

    /// (b) for one change of `Root`; the events as text.
    static func eventProblems<Root: StepNode>(_ old: Root, _ new: Root) -> ([String], [String]) {
        let events = NavigationDiff.events(from: old, to: new)
        let text = events.map(\.description)
        var problems: [String] = []
        let literal = DriverSpecOracle.events(from: old, to: new)
        if literal != text { problems.append("(b) SPEC read literally gives \(literal)") }
        var screen = HeadlessScreen(old)
        do {
            try screen.apply(events, reaching: new)
            if screen != HeadlessScreen(new) { problems.append("(b) the events reach\n\(screen)") }
        } catch {
            problems.append("(b) \(error)")
        }
        problems += DriverTransitionChecker<Root>.lifecycleProblems(old, new, events: events)
        return (text, problems)
    }

    @Test(arguments: seeds)
    func destinationStacksKeepTheirPromises(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let schema = try StepSchema(json: Data(ClientSchema.json.utf8))
        var typed = ClientSteps()
        var dynamic = DynamicSteps(schema: schema)
        var lineages = (ClientSteps(), DynamicSteps(schema: schema))
        var used: [String: Set<String>] = [:]
        var seen = Set(Self.frames(typed).compactMap(\.identity))
        var history = [dynamic]
        var log: [String] = []
        var counts = (events: 0, failures: 0, minted: 0)
        for _ in 0..<Self.operationsPerSeed {
            let operation = Self.operation(ids: Self.ids(typed), &random)
            log.append(operation.description)
            let (oldTyped, oldDynamic) = (typed, dynamic)
            var problems: [String] = []
            let typedResult = Result {
                try operation.run(on: &typed) { try Self.roundTrip($0, schema: nil) }
            }
            let dynamicResult = Result {
                try operation.run(on: &dynamic) { try Self.roundTrip($0, schema: schema) }
            }
            switch (typedResult, dynamicResult) {
            case (.success(let typedID), .success(let dynamicID)):
                if typedID != dynamicID {
                    problems.append("(a) minted \(typedID ?? "-") and \(dynamicID ?? "-")")
                }
                if let id = typedID, case .push(let path, _) = operation {
                    counts.minted += 1
                    if used[path.segments[0], default: []].contains(id) {
                        problems.append("(c) \(id) was used before in \(path.segments[0])")
                    }
                }
                if case .roundTrip = operation {
                    if typed != oldTyped || dynamic != oldDynamic {
                        problems.append("(e) the round trip changed the state")
                    }
                } else {
                    _ = try? operation.run(on: &lineages.0) { $0 }
                    _ = try? operation.run(on: &lineages.1) { $0 }
                }
            case (.failure, .failure):
                counts.failures += 1
                if typed != oldTyped || dynamic != oldDynamic {
                    problems.append("(a) a failure changed the state")
                }
            default:
                problems.append("(a) \(typedResult) but \(dynamicResult)")
            }
            for (tab, ids) in Self.ids(typed) { used[tab, default: []].formUnion(ids) }
            problems += Self.identityProblems(oldTyped, typed, operation, seen: seen)
            seen.formUnion(Self.frames(typed).compactMap(\.identity))
            if lineages.0 != typed || lineages.1 != dynamic {
                problems.append("(d) another build differs")
            }
            if Self.ids(typed)["home"] != dynamic["home"]?["path"]?.elementIDs {
                problems.append("the trees hold other ids")
            }
            let (typedEvents, typedProblems) = Self.eventProblems(oldTyped, typed)
            let (dynamicEvents, dynamicProblems) = Self.eventProblems(oldDynamic, dynamic)
            problems += typedProblems + dynamicProblems
            if typedEvents != dynamicEvents {
                problems.append("(b) the schema gives \(dynamicEvents), not \(typedEvents)")
            }
            counts.events += typedEvents.count
            // The two trees give the same events, checked above: one is enough here.
            problems += Self.eventProblems(random.pick(history), dynamic).1
            history.append(dynamic)
            guard problems.isEmpty else {
                Issue.record(
                    "seed \(seed), after\n\(log.joined(separator: "\n"))\nevents \(typedEvents)\n\(problems.joined(separator: "\n"))"
                )
                return
            }
        }
        // The operations reach what they are meant to exercise.
        if ProcessInfo.processInfo.environment["STEPTREE_PROPERTY_STATS"] != nil {
            print("seed \(seed): \(counts)")
        }
        #expect(counts.events > 40 && counts.failures > 3 && counts.minted > 10)
    }
}
