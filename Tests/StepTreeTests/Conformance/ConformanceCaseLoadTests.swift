import Foundation
import StepTree
import Testing

@Suite struct ConformanceCaseLoadTests {
    struct BadFile: Sendable, CustomTestStringConvertible {
        let json: String
        let location: String
        let problem: String
        var testDescription: String { "\(location): \(problem)" }
    }

    static let schema = #"{"children": [{"key": "a"}, {"key": "s", "kind": "stack"}]}"#

    static let badFiles: [BadFile] = [
        BadFile(json: "", location: "file", problem: "not valid JSON"),
        BadFile(json: "[", location: "file", problem: "not valid JSON"),
        BadFile(json: "{}", location: "file", problem: "expected an array of cases"),
        BadFile(json: "[1]", location: "case 0", problem: "expected an object"),
        BadFile(
            json: #"[{"name": "x", "steps": []}]"#, location: "x",
            problem: "schema error at /: a node must be an object"),
        BadFile(
            json:
                #"[{"name": "x", "schema": {"children": [{"key": "a"}, {"key": "a"}]}, "steps": []}]"#,
            location: "x", problem: "schema error at /: step 'a' is declared twice"),
        BadFile(
            json: #"[{"name": "x", "schema": \#(schema)}]"#, location: "x",
            problem: "'steps' must be an array"),
        BadFile(
            json: #"[{"name": "x", "schema": \#(schema), "steps": [7]}]"#, location: "x step 0",
            problem: "expected an object"),
        BadFile(
            json: #"[{"name": "x", "schema": \#(schema), "steps": [{"expect": []}]}]"#,
            location: "x step 0",
            problem: "expected one of 'select', 'deselect' or 'stack' with a string path"),
        BadFile(
            json: #"[{"name": "x", "schema": \#(schema), "steps": [{"select": 3, "expect": []}]}]"#,
            location: "x step 0",
            problem: "expected one of 'select', 'deselect' or 'stack' with a string path"),
        BadFile(
            json:
                #"[{"name": "x", "schema": \#(schema), "steps": [{"stack": "s", "expect": []}]}]"#,
            location: "x step 0", problem: "'ids' must be an array of strings"),
        BadFile(
            json:
                #"[{"name": "x", "schema": \#(schema), "steps": [{"stack": "s", "ids": [1], "expect": []}]}]"#,
            location: "x step 0", problem: "'ids' must be an array of strings"),
        BadFile(
            json:
                #"[{"name": "x", "schema": \#(schema), "steps": [{"select": "a", "expect": []}, {"select": "a"}]}]"#,
            location: "x step 1", problem: "'expect' must be an array of strings"),
        BadFile(
            json:
                #"[{"name": "x", "schema": \#(schema), "steps": [{"select": "a", "expect": [1]}]}]"#,
            location: "x step 0", problem: "'expect' must be an array of strings"),
        BadFile(
            json: #"[{"schema": \#(schema), "steps": []}, {"schema": \#(schema), "steps": [{}]}]"#,
            location: "case 1 step 0",
            problem: "expected one of 'select', 'deselect' or 'stack' with a string path"),
        BadFile(
            json:
                #"[{"name": "x", "schema": \#(schema), "steps": [{"select": "a", "stack": "a", "ids": [], "expect": []}]}]"#,
            location: "x step 0", problem: "a step does one of 'select', 'deselect' or 'stack'"),
        BadFile(
            json:
                #"[{"name": "x", "schema": \#(schema), "steps": [{"select": "a", "expected": []}]}]"#,
            location: "x step 0", problem: "unknown field 'expected'"),
    ]

    @Test(arguments: badFiles)
    func badFileIsRejectedWithLocation(_ file: BadFile) {
        do {
            let cases = try ConformanceCase.load(json: Data(file.json.utf8))
            Issue.record("loaded \(cases.count) cases from a bad file")
        } catch {
            #expect(error.location == file.location)
            #expect(error.problem == file.problem)
            #expect(error.description == "\(file.location): \(file.problem)")
        }
    }

    @Test func emptyFileHasNoCases() throws {
        #expect(try ConformanceCase.load(json: Data("[]".utf8)).count == 0)
    }

    @Test func stepsParseIntoActions() throws {
        let json = """
            [{"schema": \(Self.schema), "steps": [
              {"select": "a", "expect": ["x"]},
              {"select": "a", "fresh": true, "expect": []},
              {"deselect": "a", "expect": []},
              {"stack": "s", "ids": ["u1", "u2"], "error": true, "expect": []}]}]
            """
        let testCase = try #require(try ConformanceCase.load(json: Data(json.utf8)).first)
        #expect(testCase.name == "case 0")
        #expect(
            testCase.checks.map(\.action) == [
                .select("a", fresh: false), .select("a", fresh: true), .deselect("a"),
                .stack("s", ids: ["u1", "u2"]),
            ])
        #expect(testCase.checks.map(\.expect) == [["x"], [], [], []])
        #expect(testCase.checks.map(\.expectsError) == [false, false, false, true])
    }
}
