import Foundation
import StepTree

/// One segment of a pattern, or the value of one query item.
package enum DeepLinkPiece: Hashable, Sendable {
    /// A literal key, compared exactly (by Unicode scalars).
    case literal(String)
    /// `<name>`: any one segment.
    case text(String)
    /// `<int:name>`: one segment written as an integer, `[+-]?[0-9]+`.
    case int(String)
    /// `<uuid:name>`: one segment that reads as a `UUID`.
    case uuid(String)
    /// `<rest:name>`: one or more segments, to the end of the path.
    case rest(String)
    /// `prefix<name>`, `prefix<int:name>` or `prefix<uuid:name>`: one segment that starts with
    /// the literal prefix (compared by bytes), whose rest, not empty, the placeholder captures.
    indirect case prefixed(String, DeepLinkPiece)

    /// The placeholder's name, or `nil` for a literal.
    package var name: String? {
        switch self {
        case .literal: nil
        case .text(let name), .int(let name), .uuid(let name), .rest(let name): name
        case .prefixed(_, let inner): inner.name
        }
    }

    /// The placeholder without its prefix.
    package var unprefixed: DeepLinkPiece {
        if case .prefixed(_, let inner) = self { inner } else { self }
    }

    /// Reads `<name>`, `<type:name>`, `prefix<name>`, `prefix<type:name>` or a literal.
    ///
    /// A pattern is read as bytes, as paths are: a combining mark after `/`, `<`, `:` or `>`
    /// makes one character with it, and must not hide it.
    init(_ text: Substring, in pattern: String) throws(DeepLinkError) {
        func fail(_ reason: DeepLinkError.Reason) -> DeepLinkError {
            DeepLinkError(pattern: pattern, reason: reason)
        }
        if let open = text.utf8.firstIndex(of: UInt8(ascii: "<")), open != text.utf8.startIndex,
            text.utf8.last == UInt8(ascii: ">")
        {
            let prefix = Substring(text.utf8[..<open])
            guard StepPath.isValidSegment(prefix), !Self.hasBracket(prefix) else {
                throw fail(.invalidLiteral(String(prefix)))
            }
            let inner = try Self(Substring(text.utf8[open...]), in: pattern)
            switch inner {
            case .text, .int, .uuid: self = .prefixed(String(prefix), inner)
            case .rest(let name): throw fail(.restNotLast(name))
            case .literal, .prefixed: throw fail(.malformedPlaceholder(String(text)))
            }
            return
        }
        guard let inner = Self.placeholder(text) else {
            guard StepPath.isValidSegment(text), !Self.hasBracket(text) else {
                throw fail(
                    Self.looksLikePlaceholder(text)
                        ? .malformedPlaceholder(String(text)) : .invalidLiteral(String(text)))
            }
            self = .literal(String(text))
            return
        }
        let pieces = StepPath.split(inner, at: ":")
        let name = String(pieces.last ?? "")
        guard !inner.isEmpty, pieces.count <= 2, StepPath.isValidSegment(name),
            !Self.hasBracket(name)
        else { throw fail(.malformedPlaceholder(String(text))) }
        switch pieces.count == 2 ? String(pieces[0]) : nil {
        case nil: self = .text(name)
        case "int": self = .int(name)
        case "uuid": self = .uuid(name)
        case "rest": self = .rest(name)
        case let type?: throw fail(.unknownPlaceholderType(type))
        }
    }

    /// The inside of `<…>`, or `nil` when `text` is not bracketed.
    static func placeholder(_ text: Substring) -> Substring? {
        let bytes = text.utf8
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "<"), bytes.last == UInt8(ascii: ">")
        else { return nil }
        return Substring(bytes.dropFirst().dropLast())
    }

    /// Whether `text` opens or closes like a placeholder.
    static func looksLikePlaceholder(_ text: Substring) -> Bool {
        text.utf8.first == UInt8(ascii: "<") || text.utf8.last == UInt8(ascii: ">")
    }

    /// Whether `text` holds a `<` or a `>` byte.
    static func hasBracket(_ text: some StringProtocol) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }
    }

    /// Whether `segment` is written as an integer, `[+-]?[0-9]+`, as `<int:…>` requires.
    static func isInteger(_ segment: some StringProtocol) -> Bool {
        var digits = Substring(segment).utf8
        if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            digits = digits.dropFirst()
        }
        return !digits.isEmpty && digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// Whether `segment` is an integer in the canonical text an `<int:…>` capture is written
    /// into a path with: what `String(Int)` gives, so no `+`, leading zero or `-0`.
    package static func isCanonicalInteger(_ segment: String) -> Bool {
        Int(segment).map { String($0) == segment } ?? false
    }
}

/// Which links a pattern takes, by the origin its text starts with.
enum DeepLinkScope: Hashable, Sendable {
    /// No origin: a link from any origin the router accepts.
    case any
    /// `scheme://…`: a link with this custom scheme (in lower case).
    case scheme(String)
    /// `https://host/…`: a universal link to this host (a name as ``DeepLinkHost`` reads it).
    case host(String)
    /// `https://*.suffix/…` or `https://*/…`: a universal link to a host that ends with the
    /// suffix (`.suffix`, a name as ``DeepLinkHost`` reads it; `""` for `*`) after at least one
    /// byte.
    case wildcard(String)
    /// `https://<name>/…`: a universal link to any host, captured.
    case anyHost
    /// `scheme://host/…` for a custom scheme with hosts (``DeepLinkOrigin/schemeHost(_:host:)``):
    /// a link with this scheme and host (both in lower case).
    case schemeHost(String, host: String)
    /// `scheme://*.suffix/…` or `scheme://*/…` for a custom scheme with hosts: a link with this
    /// scheme to a host that ends with the suffix after at least one byte.
    case schemeWildcard(String, suffix: String)

    /// Whether its links have a host: a pattern with no segment is then the host's root.
    var hasHost: Bool {
        switch self {
        case .any, .scheme: false
        case .host, .wildcard, .anyHost, .schemeHost, .schemeWildcard: true
        }
    }
}

/// A registered pattern, parsed: `product/<int:id>/reviews?sort=<order>`, optionally after an
/// origin: `myapp://status/<int:id>`, `https://<server>/@<user>`.
package struct DeepLinkPattern: Sendable {
    /// The pattern as registered.
    package let text: String
    /// The links it takes, by origin.
    let scope: DeepLinkScope
    /// The name of the host's placeholder in `https://<name>/…`.
    let hostName: String?
    /// The path segments.
    let segments: [DeepLinkPiece]
    /// The query items by name: each a placeholder (never a rest), required in a link unless
    /// its name is in ``optional``.
    let query: [String: DeepLinkPiece]
    /// The names of the optional query items' placeholders, written `<name?>`, and of the
    /// repeated ones (which may be missing too).
    package let optional: Set<String>
    /// The names of the repeated query items' placeholders, written `<name*>`: an item the link
    /// may give any number of times, whose values fill a list.
    package let repeated: Set<String>
    /// The field of a screen each capture written `<name as field>` fills, by capture name.
    ///
    /// `_` for a capture no screen reads (`<name as _>`); any other capture fills its own name.
    package let fields: [String: String]

    /// Every placeholder name: the host's, the path's, then the query's by item name; an
    /// ignored `<_>` has none.
    package var names: [String] {
        ((hostName.map { [$0] } ?? []) + segments.compactMap(\.name)
            + query.keys.sorted().compactMap { query[$0]?.name })
            .filter { $0 != DeepLinkPattern.ignored }
    }

    /// The name of a capture no screen reads: `<_>`, `<int:_>`; as a field, `<name as _>`.
    package static let ignored = "_"

    /// The field capture `name` fills, or `nil` when it is ignored.
    package func field(of name: String) -> String? {
        let field = fields[name] ?? name
        return field == Self.ignored ? nil : field
    }

    /// The names of the required query items, and of the optional ones: what tells two
    /// patterns of the same path apart.
    var querySignature: [Set<String>] {
        let optionalItems = Set(query.filter { optional.contains($0.value.name ?? "") }.keys)
        return [Set(query.keys).subtracting(optionalItems), optionalItems]
    }

    /// Every placeholder by name, without prefixes: the host's is untyped text.
    package var placeholders: [String: DeepLinkPiece] {
        var found: [String: DeepLinkPiece] = [:]
        if let hostName { found[hostName] = .text(hostName) }
        for piece in segments + Array(query.values) {
            if let name = piece.name { found[name] = piece.unprefixed }
        }
        return found
    }

    /// Parses `text`.
    /// - Parameters:
    ///   - text: The pattern.
    ///   - hostSchemes: The custom schemes (in lower case) whose authority is a host: after
    ///     `scheme://` comes a host, as after `https://`.
    /// - Throws: ``DeepLinkError`` naming the pattern and its first problem.
    package init(_ text: String, hostSchemes: Set<String> = []) throws(DeepLinkError) {
        func fail(_ reason: DeepLinkError.Reason) -> DeepLinkError {
            DeepLinkError(pattern: text, reason: reason)
        }
        self.text = text
        let (scope, hostName, rest) = try Self.origin(of: text, hostSchemes: hostSchemes)
        self.scope = scope
        self.hostName = hostName
        let (path, queryText) =
            if let mark = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
                (
                    Substring(rest.utf8[..<mark]),
                    Substring(rest.utf8[rest.utf8.index(after: mark)...])
                )
            } else {
                (rest, Substring())
            }
        // A host's root (`https://example.com/`) is a pattern with no segment.
        let hasHost = hostName != nil || scope.hasHost
        guard !path.isEmpty || hasHost else { throw fail(.emptyPattern) }
        var names = Set(hostName.map { [$0] } ?? [])
        var fields: [String: String] = [:]
        var optional: Set<String> = []
        var repeated: Set<String> = []
        var segments: [DeepLinkPiece] = []
        for (index, written) in StepPath.split(path).enumerated() where !path.isEmpty {
            guard !written.isEmpty else { throw fail(.emptySegment(index: index)) }
            // `?` starts the query, so a segment cannot be written optional.
            let (part, field, _, isRepeated) = try Self.annotations(of: written, in: text)
            if isRepeated { throw fail(.malformedPlaceholder(String(written))) }
            let piece = try DeepLinkPiece(part, in: text)
            if let name = piece.name, name != Self.ignored, !names.insert(name).inserted {
                throw fail(.duplicatePlaceholder(name))
            }
            if let name = piece.name, let field { fields[name] = field }
            if let last = segments.last, case .rest(let name) = last {
                throw fail(.restNotLast(name))
            }
            segments.append(piece)
        }
        var query: [String: DeepLinkPiece] = [:]
        for item in StepPath.split(queryText, at: "&") where !queryText.isEmpty {
            let parts = StepPath.split(item, at: "=", maxSplits: 1)
            guard parts.count == 2, StepPath.isValidSegment(parts[0]),
                query[String(parts[0])] == nil,
                parts[1].utf8.first == UInt8(ascii: "<")
            else { throw fail(.malformedQueryItem(String(item))) }
            let (value, field, isOptional, isRepeated) = try Self.annotations(
                of: parts[1], in: text)
            let piece = try DeepLinkPiece(value, in: text)
            // An ignored query item would be a name no link needs: leave it out instead.
            guard let name = piece.name, name != Self.ignored else {
                throw fail(.malformedQueryItem(String(item)))
            }
            if case .rest = piece { throw fail(.restNotLast(name)) }
            guard names.insert(name).inserted else { throw fail(.duplicatePlaceholder(name)) }
            if let field { fields[name] = field }
            if isOptional || isRepeated { optional.insert(name) }
            if isRepeated { repeated.insert(name) }
            query[String(parts[0])] = piece
        }
        self.segments = segments
        self.query = query
        self.optional = optional
        self.repeated = repeated
        self.fields = fields
    }

    /// A segment or query value without the annotations of its placeholder: the field it
    /// fills (`<slug as project>`, `<int:id as _>`), whether it is optional (`<name?>`,
    /// `<int:n? as page>`) or repeated (`<tags*>`; only a query item may be either).
    /// - Throws: ``DeepLinkError/Reason/malformedPlaceholder(_:)`` for an annotation that
    ///   names no field.
    private static func annotations(of part: Substring, in pattern: String) throws(DeepLinkError)
        -> (Substring, field: String?, optional: Bool, repeated: Bool)
    {
        let bytes = part.utf8
        guard bytes.last == UInt8(ascii: ">"), let open = bytes.lastIndex(of: UInt8(ascii: "<"))
        else { return (part, nil, false, false) }
        var inner = Substring(bytes[bytes.index(after: open)..<bytes.index(before: bytes.endIndex)])
        var field: String?
        if let range = inner.range(of: " as ") {
            let name = String(inner[range.upperBound...])
            guard name == Self.ignored || DeepLinkTemplate.isFieldName(name) else {
                throw DeepLinkError(pattern: pattern, reason: .malformedPlaceholder(String(part)))
            }
            field = name
            inner = inner[..<range.lowerBound]
        }
        let isOptional = inner.utf8.last == UInt8(ascii: "?")
        let isRepeated = inner.utf8.last == UInt8(ascii: "*")
        if isOptional || isRepeated { inner = Substring(inner.utf8.dropLast()) }
        guard field != nil || isOptional || isRepeated else { return (part, nil, false, false) }
        // `<?>`, `< as x>`: an annotation of no placeholder.
        guard !inner.isEmpty, inner.utf8.last != UInt8(ascii: ":") else {
            throw DeepLinkError(pattern: pattern, reason: .malformedPlaceholder(String(part)))
        }
        let written = String(Substring(bytes[...open])) + String(inner) + ">"
        return (Substring(written), field, isOptional, isRepeated)
    }

    /// The origin `text` starts with, and the rest of it: `scheme://` (before the first `/`,
    /// a `:` and then `//`) or `https://host/`; none when the first `/` does not follow a `:`.
    private static func origin(of text: String, hostSchemes: Set<String>)
        throws(DeepLinkError) -> (
            DeepLinkScope, String?, Substring
        )
    {
        func fail(_ reason: DeepLinkError.Reason) -> DeepLinkError {
            DeepLinkError(pattern: text, reason: reason)
        }
        let bytes = text.utf8
        guard let slash = bytes.firstIndex(of: UInt8(ascii: "/")), slash != bytes.startIndex,
            bytes[bytes.index(before: slash)] == UInt8(ascii: ":")
        else { return (.any, nil, text[...]) }
        let colon = bytes.index(before: slash)
        let after = bytes.index(after: slash)
        // `a:/b` is a path whose first segment is `a:`; `a://b` has an origin.
        guard after < bytes.endIndex, bytes[after] == UInt8(ascii: "/") else {
            return (.any, nil, text[...])
        }
        let scheme = String(Substring(bytes[..<colon])).lowercased()
        let written = String(Substring(bytes[...after]))
        guard let first = scheme.utf8.first, Self.isLetter(first),
            scheme.utf8.allSatisfy({
                Self.isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || "+-.".utf8.contains($0)
            })
        else { throw fail(.malformedOrigin(written)) }
        let start = bytes.index(after: after)
        let isHTTPS = scheme == "https"
        guard isHTTPS || hostSchemes.contains(scheme) else {
            return (.scheme(scheme), nil, Substring(bytes[start...]))
        }
        guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "/")) else {
            throw fail(.malformedOrigin(text))
        }
        let host = Substring(bytes[start..<end])
        let rest = Substring(bytes[bytes.index(after: end)...])
        let origin = String(Substring(bytes[..<end])) + "/"
        if host.utf8.first == UInt8(ascii: "<"), isHTTPS {
            guard case .text(let name) = try DeepLinkPiece(host, in: text) else {
                throw fail(.malformedOrigin(origin))
            }
            return (.anyHost, name, rest)
        }
        if host.utf8.elementsEqual("*".utf8) {
            return (isHTTPS ? .wildcard("") : .schemeWildcard(scheme, suffix: ""), nil, rest)
        }
        // Read as a link's host is, but not decoded: checked as written, then lowered (the
        // Kelvin sign, lowered first, would have passed as `k`).
        let wildcard = host.utf8.starts(with: "*.".utf8)
        guard let name = DeepLinkHost.name(Substring(host.utf8.dropFirst(wildcard ? 2 : 0)))
        else { throw fail(.malformedOrigin(origin)) }
        guard isHTTPS else {
            let scope: DeepLinkScope =
                wildcard
                ? .schemeWildcard(scheme, suffix: "." + name) : .schemeHost(scheme, host: name)
            return (scope, nil, rest)
        }
        return wildcard ? (.wildcard("." + name), nil, rest) : (.host(name), nil, rest)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
