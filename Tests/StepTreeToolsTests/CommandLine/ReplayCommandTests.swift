import Foundation
import StepTree
import StepTreeTools
import TestSupport
import Testing

@Suite struct ReplayCommandTests {
    /// A session on the small schema of ``ShowCommandTests``: the item pushed, then the login
    /// cover over the tabs.
    static func recording() throws -> String {
        let sink = LineSink()
        let clock = TestClock()
        let navigator = Navigator(
            DynamicSteps(schema: try StepSchema(json: Data(ShowCommandTests.schema.utf8))))
        return try StepsObservation.withObserver(SessionRecorder(clock: clock) { sink.append($0) })
        {
            clock.advance(by: .milliseconds(1_500))
            try navigator.select(path: "feed/item", transaction: .deepLink)
            clock.advance(by: .milliseconds(500))
            navigator.transaction(.userGesture) { try? $0.select(path: "login") }
            return sink.text
        }
    }

    @Test func printsEachTransactionAndTheScreenAfterIt() throws {
        let schema = try CommandRun.temporaryFile(ShowCommandTests.schema)
        let log = try CommandRun.temporaryFile(try Self.recording(), name: "session.jsonl")
        let run = try CommandRun.run("steptree", ["replay", log, "--schema", schema])
        #expect(run.errors == "")
        #expect(run.status == 0)
        #expect(
            run.output == """
                #0 start at 1.500 s
                  | visible /feed
                  | window []
                  | root / []
                  | tab /feed []
                  | tab /inbox []

                #1 deepLink at 1.500 s
                  push /feed/item
                  | visible /feed/item
                  | window []
                  | root / []
                  | tab /feed [/feed/item]
                  | tab /inbox []

                #2 userGesture at 2.000 s
                  present /login cover
                  | visible /login
                  | window [/login cover]
                  | root / []
                  | tab /feed [/feed/item]
                  | tab /inbox []
                  | modal /login []

                """)
    }

    @Test func stopsWhereTheTreeDisagreesAfterPrintingWhatReplayed() throws {
        // The new version of the tree presents login as a sheet.
        let schema = try CommandRun.temporaryFile(
            ShowCommandTests.schema.replacingOccurrences(of: "cover", with: "sheet"))
        let log = try CommandRun.temporaryFile(try Self.recording(), name: "session.jsonl")
        let run = try CommandRun.run("steptree", ["replay", log, "--schema", schema])
        #expect(run.status == 1)
        #expect(
            run.output.hasSuffix(
                "#1 deepLink at 1.500 s\n  push /feed/item\n" + """
                      | visible /feed/item
                      | window []
                      | root / []
                      | tab /feed [/feed/item]
                      | tab /inbox []

                    """))
        #expect(
            run.errors == """
                error: \(log): line 3: the tree gives [present /login sheet] where the recording \
                has [present /login cover]

                """)
    }
}
