import Foundation
import StepTree
import StepTreeTools

/// Checks that a ``NavigationMapPage`` shows the text it was given and nothing of it runs: the
/// page reads with ``MapPageParser`` (so nothing in it is a tag, a comment or script that the
/// page did not write itself), everything outside the drawing is the template's own (the same
/// as a page of an empty tree, but for the title), the drawing has exactly one group per node
/// and one edge per child with the attributes the renderer writes, each text and each
/// `data-path`/`data-kind` value equals the node's key, kind or path as the page shows it
/// (``StepDiagram/printable(_:)``), and the session's script holds JSON that decodes to
/// exactly the page's steps.
public enum MapPageCheck {
    /// What is wrong with `page.html`; empty when nothing is.
    /// - Complexity: O(*n*) for a page of *n* characters.
    public static func problems(_ page: NavigationMapPage) -> [String] {
        let html = page.html
        let tokens: [MapPageParser.Token]
        do {
            tokens = try MapPageParser(html).tokens
        } catch {
            return ["the page is outside the subset it is written in: \(error)"]
        }
        guard let svgStart = tokens.firstIndex(where: { isStart($0, "svg") }),
            let svgEnd = tokens.firstIndex(of: .end("svg"))
        else { return ["the page has no drawing"] }
        var problems: [String] = []
        let reference = referenceTokens
        if let refStart = reference.firstIndex(where: { isStart($0, "svg") }),
            let refEnd = reference.firstIndex(of: .end("svg"))
        {
            problems += compareFrame(
                Array(tokens[..<svgStart]) + Array(tokens[(svgEnd + 1)...]),
                with: Array(reference[..<refStart]) + Array(reference[(refEnd + 1)...]),
                page: page)
        } else {
            problems.append("the reference page has no drawing")
        }
        problems += checkDrawing(Array(tokens[svgStart...svgEnd]), page: page)
        return problems
    }

    /// The tokens of the page of an empty tree with no session: the template's frame.
    private static let referenceTokens: [MapPageParser.Token] = {
        do {
            let leaf = try StepSchema(jsonObject: [String: Any]())
            return try MapPageParser(NavigationMapPage(DynamicSteps(schema: leaf)).html).tokens
        } catch {
            fatalError("the reference page does not read: \(error)")
        }
    }()

    private static func isStart(_ token: MapPageParser.Token, _ tag: String) -> Bool {
        if case .start(tag, _, _) = token { true } else { false }
    }

    /// The page outside the drawing against the reference page: equal but for the title's
    /// text (in `<title>` and `<h1>`) and the session's JSON.
    private static func compareFrame(
        _ tokens: [MapPageParser.Token], with reference: [MapPageParser.Token],
        page: NavigationMapPage
    ) -> [String] {
        let tokens = withTitleTexts(tokens)
        let reference = withTitleTexts(reference)
        guard tokens.count == reference.count else {
            return [
                "the page outside the drawing has \(tokens.count) tokens, not \(reference.count)"
            ]
        }
        let title = StepDiagram.printable(page.title)
        var problems: [String] = []
        for index in tokens.indices where tokens[index] != reference[index] {
            let previous = index > 0 ? tokens[index - 1] : nil
            switch (previous, tokens[index]) {
            case (.start("title", [], empty: false)?, .text(let text)),
                (.start("h1", [], empty: false)?, .text(let text)):
                if text != title { problems.append("the title reads \(text.debugDescription)") }
            case (.start("script", let attributes, empty: false)?, .raw(let json))
            where attributes == [
                .init(name: "type", value: "application/json"), .init(name: "id", value: "session"),
            ]:
                problems += checkSession(json, page: page)
            default:
                problems.append(
                    "token \(index) outside the drawing is \(tokens[index]), not \(reference[index])"
                )
            }
        }
        return problems
    }

    /// `tokens` with an empty text in a `<title>` or `<h1>` that has none, so that pages of
    /// titles empty and not line up.
    private static func withTitleTexts(_ tokens: [MapPageParser.Token]) -> [MapPageParser.Token] {
        var result: [MapPageParser.Token] = []
        for token in tokens {
            if case .end(let tag) = token, tag == "title" || tag == "h1",
                result.last == .start(tag, [], empty: false)
            {
                result.append(.text(""))
            }
            result.append(token)
        }
        return result
    }

    private static func checkSession(_ json: String, page: NavigationMapPage) -> [String] {
        let raw = json.unicodeScalars.filter { "<>&\u{2028}\u{2029}".unicodeScalars.contains($0) }
        guard raw.isEmpty else {
            return [
                "the session's JSON has \(String(String.UnicodeScalarView(raw)).debugDescription) unescaped"
            ]
        }
        guard
            let steps = try? JSONDecoder().decode(
                [NavigationMapPage.Step].self, from: Data(json.utf8))
        else { return ["the session's JSON does not decode"] }
        return steps == page.steps ? [] : ["the session's JSON decodes to other steps"]
    }

    /// The drawing: the SVG element, an edge per child, then a group per node.
    private static func checkDrawing(_ tokens: [MapPageParser.Token], page: NavigationMapPage)
        -> [String]
    {
        // Text between the drawing's elements is line breaks only.
        var items: [MapPageParser.Token] = []
        for token in tokens {
            if case .text(let text) = token, text.allSatisfy({ $0 == "\n" }) { continue }
            items.append(token)
        }
        let nodes = page.diagram.nodes
        let children = nodes.filter { $0.parent != nil }
        let edges = children.filter { !$0.isOnRoute } + children.filter(\.isOnRoute)
        var expected: [Shape] = [
            .start(
                "svg",
                [
                    "id": .exactly("map"), "xmlns": .exactly("http://www.w3.org/2000/svg"),
                    "width": .number, "height": .number, "role": .exactly("img"),
                ], ["id", "xmlns", "width", "height", "role"])
        ]
        for edge in edges {
            expected.append(
                .start(
                    "path",
                    [
                        "class": .classes(["edge", "selected", "route", "visible"]),
                        "data-path": .exactly(StepDiagram.printable(edge.path.description)),
                        "d": .drawing,
                    ], ["class", "data-path", "d"], empty: true))
        }
        for node in nodes {
            let label = node.parent == nil ? "/" : StepDiagram.printable(node.segment)
            let kind = StepDiagram.printable(
                node.parent == nil ? page.diagram.rootType : node.kindName)
            expected += [
                .start(
                    "g",
                    [
                        "class": .classes(nodeClasses),
                        "data-path": .exactly(StepDiagram.printable(node.path.description)),
                        "data-kind": .exactly(StepDiagram.printable(node.kindName)),
                        "transform": .drawing,
                    ], ["class", "data-path", "data-kind", "transform"]),
                .start(
                    "rect", ["width": .number, "height": .number], ["width", "height"], empty: true),
                .start("text", ["x": .number, "y": .number], ["x", "y"]), .text(label),
                .end("text"),
                .start(
                    "text", ["class": .exactly("kind"), "x": .number, "y": .number],
                    ["class", "x", "y"]),
                .text(kind), .end("text"), .end("g"),
            ]
        }
        expected.append(.end("svg"))
        guard items.count == expected.count else {
            return ["the drawing has \(items.count) pieces, not \(expected.count)"]
        }
        var problems: [String] = []
        for (item, shape) in zip(items, expected) {
            if let problem = shape.problem(item) { problems.append(problem) }
        }
        return problems
    }

    /// Every class a node's group may have.
    private static let nodeClasses = Set(["node", "selected", "route", "visible"])
        .union(["root", "content", "push", "modal"].map { "layer-" + $0 })
        .union(
            ["tab", "inline", "push", "stack", "element", "present", "root"].map { "kind-" + $0 })

    /// What an attribute value may be.
    private enum Value {
        case exactly(String)
        case number
        case drawing
        case classes(Set<String>)

        func allows(_ value: String) -> Bool {
            switch self {
            case .exactly(let expected): value == expected
            case .number: !value.isEmpty && value.allSatisfy(\.isASCII) && Int(value) != nil
            case .drawing:
                value.unicodeScalars.allSatisfy {
                    "0123456789 MVH()-".unicodeScalars.contains($0)
                        || "translate".unicodeScalars.contains($0)
                }
            case .classes(let allowed):
                value.split(separator: " ", omittingEmptySubsequences: false)
                    .allSatisfy { allowed.contains(String($0)) }
            }
        }
    }

    /// What one piece of the drawing must be.
    private enum Shape {
        case start(String, [String: Value], [String], empty: Bool = false)
        case text(String)
        case end(String)

        func problem(_ token: MapPageParser.Token) -> String? {
            switch (self, token) {
            case (
                .start(let tag, let values, let order, let empty),
                .start(let name, let attributes, let isEmpty)
            )
            where name == tag && isEmpty == empty:
                guard attributes.map(\.name) == order else {
                    return "<\(tag)> has attributes \(attributes.map(\.name)), not \(order)"
                }
                for attribute in attributes
                where !(values[attribute.name]?.allows(attribute.value) ?? false) {
                    return "<\(tag) \(attribute.name)> is \(attribute.value.debugDescription)"
                }
                return nil
            case (.text(let expected), .text(let text)):
                return text == expected
                    ? nil
                    : "a text reads \(text.debugDescription), not \(expected.debugDescription)"
            case (.end(let tag), .end(let name)) where name == tag:
                return nil
            default:
                return "the drawing has \(token) where \(self) belongs"
            }
        }
    }
}
