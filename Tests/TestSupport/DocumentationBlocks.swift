import Foundation

/// The drift checks of the README and the articles: the Swift blocks of a Markdown file, and the
/// test sources that must hold each of them word for word (lines trimmed, blank lines dropped).
package enum DocumentationBlocks {
    /// The repository's root folder.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The Swift blocks of the Markdown file at `path`, relative to the root.
    package static func blocks(of path: String) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        return text.components(separatedBy: "```swift\n").dropFirst()
            .map { $0.components(separatedBy: "```")[0] }
    }

    /// The sources at the top of the folder of the documentation's tests
    /// (Tests/StepTreeIntegrationTests) whose file names `include` accepts, normalized and
    /// joined.
    package static func sources(_ include: (String) -> Bool) throws -> String {
        let folder = root.appendingPathComponent("Tests/StepTreeIntegrationTests")
        return normalized(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter(include)
                .sorted()
                .map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
                .joined(separator: "\n"))
    }

    /// `text` with its lines trimmed and its blank lines dropped.
    package static func normalized(_ text: String) -> String {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
