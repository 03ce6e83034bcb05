/// A strict reader of the HTML subset that ``NavigationMapPage`` writes, for checking that what
/// came from outside stays text: anything outside that subset is a problem, not something to
/// recover from as a browser would.
///
/// The subset: `<!DOCTYPE html>` first; start tags of lowercase names whose attributes are
/// lowercase names with double-quoted values, each after one space, ended by `>` or (empty SVG
/// elements) `/>`; end tags; text; `<title>` (text up to `</title>`), `<style>` and `<script>`
/// (raw text up to their end tag). In text and attribute values `<` and `>` never appear, `"`
/// never appears in a value, and `&` starts one of `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`.
/// No comments, no CDATA, no processing instructions, no other declarations.
public struct MapPageParser {
    /// One attribute, its value decoded.
    public struct Attribute: Hashable, Sendable {
        public let name: String
        public let value: String
    }

    /// One piece of the page.
    public enum Token: Hashable, Sendable {
        /// A start tag; `empty` when written `/>`.
        case start(String, [Attribute], empty: Bool)
        /// An end tag.
        case end(String)
        /// Text, its references decoded.
        case text(String)
        /// The raw content of a `<style>` or `<script>` element.
        case raw(String)
    }

    /// Why the page is outside the subset.
    public struct Problem: Error, CustomStringConvertible {
        /// What is wrong.
        public let message: String
        /// Where, in Unicode scalars from the start.
        public let offset: Int

        public var description: String { "\(message) at scalar \(offset)" }
    }

    /// The tokens, in order.
    public private(set) var tokens: [Token] = []

    private let text: [Unicode.Scalar]
    private var position = 0

    /// Reads `html`, checking that its elements nest (`<meta>` has no end tag).
    /// - Throws: ``Problem`` for anything outside the subset.
    /// - Complexity: O(*n*) for a page of *n* characters.
    public init(_ html: String) throws(Problem) {
        text = Array(html.unicodeScalars)
        try expect("<!DOCTYPE html>")
        var open: [String] = []
        while position < text.count {
            if text[position] == "<" {
                if peek(1) == "/" {
                    let name = try endTag()
                    guard open.last == name else {
                        throw fail("</\(name)> closes <\(open.last ?? "nothing")>")
                    }
                    open.removeLast()
                    tokens.append(.end(name))
                    continue
                }
                let (name, attributes, empty) = try startTag()
                tokens.append(.start(name, attributes, empty: empty))
                if empty || name == "meta" { continue }
                switch name {
                case "script", "style":
                    tokens.append(.raw(try rawText(until: "</\(name)>")))
                    tokens.append(.end(name))
                case "title":
                    tokens.append(.text(try characters(until: "</title>")))
                    tokens.append(.end(name))
                default:
                    open.append(name)
                }
            } else {
                tokens.append(.text(try characters(until: nil)))
            }
        }
        guard open.isEmpty else { throw fail("<\(open.last ?? "")> is not closed") }
    }

    private func fail(_ message: String) -> Problem {
        Problem(message: message, offset: position)
    }

    private func peek(_ ahead: Int) -> Unicode.Scalar? {
        position + ahead < text.count ? text[position + ahead] : nil
    }

    private func starts(with literal: String, at index: Int) -> Bool {
        var index = index
        for scalar in literal.unicodeScalars {
            guard index < text.count, text[index] == scalar else { return false }
            index += 1
        }
        return true
    }

    private mutating func expect(_ literal: String) throws(Problem) {
        guard starts(with: literal, at: position) else { throw fail("expected '\(literal)'") }
        position += literal.unicodeScalars.count
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
        switch scalar {
        case "a"..."z": true
        case "0"..."9", "-": !first
        default: false
        }
    }

    private mutating func name() throws(Problem) -> String {
        var result = ""
        while position < text.count, Self.isNameScalar(text[position], first: result.isEmpty) {
            result.unicodeScalars.append(text[position])
            position += 1
        }
        guard !result.isEmpty else { throw fail("expected a lowercase name") }
        return result
    }

    private mutating func endTag() throws(Problem) -> String {
        try expect("</")
        let name = try name()
        try expect(">")
        return name
    }

    private mutating func startTag() throws(Problem) -> (String, [Attribute], Bool) {
        try expect("<")
        guard let first = peek(0), Self.isNameScalar(first, first: true) else {
            throw fail("markup that is not a tag ('<' then '\(peek(0).map(String.init) ?? "")')")
        }
        let tag = try name()
        var attributes: [Attribute] = []
        while true {
            if starts(with: ">", at: position) {
                position += 1
                return (tag, attributes, false)
            }
            if starts(with: "/>", at: position) {
                position += 2
                return (tag, attributes, true)
            }
            try expect(" ")
            let attribute = try name()
            try expect("=\"")
            let value = try characters(until: "\"")
            guard !attributes.contains(where: { $0.name == attribute }) else {
                throw fail("attribute \(attribute) given twice")
            }
            attributes.append(Attribute(name: attribute, value: value))
        }
    }

    /// Text up to `end` (consumed) or, without one, up to the next `<`; references decoded.
    private mutating func characters(until end: String?) throws(Problem) -> String {
        var result = ""
        while position < text.count {
            if let end, starts(with: end, at: position) {
                position += end.unicodeScalars.count
                return result
            }
            let scalar = text[position]
            switch scalar {
            case "<":
                if end == nil { return result }
                throw fail("'<' in text or a value")
            case ">": throw fail("'>' in text or a value")
            case "\"" where end != "\"":
                throw fail("'\"' outside a value is allowed only as &quot;")
            case "&": result.unicodeScalars.append(try reference())
            default:
                result.unicodeScalars.append(scalar)
                position += 1
            }
        }
        if let end { throw fail("no '\(end)'") }
        return result
    }

    private mutating func reference() throws(Problem) -> Unicode.Scalar {
        let references: [(String, Unicode.Scalar)] = [
            ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"),
        ]
        for (literal, scalar) in references where starts(with: literal, at: position) {
            position += literal.unicodeScalars.count
            return scalar
        }
        throw fail("'&' that starts none of the page's references")
    }

    /// The raw text of a script or style element, up to `end` (consumed): nothing in it may
    /// start a comment or another script, which would change where the element ends.
    private mutating func rawText(until end: String) throws(Problem) -> String {
        var result = ""
        while position < text.count {
            if starts(with: end, at: position) {
                position += end.unicodeScalars.count
                return result
            }
            if text[position] == "<" {
                let rest = String(
                    String.UnicodeScalarView(text[position..<min(text.count, position + 8)])
                )
                .lowercased()
                if rest.hasPrefix("<!--") || rest.hasPrefix("<script") || rest.hasPrefix("</") {
                    throw fail("'\(rest)' inside a raw text element")
                }
            }
            result.unicodeScalars.append(text[position])
            position += 1
        }
        throw fail("no '\(end)'")
    }
}
