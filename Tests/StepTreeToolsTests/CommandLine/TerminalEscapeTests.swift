import Foundation
import StepTree
import StepTreeTools
import TestSupport
import Testing

/// Text that the tool prints from its files (keys, styles, causes, events, error messages that
/// quote the input) reaches the terminal as text: ESC, BEL, CR, LF and the other characters a
/// terminal acts on are printed as `\u{1B}` and the like, by every command.
@Suite struct TerminalEscapeTests {
    /// A schema whose style sets the terminal's title and rings its bell.
    static let styleSchema =
        #"{"children": [{"key": "home"}, {"key": "alert", "kind": "present", "style": "\u001b]0;owned\u0007"}]}"#

    static let refusedStyle =
        #"schema error at /alert: style '\u{1B}]0;owned\u{7}' is empty, too long, or contains "#
        + "a space or a control character"

    static func expectNoControls(
        _ run: CommandRun, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let printed = (run.output + run.errors).unicodeScalars.filter {
            $0.properties.generalCategory == .control && $0 != "\n"
        }
        #expect(
            printed.isEmpty, "printed \(printed.map { "U+\(String($0.value, radix: 16))" })",
            sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        ["show"], ["graph", "--format", "dot"], ["graph", "--format", "mermaid"],
        ["graph", "--format", "html"],
    ])
    func aStyleWithTerminalControlsIsRefusedAndNamedVisibly(_ command: [String]) throws {
        let schema = try CommandRun.temporaryFile(Self.styleSchema)
        let run = try CommandRun.run(
            "steptree", command + ["--schema", schema, "--select", "alert"])
        #expect(run.status == 1)
        #expect(run.output == "")
        #expect(run.errors == "error: \(schema): \(Self.refusedStyle)\n")
        Self.expectNoControls(run)
    }

    @Test func lintNamesARefusedStyleVisibly() throws {
        let schema = try CommandRun.temporaryFile(Self.styleSchema)
        let run = try CommandRun.run("steptree", ["lint", "--schema", schema])
        #expect(run.status == 1)
        #expect(
            run.output == "error \(schema): schema: \(schema): \(Self.refusedStyle)\n"
                + "1 error(s), 0 warning(s)\n")
        Self.expectNoControls(run)
    }

    @Test func anErrorQuotingTheFileIsPrintedVisibly() throws {
        let schema = try CommandRun.temporaryFile(#"{"children": [], "\u001b[2J\r\nx": 1}"#)
        let run = try CommandRun.run("steptree", ["show", "--schema", schema])
        #expect(run.status == 1)
        #expect(
            run.errors
                == #"error: \#(schema): schema error at /: unknown field '\u{1B}[2J\u{D}\u{A}x'"#
                + "\n")
        Self.expectNoControls(run)
    }

    @Test func keysWithBidirectionalControlsArePrintedVisibly() throws {
        let schema = try CommandRun.temporaryFile(
            #"{"children": [{"key": "\u202eexe.txt", "kind": "push"}]}"#)
        let show = try CommandRun.run("steptree", ["show", "--schema", schema])
        #expect(
            show.output.hasPrefix(
                "/                   DynamicSteps  ◀ visible\n"
                    + #"└─ \u{202E}exe.txt  push · push"#))
        let dot = try CommandRun.run("steptree", ["graph", "--schema", schema, "--format", "dot"])
        #expect(dot.output.contains(#"n1 [label="\\u{202E}exe.txt\npush""#))
        #expect(!(show.output + dot.output).unicodeScalars.contains("\u{202E}"))
    }

    /// A recording whose causes and start events hold terminal controls: causes are not
    /// checked by the replay, nor are the start line's events.
    static func hostileRecording() throws -> String {
        let sink = LineSink()
        let navigator = Navigator(
            DynamicSteps(schema: try StepSchema(json: Data(ShowCommandTests.schema.utf8))))
        return try StepsObservation.withObserver(
            SessionRecorder(clock: ContinuousClock()) { sink.append($0) }
        ) {
            try navigator.transaction(NavigationTransaction("\u{1B}[2J\u{7}evil\r\nforged line")) {
                try $0.select(path: "feed/item")
            }
            let lines = sink.all.map { line in
                line.replacingOccurrences(
                    of: #""events":[]"#, with: #""events":["\u001b]0;owned\u0007"]"#
                )
                .replacingOccurrences(
                    of: #""time":[0-9.e-]+"#, with: #""time":0"#, options: .regularExpression)
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    @Test func replayPrintsCausesAndEventsFromTheRecordingVisibly() throws {
        let schema = try CommandRun.temporaryFile(ShowCommandTests.schema)
        let log = try CommandRun.temporaryFile(try Self.hostileRecording(), name: "s.jsonl")
        let run = try CommandRun.run("steptree", ["replay", log, "--schema", schema])
        #expect(run.status == 0)
        #expect(run.errors == "")
        #expect(
            run.output == #"""
                #0 start at 0.000 s
                  \u{1B}]0;owned\u{7}
                  | visible /feed
                  | window []
                  | root / []
                  | tab /feed []
                  | tab /inbox []

                #1 \u{1B}[2J\u{7}evil\u{D}\u{A}forged line at 0.000 s
                  push /feed/item
                  | visible /feed/item
                  | window []
                  | root / []
                  | tab /feed [/feed/item]
                  | tab /inbox []

                """#)
        Self.expectNoControls(run)
    }

    @Test func theMapOfSuchARecordingShowsThemVisiblyToo() throws {
        let schema = try CommandRun.temporaryFile(ShowCommandTests.schema)
        let log = try CommandRun.temporaryFile(try Self.hostileRecording(), name: "s.jsonl")
        let run = try CommandRun.run(
            "steptree", ["graph", "--schema", schema, "--format", "html", "--session", log])
        #expect(run.status == 0)
        #expect(run.output.contains(#""cause":"\\u{1B}[2J\\u{7}evil\\u{D}\\u{A}forged line""#))
        Self.expectNoControls(run)
    }

    @Test func openPrintsARefusedRoutesFileVisibly() throws {
        let schema = try CommandRun.temporaryFile(ShowCommandTests.schema)
        let routes = try CommandRun.temporaryFile(
            #"{"routes": [{"pattern": "a\u001b[2J\u0007", "target": "feed"}]}"#, name: "r.json")
        let run = try CommandRun.run(
            "steptree", ["open", "--schema", schema, "--routes", routes, "app://a"])
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("error: \(routes): routes[0]: "))
        #expect(run.errors.contains(#"\u{1B}[2J\u{7}"#))
        Self.expectNoControls(run)
    }

    @Test func openPrintsALinkFromTheArgumentsVisibly() throws {
        let schema = try CommandRun.temporaryFile(ShowCommandTests.schema)
        let routes = try CommandRun.temporaryFile(
            #"{"routes": [{"pattern": "feed", "target": "feed"}]}"#, name: "r.json")
        let run = try CommandRun.run(
            "steptree", ["open", "--schema", schema, "--routes", routes, "app://x\u{1B}[2J"])
        #expect(run.status == 1)
        #expect(
            run.output == #"app://x\u{1B}[2J -> error: link 'app://x\u{1B}[2J' is not a URL"# + "\n"
        )
        Self.expectNoControls(run)
    }

    @Test func checkPrintsCaseNamesVisibly() throws {
        let cases = try CommandRun.temporaryFile(
            #"[{"name": "\u001b[2Jcase", "schema": {"children": [{"key": "a"}]}, "#
                + #""steps": [{"select": "a", "expect": ["push /nowhere"]}]}]"#, name: "c.json")
        let run = try CommandRun.run("steptree", ["check", cases])
        #expect(run.status == 1)
        #expect(run.output.hasPrefix(#"\u{1B}[2Jcase step 0: expected [push /nowhere], got "#))
        Self.expectNoControls(run)
    }
}
