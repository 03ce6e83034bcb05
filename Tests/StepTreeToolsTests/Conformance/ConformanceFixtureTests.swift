import Foundation
import StepTree
import StepTreeTools
import TestSupport
import Testing

@Suite struct ConformanceFixtureTests {
    @Test func fixtureListIsComplete() throws {
        let names = try FileManager.default.contentsOfDirectory(
            atPath: Fixtures.conformanceDirectory().path)
        #expect(names.filter { $0.hasSuffix(".json") }.sorted() == Fixtures.conformanceFiles)
    }

    @Test(arguments: Fixtures.conformanceFiles)
    func fixtureFilePasses(_ name: String) throws {
        let cases = try ConformanceCase.load(json: Fixtures.conformanceData(name))
        let report = ConformanceRunner.run(cases)
        #expect(report.failures.map(\.description) == [])
        #expect(report.failed == 0)
        #expect(report.passed == cases.reduce(0) { $0 + $1.checks.count })
    }

    /// The fixture files hold what their README says; a truncated copy would pass vacuously.
    @Test(arguments: [("named.json", 13, 149), ("random.json", 80, 1300)])
    func fixtureFileHasAllCases(_ name: String, cases: Int, steps: Int) throws {
        let loaded = try ConformanceCase.load(json: Fixtures.conformanceData(name))
        #expect(loaded.count == cases)
        #expect(loaded.reduce(0) { $0 + $1.checks.count } == steps)
    }

    @Test func readmeCaseParses() throws {
        let cases = try ConformanceCase.load(json: Fixtures.conformanceData("named.json"))
        let first = try #require(cases.first)
        #expect(first.name == "readme-tab-app")
        #expect(first.schema.children.map(\.key) == ["home", "explore", "profile"])
        #expect(
            first.checks.prefix(2).map(\.action) == [
                .select("profile/detail/dark", renewal: nil),
                .select("profile/detail/light", renewal: nil),
            ])
        #expect(first.checks.first?.expect == ["select / home -> profile", "push /profile/detail"])
        #expect(first.checks[6].action == .show("profile/main"))
        #expect(first.checks[6].expect == ["pop /profile/detail"])
        #expect(first.checks.last?.action == .select("profile/settings/root", renewal: nil))
    }

    /// Every version 2 operation is exercised by the fixtures, and so is the error path.
    @Test func fixturesUseEveryOperation() throws {
        var names: Set<String> = []
        var errors = 0
        for file in Fixtures.conformanceFiles {
            for testCase in try ConformanceCase.load(json: Fixtures.conformanceData(file)) {
                for check in testCase.checks {
                    if check.expectsError { errors += 1 }
                    switch check.action {
                    case .select(_, nil): names.insert("select")
                    case .select(_, .fresh?): names.insert("fresh")
                    case .select(_, .value?): names.insert("value")
                    case .show: names.insert("show")
                    case .deselect: names.insert("deselect")
                    case .stack: names.insert("stack")
                    case .restore: names.insert("restore")
                    case .malformed(let problem):
                        // Malformed steps are there on purpose, and must fail.
                        names.insert("malformed")
                        #expect(check.expectsError, "\(testCase.name): \(problem)")
                    }
                }
            }
        }
        #expect(
            names == [
                "select", "fresh", "value", "show", "deselect", "stack", "restore", "malformed",
            ])
        #expect(errors == 134)
    }
}
