import ExampleSteps
import TestSupport
import Testing

@Suite struct ShowCommandTests {
    static let schema = """
        {"initial": "feed", "children": [
          {"key": "feed", "kind": "tab", "children": [{"key": "item", "kind": "push"}]},
          {"key": "inbox", "kind": "tab"},
          {"key": "login", "kind": "present", "style": "cover"}]}
        """

    @Test func printsTheDiagramAndTheScreenAfterTheDeepLinksInOrder() throws {
        let schema = try CommandRun.temporaryFile(Self.schema)
        let run = try CommandRun.run(
            "steptree", ["show", "--schema", schema, "--select", "feed/item", "--select", "login"])
        #expect(run.status == 0)
        #expect(run.errors == "")
        #expect(
            run.output == """
                /            DynamicSteps
                ├─● feed     tab · content
                │  └─● item  push · push
                ├─ inbox     tab · content
                └─● login    present cover · modal  ◀ visible

                visible /login
                window [/login cover]
                root / []
                tab /feed [/feed/item]
                tab /inbox []
                modal /login []

                """)
    }

    @Test func showClearsWhatCoversTheTarget() throws {
        let schema = try CommandRun.temporaryFile(Self.schema)
        let run = try CommandRun.run(
            "steptree", ["show", "--schema", schema, "--select", "feed/item", "--show", "inbox"])
        #expect(run.status == 0)
        #expect(run.output.contains("\n├─● inbox    tab · content  ◀ visible\n"))
        #expect(run.output.contains("\nvisible /inbox\n"))
    }

    @Test(arguments: [
        (
            ["show", "--schema", "SCHEMA", "--select", "feed/nope"], 1,
            "error: --select feed/nope: no step 'nope' in /feed\n"
        ),
        (["show", "--select", "feed"], 2, "error: --schema FILE.json is required\n"),
        (["show", "--schema", "SCHEMA", "--zoom", "x"], 2, "error: unknown option --zoom\n"),
        (["show", "--schema", "SCHEMA", "--show"], 2, "error: --show needs a value\n"),
    ])
    func refusesBadInputWithAnErrorNamingIt(
        arguments: [String], status: Int32, firstLine: String
    ) throws {
        let schema = try CommandRun.temporaryFile(Self.schema)
        let run = try CommandRun.run("steptree", arguments.map { $0 == "SCHEMA" ? schema : $0 })
        #expect(run.status == status)
        #expect(run.output == "")
        #expect(run.errors.hasPrefix(firstLine))
    }

    @Test func refusesABadSchemaNamingTheFile() throws {
        let schema = try CommandRun.temporaryFile(#"{"children": [{"key": "a", "kind": "tub"}]}"#)
        let run = try CommandRun.run("steptree", ["show", "--schema", schema])
        #expect(run.status == 1)
        #expect(run.errors == "error: \(schema): schema error at /a: unknown kind 'tub'\n")
    }
}
