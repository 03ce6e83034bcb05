import ExampleSteps
import Foundation
import StepTree
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
        // The only address is the SVG namespace, which is a name, not a load.
        let addresses = html.components(separatedBy: "http").count - 1
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
