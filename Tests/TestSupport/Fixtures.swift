import Foundation
import Testing

/// The files the test targets share, read where they are in the repository (`Tests/Fixtures`):
/// conformance cases, identity fixtures, route tables and the examples' transcripts.
package enum Fixtures {
    /// The folder of the fixtures.
    package static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The fixture at `path` (relative to the folder), which must exist.
    package static func url(_ path: String) throws -> URL {
        let url = folder.appendingPathComponent(path)
        try #require(
            FileManager.default.fileExists(atPath: url.path), "Tests/Fixtures/\(path) is missing")
        return url
    }

    /// The case files this suite runs, by name. `fixtureListIsComplete` fails when the bundle
    /// holds a file that is missing here.
    package static let conformanceFiles = ["named.json", "random.json"]

    /// The directory of the conformance case files.
    package static func conformanceDirectory() throws -> URL { try url("conformance") }

    /// The bytes of one conformance case file.
    package static func conformanceData(_ name: String) throws -> Data {
        try Data(contentsOf: conformanceDirectory().appendingPathComponent(name))
    }
}

extension Fixtures {
    /// The identity fixtures, by name: states and screens written once from a run, so that
    /// another process (another build, another machine) is checked against them.
    package static let identityFiles = [
        "app-screen.json", "app-state-bare.json", "app-state-scalar.json", "app-state.json",
    ]

    /// The bytes of one identity fixture (`Fixtures/identity`).
    package static func identityData(_ name: String) throws -> Data {
        try Data(contentsOf: url("identity").appendingPathComponent(name))
    }
}
