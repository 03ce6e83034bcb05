import ExampleSteps
import Foundation
import StepTree
import StepTreeTools
import TestSupport
import Testing

/// The HTML navigation map in a real browser: headless Chromium loads the page of a recorded
/// session, steps through it (`#check`), and what it drew is compared with the session; a
/// screenshot is written to `.build/navigation-map/map.png` for a person to look at.
///
/// Pages from hostile input (``HostileMaps``) run none of the script their text holds.
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

        let (dom, violations) = try Self.chromium(["--dump-dom", file.absoluteString + "#check"])
        #expect(violations == [], "the page broke its own Content-Security-Policy")
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

    /// The hostile pages: one per place with all of its payloads (keys, ids, styles, causes),
    /// one per title, and one with everything.
    static func hostilePages() throws -> [(name: String, page: NavigationMapPage)] {
        var pages = [
            ("keys", try HostileMaps.page(keys: HostileMaps.keys)),
            ("ids", try HostileMaps.page(ids: HostileMaps.ids)),
            ("styles", try HostileMaps.page(styles: HostileMaps.styles)),
            ("causes", try HostileMaps.page(causes: HostileMaps.causes)),
        ]
        for (index, title) in HostileMaps.titles.enumerated() {
            pages.append(("title \(index)", try HostileMaps.page(title: title)))
        }
        pages.append(("everything", try HostileMaps.pageOfEverything()))
        return pages
    }

    /// Every element the page writes, and every attribute.
    static let pageElements: Set = [
        "html", "head", "meta", "title", "style", "body", "h1", "h2", "h3", "p", "span", "main",
        "svg", "path", "g", "rect", "text", "section", "div", "button", "ol", "li", "pre",
        "script",
    ]
    static let pageAttributes: Set = [
        "lang", "charset", "http-equiv", "content", "id", "class", "xmlns", "width", "height",
        "role", "data-path", "data-kind", "d", "transform", "x", "y", "type",
    ]

    /// The violation count is real: a page whose markup let a script and a style attribute in
    /// is reported twice, and the script does not run.
    @Test func aScriptThatGotInIsRefusedAndCounted() throws {
        try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
        let page = try HostileMaps.page(title: "injected")
        let html = page.html.replacingOccurrences(
            of: "<main>",
            with: "<main><script>document.title = 'ran'</script><b style=\"color: red\"></b>")
        let file = Self.folder.appendingPathComponent("injected.html")
        try Data(html.utf8).write(to: file)
        let (dom, violations) = try Self.chromium([
            "--virtual-time-budget=3000", "--dump-dom", file.absoluteString + "#check",
        ])
        #expect(violations.count == 2, "\(violations)")
        #expect(Self.element("title", in: dom) == "injected")
        #expect(Self.checkReport(in: dom) == page.checkReport)
    }

    /// Pages built from hostile keys, ids, styles, causes and titles (``HostileMaps``): each
    /// payload tries to set `document.title`; none may run. The page must still step through
    /// the session and write its check report, equal to the one of the library, and hold no
    /// element or attribute of its own making.
    @Test func noPayloadOfAHostilePageRuns() throws {
        try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
        for (index, (name, page)) in try Self.hostilePages().enumerated() {
            let file = Self.folder.appendingPathComponent("hostile-\(index).html")
            try Data(page.html.utf8).write(to: file)
            // A virtual time budget lets timers, load and error events run before the dump.
            let (dom, violations) = try Self.chromium([
                "--virtual-time-budget=3000", "--dump-dom", file.absoluteString + "#check",
            ])
            // A payload that ran without touching the title or the DOM is caught here: the
            // policy refused it, and the browser said so.
            #expect(violations == [], "\(name): the page's policy refused something")
            let title = Self.element("title", in: dom).map(Self.decoded)
            #expect(
                title == StepDiagram.printable(page.title),
                "\(name): a payload ran, the title is \(title ?? "missing")")
            let report = Self.checkReport(in: dom)
            #expect(report != nil, "\(name): the page wrote no check report")
            #expect(report == page.checkReport, "\(name): the check report differs")
            let (elements, attributes) = Self.markup(in: dom)
            #expect(
                elements.subtracting(Self.pageElements) == [], "\(name): elements were injected")
            #expect(
                attributes.subtracting(Self.pageAttributes) == [],
                "\(name): attributes were injected")
        }
    }

    /// Runs headless Chromium with `arguments` and returns what it printed, and the
    /// Content-Security-Policy violations it logged from the page's console.
    static func chromium(_ arguments: [String]) throws -> (output: String, violations: [String]) {
        let process = Process()
        process.executableURL = URL(
            fileURLWithPath: ProcessInfo.processInfo.environment["STEPTREE_CHROMIUM"] ?? "")
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--hide-scrollbars", "--enable-logging=stderr", "--v=0",
            ]
            + arguments
        let output = Pipe()
        process.standardOutput = output
        // The log goes to a file, so that two full pipes cannot block the browser.
        let log = try CommandRun.temporaryFile("", name: "chromium.log")
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let violations = try String(contentsOfFile: log, encoding: .utf8)
            .split(separator: "\n")
            .filter {
                $0.contains("CONSOLE")
                    && $0.contains("violates the following Content Security Policy")
            }
            .map(String.init)
        return (String(decoding: data, as: UTF8.self), violations)
    }

    /// The text of `<pre id="check">` in a dumped DOM, with its entities decoded.
    static func checkReport(in dom: String) -> String? {
        guard let start = dom.range(of: "<pre id=\"check\">"),
            let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
        else { return nil }
        return decoded(String(dom[start.upperBound..<end.lowerBound]))
    }

    /// The raw text of the first `<tag>` element in a dumped DOM.
    static func element(_ tag: String, in dom: String) -> String? {
        guard let start = dom.range(of: "<\(tag)>"),
            let end = dom.range(of: "</\(tag)>", range: start.upperBound..<dom.endIndex)
        else { return nil }
        return String(dom[start.upperBound..<end.lowerBound])
    }

    /// `text` of a dumped DOM with the references a serializer writes decoded.
    static func decoded(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&nbsp;", with: "\u{A0}")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The names of the elements and attributes in a dumped DOM. A serialized DOM writes `<`
    /// only to start a tag, except in the raw text of scripts and styles, which are skipped;
    /// in a tag, attribute values are quoted with their quotes escaped.
    static func markup(in dom: String) -> (elements: Set<String>, attributes: Set<String>) {
        var elements: Set<String> = []
        var attributes: Set<String> = []
        let scalars = Array(dom.unicodeScalars)
        var index = 0
        func name() -> String {
            var result = ""
            while index < scalars.count,
                scalars[index].properties.isAlphabetic
                    || scalars[index] == "-" || scalars[index] == ":"
                    || ("0"..."9").contains(scalars[index])
            {
                result.unicodeScalars.append(scalars[index])
                index += 1
            }
            return result.lowercased()
        }
        while index < scalars.count {
            guard scalars[index] == "<" else {
                index += 1
                continue
            }
            index += 1
            guard index < scalars.count, scalars[index].properties.isAlphabetic else { continue }
            let tag = name()
            elements.insert(tag)
            while index < scalars.count, scalars[index] != ">" {
                if scalars[index] == "\"" {
                    index += 1
                    while index < scalars.count, scalars[index] != "\"" { index += 1 }
                    index += 1
                } else if scalars[index].properties.isAlphabetic {
                    attributes.insert(name())
                } else {
                    index += 1
                }
            }
            if tag == "script" || tag == "style" {
                let end = Array("</\(tag)>".unicodeScalars)
                while index < scalars.count,
                    Array(scalars[index..<min(scalars.count, index + end.count)]) != end
                {
                    index += 1
                }
            }
        }
        return (elements, attributes)
    }
}
