import Foundation
import Testing

/// The example app's whole output, compared with the checked-in transcript
/// (`Fixtures/profile-app.txt`), so that the README's main example, the example and the tests
/// tell one story. Regenerate the fixture with `swift run -q profile-app >
/// Tests/StepTreeTests/Fixtures/profile-app.txt` after a deliberate change.
@Suite struct ProfileAppTranscriptTests {
    @Test func transcriptMatchesTheFixture() throws {
        let executable = try #require(
            Self.builtExecutable("profile-app"), "profile-app is not built next to the tests")
        let process = Process()
        process.executableURL = executable
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let expected = try Data(
            contentsOf: try #require(
                Bundle.module.url(
                    forResource: "profile-app", withExtension: "txt", subdirectory: "Fixtures")))
        let actual = String(decoding: data, as: UTF8.self)
        let wanted = String(decoding: expected, as: UTF8.self)
        #expect(actual == wanted, "profile-app output drifted from Fixtures/profile-app.txt")
    }

    /// The executable `name` in the build folder that holds the test bundle.
    static func builtExecutable(_ name: String) -> URL? {
        var folder = Bundle.module.bundleURL.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}
