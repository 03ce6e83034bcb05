// Fuzzes conformance case files: `ConformanceCase.load(json:)` either refuses the text with one
// of its designed errors, or gives cases that `ConformanceRunner.run`, as the `steptree check`
// CLI calls it, runs into a report: one outcome per step, the same on a second run, and no step
// that failed yet changed the state.
import Foundation
import FuzzSupport
import StepTree
import StepTreeTools

func check(_ bytes: [UInt8]) {
    let data = Data(bytes)
    let cases: [ConformanceCase]
    do {
        cases = try ConformanceCase.load(json: data)
    } catch let refusal {
        require(isKnownCaseFileError(refusal), "not a designed refusal: \(refusal)")
        do {
            _ = try ConformanceCase.load(json: data)
            require(false, "a second load of a refused file works")
        } catch {
            require(error == refusal, "a second load gives \(error), not \(refusal)")
        }
        return
    }
    // As `steptree check` does: run, merge into one report, print the failures.
    var report = ConformanceRunner.Report()
    report.merge(ConformanceRunner.run(cases))
    let steps = cases.reduce(0) { $0 + $1.checks.count }
    require(
        report.passed + report.failed == steps,
        "\(report.passed) passed and \(report.failed) failed of \(steps) steps")
    let lines =
        report.failures.map(\.description) + ["\(report.passed) passed, \(report.failed) failed"]
    require(lines.allSatisfy { !$0.isEmpty }, "an empty report line")
    for failure in report.failures {
        require(
            !(failure.actualError ?? "").hasSuffix("; the state changed"),
            "a failed step changed the state: \(failure)")
        require(
            cases.contains { $0.name == failure.caseName }
                && failure.stepIndex
                    < (cases.first { $0.name == failure.caseName }?.checks.count ?? 0),
            "a failure names no step: \(failure)")
    }
    let second = ConformanceRunner.run(cases)
    require(
        second.passed == report.passed && second.failures == report.failures,
        "a second run reports otherwise")
    // Loading is deterministic: the same text gives the same cases.
    let again = try? ConformanceCase.load(json: data)
    require(
        again.map {
            $0.map(\.checks) == cases.map(\.checks) && $0.map(\.schema) == cases.map(\.schema)
        }
            ?? false,
        "a second load gives other cases")
}

/// Every conformance case as a one-case file, compact JSON with sorted keys.
func seeds(_ fixtures: [URL]) throws -> [[UInt8]] {
    var seeds: [[UInt8]] = []
    for file in fixtures {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
        for item in object as? [Any] ?? [] {
            seeds.append(
                Array(try JSONSerialization.data(withJSONObject: [item], options: .sortedKeys)))
        }
    }
    return seeds
}

FuzzDriver.main("fuzz-cases", seeds: seeds, dictionary: Tokens.cases, check: check)
