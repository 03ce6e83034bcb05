import Foundation
import TestSupport
import Testing

/// The whole output of each example beside `profile-app`, compared with its checked-in
/// transcript (`Fixtures/<name>.txt`). Regenerate one with `swift run -q <name> >
/// Tests/Fixtures/<name>.txt` after a deliberate change.
@Suite struct ExampleTranscriptTests {
    @Test(arguments: ["mastodon-client", "recursive-profiles", "schema-app"])
    func transcriptMatchesTheFixture(example: String) throws {
        let run = try CommandRun.run(example, [])
        #expect(run.status == 0)
        #expect(run.errors == "")
        let fixture = try Fixtures.url("\(example).txt")
        let wanted = String(decoding: try Data(contentsOf: fixture), as: UTF8.self)
        #expect(run.output == wanted, "\(example) output drifted from Fixtures/\(example).txt")
    }
}
