import Foundation
import StepTree

/// A self-contained HTML page of a navigation map: the tree drawn as inline SVG (kinds and
/// layers told apart by shape and colour, the current state highlighted) and, given a
/// replayed session, a step-through showing each transaction's cause, events and the screen
/// after it.
///
/// The page loads nothing: no network, no external script or style. Opened with the fragment
/// `#check`, it steps through the whole session itself and writes what it drew into
/// `<pre id="check">`, in the form of ``checkReport``, for a headless browser test.
public struct NavigationMapPage: Sendable {
    /// One transaction of the step-through, its text as the page shows it: every line
    /// printable (``StepDiagram/printable(_:)``).
    public struct Step: Sendable, Hashable, Codable {
        /// The transaction's number.
        public let sequence: UInt64
        /// What started it.
        public let cause: String
        /// The events, in the text form of SPEC §5.
        public let events: [String]
        /// The screen after it (``HeadlessScreen/description``).
        public let screen: String
        /// The paths on the selected route after it.
        public let route: [String]
        /// The visible screen after it.
        public let visible: String
    }

    /// The map: every node of every state in the session.
    public let diagram: StepDiagram
    /// The step-through, in order; empty without a session.
    public let steps: [Step]
    /// The page's title.
    public let title: String

    /// A page of one state, with no session.
    /// - Complexity: O(*n*) for the *n* nodes of the state.
    public init(_ state: some StepNode, title: String = "Navigation map") {
        self.diagram = StepDiagram(state)
        self.steps = []
        self.title = title
    }

    /// A page of a replayed session; the map shows the last state, with the nodes of the
    /// earlier ones added.
    ///
    /// The causes, events and screens come from the recording: they are kept as text, with
    /// the characters a reader would not see written as escapes (``StepDiagram/printable(_:)``).
    /// - Complexity: O(*r* · *n*) for *r* records of *n* nodes each: linear in the size of the
    ///   session.
    public init<Root>(session: [SessionReplay.Step<Root>], title: String = "Navigation map") {
        let diagrams = session.map { StepDiagram($0.record.state) }
        var union = StepDiagram.Union(diagrams.last ?? StepDiagram(DynamicSteps(schema: .leaf)))
        for diagram in diagrams { union.add(diagram) }
        self.diagram = union.diagram
        self.steps = zip(session, diagrams).map { step, diagram in
            Step(
                sequence: step.record.sequence,
                cause: StepDiagram.printable(step.record.cause.rawValue),
                events: step.record.events.map(StepDiagram.printable),
                screen: StepDiagram.printableLines(step.screen.description),
                route: diagram.nodes.filter(\.isOnRoute).map { Self.shownPath($0) },
                visible: StepDiagram.printable(diagram.visibleScreen.description))
        }
        self.title = title
    }

    /// What the page writes into `<pre id="check">` when opened with `#check`: one line per
    /// drawn node (`node PATH KIND`), then one line per step (`step N #SEQ CAUSE visible=PATH
    /// route=PATH,PATH events=EVENT|EVENT`) as the page showed it.
    public var checkReport: String {
        var lines = diagram.nodes.map {
            "node \(Self.shownPath($0)) \(StepDiagram.printable($0.kindName))"
        }
        for (index, step) in steps.enumerated() {
            lines.append(
                "step \(index) #\(step.sequence) \(step.cause) visible=\(step.visible) "
                    + "route=\(step.route.joined(separator: ",")) "
                    + "events=\(step.events.joined(separator: "|"))")
        }
        return lines.joined(separator: "\n")
    }

    /// The page.
    ///
    /// The template is filled in one pass: text put into it is never read again for
    /// placeholders. Keys, ids, styles and the title are escaped for HTML text and attribute
    /// values; the session is JSON with `<`, `>`, `&`, U+2028 and U+2029 written as `\u`
    /// escapes, so that nothing in it can end or change the state of its script element.
    /// - Complexity: O(*n* + *s*) for *n* nodes and a session of size *s*.
    ///
    /// Its Content-Security-Policy lets only the page's own script and style sheet apply, by
    /// their hashes: a script that got in some other way would not run.
    public var html: String {
        Self.template.filled([
            "policy": Self.contentSecurityPolicy,
            "style": Self.styleSheet,
            "script": Self.script,
            "title": Self.escape(StepDiagram.printable(title)),
            "svg": drawing(),
            "session": Self.scriptJSON(steps),
        ])
    }

    /// The page's policy: nothing loads, and only its own script and style sheet apply.
    ///
    /// The session is a data block (`type="application/json"`), which no policy needs to allow:
    /// the browser never runs it.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src '\(hashSource(script))'; "
        + "style-src '\(hashSource(styleSheet))'; base-uri 'none'; form-action 'none'"

    /// The hash source of `text` in a policy: `sha256-` and its digest in Base64.
    static func hashSource(_ text: String) -> String {
        "sha256-" + Data(SHA256.digest(text.utf8)).base64EncodedString()
    }

    /// `steps` as JSON that can stand inside a `<script>` element.
    ///
    /// The characters that the HTML parser reads there (`<`, `>`, `&`) and those that end a
    /// line in older JavaScript (U+2028, U+2029) are written as `\u` escapes. JSON has them
    /// only inside strings, where the escape means the same character.
    static func scriptJSON(_ steps: [Step]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(steps) else { return "[]" }
        return escaping(String(decoding: data, as: UTF8.self)) { scalar in
            switch scalar {
            case "<": "\\u003c"
            case ">": "\\u003e"
            case "&": "\\u0026"
            case "\u{2028}": "\\u2028"
            case "\u{2029}": "\\u2029"
            default: nil
            }
        }
    }

    /// The path of `node` as the page shows it and the step-through matches it.
    static func shownPath(_ node: StepDiagram.Node) -> String {
        StepDiagram.printable(node.path.description)
    }

    // MARK: Drawing

    static let rowHeight = 30
    static let indent = 26

    /// The SVG of the map, one row per node, indented by depth.
    private func drawing() -> String {
        let nodes = diagram.nodes
        let labels = nodes.map { $0.parent == nil ? "/" : StepDiagram.printable($0.segment) }
        let kinds = nodes.map {
            StepDiagram.printable($0.parent == nil ? diagram.rootType : $0.kindName)
        }
        let widths = nodes.indices.map { 24 + 8 * (labels[$0].count + kinds[$0].count) + 16 }
        let width =
            nodes.indices.map { $0 == 0 ? 60 : 12 + nodes[$0].depth * Self.indent + widths[$0] }
            .max() ?? 200
        var parts = [
            "<svg id=\"map\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width + 20)\" "
                + "height=\(quoted(nodes.count * Self.rowHeight + 10)) role=\"img\">"
        ]
        // An edge runs down from the previous sibling's row (or the parent), so that edges of
        // different styles do not overlap; the route's run from the parent, drawn on top, so
        // that the selected path reads at a glance.
        var previousSibling: [Int: Int] = [:]
        var edges: [String] = []
        var routeEdges: [String] = []
        for (index, node) in nodes.enumerated() {
            guard let parent = node.parent else { continue }
            let x = 12 + nodes[parent].depth * Self.indent + 10
            let fromParent = parent * Self.rowHeight + 27
            let top =
                node.isOnRoute
                ? fromParent
                : previousSibling[parent].map { $0 * Self.rowHeight + 16 } ?? fromParent
            previousSibling[parent] = index
            let y = index * Self.rowHeight + 16
            let edge =
                "<path class=\(quoted(edgeClass(node))) data-path=\(quoted(Self.shownPath(node))) "
                + "d=\"M\(x) \(top) V\(y) H\(x + Self.indent - 10)\"/>"
            if node.isOnRoute { routeEdges.append(edge) } else { edges.append(edge) }
        }
        parts += edges + routeEdges
        for (index, node) in nodes.enumerated() {
            let x = 12 + node.depth * Self.indent
            let y = index * Self.rowHeight + 5
            let label = labels[index]
            let kind = kinds[index]
            let classes =
                ["node", "layer-\(StepDiagram.layerClass(node))", "kind-\(kindClass(node))"]
                + marks(node)
            parts.append(
                "<g class=\(quoted(classes.joined(separator: " "))) "
                    + "data-path=\(quoted(Self.shownPath(node))) "
                    + "data-kind=\(quoted(StepDiagram.printable(node.kindName))) "
                    + "transform=\"translate(\(x) \(y))\">"
                    + "<rect width=\(quoted(node.parent == nil ? 60 + 8 * kind.count : widths[index])) "
                    + "height=\"22\"/>"
                    + "<text x=\"10\" y=\"15\">\(Self.escape(label))</text>"
                    + "<text class=\"kind\" x=\(quoted(18 + 8 * label.count)) y=\"15\">"
                    + "\(Self.escape(kind))</text></g>")
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    private func marks(_ node: StepDiagram.Node) -> [String] {
        (node.isSelected ? ["selected"] : []) + (node.isOnRoute ? ["route"] : [])
            + (node.isVisible ? ["visible"] : [])
    }

    private func edgeClass(_ node: StepDiagram.Node) -> String {
        (["edge"] + marks(node)).joined(separator: " ")
    }

    private func kindClass(_ node: StepDiagram.Node) -> String {
        switch node.kind {
        case .present?: "present"
        default: node.kindName
        }
    }

    private func quoted(_ value: some CustomStringConvertible) -> String {
        "\"" + Self.escape(value.description) + "\""
    }

    /// `text` escaped for HTML text and double- or single-quoted attribute values, in one pass.
    static func escape(_ text: String) -> String {
        guard
            text.utf8.contains(where: {
                $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27
            })
        else { return text }
        return escaping(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            default: nil
            }
        }
    }
}
