import ExampleSteps
import Foundation
import StepTree
import StepTreeTools
import TestSupport
import Testing

@Suite struct NavigationMapPageTests {
    static func sessionPage() throws -> NavigationMapPage {
        let session = try RecordedSession()
        let steps = try SessionReplay.replay(
            session.sink.text, schema: try ExampleSchema.load(friendDepth: 1))
        return NavigationMapPage(session: steps)
    }

    @Test func thePageLoadsNothingFromOutside() throws {
        let html = try Self.sessionPage().html
        #expect(!html.contains("<script src"))
        #expect(!html.contains("<link"))
        #expect(!html.contains("url("))
        #expect(html.contains("default-src 'none'"))
        // The only address is the SVG namespace, which is a name, not a load.
        let addresses =
            html.components(separatedBy: "http://").count
            + html.components(separatedBy: "https://").count - 2
        let namespaces = html.components(separatedBy: "http://www.w3.org/2000/svg").count - 1
        #expect(addresses == namespaces)
    }

    @Test func theMapDrawsEveryStateOfTheSession() throws {
        let page = try Self.sessionPage()
        // The detail pushed in the first transaction is closed by the last, but still drawn.
        let paths = page.diagram.nodes.map(\.path.description)
        #expect(paths.contains("/profile/detail/dark"))
        #expect(paths.contains("/profile/friends/ann/settings"))
        #expect(
            page.steps.map(\.visible) == [
                "/home", "/profile/detail/dark", "/profile/main", "/profile/friends/ann/main",
                "/profile/friends/ann/settings",
            ])
        #expect(
            page.steps[1].route == [
                "/", "/profile", "/profile/main", "/profile/detail", "/profile/detail/dark",
            ])
        #expect(page.html.contains(#"data-path="/profile/friends/ann/settings""#))
    }

    @Test func theCheckReportListsNodesThenSteps() throws {
        let lines = try Self.sessionPage().checkReport.split(separator: "\n")
        #expect(lines.first == "node / root")
        #expect(lines[1] == "node /home tab")
        let route: String = [
            "/", "/profile", "/profile/main", "/profile/friends", "/profile/friends/ann",
            "/profile/friends/ann/main", "/profile/friends/ann/settings",
        ].joined(separator: ",")
        let last = "step 4 #4 programmatic visible=/profile/friends/ann/settings route=\(route) "
        #expect(
            lines.last.map(String.init) == last
                + "events=present /profile/friends/ann/settings sheet")
    }

    @Test func keysAreEscapedInThePage() throws {
        let json = #"{"children": [{"key": "<b>&\"x\"", "kind": "push"}]}"#
        let html = NavigationMapPage(DynamicSteps(schema: try StepSchema(json: Data(json.utf8))))
            .html
        #expect(html.contains(#"data-path="/&lt;b&gt;&amp;&quot;x&quot;""#))
        #expect(!html.contains("<b>&"))
    }

    /// The nodes of the example's initial state.
    static func initialNodeCount() throws -> Int {
        DynamicSteps(schema: try ExampleSchema.load(friendDepth: 1)).diagram.nodes.count
    }

    /// A session of `count` transactions, each showing a new friend in place of the last, so
    /// that every transaction adds nodes to the map.
    static func longSession(_ count: Int) throws -> [SessionReplay.Step<DynamicSteps>] {
        let schema = try ExampleSchema.load(friendDepth: 1)
        let sink = LineSink()
        let navigator = Navigator(DynamicSteps(schema: schema))
        return try StepsObservation.withObserver(
            SessionRecorder(clock: ContinuousClock()) { sink.append($0) }
        ) {
            for index in 0..<count {
                try navigator.setStack(path: "profile/friends", ids: ["f\(index)"])
            }
            return try SessionReplay.replay(sink.text, schema: schema)
        }
    }

    @Test func theMapOfASessionIsTheLastStateWithTheOthersMergedInTurn() throws {
        let recorded = try SessionReplay.replay(
            try RecordedSession().sink.text, schema: try ExampleSchema.load(friendDepth: 1))
        for steps in [try Self.longSession(30), recorded] {
            let diagrams = steps.map { StepDiagram($0.record.state) }
            var merged = try #require(diagrams.last)
            for diagram in diagrams { merged = merged.merging(diagram) }
            #expect(NavigationMapPage(session: steps).diagram == merged)
        }
        let map = NavigationMapPage(session: try Self.longSession(30)).diagram
        #expect(map.nodes.count == (try Self.initialNodeCount()) + 30 * 7)
        // The last state's friend first, then the others in the order they were first drawn.
        let friends = try #require(map.index(of: StepPath(["profile", "friends"])))
        #expect(
            map.children(of: friends).map { map.nodes[$0].segment }
                == ["f29"] + (0..<29).map { "f\($0)" })
    }

    @Test func theMapOfALongSessionIsDrawnInLinearTime() throws {
        // 3,000 transactions that each add 7 nodes: merging each state into the whole map took
        // about a minute in a debug build (quadratic); one union of them takes well under a
        // second.
        let steps = try Self.longSession(3_000)
        let clock = ContinuousClock()
        let start = clock.now
        let page = NavigationMapPage(session: steps)
        let html = page.html
        let elapsed = start.duration(to: clock.now)
        #expect(page.diagram.nodes.count == (try Self.initialNodeCount()) + 3_000 * 7)
        #expect(html.contains(#"data-path="/profile/friends/f2999/settings""#))
        #expect(elapsed < .seconds(8), "the map took \(elapsed)")
    }

    @Test func mergingAddsMissingNodesAfterTheirSiblings() throws {
        var early = AppSteps()
        try early.setStack(path: "profile/friends", ids: ["ann"])
        let late = AppSteps()
        let merged = late.diagram.merging(early.diagram)
        let ann = try #require(merged.index(of: StepPath(["profile", "friends", "ann"])))
        let friends = try #require(merged.index(of: StepPath(["profile", "friends"])))
        #expect(merged.nodes[ann].parent == friends)
        #expect(!merged.nodes[ann].isSelected)
        #expect(merged.nodes.count == late.diagram.nodes.count + 7)
        #expect(late.diagram.merging(late.diagram) == late.diagram)
    }
}

@Suite struct GraphHTMLCommandTests {
    @Test func writesThePageOfARecordedSession() throws {
        let schema = try CommandRun.temporaryFile(ShowCommandTests.schema)
        let log = try CommandRun.temporaryFile(try ReplayCommandTests.recording(), name: "s.jsonl")
        let output = log + ".html"
        let run = try CommandRun.run(
            "steptree",
            ["graph", "--schema", schema, "--format", "html", "--session", log, "--output", output])
        #expect(run.status == 0)
        #expect(run.output == "")
        let page = NavigationMapPage(
            session: try SessionReplay.replay(
                try ReplayCommandTests.recording(),
                schema: try StepSchema(json: Data(ShowCommandTests.schema.utf8))))
        #expect(try String(contentsOfFile: output, encoding: .utf8) == page.html + "\n")
    }

    @Test func refusesASessionForAnotherFormat() throws {
        let schema = try CommandRun.temporaryFile(ShowCommandTests.schema)
        let run = try CommandRun.run(
            "steptree", ["graph", "--schema", schema, "--session", "x.jsonl"])
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("error: --session is for --format html\n"))
    }
}
