import Foundation
import StepTree

extension StepDiagram {
    /// The tree as a Mermaid flowchart, to paste into docs that render Mermaid.
    ///
    /// Each node is labelled with its key and kind and gets the class of its layer (`content`,
    /// `push`, `modal`); the selected route is drawn with thick arrows, selections kept off the
    /// route with plain ones, steps not selected with dotted ones, and the visible screen has the
    /// class `visible`.
    /// - Complexity: O(*n*) for *n* nodes.
    public var mermaid: String {
        var lines = ["flowchart TD"]
        for (index, node) in nodes.enumerated() {
            lines.append(
                "    n\(index)[\"\(label(node, separator: "<br/>", escape: Self.mermaidText))\"]")
        }
        for (index, node) in nodes.enumerated() {
            guard let parent = node.parent else { continue }
            let arrow = node.isOnRoute ? "==>" : node.isSelected ? "-->" : "-.->"
            lines.append("    n\(parent) \(arrow) n\(index)")
        }
        for (name, style) in Self.classStyles {
            lines.append("    classDef \(name) \(style.mermaid)")
        }
        for (name, members) in classMembers() where !members.isEmpty {
            lines.append("    class \(members.map { "n\($0)" }.joined(separator: ",")) \(name)")
        }
        return lines.joined(separator: "\n")
    }

    /// The tree as a Graphviz DOT digraph (`dot -Tsvg`), with the same marks as ``mermaid``.
    /// - Complexity: O(*n*) for *n* nodes.
    public var dot: String {
        var lines = [
            "digraph StepTree {",
            "    rankdir=LR;",
            "    node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\"];",
        ]
        let styles = Dictionary(uniqueKeysWithValues: Self.classStyles)
        for (index, node) in nodes.enumerated() {
            let style = styles[Self.layerClass(node)] ?? Self.classStyles[0].style
            var attributes = [
                "label=\"\(label(node, separator: "\\n", escape: Self.dotText))\"",
                "fillcolor=\"\(node.isVisible ? Self.visibleFill : style.fill)\"",
                "color=\"\(style.stroke)\"",
            ]
            if node.isOnRoute { attributes.append("penwidth=2.5") }
            lines.append("    n\(index) [\(attributes.joined(separator: ", "))];")
        }
        for (index, node) in nodes.enumerated() {
            guard let parent = node.parent else { continue }
            let style = node.isOnRoute ? "bold" : node.isSelected ? "solid" : "dashed"
            lines.append("    n\(parent) -> n\(index) [style=\(style)];")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// The text drawn in a node: its key (`/` for the root) and its kind, each escaped (and so
    /// printable).
    func label(_ node: Node, separator: String, escape: (String) -> String) -> String {
        node.parent == nil ? "/" : escape(node.segment) + separator + escape(node.kindName)
    }

    /// The colours of a class of nodes.
    struct ClassStyle {
        let fill: String
        let stroke: String

        var mermaid: String { "fill:\(fill),stroke:\(stroke)" }
    }

    /// The fill of the visible screen.
    static let visibleFill = "#ffe066"

    /// The classes of nodes by layer, the root's first, then the marks.
    static let classStyles: [(name: String, style: ClassStyle)] = [
        ("root", ClassStyle(fill: "#ffffff", stroke: "#555555")),
        ("content", ClassStyle(fill: "#e3efff", stroke: "#2f6fce")),
        ("push", ClassStyle(fill: "#e2f5e4", stroke: "#2b8a3e")),
        ("modal", ClassStyle(fill: "#f1e6fd", stroke: "#8142c9")),
        ("visible", ClassStyle(fill: visibleFill, stroke: "#b8860b")),
    ]

    /// The class of a node's layer: `root`, `content`, `push` or `modal`.
    static func layerClass(_ node: Node) -> String {
        node.layer.map { "\($0)" } ?? "root"
    }

    /// The nodes of every class, in the order of ``classStyles``.
    private func classMembers() -> [(String, [Int])] {
        Self.classStyles.map { name, _ in
            let members = nodes.indices.filter {
                name == "visible" ? nodes[$0].isVisible : Self.layerClass(nodes[$0]) == name
            }
            return (name, members)
        }
    }

    /// `text` in a quoted Mermaid label: printable (``printable(_:)``), with the characters
    /// Mermaid reads there (`#`, `"`, `<`, `>`, `&` and the backtick of a Markdown label)
    /// written as their entity codes.
    static func mermaidText(_ text: String) -> String {
        escaping(printable(text)) { scalar in
            switch scalar {
            case "#": "#35;"
            case "\"": "#quot;"
            case "<": "#lt;"
            case ">": "#gt;"
            case "&": "#amp;"
            case "`": "#96;"
            default: nil
            }
        }
    }

    /// `text` in a quoted DOT string: printable (``printable(_:)``), with `\` and `"`
    /// escaped, so that Graphviz reads no escape sequence (`\n`, `\N`) from it.
    static func dotText(_ text: String) -> String {
        var result = ""
        for scalar in printable(text).unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
