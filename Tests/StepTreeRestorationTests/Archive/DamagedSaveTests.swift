import ExampleSteps
import Foundation
import StepTree
import TestSupport
import Testing

/// Saved state is outside input: any truncation is a typed error, and any damaged byte gives a
/// typed error or a state with its report, never a crash, and never a change on refusal.
@Suite("Restoration: damaged saves")
struct DamagedSaveTests {
    static func saved() throws -> Data {
        var steps = AppSteps()
        try steps.select(path: "profile/detail/dark")
        try steps.setStack(path: "profile/friends", ids: ["ann", "bob"])
        steps.select(\.explore, with: ExploreData(query: "swift"))
        return try RestorationTests.current.encode(steps)
    }

    @Test func everyTruncationIsMalformedJSON() throws {
        let data = try Self.saved()
        for length in 0..<data.count {
            do {
                _ = try RestorationTests.current.decode(data.prefix(length))
                Issue.record("a save cut at \(length) bytes decoded")
            } catch .malformedJSON {
                continue
            } catch {
                Issue.record("a save cut at \(length) bytes gave \(error)")
            }
        }
    }

    @Test func aDamagedByteGivesAnErrorOrAReportedState() throws {
        let data = try Self.saved()
        var generator = SeededGenerator(seed: 9)
        for _ in 0..<120 {
            var damaged = data
            let index = Int.random(in: 0..<damaged.count, using: &generator)
            damaged[index] = UInt8.random(in: 0...255, using: &generator)
            let navigator = Navigator(AppSteps())
            do {
                try navigator.restore(from: damaged, using: RestorationTests.current)
                // Whatever was kept decodes again to the same state from its own save.
                let again = try RestorationTests.current.decode(
                    RestorationTests.current.encode(navigator.root))
                #expect(again.state == navigator.root)
                #expect(again.report.isClean)
            } catch {
                #expect(navigator.root == AppSteps())
            }
        }
    }
}
