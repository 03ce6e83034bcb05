import Foundation
import FuzzSupport
import StepTree
import StepTreeTools
import TestSupport
import Testing

/// Mutated case files load or fail with a `ConformanceFileError`; whatever loads also runs.
@Suite struct ConformanceLoadFuzzTests {
    @Test func corpusIsLoaded() throws {
        #expect(FuzzCorpus.caseFiles.count == 93)
        for bytes in FuzzCorpus.caseFiles {
            let cases = try ConformanceCase.load(json: Data(bytes))
            #expect(ConformanceRunner.run(cases).failed == 0)
        }
    }

    @Test(arguments: [21, 22, 23] as [UInt64])
    func mutatedCaseFiles(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var loaded = 0
        for round in 0..<250 {
            let bytes = random.mutate(random.pick(FuzzCorpus.caseFiles), edits: 1 + random.below(4))
            let cases: [ConformanceCase]
            do {
                cases = try ConformanceCase.load(json: Data(bytes))
            } catch {
                #expect(isKnownCaseFileError(error), "seed \(seed) round \(round): \(error)")
                continue
            }
            loaded += 1
            let report = ConformanceRunner.run(cases)
            let steps = cases.reduce(0) { $0 + $1.checks.count }
            #expect(report.passed + report.failed == steps, "seed \(seed) round \(round)")
        }
        // Byte edits mostly break the JSON; some still load and run.
        #expect(loaded > 0, "seed \(seed): no mutated file loaded")
    }

    @Test(arguments: [24, 25] as [UInt64])
    func structurallyMutatedCaseFiles(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var loaded = 0
        var refused = 0
        for round in 0..<150 {
            let original = try JSONSerialization.jsonObject(
                with: Data(random.pick(FuzzCorpus.caseFiles)))
            var mutated = original
            for _ in 0..<(1 + random.below(3)) { mutated = mutateJSON(mutated, &random) }
            guard JSONSerialization.isValidJSONObject(mutated) else { continue }
            let data = try JSONSerialization.data(withJSONObject: mutated)
            do {
                let cases = try ConformanceCase.load(json: data)
                let report = ConformanceRunner.run(cases)
                let steps = cases.reduce(0) { $0 + $1.checks.count }
                #expect(report.passed + report.failed == steps, "seed \(seed) round \(round)")
                loaded += 1
            } catch {
                #expect(isKnownCaseFileError(error), "seed \(seed) round \(round): \(error)")
                refused += 1
            }
        }
        // Both outcomes are exercised.
        #expect(loaded > 25, "seed \(seed): \(loaded) loaded")
        #expect(refused > 25, "seed \(seed): \(refused) refused")
    }

    @Test func randomText() {
        var random = SeededGenerator(seed: 29)
        let tokens = [
            "[", "]", "{", "}", ",", ":", #""name""#, #""schema""#, #""steps""#, #""select""#,
            #""deselect""#, #""stack""#, #""ids""#, #""expect""#, #""error""#, #""fresh""#, "{}",
            #""a""#, "true", "1", "null",
        ]
        for round in 0..<500 {
            let text = random.string(from: tokens, count: random.below(30))
            do {
                let cases = try ConformanceCase.load(json: Data(text.utf8))
                _ = ConformanceRunner.run(cases)
            } catch {
                #expect(isKnownCaseFileError(error), "round \(round): \(error)")
            }
        }
    }
}
