import Foundation
import Testing

/// The conformance case files copied into the test bundle (`Fixtures/conformance`).
enum Fixtures {
    /// The case files this suite runs, by name. `fixtureListIsComplete` fails when the bundle
    /// holds a file that is missing here.
    static let conformanceFiles = ["named.json", "random.json"]

    /// The directory of the conformance case files inside the test bundle.
    static func conformanceDirectory() throws -> URL {
        try #require(
            Bundle.module.url(
                forResource: "conformance", withExtension: nil, subdirectory: "Fixtures"),
            "Fixtures/conformance is missing from the test bundle")
    }

    /// The bytes of one conformance case file.
    static func conformanceData(_ name: String) throws -> Data {
        try Data(contentsOf: conformanceDirectory().appendingPathComponent(name))
    }
}

extension Fixtures {
    /// The identity fixtures, by name: states and screens written once from a run, so that
    /// another process (another build, another machine) is checked against them.
    static let identityFiles = [
        "app-screen.json", "app-state-bare.json", "app-state-scalar.json", "app-state.json",
    ]

    /// The bytes of one identity fixture (`Fixtures/identity`).
    static func identityData(_ name: String) throws -> Data {
        let directory = try #require(
            Bundle.module.url(
                forResource: "identity", withExtension: nil, subdirectory: "Fixtures"),
            "Fixtures/identity is missing from the test bundle")
        return try Data(contentsOf: directory.appendingPathComponent(name))
    }
}
