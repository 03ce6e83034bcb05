import Foundation
import StepTree
import StepTreeTools
import Testing

@Suite struct ConformanceRunnerTests {
    static let schema = """
        {"initial": "home", "children": [
          {"key": "home", "kind": "tab"},
          {"key": "profile", "kind": "tab", "initial": "main", "children": [
            {"key": "main"},
            {"key": "detail", "kind": "push"},
            {"key": "friends", "kind": "stack"}]}]}
        """

    static func cases(_ steps: String, name: String = "probe") throws -> [ConformanceCase] {
        let json = #"[{"name": "\#(name)", "schema": \#(schema), "steps": [\#(steps)]}]"#
        return try ConformanceCase.load(json: Data(json.utf8))
    }

    @Test func correctExpectationsPass() throws {
        let report = ConformanceRunner.run(
            try Self.cases(
                """
                {"select": "profile/detail", "expect": ["select / home -> profile", "push /profile/detail"]},
                {"stack": "profile/friends", "ids": ["u1"], "expect": ["pop /profile/detail", "push /profile/friends/u1"]},
                {"select": "profile/nope", "error": true, "expect": []}
                """))
        #expect(report.passed == 3)
        #expect(report.failures == [])
    }

    @Test func wrongEventListIsReportedWithCaseAndStep() throws {
        let report = ConformanceRunner.run(
            try Self.cases(
                """
                {"select": "profile", "expect": ["select / home -> profile"]},
                {"select": "profile/detail", "expect": ["push /profile/wrong"]},
                {"select": "home", "expect": ["select / profile -> home"]}
                """, name: "wrong-on-purpose"))
        #expect(report.passed == 2)
        #expect(report.failed == 1)
        let failure = try #require(report.failures.first)
        #expect(failure.caseName == "wrong-on-purpose")
        #expect(failure.stepIndex == 1)
        #expect(failure.expected == ["push /profile/wrong"])
        #expect(failure.actual == ["push /profile/detail"])
        #expect(failure.expectedError == false)
        #expect(failure.actualError == nil)
        #expect(
            failure.description
                == "wrong-on-purpose step 1: expected [push /profile/wrong], got [push /profile/detail]"
        )
    }

    @Test func missingErrorIsReported() throws {
        let report = ConformanceRunner.run(
            try Self.cases(#"{"select": "profile", "error": true, "expect": []}"#))
        #expect(report.passed == 0)
        let failure = try #require(report.failures.first)
        #expect(failure.stepIndex == 0)
        #expect(failure.expectedError == true)
        #expect(failure.actualError == nil)
        #expect(failure.actual == ["select / home -> profile"])
        #expect(
            failure.description == "probe step 0: expected error, got [select / home -> profile]")
    }

    @Test func unexpectedErrorIsReported() throws {
        let report = ConformanceRunner.run(
            try Self.cases(
                """
                {"select": "profile/nope", "expect": []},
                {"deselect": "profile", "expect": []}
                """))
        #expect(
            report.failures.map(\.description) == [
                "probe step 0: expected [], got error (no step 'nope' in /profile)",
                "probe step 1: expected [], got error (/profile is a tab and cannot be deselected)",
            ])
        #expect(
            report.failures.map(\.actualError) == [
                "no step 'nope' in /profile", "/profile is a tab and cannot be deselected",
            ])
    }

    /// A failed step leaves the state alone, so the next step continues from it.
    @Test func stepsAfterAnErrorContinueFromTheUnchangedState() throws {
        let report = ConformanceRunner.run(
            try Self.cases(
                """
                {"select": "profile/detail", "expect": ["select / home -> profile", "push /profile/detail"]},
                {"stack": "profile/friends", "ids": ["a", "a"], "error": true, "expect": []},
                {"show": "profile/main", "expect": ["pop /profile/detail"]}
                """))
        #expect(report.failures == [])
        #expect(report.passed == 3)
    }

    @Test func everyCaseStartsFromItsInitialState() throws {
        let step = #"{"select": "profile", "expect": ["select / home -> profile"]}"#
        let json = """
            [{"name": "one", "schema": \(Self.schema), "steps": [\(step)]},
             {"name": "two", "schema": \(Self.schema), "steps": [\(step)]}]
            """
        let report = ConformanceRunner.run(try ConformanceCase.load(json: Data(json.utf8)))
        #expect(report.passed == 2)
        #expect(report.failures == [])
    }

    @Test func reportsMerge() throws {
        var total = ConformanceRunner.Report()
        total.merge(ConformanceRunner.run(try Self.cases(#"{"select": "home", "expect": []}"#)))
        total.merge(
            ConformanceRunner.run(try Self.cases(#"{"select": "home", "expect": ["nope"]}"#)))
        #expect(total.passed == 1)
        #expect(total.failed == 1)
        #expect(total.failures.map(\.description) == ["probe step 0: expected [nope], got []"])
    }
}
