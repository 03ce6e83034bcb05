import ExampleSteps
import Foundation
import StepTree
import StepTreeTools
import TestSupport
import Testing

/// A short session on the example's schema twin, recorded with a manual clock.
struct RecordedSession {
    let sink = LineSink()
    let navigator: Navigator<DynamicSteps>

    init() throws {
        let clock = TestClock()
        let sink = self.sink
        let recorder = SessionRecorder(clock: clock) { sink.append($0) }
        navigator = Navigator(DynamicSteps(schema: try ExampleSchema.load(friendDepth: 1)))
        try StepsObservation.withObserver(recorder) {
            clock.advance(by: .milliseconds(250))
            try navigator.select(path: "profile/detail/dark")
            clock.advance(by: .seconds(2))
            try navigator.userDidRemove(path: "profile/detail")
            try navigator.setStack(path: "profile/friends", ids: ["ann"])
            try navigator.select(path: "profile/friends/ann/settings")
        }
    }
}

@Suite struct SessionRecorderTests {
    @Test func writesAStartLineThenOneLinePerTransaction() throws {
        let session = try RecordedSession()
        let schema = try ExampleSchema.load(friendDepth: 1)
        let decoder = JSONDecoder()
        decoder.userInfo[.stepSchema] = schema
        let records = try session.sink.all.map {
            try decoder.decode(SessionRecord<DynamicSteps>.self, from: Data($0.utf8))
        }
        #expect(records.map(\.sequence) == [0, 1, 2, 3, 4])
        #expect(
            records.map(\.cause.rawValue) == [
                "start", "programmatic", "userGesture", "programmatic", "programmatic",
            ])
        #expect(records.map(\.time) == [0.25, 0.25, 2.25, 2.25, 2.25])
        #expect(
            records.map(\.events) == [
                [], ["select / home -> profile", "push /profile/detail"], ["pop /profile/detail"],
                ["push /profile/friends/ann"], ["present /profile/friends/ann/settings sheet"],
            ])
        #expect(
            records.map(\.visibleScreen.description) == [
                "/home", "/profile/detail/dark", "/profile/main", "/profile/friends/ann/main",
                "/profile/friends/ann/settings",
            ])
        #expect(records.last?.state == session.navigator.root)
    }

    @Test func aLineIsCompactJSONWithSortedKeys() throws {
        let sink = LineSink()
        let schema = try StepSchema(json: Data(ShowCommandTests.schema.utf8))
        let navigator = Navigator(DynamicSteps(schema: schema))
        try StepsObservation.withObserver(SessionRecorder(clock: TestClock()) { sink.append($0) }) {
            try navigator.select(path: "inbox")
            #expect(
                sink.all == [
                    #"{"cause":"start","events":[],"sequence":0,"state":{"selected":["feed"],"steps":{"feed":{"steps":{"item":{}}},"inbox":{},"login":{}}},"time":0,"visible":"/feed"}"#,
                    #"{"cause":"programmatic","events":["select / feed -> inbox"],"sequence":1,"state":{"selected":["inbox"],"steps":{"feed":{"steps":{"item":{}}},"inbox":{},"login":{}}},"time":0,"visible":"/inbox"}"#,
                ])
        }
    }

    /// A change numbered 0, which no navigator makes but anyone can build, has no number before
    /// it: its start line is numbered 0 too, and the replay refuses the gap.
    @Test func aChangeNumberedZeroIsRecordedWithoutAStartNumberBeforeIt() throws {
        let sink = LineSink()
        let recorder = SessionRecorder(clock: TestClock()) { sink.append($0) }
        var new = AppSteps()
        new.select(\.explore)
        recorder.didChange(
            NavigationChange(
                old: AppSteps(), new: new, events: NavigationDiff.events(from: AppSteps(), to: new),
                transaction: .deepLink, sequence: 0))
        #expect(sink.all.count == 2)
        #expect(sink.all.allSatisfy { $0.contains(#""sequence":0,"#) })
        #expect(throws: SessionReplayError(line: 2, .sequenceGap(expected: 1, found: 0))) {
            try SessionReplay.replay(sink.text, as: AppSteps.self)
        }
    }
}
