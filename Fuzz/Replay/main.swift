// Fuzzes session replay. The first byte picks the tree: even, the hand-written `AppSteps`; odd,
// its schema twin. The rest is a recording, JSON Lines as `SessionRecorder` writes them.
//
// A recording is refused with a `SessionReplayError` at a line that holds a record, after which
// the lines before it replay on their own; or it replays with the replay's promises: the first
// record a start, each next one numbered one more, with the events the tree gives between the
// two states and the screen recorded. Line by line through a `SessionReplay.Player` it replays
// the same, step for step or to the same error.
import ExampleSteps
import Foundation
import FuzzSupport
import StepTree
import StepTreeTools

let exampleSchema: StepSchema = {
    do {
        return try ExampleSchema.load(friendDepth: 2)
    } catch {
        fatalError("the example schema does not load: \(error)")
    }
}()

func check(_ bytes: [UInt8]) {
    guard let mode = bytes.first else { return }
    let log = Array(bytes.dropFirst())
    if mode.isMultiple(of: 2) {
        checkReplay(log, as: AppSteps.self, userInfo: [:])
    } else {
        checkReplay(log, as: DynamicSteps.self, userInfo: [.stepSchema: exampleSchema])
    }
}

/// What a replay gave: its steps (line, sequence, screen, state) or its error.
struct Outcome<Root: StepNode>: Equatable {
    var steps: [SessionReplay.Step<Root>] = []
    var error: SessionReplayError?

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.error == rhs.error && lhs.steps.count == rhs.steps.count
            && zip(lhs.steps, rhs.steps).allSatisfy { left, right in
                left.line == right.line && left.record.sequence == right.record.sequence
                    && left.record.state == right.record.state && left.screen == right.screen
            }
    }
}

func replayWhole<Root: StepNode>(
    _ text: String, as type: Root.Type, userInfo: [CodingUserInfoKey: any Sendable]
) -> Outcome<Root> {
    do {
        return Outcome(steps: try SessionReplay.replay(text, as: type, userInfo: userInfo))
    } catch {
        return Outcome(error: error)
    }
}

func checkReplay<Root: StepNode>(
    _ log: [UInt8], as type: Root.Type, userInfo: [CodingUserInfoKey: any Sendable]
) {
    let text = String(decoding: log, as: UTF8.self)
    let lines = text.utf8.split(separator: 10, omittingEmptySubsequences: false)
    let whole = replayWhole(text, as: type, userInfo: userInfo)

    // Line by line, the same.
    var player = SessionReplay.Player(as: type, userInfo: userInfo)
    var streamed = Outcome<Root>()
    do {
        for line in lines {
            if let step = try player.play(Data(line)) { streamed.steps.append(step) }
        }
        try player.finish()
    } catch {
        streamed.error = error
    }
    // The same line (a record with two faults may be refused for either: Foundation's decoder
    // lists an object's keys, and finds a control character in a key, in no set order).
    require(
        streamed.error?.line == whole.error?.line && (whole.error != nil || streamed == whole),
        "the player and the whole replay disagree: \(String(describing: streamed.error)) / "
            + "\(String(describing: whole.error))")

    if let error = whole.error {
        require(
            error.description.hasPrefix("line \(error.line): "), "an error without its line")
        if case .empty = error.reason {
            require(
                lines.allSatisfy { String(decoding: $0, as: UTF8.self).allSatisfy(\.isWhitespace) },
                "a recording with a record was called empty")
            return
        }
        require(
            error.line >= 1 && error.line <= lines.count,
            "the error names line \(error.line) of \(lines.count)")
        let line = String(decoding: lines[error.line - 1], as: UTF8.self)
        require(!line.allSatisfy(\.isWhitespace), "the error names a blank line")
        // The lines before it replay on their own, to the line before it.
        let before = lines.prefix(error.line - 1).map { String(decoding: $0, as: UTF8.self) }
        let prefix = replayWhole(before.joined(separator: "\n"), as: type, userInfo: userInfo)
        if let earlier = prefix.error {
            require(
                earlier.reason == .empty, "the lines before the error fail at \(earlier)")
        }
        return
    }

    // The replay's promises.
    let steps = whole.steps
    require(!steps.isEmpty, "a replay with no steps")
    let first = steps[0].record
    require(
        first.sequence == 0 || first.cause == SessionRecord<Root>.startCause,
        "the first record is no start")
    require(steps[0].screen == HeadlessScreen(first.state), "the start's screen is not its state's")
    for (previous, step) in zip(steps, steps.dropFirst()) {
        require(step.line > previous.line, "the lines go back")
        require(
            previous.record.sequence < .max
                && step.record.sequence == previous.record.sequence + 1,
            "#\(step.record.sequence) follows #\(previous.record.sequence)")
        let events = NavigationDiff.events(from: previous.record.state, to: step.record.state)
        require(
            events.map(\.description) == step.record.events,
            "the recorded events are not the tree's")
        require(
            step.screen.visibleScreen == step.record.visibleScreen,
            "the screen shows \(step.screen.visibleScreen), the record \(step.record.visibleScreen)"
        )
    }
    // Replayed twice, the same.
    require(replayWhole(text, as: type, userInfo: userInfo) == whole, "two replays differ")
}

/// Recordings of both trees: sessions of the example, and the same with a line changed.
func seeds(_ fixtures: [URL]) throws -> [[UInt8]] {
    var seeds: [[UInt8]] = []
    func record<Root: StepNode>(_ initial: Root, mode: UInt8) throws {
        let lines = Locked<[String]>([])
        let navigator = Navigator(initial)
        StepsObservation.observer = SessionRecorder(
            navigator: navigator.id, clock: ContinuousClock()
        ) {
            line in lines.append(line)
        }
        defer { StepsObservation.observer = nil }
        try navigator.select(path: "profile/detail/dark")
        try navigator.setStack(path: "profile/friends", ids: ["ann", "bob"])
        try navigator.select(path: "profile/friends/ann/settings")
        navigator.transaction(.userGesture) { try? $0.select(path: "login/signUp") }
        try navigator.userDidRemove(path: "login")
        let recorded = lines.value
        let text = recorded.joined(separator: "\n") + "\n"
        seeds.append([mode] + Array(text.utf8))
        seeds.append([mode] + Array(recorded.prefix(2).joined(separator: "\r\n").utf8))
        for (original, replacement) in [
            (#""sequence":0"#, #""sequence":18446744073709551615"#),
            (#""sequence":2"#, #""sequence":7"#),
            (#""visible":"/profile/detail/dark""#, #""visible":"/home""#),
        ] {
            seeds.append(
                [mode] + Array(text.replacingOccurrences(of: original, with: replacement).utf8))
        }
    }
    try record(AppSteps(), mode: 0)
    try record(DynamicSteps(schema: exampleSchema), mode: 1)
    return seeds
}

/// A value behind a lock, for the recorder's lines.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value { lock.withLock { stored } }

    func append<Element>(_ element: Element) where Value == [Element] {
        lock.withLock { stored.append(element) }
    }
}

FuzzDriver.main("fuzz-replay", seeds: seeds, dictionary: Tokens.replay, check: check)
