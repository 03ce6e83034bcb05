import ExampleSteps
import Foundation
import FuzzSupport
import TestSupport
import Testing

@testable import StepTree
@testable import StepTreeTools

/// Text from keys, ids, styles, causes and titles is shown in the navigation map, never run:
/// every page built from the hostile input of ``HostileMaps`` reads with the strict parser of
/// ``MapPageCheck`` as the page the renderer meant, with each text as given.
@Suite struct MapPageEscapingTests {
    @Test(arguments: HostileMaps.payloads)
    func hostileTextInThePageIsTextOnly(_ payload: HostileMaps.Payload) throws {
        #expect(MapPageCheck.problems(try HostileMaps.page(payload)) == [])
    }

    @Test func everyPayloadAtOnceIsTextOnly() throws {
        let page = try HostileMaps.pageOfEverything()
        #expect(MapPageCheck.problems(page) == [])
        #expect(
            page.steps.count == HostileMaps.keys.count + HostileMaps.ids.count + 1
                + HostileMaps.styles.count + 1)
    }

    @Test func randomHostileTextIsTextOnly() throws {
        let alphabet = [
            "{{session}}", "{{svg}}", "{{title}}", "{{", "}}", "<", ">", "&", "\"", "'", "`", "#",
            "</script>", "<!--", "-->", "<script>", "</title>", "]]>", "&amp;", "#35;", "\\", "\\n",
            "\u{2028}", "\u{2029}", "\u{202E}", "\u{1B}[2J", "\u{7}", "\r\n", " ", "a", "é", "👩‍👧",
        ]
        var random = SeededGenerator(seed: 0x6d61_7070_6167_65)
        func text() -> String { random.string(from: alphabet, count: 1 + random.below(6)) }
        func segments(_ count: Int) -> [String] {
            var seen = Set<[UInt32]>(
                ["friends", "modal0", "modal1"].map { $0.unicodeScalars.map(\.value) })
            return (0..<count).map { _ in text() }.filter {
                StepPath.isValidSegment($0) && seen.insert($0.unicodeScalars.map(\.value)).inserted
            }
        }
        for _ in 0..<20 {
            let styles = (0..<2).map { _ in text() }.filter {
                (try? StepSchema(jsonObject: [
                    "children": [["key": "m", "kind": "present", "style": $0]]
                ]))
                    != nil
            }
            let page = try HostileMaps.page(
                keys: segments(3), ids: segments(3), styles: styles.isEmpty ? ["sheet"] : styles,
                causes: (0..<3).map { _ in text() }, title: text())
            #expect(MapPageCheck.problems(page) == [])
        }
    }

    @Test func aKeyNamedLikeAPlaceholderIsDrawnAsItsName() throws {
        let page = try HostileMaps.page(keys: ["{{session}}", "{{svg}}", "{{title}}"])
        let html = page.html
        for key in ["{{session}}", "{{svg}}", "{{title}}"] {
            #expect(html.contains(#"<text x="10" y="15">\#(key)</text>"#))
            #expect(html.contains(#"data-path="/\#(key)/detail""#))
        }
        // The template's slots were each filled once, and nothing else was.
        #expect(html.components(separatedBy: #"<svg id="map""#).count == 2)
        #expect(html.components(separatedBy: #"<script type="application/json""#).count == 2)
        #expect(html.components(separatedBy: "<title>Navigation map</title>").count == 2)
    }

    @Test func theReportedDeepLinkIDIsText() throws {
        // myapp://friend/%3Cimg%20src%3Dx%20onerror%3Ddocument.title%3D31337%3E%7B%7Bsession%7D%7D
        let id = "<img src=x onerror=document.title=31337>{{session}}"
        let html = try HostileMaps.page(ids: [id]).html
        #expect(
            html.contains(
                #"<text x="10" y="15">&lt;img src=x onerror=document.title=31337&gt;{{session}}</text>"#
            ))
        #expect(!html.contains("<img"))
    }

    @Test func theSessionScriptEscapesWhatHTMLReadsInIt() throws {
        let page = try HostileMaps.page(causes: ["</script><!--<script>\u{2028}&\u{2029}"])
        let html = page.html
        #expect(
            html.contains(
                #""cause":"\u003c/script\u003e\u003c!--\u003cscript\u003e\\u{2028}\u0026\\u{2029}""#
            ))
        #expect(!html.contains("<!--"))
        #expect(html.components(separatedBy: "</script>").count == 3)
        #expect(page.steps[1].cause == "</script><!--<script>\\u{2028}&\\u{2029}")
    }

    @Test func theSessionJSONEscapesLineSeparatorsToo() {
        let step = NavigationMapPage.Step(
            sequence: 1, cause: "a\u{2028}b\u{2029}c", events: ["<>&"], screen: "", route: [],
            visible: "/")
        #expect(
            NavigationMapPage.scriptJSON([step])
                == #"[{"cause":"a\u2028b\u2029c","events":["\u003c\u003e\u0026"],"route":[],"#
                + #""screen":"","sequence":1,"visible":"/"}]"#)
    }

    @Test func anIDThatOpensACommentLeavesThePageScriptWhole() throws {
        let html = try HostileMaps.page(ids: ["<!--<script>"], causes: ["<!--<script>"]).html
        #expect(html.contains(#"<text x="10" y="15">&lt;!--&lt;script&gt;</text>"#))
        #expect(
            html.contains(
                #""route":["/","/friends","/friends/list","/friends/list/\u003c!--\u003cscript\u003e""#
            ))
        #expect(!html.contains("<!--"))
    }

    @Test func controlCharactersFromTheRecordingAreShownAsEscapes() throws {
        let page = try HostileMaps.page(causes: ["\u{1B}[31m\u{7}red\r\n"])
        #expect(page.steps[1].cause == "\\u{1B}[31m\\u{7}red\\u{D}\\u{A}")
        #expect(
            page.checkReport.split(separator: "\n").count == page.diagram.nodes.count
                + page.steps.count)
    }

    @Test func aTitleIsEscapedWhereverItIsWritten() throws {
        let title = "</title><script>alert(1)</script>{{svg}}"
        let html = NavigationMapPage(AppSteps(), title: title).html
        let escaped = "&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;{{svg}}"
        #expect(html.contains("<title>\(escaped)</title>"))
        #expect(html.contains("<h1>\(escaped)</h1>"))
        #expect(html.components(separatedBy: #"<svg id="map""#).count == 2)
    }

    @Test func quotesAreEscapedInAttributeValues() {
        #expect(NavigationMapPage.escape(#"a"b'c<d>e&f"#) == "a&quot;b&#39;c&lt;d&gt;e&amp;f")
    }

    @Test func theTemplateIsFilledInOnePass() {
        let template = PageTemplate("a{{x}}b{{y}}c{{z}}{{x", slots: ["x", "y"])
        #expect(
            template.parts == [
                .text("a"), .slot("x"), .text("b"), .slot("y"), .text("c{{z}}{{x"),
            ])
        #expect(template.filled(["x": "{{y}}", "y": "{{x}}"]) == "a{{y}}b{{x}}c{{z}}{{x")
    }
}

/// A hand-written tree whose style holds what a terminal acts on: styles from code are not
/// checked, so every writer escapes them.
struct RawStyleRoot: StepsCollection {
    enum Key: String, StepKey { case home, alert }
    var selected = StepSelection<Key>(.home)
    var home = Step()
    var alert = Step()
    static let steps = StepTable<Self>(
        .inline(.home, \.home),
        .present(.alert, \.alert, style: "\u{1B}]0;owned\u{7}\r\n<b>\"#`&"))
    init() {}
}

@Suite struct PrintableTextTests {
    @Test func controlsSeparatorsAndBidiControlsAreWrittenAsEscapes() {
        #expect(
            StepDiagram.printable(
                "a\u{1B}[2J\u{7}\t\r\n\u{7F}\u{9B}\u{2028}\u{2029}\u{202E}\u{2066}b")
                == #"a\u{1B}[2J\u{7}\u{9}\u{D}\u{A}\u{7F}\u{9B}\u{2028}\u{2029}\u{202E}\u{2066}b"#)
    }

    @Test func otherTextIsKeptAsWritten() {
        // A backslash is kept too: `\u{1B}` written in a key reads as written.
        let text = "profile/friends/ann <b> \"é\" e\u{301} \\u{1B} 👩‍👩‍👧 {{x}}"
        #expect(StepDiagram.printable(text) == text)
    }

    @Test func aStyleFromCodeIsEscapedInEveryDiagram() {
        let diagram = RawStyleRoot().diagram
        #expect(
            diagram.mermaid.contains(
                ##"n2["alert<br/>present \u{1B}]0;owned\u{7}\u{D}\u{A}#lt;b#gt;#quot;#35;#96;#amp;"]"##
            ))
        #expect(
            diagram.dot.contains(
                ##"n2 [label="alert\npresent \\u{1B}]0;owned\\u{7}\\u{D}\\u{A}<b>\"#`&""##))
        #expect(
            diagram.description.split(separator: "\n").last
                == ##"└─ alert  present \u{1B}]0;owned\u{7}\u{D}\u{A}<b>"#`& · modal"##)
        let html = NavigationMapPage(RawStyleRoot()).html
        #expect(
            html.contains(
                ##"data-kind="present \u{1B}]0;owned\u{7}\u{D}\u{A}&lt;b&gt;&quot;#`&amp;""##))
        #expect(MapPageCheck.problems(NavigationMapPage(RawStyleRoot())) == [])
    }
}
