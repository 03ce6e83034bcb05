import Foundation
import StepTree
import StepTreeTools
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
            json:
                #"[{"name": "x", "schema": \#(schema), "steps": [{"select": "a", "expect": []}, {"select": "a"}]}]"#,
            location: "x step 1", problem: "'expect' must be an array of strings"),
        BadFile(
            json:
                #"[{"name": "x", "schema": \#(schema), "steps": [{"select": "a", "expect": [1]}]}]"#,
            location: "x step 0", problem: "'expect' must be an array of strings"),
        BadFile(
            json: #"[{"schema": \#(schema), "steps": []}, {"schema": \#(schema), "steps": [{}]}]"#,
            location: "case 1 step 0", problem: "'expect' must be an array of strings"),
        BadFile(
            json:
                #"[{"name": "x", "schema": \#(schema), "steps": [{"select": "a", "expected": []}]}]"#,
            location: "x step 0", problem: "unknown field 'expected'"),
        BadFile(
            json:
                #"[{"name": "x", "schema": \#(schema), "steps": [{"select": "a", "expect": [], "error": "yes"}]}]"#,
            location: "x step 0", problem: "'error' must be a boolean"),
        BadFile(
            json:
                #"[{"name": "x", "schema": {"initial": ["a", "b"], "children": [{"key": "a"}, {"key": "b"}]}, "steps": []}]"#,
            location: "x",
            problem: "schema error at /: initial steps 'a' and 'b' are both in the content layer"),
    ]

    /// A step whose operation is malformed loads (the file is readable), as an action that
    /// fails when it runs: the format asks for an error there.
    struct MalformedStep: Sendable, CustomTestStringConvertible {
        let step: String
        let problem: String
        init(_ step: String, _ problem: String) {
            self.step = step
            self.problem = problem
        }
        var testDescription: String { step }
    }

    static let exactlyOne = "a step does exactly one of select, deselect, stack, show, restore"

    static let malformedSteps: [MalformedStep] = [
        MalformedStep(#"{"expect": []}"#, exactlyOne),
        MalformedStep(#"{"select": "a", "stack": "s", "ids": [], "expect": []}"#, exactlyOne),
        MalformedStep(#"{"show": "a", "deselect": "a", "expect": []}"#, exactlyOne),
        MalformedStep(#"{"select": 3, "expect": []}"#, "'select' must be a string path"),
        MalformedStep(#"{"show": null, "expect": []}"#, "'show' must be a string path"),
        MalformedStep(#"{"stack": "s", "expect": []}"#, "'ids' must be an array of strings"),
        MalformedStep(
            #"{"stack": "s", "ids": [1], "expect": []}"#, "'ids' must be an array of strings"),
        MalformedStep(
            #"{"deselect": "a", "fresh": true, "expect": []}"#,
            "'fresh' and 'value' are only for select steps"),
        MalformedStep(
            #"{"show": "a", "value": "v", "expect": []}"#,
            "'fresh' and 'value' are only for select steps"),
        MalformedStep(
            #"{"select": "a", "ids": [], "expect": []}"#, "'ids' is only for stack steps"),
        MalformedStep(
            #"{"select": "a", "fresh": true, "value": "v", "expect": []}"#,
            "'fresh' and 'value' exclude each other"),
        MalformedStep(#"{"select": "a", "value": 1, "expect": []}"#, "'value' must be a string"),
        MalformedStep(
            #"{"select": "a", "fresh": "yes", "expect": []}"#, "'fresh' must be a boolean"),
        MalformedStep(#"{"restore": "a", "expect": []}"#, "'restore' must be a list of steps"),
    ]

    @Test(arguments: malformedSteps)
    func malformedStepLoadsAndFailsWhenRun(_ bad: MalformedStep) throws {
        let json = #"[{"name": "x", "schema": \#(Self.schema), "steps": [\#(bad.step)]}]"#
        let cases = try ConformanceCase.load(json: Data(json.utf8))
        let check = try #require(cases.first?.checks.first)
        #expect(check.action == .malformed(bad.problem))
        let report = ConformanceRunner.run(cases)
        #expect(report.passed == 0)
        #expect(
            report.failures.map(\.actualError) == ["malformed step: \(bad.problem)"])
        // Expecting the error makes the step pass.
        let expecting = bad.step.replacingOccurrences(
            of: #""expect": []"#, with: #""expect": [], "error": true"#)
        let passing = try ConformanceCase.load(
            json: Data(#"[{"schema": \#(Self.schema), "steps": [\#(expecting)]}]"#.utf8))
        #expect(ConformanceRunner.run(passing).passed == 1)
    }

    /// The steps of a restore list are parsed like steps, without their own outcome.
    @Test(arguments: [
        (#"{"restore": [7], "expect": []}"#, "a restore step must be an object"),
        (
            #"{"restore": [{"select": "a", "expect": []}], "expect": []}"#,
            "a restore step has no 'expect' or 'error'"
        ),
        (#"{"restore": [{"select": 1}], "expect": []}"#, "'select' must be a string path"),
        (#"{"restore": [{"select": "a", "bogus": 1}], "expect": []}"#, "unknown field 'bogus'"),
    ])
    func malformedRestoreStepFailsWhenRun(step: String, problem: String) throws {
        let json = #"[{"schema": \#(Self.schema), "steps": [\#(step)]}]"#
        let cases = try ConformanceCase.load(json: Data(json.utf8))
        #expect(cases.first?.checks.first?.action == .restore([.malformed(problem)]))
        #expect(
            ConformanceRunner.run(cases).failures.map(\.actualError) == [
                "malformed step: \(problem)"
            ])
    }

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
              {"select": "a", "fresh": false, "expect": []},
              {"select": "a", "value": "v", "expect": []},
              {"show": "a", "expect": []},
              {"deselect": "a", "expect": []},
              {"stack": "s", "ids": ["u1", "u2"], "error": true, "expect": []},
              {"restore": [{"select": "a", "value": "w"}, {"stack": "s", "ids": ["u1"]}],
               "expect": []}]}]
            """
        let testCase = try #require(try ConformanceCase.load(json: Data(json.utf8)).first)
        #expect(testCase.name == "case 0")
        #expect(
            testCase.checks.map(\.action) == [
                .select("a", renewal: nil), .select("a", renewal: .fresh),
                .select("a", renewal: nil), .select("a", renewal: .value("v")), .show("a"),
                .deselect("a"), .stack("s", ids: ["u1", "u2"]),
                .restore([.select("a", renewal: .value("w")), .stack("s", ids: ["u1"])]),
            ])
        #expect(testCase.checks.map(\.expect) == [["x"], [], [], [], [], [], [], []])
        #expect(
            testCase.checks.map(\.expectsError) == [
                false, false, false, false, false, false, true, false,
            ])
    }
}
