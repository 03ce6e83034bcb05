// Fuzzes the navigation map with text from outside: schema keys, element ids, presentation
// styles, recorded causes and the title. The input is NUL-separated fields, each a tag byte
// (its value modulo 5: key, id, style, cause, title) and the text. A schema is built from the
// keys and the styles it accepts (a style it refuses must be refused with the designed error,
// named printably), a session is recorded on it with the ids pushed and the causes given, and
// replayed; then the page of the session and of its last state must read with the strict
// parser of `MapPageCheck` as the renderer meant them, with every text equal to its input as
// shown, and the DOT and Mermaid labels and the indented diagram must give back the same text.
import Foundation
import FuzzSupport
import StepTree
import StepTreeTools

/// The input's fields by place.
struct Fields {
    var keys: [String] = []
    var ids: [String] = []
    var styles: [String] = []
    var causes: [String] = []
    var title = "Navigation map"

    init(_ bytes: [UInt8]) {
        for field in bytes.split(separator: 0, omittingEmptySubsequences: false).prefix(48) {
            guard let tag = field.first else { continue }
            let text = String(decoding: field.dropFirst().prefix(200), as: UTF8.self)
            switch tag % 5 {
            case 0: keys.append(text)
            case 1: ids.append(text)
            case 2: styles.append(text)
            case 3: causes.append(text)
            default: title = text
            }
        }
    }
}

/// Whether `text` has no character that ``StepDiagram/printable(_:)`` would escape.
func isPrintable(_ text: String) -> Bool {
    !text.unicodeScalars.contains {
        switch $0.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F,
            0x202A...0x202E, 0x2066...0x2069:
            true
        default: false
        }
    }
}

/// The texts valid as keys or ids, distinct by their Unicode scalars (as StepTree compares
/// them) from each other and from `reserved`, at most `limit`.
func distinctSegments(_ texts: [String], limit: Int, reserved: [String]) -> [String] {
    var seen = Set(reserved.map { $0.unicodeScalars.map(\.value) })
    var result: [String] = []
    for text in texts where result.count < limit && StepPath.isValidSegment(text) {
        guard seen.insert(text.unicodeScalars.map(\.value)).inserted else { continue }
        result.append(text)
    }
    return result
}

/// The styles a schema accepts; each one it refuses is refused as designed.
func acceptedStyles(_ styles: [String]) -> [String] {
    var accepted: [String] = []
    for style in styles.prefix(4) {
        do {
            _ = try StepSchema(jsonObject: [
                "children": [["key": "m", "kind": "present", "style": style]]
            ])
            accepted.append(style)
        } catch {
            require(error.path == "/m", "a refused style names \(error.path), not /m")
            require(isKnownSchemaProblem(error.problem), "not a designed refusal: \(error)")
            require(
                isPrintable(error.description), "the refusal is not printable: \(error.description)"
            )
        }
    }
    return accepted
}

func schema(keys: [String], styles: [String]) -> StepSchema {
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
                        ["key": "settings", "kind": "present", "style": styles.first ?? "sheet"],
                    ]
                ],
            ]
        ],
    ])
    for (index, style) in styles.enumerated() {
        children.append(["key": "modal\(index)", "kind": "present", "style": style])
    }
    do {
        return try StepSchema(jsonObject: ["initial": "friends", "children": children])
    } catch {
        fatalError("invariant broken: the map's schema is refused: \(error)")
    }
}

/// A thread-safe list of the recorder's lines.
final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var text: String { lock.withLock { lines.joined(separator: "\n") } }
}

/// Records a session on `schema` and replays it.
func session(_ schema: StepSchema, fields: Fields, keys: [String], ids: [String], styles: Int)
    -> [SessionReplay.Step<DynamicSteps>]
{
    let lines = Lines()
    let navigator = Navigator(DynamicSteps(schema: schema))
    StepsObservation.observer = SessionRecorder(navigator: navigator.id, clock: ContinuousClock()) {
        lines.append($0)
    }
    defer { StepsObservation.observer = nil }
    var edits: [(inout DynamicSteps) throws -> Void] = keys.map { key in
        { try $0.select(path: StepPath([key, "detail"])) }
    }
    for count in ids.indices {
        edits.append {
            try $0.setStack(path: StepPath(["friends", "list"]), ids: Array(ids[...count]))
        }
    }
    if let last = ids.last {
        edits.append { try $0.select(path: StepPath(["friends", "list", last, "settings"])) }
    }
    for index in 0..<styles {
        edits.append { try $0.select(path: StepPath(["modal\(index)"])) }
    }
    let causes = fields.causes.isEmpty ? ["programmatic"] : fields.causes
    for (index, edit) in edits.enumerated() {
        do {
            try navigator.transaction(
                NavigationTransaction(NavigationCause(rawValue: causes[index % causes.count]))
            ) {
                try edit(&$0)
            }
        } catch {
            require(false, "edit \(index) of the map's session fails: \(error)")
        }
    }
    // A session of no change records nothing, and nothing replays.
    guard !lines.text.isEmpty else { return [] }
    do {
        return try SessionReplay.replay(lines.text, schema: schema)
    } catch {
        require(false, "the recorded session does not replay: \(error)")
        return []
    }
}

/// The lines of `text` as Unicode scalars. Graphviz and Mermaid read the exports scalar by
/// scalar, so the decoders below do too: compared as `Character`s, a quote followed by a
/// combining mark would be one character and no longer match `"`.
func scalarLines(_ text: String) -> [Substring.UnicodeScalarView] {
    text.unicodeScalars.split(separator: "\n")
}

/// The scalars of `line` after the first `marker`, or `nil` without one.
func scalars(
    after marker: String, in line: Substring.UnicodeScalarView
) -> Substring.UnicodeScalarView? {
    let marker = Array(marker.unicodeScalars)
    var rest = line[...]
    while !rest.isEmpty {
        if rest.starts(with: marker) { return rest.dropFirst(marker.count) }
        rest = rest.dropFirst()
    }
    return nil
}

/// The label of each node as ``StepDiagram/dot`` writes it, decoded.
func dotLabels(_ dot: String) -> [String]? {
    var labels: [String] = []
    for line in scalarLines(dot) where line.starts(with: "    n".unicodeScalars) {
        guard var rest = scalars(after: " [label=\"", in: line) else { continue }
        var label = ""
        var closed = false
        while let scalar = rest.popFirst() {
            if scalar == "\\" {
                guard let next = rest.popFirst() else { return nil }
                switch next {
                case "\\": label += "\\"
                case "\"": label += "\""
                case "n": label += "\n"
                default: return nil
                }
            } else if scalar == "\"" {
                closed = true
                break
            } else {
                label.unicodeScalars.append(scalar)
            }
        }
        guard closed, rest.starts(with: ", fillcolor=".unicodeScalars) else { return nil }
        labels.append(label)
    }
    return labels
}

/// The label of each node as ``StepDiagram/mermaid`` writes it, decoded.
func mermaidLabels(_ mermaid: String) -> [String]? {
    var labels: [String] = []
    let entities = [
        "#35;": "#", "#quot;": "\"", "#lt;": "<", "#gt;": ">", "#amp;": "&", "#96;": "`",
        "<br/>": "\n",
    ]
    for line in scalarLines(mermaid)
    where line.starts(with: "    n".unicodeScalars)
        && line.reversed().starts(with: "]\"".unicodeScalars)
    {
        guard var rest = scalars(after: "[\"", in: line) else { return nil }
        rest = rest.dropLast(2)
        var label = ""
        while let scalar = rest.first {
            if let (entity, value) = entities.first(where: {
                rest.starts(with: $0.key.unicodeScalars)
            }) {
                label += value
                rest = rest.dropFirst(entity.unicodeScalars.count)
            } else if "\"<>&`#".unicodeScalars.contains(scalar) {
                return nil
            } else {
                label.unicodeScalars.append(scalar)
                rest = rest.dropFirst()
            }
        }
        labels.append(label)
    }
    return labels
}

func checkExports(_ diagram: StepDiagram) {
    let expected = diagram.nodes.map { node in
        node.parent == nil
            ? "/"
            : StepDiagram.printable(node.segment) + "\n" + StepDiagram.printable(node.kindName)
    }
    require(dotLabels(diagram.dot) == expected, "the DOT labels do not read back")
    require(mermaidLabels(diagram.mermaid) == expected, "the Mermaid labels do not read back")
    let lines = diagram.description.split(separator: "\n", omittingEmptySubsequences: false)
    require(lines.count == diagram.nodes.count, "the diagram has \(lines.count) lines")
    for text in [diagram.dot, diagram.mermaid, diagram.description] {
        require(
            isPrintable(text.replacingOccurrences(of: "\n", with: "")), "an export is not printable"
        )
    }
}

func check(_ bytes: [UInt8]) {
    let fields = Fields(bytes)
    for text in fields.keys + fields.ids + fields.styles + fields.causes + [fields.title] {
        let shown = StepDiagram.printable(text)
        require(
            isPrintable(shown), "printable(\(text.debugDescription)) is \(shown.debugDescription)")
        require((shown == text) == isPrintable(text), "printable changed printable text")
    }
    // The schema's own root children are `friends` and `modal0` to `modal3`.
    let keys = distinctSegments(
        fields.keys, limit: 6, reserved: ["friends"] + (0..<4).map { "modal\($0)" })
    let ids = distinctSegments(fields.ids, limit: 8, reserved: [])
    let styles = acceptedStyles(fields.styles)
    let schema = schema(keys: keys, styles: styles)
    let steps = session(schema, fields: fields, keys: keys, ids: ids, styles: styles.count)
    let last = steps.last?.record.state ?? DynamicSteps(schema: schema)
    var pages = [NavigationMapPage(last, title: fields.title)]
    if !steps.isEmpty { pages.append(NavigationMapPage(session: steps, title: fields.title)) }
    for page in pages {
        let problems = MapPageCheck.problems(page)
        require(problems.isEmpty, "the page is not what the renderer meant: \(problems)")
    }
    checkExports(last.diagram)
}

/// Fields of hostile text in every place, and a plain one.
func seeds(_ fixtures: [URL]) throws -> [[UInt8]] {
    func input(_ fields: [(UInt8, String)]) -> [UInt8] {
        Array(fields.map { [$0.0] + Array($0.1.utf8) }.joined(separator: [0]))
    }
    let key: UInt8 = 0
    let id: UInt8 = 1
    let style: UInt8 = 2
    let cause: UInt8 = 3
    let title: UInt8 = 4
    return [
        input([(key, "home"), (id, "ann"), (style, "sheet"), (cause, "deepLink")]),
        input([
            (key, "{{session}}"), (key, "{{svg}}"), (key, "<!--<script>"),
            (id, "<img src=x onerror=document.title=31337>{{session}}"), (id, "<!--<script>"),
            (style, "</script><script>document.title=1</script>"), (style, "a b"),
            (cause, "</script>\u{2028}<!--"), (cause, "\u{1B}[2J\u{7}\r\n"),
            (title, "</title>{{svg}}"),
        ]),
        input([
            (key, #"" onmouseover="x" a=""#), (key, "' onfocus='x"), (key, "javascript:x"),
            (id, "&lt;b&gt;&amp;#35;"), (id, "\u{202E}txt"), (style, "`**b**`"),
            (style, "\u{1B}]0;x\u{7}"), (cause, "\\u{1B}"), (title, "#quot;"),
        ]),
    ]
}

FuzzDriver.main(
    "fuzz-map", seeds: seeds,
    dictionary: [
        "{{session}}", "{{svg}}", "{{title}}", "</script>", "<script>", "<!--", "-->",
        "<![CDATA[", "]]>", "<img src=x onerror=", "javascript:", "\u{2028}", "\u{2029}",
        "\u{1B}[", "\u{7}", "\r\n", "&amp;", "&lt;", "&quot;", "&#39;", "#35;", "#quot;", "\\n",
        "\\\"", "\u{202E}", "`", "\"", "'", "<", ">", "&", "/", "\u{0}",
    ],
    check: check)
