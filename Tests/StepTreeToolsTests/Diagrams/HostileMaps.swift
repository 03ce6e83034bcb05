import Foundation
import StepTree
import StepTreeTools
import TestSupport

/// Navigation maps built from hostile input: schema keys, element ids (as a deep link such as
/// `myapp://friend/<name>` would push them), presentation styles, recorded causes and titles
/// that try to run script. Each script payload sets `document.title` to a marker
/// (`pwned-…`, or `31337` as in the report), so a browser that runs one shows it in the title.
enum HostileMaps {
    /// One piece of hostile text and where it goes.
    struct Payload: Sendable, CustomStringConvertible {
        enum Place: String, Sendable { case key, id, style, cause, title }
        let place: Place
        let text: String
        var description: String { "\(place) \(text.debugDescription)" }
    }

    /// Keys and ids: anything but `/` and control characters.
    static let keys = [
        "{{session}}", "{{svg}}", "{{title}}",
        #"<img src=x onerror="document.title='pwned-key-img'">"#,
        "<!--<script>",
        "<script>document.title='pwned-key-script'",
        #"" onmouseover="document.title='pwned-key-quote'" x=""#,
        "' onfocus='document.title=`pwned-key-apos`' autofocus='",
        "javascript:document.title='pwned-key-url'",
        "line\u{2028}separator\u{2029}paragraph",
        "&lt;img src=x onerror=document.title='pwned-key-entity'&gt;",
        "<svg onload=document.title='pwned-key-svg'>",
        "<![CDATA[<img src=x onerror=document.title='pwned-key-cdata'>]]>",
        "\u{202E}txt.exe",
    ]

    static let ids = [
        // The report's deep link: myapp://friend/%3Cimg%20src%3Dx%20onerror%3D…%7B%7Bsession%7D%7D
        "<img src=x onerror=document.title=31337>{{session}}",
        "<!--<script>",
        "{{title}}",
        #""><svg onload=document.title='pwned-id-svg'>"#,
        "<style>*{display:none}",
        "<a href=javascript:document.title='pwned-id-href'>x",
    ]

    /// Styles: names, so without spaces or control characters (the schema refuses those).
    static let styles = [
        "{{session}}",
        "</script><script>document.title='pwned-style-script'</script>",
        "<svg/onload=document.title='pwned-style-svg'>",
        "<!--<script>",
        #""onmouseover="document.title='pwned-style-quote'""#,
        "javascript:document.title='pwned-style-url'",
    ]

    static let causes = [
        "</script><script>document.title='pwned-cause-script'</script>",
        "<!--<script>",
        "\u{2028}document.title='pwned-cause-2028'\u{2029}",
        #""}];document.title='pwned-cause-json';//"#,
        "<img src=x onerror=document.title='pwned-cause-img'>",
        "{{svg}}{{title}}",
        "\u{1B}[31m\u{7}red\r\nline",
        "javascript:document.title='pwned-cause-url'",
        "</SCRIPT ><!-- <sCrIpT>",
    ]

    static let titles = [
        "</title><script>document.title='pwned-title'</script>{{svg}}{{session}}",
        "<!--<script>",
    ]

    /// Every payload, each in its place.
    static let payloads: [Payload] =
        keys.map { Payload(place: .key, text: $0) } + ids.map { Payload(place: .id, text: $0) }
        + styles.map { Payload(place: .style, text: $0) }
        + causes.map { Payload(place: .cause, text: $0) }
        + titles.map { Payload(place: .title, text: $0) }

    /// A schema with the given tab keys (each with a pushed `detail`), a `friends` tab whose
    /// `list` stack holds elements with a `settings` modal, and one root modal per style.
    static func schema(keys: [String], styles: [String]) throws -> StepSchema {
        var children: [[String: Any]] = keys.map {
            ["key": $0, "kind": "tab", "children": [["key": "detail", "kind": "push"]]]
        }
        children.append([
            "key": "friends", "kind": "tab",
            "children": [
                [
                    "key": "list", "kind": "stack",
                    "element": [
                        "children": [
                            ["key": "main"],
                            [
                                "key": "settings", "kind": "present",
                                "style": styles.first ?? "sheet",
                            ],
                        ]
                    ],
                ]
            ],
        ])
        for (index, style) in styles.enumerated() {
            children.append(["key": "modal\(index)", "kind": "present", "style": style])
        }
        return try StepSchema(jsonObject: ["initial": "friends", "children": children])
    }

    /// A recorded session on ``schema(keys:styles:)``, replayed: each key's detail pushed,
    /// the ids pushed onto the friends list one by one and the last one's settings presented,
    /// then each root modal; the transactions take the causes in turn.
    static func session(keys: [String], ids: [String], styles: [String], causes: [String])
        throws -> [SessionReplay.Step<DynamicSteps>]
    {
        let schema = try schema(keys: keys, styles: styles)
        let sink = LineSink()
        let navigator = Navigator(DynamicSteps(schema: schema))
        return try StepsObservation.withObserver(
            SessionRecorder(clock: ContinuousClock()) { sink.append($0) }
        ) {
            var edits: [(inout DynamicSteps) throws -> Void] = keys.map { key in
                { try $0.select(path: StepPath([key, "detail"])) }
            }
            for count in ids.indices {
                edits.append {
                    try $0.setStack(path: StepPath(["friends", "list"]), ids: Array(ids[...count]))
                }
            }
            if let last = ids.last {
                edits.append {
                    try $0.select(path: StepPath(["friends", "list", last, "settings"]))
                }
            }
            for index in styles.indices {
                edits.append { try $0.select(path: StepPath(["modal\(index)"])) }
            }
            let causes = causes.isEmpty ? ["programmatic"] : causes
            for (index, edit) in edits.enumerated() {
                try navigator.transaction(
                    NavigationTransaction(NavigationCause(rawValue: causes[index % causes.count]))
                ) {
                    try edit(&$0)
                }
            }
            return try SessionReplay.replay(sink.text, schema: schema)
        }
    }

    /// The page of one payload in its place, the rest of the page plain.
    static func page(_ payload: Payload) throws -> NavigationMapPage {
        let text = [payload.text]
        switch payload.place {
        case .key: return try page(keys: text)
        case .id: return try page(ids: text)
        case .style: return try page(styles: text)
        case .cause: return try page(causes: text)
        case .title: return try page(title: payload.text)
        }
    }

    /// The page of a session built from the given hostile parts (plain ones where none).
    static func page(
        keys: [String] = ["home"], ids: [String] = ["ann"], styles: [String] = ["sheet"],
        causes: [String] = ["deepLink"], title: String = "Navigation map"
    ) throws -> NavigationMapPage {
        NavigationMapPage(
            session: try session(keys: keys, ids: ids, styles: styles, causes: causes),
            title: title)
    }

    /// The page with every payload at once.
    static func pageOfEverything() throws -> NavigationMapPage {
        try page(
            keys: keys, ids: ids, styles: styles, causes: causes, title: titles.joined())
    }
}
