import ExampleSteps
import Foundation
import StepTree
import Testing

/// The HTML navigation map in a real browser: headless Chromium loads the page of a recorded
/// session, steps through it (`#check`), and what it drew is compared with the session; a
/// screenshot is written to `.build/navigation-map/map.png` for a person to look at.
///
/// Runs only when `STEPTREE_CHROMIUM` names a Chromium executable, as `.ci/browser-check`
/// sets it, so that a plain `swift test` does not need a browser.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["STEPTREE_CHROMIUM"] != nil))
struct NavigationMapBrowserTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/navigation-map")

    @Test func theBrowserDrawsEveryNodeAndStepsThroughTheSession() throws {
        let session = try RecordedSession()
        let steps = try SessionReplay.replay(
            session.sink.text, schema: try ExampleSchema.load(friendDepth: 1))
        let page = NavigationMapPage(session: steps, title: "StepTree example session")
        try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
        let file = Self.folder.appendingPathComponent("map.html")
        try Data(page.html.utf8).write(to: file)

        let dom = try Self.chromium(["--dump-dom", file.absoluteString + "#check"])
        let report = try #require(Self.checkReport(in: dom), "the page wrote no check report")
        #expect(report == page.checkReport)
        #expect(report.split(separator: "\n").count == page.diagram.nodes.count + steps.count)

        let screenshot = Self.folder.appendingPathComponent("map.png")
        try? FileManager.default.removeItem(at: screenshot)
        _ = try Self.chromium([
            "--screenshot=\(screenshot.path)", "--window-size=1300,1000", file.absoluteString,
        ])
        let size = try FileManager.default.attributesOfItem(atPath: screenshot.path)[.size] as? Int
        #expect((size ?? 0) > 10_000, "no screenshot at \(screenshot.path)")
    }

    /// Runs headless Chromium with `arguments` and returns what it printed.
    static func chromium(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(
            fileURLWithPath: ProcessInfo.processInfo.environment["STEPTREE_CHROMIUM"] ?? "")
        process.arguments =
            ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars"]
            + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The text of `<pre id="check">` in a dumped DOM, with its entities decoded.
    static func checkReport(in dom: String) -> String? {
        guard let start = dom.range(of: "<pre id=\"check\">"),
            let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
        else { return nil }
        return String(dom[start.upperBound..<end.lowerBound])
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(
                of: "&amp;", with: "&")
    }
}
