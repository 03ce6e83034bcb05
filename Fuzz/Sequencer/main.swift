// Fuzzes the navigation sequencer over the simulated UIKit: random targets, arriving at random
// moments (mid-animation included), and user gestures (swipes back, sheets swiped down, tab
// taps), with the model following the gestures as a navigator would. The first byte picks the
// tree: 0, the hand-written `AppSteps`; 1, its schema twin; 2, a schema in the input as JSON, up
// to a NUL; 3, a schema in the input as bytes (`ByteSchema`), the next byte their count. The
// second byte holds options (bit 0: UIKit's coalesced dismissals). Then come the moments, one a
// line (see `Moment`). Once idle, the window shows exactly the model's screen, at every moment
// and at the end; the simulated UIKit refuses nothing; every update is playable from the screen
// the sequencer had applied; and nothing crashes.
//
// The sequencer is async: each input runs on the main actor, to idle, on a manual clock, while
// the check spins the main run loop, so that each input is one deterministic run.
import ExampleSteps
import Foundation
import FuzzSupport
import StepTree
import StepTreeDrivers
import StepTreeTools

/// One moment of an input line; the first byte picks it.
enum Moment {
    /// A path operation on the model, shown as the new target (`animated: false` with the
    /// first byte's high bit): with first byte 0 or 1, a walk (`Walk`); with 2, a path
    /// operation line (`PathOperation(line:)`).
    case target(Target, animated: Bool)
    case swipeBack
    case swipeDown
    /// A tap on a tab of a visible tab bar, picked by two bytes.
    case tapTab(bar: Int, tab: Int)
    /// The clock moves forward by four times the next byte, in milliseconds.
    case advance(milliseconds: Int)

    enum Target {
        case walk(Walk)
        case operation(PathOperation)
    }

    init(line: ArraySlice<UInt8>) {
        let code = line.first ?? 0
        let rest = line.dropFirst()
        let animated = code & 0x80 == 0
        switch (code & 0x7F) % 8 {
        case 0, 1: self = .target(.walk(Walk(rest)), animated: animated)
        case 2: self = .target(.operation(PathOperation(line: rest)), animated: animated)
        case 3: self = .swipeBack
        case 4: self = .swipeDown
        case 5: self = .tapTab(bar: Int(rest.first ?? 0), tab: Int(rest.dropFirst().first ?? 0))
        default: self = .advance(milliseconds: 4 * Int(rest.first ?? 0))
        }
    }

    /// The line that reads back as this moment.
    var line: [UInt8] {
        switch self {
        case .target(.walk(let walk), let animated): [animated ? 0 : 0x80] + walk.bytes
        case .target(.operation(let operation), let animated):
            [animated ? 2 : 0x82] + operation.line
        case .swipeBack: [3]
        case .swipeDown: [4]
        case .tapTab(let bar, let tab): [5, UInt8(bar & 0xFF), UInt8(tab & 0xFF)]
        case .advance(let milliseconds): [6, UInt8(min(milliseconds / 4, 255))]
        }
    }
}

/// A path operation whose path is a walk down the schema, so that mutated bytes name steps
/// that exist: the first byte picks the operation, each next byte a child (or, in a stack, one
/// of the ids `u1`–`u4`).
struct Walk {
    let bytes: [UInt8]

    init(_ bytes: ArraySlice<UInt8>) { self.bytes = Array(bytes) }

    /// The operation on the tree of `schema`.
    func operation(in schema: StepSchema) -> PathOperation {
        let code = bytes.first ?? 0
        let isStack = code % 6 == 5
        var node = schema
        var segments: [String] = []
        for byte in bytes.dropFirst() {
            if isStack, node.kind == .stack { break }
            if node.kind == .stack, !segments.isEmpty, let element = node.element {
                segments.append("u\(byte % 4 + 1)")
                node = element
            } else {
                guard !node.children.isEmpty else { break }
                node = node.children[Int(byte) % node.children.count]
                segments.append(node.key)
            }
        }
        let path = segments.joined(separator: "/")
        switch code % 6 {
        case 0: return .select(path, fresh: false)
        case 1: return .select(path, fresh: true)
        case 2: return .show(path, fresh: false)
        case 3: return .deselect(path)
        case 4: return .remove(path)
        default:
            // Up to three distinct ids, from a rotation of u1–u4.
            let first = Int(code >> 5)
            return .stack(path, ids: (0..<Int(code >> 3) % 4).map { "u\((first + $0) % 4 + 1)" })
        }
    }
}

/// A schema read from bytes, so that mutated bytes stay a schema: each node takes a byte (its
/// number of children and whether its content children are tabs), each child a byte (its kind,
/// and whether it has children of its own), as the sequencer property test's random schemas
/// are made, up to four levels deep.
enum ByteSchema {
    static func object(_ bytes: ArraySlice<UInt8>) -> [String: Any] {
        var bytes = bytes
        return body(depth: 0, minimumChildren: 2, &bytes)
    }

    private static func next(_ bytes: inout ArraySlice<UInt8>) -> UInt8 {
        bytes.popFirst() ?? 0
    }

    private static func body(depth: Int, minimumChildren: Int, _ bytes: inout ArraySlice<UInt8>)
        -> [String: Any]
    {
        guard depth < 4 else { return [:] }
        let code = next(&bytes)
        let count = minimumChildren + Int(code % 4)
        let content = code & 0x80 != 0 ? "tab" : "inline"
        var children: [[String: Any]] = []
        for index in 0..<count {
            let kind = next(&bytes)
            let key = String(UnicodeScalar(UInt8(97 + index))) + String(depth)
            var child: [String: Any] = ["key": key]
            switch kind % 6 {
            case 0, 1: child["kind"] = content
            case 2: child["kind"] = "push"
            case 3:
                child["kind"] = "stack"
                child["element"] = body(depth: depth + 1, minimumChildren: 0, &bytes)
            default:
                child["kind"] = "present"
                child["style"] = ["sheet", "cover", "popover"][Int(kind >> 3) % 3]
            }
            if kind % 6 != 3, kind & 0x40 != 0 {
                child.merge(body(depth: depth + 1, minimumChildren: 1, &bytes)) { $1 }
            }
            children.append(child)
        }
        return ["children": children]
    }
}

/// The most moments an input runs, so that an input's cost stays bounded.
let maximumMoments = 64

let exampleSchema = ExampleTwin.schema

func check(_ bytes: [UInt8]) {
    guard bytes.count >= 2 else { return }
    let options = bytes[1]
    var body = bytes.dropFirst(2)
    switch bytes[0] % 4 {
    case 0:
        runToIdle(AppSteps(), walking: exampleSchema, options, body)
    case 1:
        runToIdle(DynamicSteps(schema: exampleSchema), walking: exampleSchema, options, body)
    case 2:
        let end = body.firstIndex(of: 0) ?? body.endIndex
        guard let schema = try? StepSchema(json: Data(body[..<end])) else { return }
        body = body[end...].dropFirst()
        runToIdle(DynamicSteps(schema: schema), walking: schema, options, body)
    default:
        let count = Int(body.popFirst() ?? 0)
        let object = ByteSchema.object(body.prefix(count))
        guard let schema = try? StepSchema(jsonObject: object) else { return }
        body = body.dropFirst(count)
        runToIdle(DynamicSteps(schema: schema), walking: schema, options, body)
    }
}

/// Runs one simulation on the main actor and spins the main run loop until it has finished.
func runToIdle<Root: StepNode>(
    _ initial: Root, walking schema: StepSchema, _ options: UInt8, _ body: ArraySlice<UInt8>
) {
    let moments = lines(Array(body)).prefix(maximumMoments).map(Moment.init(line:))
    MainActor.assumeIsolated {
        let finished = Flag()
        Task { @MainActor in
            let coalescing: NavigationPlan.Coalescing = options & 1 != 0 ? .dismissals : []
            await Simulation(initial, schema: schema, coalescing: coalescing).run(moments)
            finished.value = true
        }
        while !finished.value { _ = RunLoop.main.run(mode: .default, before: .distantPast) }
    }
}

@MainActor final class Flag {
    var value = false
}

/// A sequencer over a fresh simulated UIKit driver on a manual clock, and the model it follows.
@MainActor
final class Simulation<Root: StepNode> {
    let clock = ManualClock()
    let sequencer: NavigationSequencer<SimulatedUIKitDriver<Root>>
    /// The schema that walks go down.
    let schema: StepSchema
    var model: Root
    /// The screen the sequencer had applied before the update being applied.
    var before: HeadlessScreen
    var updates: [String] = []

    var window: SimulatedWindow { sequencer.driver.window }

    init(_ initial: Root, schema: StepSchema, coalescing: NavigationPlan.Coalescing) {
        self.schema = schema
        let driver = SimulatedUIKitDriver(showing: initial, clock: clock)
        driver.coalescing = coalescing
        sequencer = NavigationSequencer(driver: driver, showing: initial)
        model = initial
        before = HeadlessScreen(initial)
        driver.onUserRemoved = { [weak sequencer] path, identity in
            sequencer?.userDidRemove(path: path, identity: identity)
        }
        sequencer.willApply = { [unowned self] _ in before = HeadlessScreen(sequencer.applied) }
        sequencer.didApply = { [unowned self] update in
            updates.append(update.description)
            var screen = before
            do {
                try screen.apply(update.events, reaching: update.state)
            } catch {
                fail("the update \(update) is not playable from the screen applied: \(error)")
            }
            require(screen == HeadlessScreen(update.state), "\(update): not its state's screen")
        }
        sequencer.didRemoveByGesture = { [unowned self] path, identity in
            // As a navigator that `follow` tells: the model follows if it shows that frame.
            guard Self.frameIdentity(at: path, in: model) == identity else { return }
            try? model.close(path: path)
            sequencer.show(model)
        }
    }

    func run(_ moments: [Moment]) async {
        for moment in moments {
            switch moment {
            case .target(let target, let animated):
                switch target {
                case .walk(let walk): try? model.perform(walk.operation(in: schema))
                case .operation(let operation): try? model.perform(operation)
                }
                sequencer.show(model, transaction: NavigationTransaction(animated: animated))
            case .swipeBack: window.userSwipesBack()
            case .swipeDown: window.userSwipesDown()
            case .tapTab(let bar, let tab): tapTab(bar, tab)
            case .advance(let milliseconds): await advance(by: .milliseconds(milliseconds))
            }
            // Targets and gestures between two pauses arrive at the same instant.
            if sequencer.isIdle, !window.isTransitioning { requireShowsModel("idle") }
        }
        // To the end of the sequence: every animation is at most half a second.
        for _ in 0..<(4 * maximumMoments + 64) where !sequencer.isIdle || window.isTransitioning {
            await advance(by: .milliseconds(100))
        }
        await settle()
        require(sequencer.isIdle && !window.isTransitioning, "never finished")
        require(clock.sleepers == 0, "\(clock.sleepers) animations still sleep")
        requireShowsModel("at the end")
        require(
            HeadlessScreen(sequencer.applied) == HeadlessScreen(model),
            "applied is not the model's screen")
        require(window.rejections.isEmpty, "the simulated UIKit refused \(window.rejections)")
    }

    /// The user taps a tab of one of the visible tab bars: UIKit switches at once, and the app
    /// selects the tab in the model.
    func tapTab(_ bar: Int, _ tab: Int) {
        var bars: [SimulatedTabBarController] = []
        var navigation =
            window.topmostPresented as? SimulatedNavigationController ?? window.rootViewController
        while let tabs = navigation.viewControllers.last?.children.first
            as? SimulatedTabBarController
        {
            bars.append(tabs)
            guard
                let selected = tabs.viewControllers.first(where: {
                    $0.container.path.segments.last == tabs.selectedKey
                })
            else { break }
            navigation = selected
        }
        guard !bars.isEmpty else { return }
        let tabs = bars[bar % bars.count]
        guard !tabs.viewControllers.isEmpty else { return }
        let path = tabs.viewControllers[tab % tabs.viewControllers.count].container.path
        guard let key = path.segments.last else { return }
        window.select(key, in: tabs)
        try? model.select(path: path)
        sequencer.show(model, transaction: NavigationTransaction(.userGesture))
    }

    func requireShowsModel(_ when: String) {
        let screen = HeadlessScreen(model)
        let expected = screen.description.split(separator: "\n").dropFirst()
            .joined(separator: "\n")
        require(
            window.structure == expected,
            "\(when), the window shows\n\(window.structure)\nnot the model's\n\(screen)\n"
                + "window log: \(window.log)\nupdates: \(updates)")
    }

    func fail(_ message: String) { require(false, message) }

    /// Lets the main actor run until an animation sleeps on the clock or the sequencer is idle.
    func settle() async {
        for _ in 0..<100_000 {
            if clock.sleepers > 0 || (sequencer.isIdle && !window.isTransitioning) { return }
            await Task.yield()
        }
        fail("the simulation did not settle")
    }

    /// Moves the clock forward, waking each animation that ends and letting the sequencer go on
    /// before the next.
    func advance(by duration: Duration) async {
        await settle()
        let end = clock.now.advanced(by: duration)
        while clock.wakeNext(notAfter: end) { await settle() }
        clock.move(to: end)
    }

    /// The identity of the frame or modal at `path` on the screen of `state`.
    static func frameIdentity(at path: StepPath, in state: Root) -> StepIdentity? {
        let screen = HeadlessScreen(state)
        let frames = screen.containers.flatMap { screen.frames(of: $0) ?? [] }
        return (frames + screen.modals.map(\.frame)).first { $0.path == path }?.identity
    }
}

/// A clock whose time moves only when the simulation advances it.
final class ManualClock: Clock, @unchecked Sendable {
    // `@unchecked Sendable`: `now` and `sleeping` are read and written only under `lock`.
    struct Instant: InstantProtocol {
        let offset: Duration

        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleeping: [(deadline: Instant, continuation: CheckedContinuation<Void, Never>)] =
        []

    var now: Instant { locked { current } }
    var minimumResolution: Duration { .zero }
    var sleepers: Int { locked { sleeping.count } }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        await withCheckedContinuation { continuation in
            let due = locked {
                guard deadline > current else { return true }
                sleeping.append((deadline, continuation))
                return false
            }
            if due { continuation.resume() }
        }
    }

    /// Wakes the sleeper with the earliest deadline not after `end` (first come first for equal
    /// deadlines), moving time to its deadline; `false` when none is due.
    func wakeNext(notAfter end: Instant) -> Bool {
        let next = locked { () -> CheckedContinuation<Void, Never>? in
            let due = sleeping.indices.filter { sleeping[$0].deadline <= end }
            guard let first = due.min(by: { sleeping[$0].deadline < sleeping[$1].deadline })
            else { return nil }
            current = max(current, sleeping[first].deadline)
            return sleeping.remove(at: first).continuation
        }
        next?.resume()
        return next != nil
    }

    /// Moves time to `end` without waking anyone.
    func move(to end: Instant) { locked { current = max(current, end) } }
}

/// Walks through the example, the conformance cases' schemas with their steps, and random
/// byte schemas with random walks; each target followed by gestures and pauses of every kind.
func seeds(_ fixtures: [URL]) throws -> [[UInt8]] {
    let walks: [[PathOperation]] = [
        [
            .select("profile/detail/dark", fresh: false), .select("explore", fresh: false),
            .select("profile/settings", fresh: false), .select("home", fresh: false),
            .select("login/signUp", fresh: false), .show("profile/detail", fresh: false),
        ],
        [
            .stack("profile/friends", ids: ["u1", "u2"]),
            .select("profile/friends/u2/detail/light", fresh: false),
            .select("profile/friends/u2/settings", fresh: false),
            .stack("profile/friends/u2/friends", ids: ["v1"]),
            .select("profile/friends/u2/friends/v1/detail", fresh: true),
            .remove("profile/friends/u2"), .show("profile", fresh: false),
        ],
    ]
    var seeds: [[UInt8]] = []
    for walk in walks {
        for mode: UInt8 in [0, 1] {
            for options: UInt8 in [0, 1] {
                seeds.append([mode, options] + script(walk.map { .operation($0) }, options))
            }
        }
    }
    for file in fixtures {
        for testCase in try ConformanceCase.load(json: Data(contentsOf: file)) {
            let walk = testCase.checks.compactMap { operation($0.action) }
            guard !walk.isEmpty, let schema = try? schemaJSON(testCase.schema) else { continue }
            seeds.append(
                [2, UInt8(seeds.count & 1)] + Array(schema) + [0]
                    + script(walk.map { .operation($0) }, 0))
        }
    }
    // Random byte schemas with random moments, in the sequencer property test's mix, from a
    // fixed generator.
    var random = SplitMix(state: 188)
    for index in 0..<48 {
        let schema = (0..<40).map { _ in random.byte() }
        var moments: [Moment] = []
        for _ in 0..<maximumMoments {
            let code = random.byte()
            switch code % 10 {
            case 0..<4:
                let walk = Walk((0..<6).map { _ in random.byte() }[...])
                moments.append(.target(.walk(walk), animated: code & 0xF0 != 0))
            case 4: moments.append(.swipeBack)
            case 5: moments.append(.swipeDown)
            case 6: moments.append(.tapTab(bar: Int(random.byte()), tab: Int(random.byte())))
            default: moments.append(.advance(milliseconds: 4 * Int(random.byte() % 175)))
            }
        }
        seeds.append(
            [3, UInt8(index & 1), 40] + schema
                + Array(moments.map(\.line).joined(separator: [10])))
    }
    return seeds
}

/// A small deterministic generator for the seeds (SplitMix64).
struct SplitMix {
    var state: UInt64

    mutating func byte() -> UInt8 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return UInt8(truncatingIfNeeded: value ^ (value >> 31))
    }
}

/// The operations as targets, each followed by a different mix of gestures and pauses.
func script(_ targets: [Moment.Target], _ variant: UInt8) -> [UInt8] {
    var moments: [Moment] = []
    for (index, target) in targets.enumerated() {
        moments.append(.target(target, animated: (index + Int(variant)) % 5 != 4))
        switch (index + Int(variant)) % 4 {
        case 0: moments += [.advance(milliseconds: 120), .swipeBack, .advance(milliseconds: 600)]
        case 1: moments += [.swipeDown, .advance(milliseconds: 400), .tapTab(bar: 0, tab: 1)]
        case 2: moments += [.advance(milliseconds: 200), .tapTab(bar: index, tab: 0), .swipeBack]
        // Two targets at the same instant: the next one joins this one's plan.
        default: continue
        }
    }
    return Array(moments.map(\.line).joined(separator: [10]))
}

/// The path operation of a conformance step, when it is one.
func operation(_ action: ConformanceCase.Action) -> PathOperation? {
    switch action {
    case .select(let path, nil): .select(path, fresh: false)
    case .select(let path, .fresh): .select(path, fresh: true)
    case .select(let path, .value(let value)): .selectValue(path, value)
    case .show(let path): .show(path, fresh: false)
    case .deselect(let path): .deselect(path)
    case .stack(let path, let ids): .stack(path, ids: ids)
    case .restore, .malformed: nil
    }
}

FuzzDriver.main(
    "fuzz-sequencer", seeds: seeds, dictionary: Tokens.example + ["\n\u{3}", "\n\u{4}", "\n\u{5}"],
    check: check)
