import Foundation
import TestSupport
import Testing

/// The example app's whole output, compared with the checked-in transcript
/// (`Fixtures/profile-app.txt`), so that the README's main example, the example and the tests
/// tell one story. Regenerate the fixture with `swift run -q profile-app >
/// Tests/Fixtures/profile-app.txt` after a deliberate change.
@Suite struct ProfileAppTranscriptTests {
    @Test func transcriptMatchesTheFixture() throws {
        let run = try CommandRun.run("profile-app", [])
        #expect(run.status == 0)
        let expected = try Data(contentsOf: Fixtures.url("profile-app.txt"))
        let wanted = String(decoding: expected, as: UTF8.self)
        #expect(run.output == wanted, "profile-app output drifted from Fixtures/profile-app.txt")
    }
}
