import ExampleSteps
import Foundation
import StepTree
import StepTreeTools
import TestSupport
import Testing

@Suite struct NavigationLinterTests {
    static let suspicious = """
        {"children": [
          {"key": "home", "kind": "tab"},
          {"key": "a", "kind": "present", "children": [
            {"key": "b", "kind": "present", "children": [
              {"key": "c", "kind": "present"}]}]},
          {"key": "Detail", "kind": "push", "children": [{"key": "only", "kind": "tab"}]},
          {"key": "detail", "kind": "present"},
          {"key": "caf\\u00e9", "kind": "push"},
          {"key": "cafe\\u0301", "kind": "push"},
          {"key": "new arrivals", "kind": "present"}]}
        """

    @Test func findsEveryProblemOnceInDepthFirstOrder() throws {
        let schema = try StepSchema(json: Data(Self.suspicious.utf8))
        #expect(
            NavigationLinter().lint(schema).map(\.description) == [
                "warning /: single-tab: a tab bar with one tab ('home'); make it inline",
                "warning /: similar-keys: keys 'Detail' and 'detail' differ only in case or "
                    + "Unicode form",
                #"warning /: similar-keys: keys 'caf\u{00E9}' and 'cafe\u{0301}' differ only in "#
                    + "case or Unicode form",
                "error /a/b/c: modal-depth: 3 modals deep, presented one from another (the limit "
                    + "is 2)",
                "warning /Detail: single-tab: a tab bar with one tab ('only'); make it inline",
                #"warning /café: url-unsafe-key: '\u{00E9}' in key 'café' must be "#
                    + "percent-encoded in a URL",
                #"warning /café: url-unsafe-key: '\u{0301}' in key 'café' must be "#
                    + "percent-encoded in a URL",
                "warning /new arrivals: url-unsafe-key: ' ' in key 'new arrivals' must be "
                    + "percent-encoded in a URL",
            ])
    }

    @Test(arguments: [(0, 5), (1, 2), (2, 1), (3, 0)])
    func theModalDepthLimitIsAParameter(limit: Int, errors: Int) throws {
        let schema = try StepSchema(json: Data(Self.suspicious.utf8))
        let findings = NavigationLinter(maximumModalDepth: limit).lint(schema)
        #expect(findings.count { $0.rule == .modalDepth } == errors)
    }

    @Test func theExampleMapsAreClean() throws {
        #expect(NavigationLinter().lint(try ExampleSchema.load()) == [])
        #expect(NavigationLinter(maximumModalDepth: 1).lint(try ExampleSchema.load()) == [])
    }

    @Test func elementSchemasAreCheckedUnderAStar() throws {
        let json =
            #"{"children": [{"key": "s", "kind": "stack", "element": {"children": [{"key": "x y", "kind": "push"}]}}]}"#
        let findings = NavigationLinter().lint(try StepSchema(json: Data(json.utf8)))
        #expect(findings.map(\.path) == ["/s/*/x y"])
    }
}

@Suite struct LintCommandTests {
    @Test func printsOneLinePerFindingAndFailsOnErrors() throws {
        let schema = try CommandRun.temporaryFile(NavigationLinterTests.suspicious)
        let run = try CommandRun.run("steptree", ["lint", "--schema", schema])
        #expect(run.status == 1)
        let expected = try NavigationLinter().lint(
            StepSchema(json: Data(NavigationLinterTests.suspicious.utf8)))
        #expect(
            run.output
                == (expected.map(\.description) + ["1 error(s), 7 warning(s)"])
                .joined(separator: "\n") + "\n")
    }

    @Test func aCleanMapPasses() throws {
        let run = try CommandRun.run(
            "steptree", ["lint", "--schema", Self.repositoryFile("Examples/SchemaApp/shop.json")])
        #expect(run.status == 0)
        #expect(run.output == "0 error(s), 0 warning(s)\n")
    }

    @Test func aWarningAloneDoesNotFail() throws {
        let schema = try CommandRun.temporaryFile(
            #"{"children": [{"key": "solo", "kind": "tab"}]}"#)
        let run = try CommandRun.run("steptree", ["lint", "--schema", schema])
        #expect(run.status == 0)
    }

    @Test func aRefusedSchemaIsOneErrorLine() throws {
        let schema = try CommandRun.temporaryFile(#"{"children": [{"key": "a"}, {"key": "a"}]}"#)
        let run = try CommandRun.run("steptree", ["lint", "--schema", schema])
        #expect(run.status == 1)
        #expect(
            run.output == """
                error \(schema): schema: \(schema): schema error at /: step 'a' is declared twice
                1 error(s), 0 warning(s)

                """)
    }

    @Test(arguments: [
        (["--max-modal-depth", "two"], "error: --max-modal-depth takes a number, not 'two'")
    ])
    func refusesOptionsItCannotUse(extra: [String], message: String) throws {
        let schema = try CommandRun.temporaryFile(ShowCommandTests.schema)
        let run = try CommandRun.run("steptree", ["lint", "--schema", schema] + extra)
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix(message + "\n"))
    }

    @Test func theShopRoutesAreClean() throws {
        let run = try CommandRun.run(
            "steptree",
            [
                "lint", "--schema", try OpenCommandTests.fixture("shop-schema.json").path,
                "--routes", try OpenCommandTests.fixture("shop-routes.json").path,
            ])
        #expect(run.status == 0)
        #expect(run.output == "0 error(s), 0 warning(s)\n")
    }

    /// Testing Navigation's example (section "The command-line tool"), run on
    /// `Fixtures/routes/lint-routes.json`.
    @Test func theArticlesRoutesExamplePrintsWhatItShows() throws {
        let command = "$ steptree lint --schema shop-schema.json --routes lint-routes.json"
        let article = try String(
            contentsOfFile: Self.repositoryFile(
                "Sources/StepTree/StepTree.docc/TestingNavigation.md"),
            encoding: .utf8)
        let lines = article.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(
            lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == command })
        // The block is indented under its list item.
        let shown = lines[(start + 1)...].prefix { $0.hasPrefix("      ") }.map { $0.dropFirst(6) }
        let run = try CommandRun.run(
            "steptree",
            [
                "lint", "--schema", try OpenCommandTests.fixture("shop-schema.json").path,
                "--routes", try OpenCommandTests.fixture("lint-routes.json").path,
            ])
        #expect(run.status == 1)
        #expect(run.output == shown.joined(separator: "\n") + "\n")
        #expect(shown.count == 6)
    }

    @Test func aRefusedRoutesFileIsOneErrorLine() throws {
        let routes = try CommandRun.temporaryFile(
            #"{"routes": [{"pattern": "a"}]}"#, name: "routes.json")
        let run = try CommandRun.run(
            "steptree",
            [
                "lint", "--schema", try OpenCommandTests.fixture("shop-schema.json").path,
                "--routes", routes,
            ])
        #expect(run.status == 1)
        #expect(
            run.output == """
                error \(routes): routes: \(routes): .routes[0]: 'target' is missing
                1 error(s), 0 warning(s)

                """)
    }

    /// The path of a file of the repository.
    static func repositoryFile(_ path: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(path)
            .path
    }
}
