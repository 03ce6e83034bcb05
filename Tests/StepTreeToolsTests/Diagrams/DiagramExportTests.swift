import Foundation
import StepTree
import StepTreeTools
import TestSupport
import Testing

@Suite struct DiagramExportTests {
    static func state() throws -> DynamicSteps {
        let schema = try StepSchema(json: Data(ShowCommandTests.schema.utf8))
        var state = DynamicSteps(schema: schema)
        try state.select(path: "feed/item")
        return state
    }

    @Test func mermaidMarksLayersTheRouteAndTheVisibleScreen() throws {
        #expect(
            try Self.state().diagram.mermaid == """
                flowchart TD
                    n0["/"]
                    n1["feed<br/>tab"]
                    n2["item<br/>push"]
                    n3["inbox<br/>tab"]
                    n4["login<br/>present cover"]
                    n0 ==> n1
                    n1 ==> n2
                    n0 -.-> n3
                    n0 -.-> n4
                    classDef root fill:#ffffff,stroke:#555555
                    classDef content fill:#e3efff,stroke:#2f6fce
                    classDef push fill:#e2f5e4,stroke:#2b8a3e
                    classDef modal fill:#f1e6fd,stroke:#8142c9
                    classDef visible fill:#ffe066,stroke:#b8860b
                    class n0 root
                    class n1,n3 content
                    class n2 push
                    class n4 modal
                    class n2 visible
                """)
    }

    @Test func dotMarksTheSame() throws {
        #expect(
            try Self.state().diagram.dot == """
                digraph StepTree {
                    rankdir=LR;
                    node [shape=box, style="rounded,filled", fontname="Helvetica"];
                    n0 [label="/", fillcolor="#ffffff", color="#555555", penwidth=2.5];
                    n1 [label="feed\\ntab", fillcolor="#e3efff", color="#2f6fce", penwidth=2.5];
                    n2 [label="item\\npush", fillcolor="#ffe066", color="#2b8a3e", penwidth=2.5];
                    n3 [label="inbox\\ntab", fillcolor="#e3efff", color="#2f6fce"];
                    n4 [label="login\\npresent cover", fillcolor="#f1e6fd", color="#8142c9"];
                    n0 -> n1 [style=bold];
                    n1 -> n2 [style=bold];
                    n0 -> n3 [style=dashed];
                    n0 -> n4 [style=dashed];
                }
                """)
    }

    @Test func keysAreEscapedForEachFormat() throws {
        let json = #"{"children": [{"key": "say \"hi\" <b>#1\\", "kind": "push"}]}"#
        let diagram = DynamicSteps(schema: try StepSchema(json: Data(json.utf8))).diagram
        #expect(diagram.mermaid.contains(#"n1["say #quot;hi#quot; #lt;b#gt;#35;1\<br/>push"]"#))
        #expect(diagram.dot.contains(#"n1 [label="say \"hi\" <b>#1\\\npush""#))
    }
}

@Suite struct GraphCommandTests {
    @Test(arguments: ["mermaid", "dot"])
    func printsTheMapOfTheStateTheDeepLinksReach(format: String) throws {
        let schema = try CommandRun.temporaryFile(ShowCommandTests.schema)
        let run = try CommandRun.run(
            "steptree", ["graph", "--schema", schema, "--format", format, "--select", "feed/item"])
        #expect(run.status == 0)
        let diagram = try DiagramExportTests.state().diagram
        #expect(run.output == (format == "dot" ? diagram.dot : diagram.mermaid) + "\n")
    }

    @Test func refusesAnUnknownFormat() throws {
        let schema = try CommandRun.temporaryFile(ShowCommandTests.schema)
        let run = try CommandRun.run("steptree", ["graph", "--schema", schema, "--format", "png"])
        #expect(run.status == 2)
        #expect(run.output == "")
        #expect(run.errors.hasPrefix("error: unknown format 'png'\nusage: steptree graph"))
    }
}
