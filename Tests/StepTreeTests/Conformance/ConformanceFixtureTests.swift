import Foundation
import StepTree
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
    @Test(arguments: [("named.json", 7, 52), ("random.json", 60, 720)])
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
                .select("profile/detail/dark", fresh: false),
                .select("profile/detail/light", fresh: false),
            ])
        #expect(first.checks.first?.expect == ["select / home -> profile", "push /profile/detail"])
        #expect(first.checks.last?.action == .deselect("profile/settings"))
    }
}
