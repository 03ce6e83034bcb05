import ExampleSteps
import Foundation
import StepTree
import StepTreeTools
import TestSupport
import Testing

@Suite struct SessionReplayTests {
    @Test func replaysEveryRecordToTheScreenTheNavigatorShowed() throws {
        let session = try RecordedSession()
        let steps = try SessionReplay.replay(
            session.sink.text, schema: try ExampleSchema.load(friendDepth: 1))
        #expect(steps.map(\.line) == [1, 2, 3, 4, 5])
        #expect(
            steps.map(\.screen.visibleScreen.description) == [
                "/home", "/profile/detail/dark", "/profile/main", "/profile/friends/ann/main",
                "/profile/friends/ann/settings",
            ])
        #expect(steps.last?.screen == HeadlessScreen(session.navigator.root))
    }

    @Test func replaysHandWrittenTrees() throws {
        let sink = LineSink()
        let navigator = Navigator(AppSteps())
        try StepsObservation.withObserver(SessionRecorder(clock: TestClock()) { sink.append($0) }) {
            navigator.transaction(.deepLink) { $0.select(\.profile, \.detail, \.dark) }
            navigator.transaction(.userGesture) { $0.select(\.login) }
            let steps = try SessionReplay.replay(sink.text, as: AppSteps.self)
            #expect(steps.map(\.record.cause) == ["start", .deepLink, .userGesture])
            #expect(steps.last?.record.state == navigator.root)
        }
    }

    /// The recording of ``RecordedSession`` with line `line` (from 1) changed by `edit`.
    static func editedLog(line: Int, _ edit: (String) -> String) throws -> String {
        var lines = try RecordedSession().sink.all
        lines[line - 1] = edit(lines[line - 1])
        return lines.joined(separator: "\n")
    }

    @Test func stopsWhereTheTreeNoLongerHasARecordedStep() throws {
        // The new version of the app renamed the detail screen.
        let renamed = ExampleSchema.json(friendDepth: 1)
            .replacingOccurrences(of: #""key": "detail""#, with: #""key": "details""#)
        let schema = try StepSchema(json: Data(renamed.utf8))
        let log = try RecordedSession().sink.text
        #expect(
            throws: SessionReplayError(
                line: 1, .stateDoesNotFit("/profile/detail: no step 'detail'"))
        ) { try SessionReplay.replay(log, schema: schema) }
    }

    @Test(arguments: [
        (
            3, "\"events\":[\"pop /profile/detail\"]", "\"events\":[]",
            SessionReplayError.Reason.eventsDiffer(recorded: [], replayed: ["pop /profile/detail"])
        ),
        (
            3, "\"visible\":\"/profile/main\"", "\"visible\":\"/profile\"",
            .visibleScreenDiffers(
                recorded: StepPath(["profile"]), replayed: StepPath(["profile", "main"]))
        ),
        (3, "\"sequence\":2", "\"sequence\":7", .sequenceGap(expected: 2, found: 7)),
        (
            1, "\"cause\":\"start\",\"events\":[],\"sequence\":0",
            "\"cause\":\"deepLink\",\"events\":[],\"sequence\":3", .missingStart
        ),
        (
            1, "\"sequence\":0", "\"sequence\":\"zero\"",
            .malformed("sequence: Expected to decode UInt64 but found a string instead.")
        ),
        (2, "{", "[", .malformed("not valid JSON")),
    ])
    func stopsAtTheLineWhereTheRecordingDisagrees(
        line: Int, original: String, replacement: String, reason: SessionReplayError.Reason
    ) throws {
        let log = try Self.editedLog(line: line) {
            $0.replacingOccurrences(of: original, with: replacement)
        }
        let schema = try ExampleSchema.load(friendDepth: 1)
        #expect(throws: SessionReplayError(line: line, reason)) {
            try SessionReplay.replay(log, schema: schema)
        }
    }

    /// No record can follow the largest sequence number: the replay says so at the next line
    /// instead of computing a successor that does not exist.
    @Test func aRecordAfterTheLargestSequenceNumberIsRefused() throws {
        let lines = try Self.editedLog(line: 1) {
            $0.replacingOccurrences(of: "\"sequence\":0", with: "\"sequence\":\(UInt64.max)")
        }
        #expect(
            throws: SessionReplayError(
                line: 2, .malformed("no record can follow sequence \(UInt64.max)"))
        ) { try SessionReplay.replay(lines, schema: try ExampleSchema.load(friendDepth: 1)) }
        let alone = try #require(lines.split(separator: "\n").first)
        let steps = try SessionReplay.replay(
            String(alone), schema: try ExampleSchema.load(friendDepth: 1))
        #expect(steps.map(\.record.sequence) == [UInt64.max])
    }

    /// The player replays a recording line by line exactly as the whole text replays, and
    /// stays stopped at the first line that disagrees.
    @Test func thePlayerReplaysLineByLineAsTheWholeRecordingDoes() throws {
        let schema = try ExampleSchema.load(friendDepth: 1)
        let text = try RecordedSession().sink.text
        var player = SessionReplay.Player(schema: schema)
        var steps: [SessionReplay.Step<DynamicSteps>] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let step = try player.play(Data(line.utf8)) { steps.append(step) }
        }
        try player.finish()
        let whole = try SessionReplay.replay(text, schema: schema)
        #expect(steps.map(\.line) == whole.map(\.line))
        #expect(steps.map(\.screen) == whole.map(\.screen))
        #expect(player.last?.record.state == whole.last?.record.state)
        #expect(player.lineCount == 6)

        let broken = try Self.editedLog(line: 3) {
            $0.replacingOccurrences(of: "\"sequence\":2", with: "\"sequence\":7")
        }
        var stopped = SessionReplay.Player(schema: schema)
        let lines = broken.split(separator: "\n").map { Data($0.utf8) }
        #expect(try stopped.play(lines[0])?.line == 1)
        #expect(try stopped.play(lines[1])?.line == 2)
        let gap = SessionReplayError(line: 3, .sequenceGap(expected: 2, found: 7))
        #expect(throws: gap) { try stopped.play(lines[2]) }
        #expect(throws: gap) { try stopped.play(lines[3]) }
        #expect(throws: gap) { try stopped.finish() }
    }

    @Test func anEmptyRecordingIsAnError() throws {
        #expect(throws: SessionReplayError(line: 1, .empty)) {
            try SessionReplay.replay("\n\n", schema: try ExampleSchema.load())
        }
    }

    @Test(arguments: [
        (SessionReplayError(line: 4, .empty), "line 4: the recording holds no record"),
        (
            SessionReplayError(line: 2, .stateDoesNotFit("steps.profile: no step 'x'")),
            "line 2: the recorded state does not fit the tree: steps.profile: no step 'x'"
        ),
        (
            SessionReplayError(line: 3, .eventsDiffer(recorded: ["push /a"], replayed: [])),
            "line 3: the tree gives [] where the recording has [push /a]"
        ),
        (
            SessionReplayError(line: 5, .sequenceGap(expected: 4, found: 6)),
            "line 5: transaction #4 is missing (found #6)"
        ),
    ])
    func messagesSayWhereAndWhat(error: SessionReplayError, message: String) {
        #expect(error.description == message)
    }
}
