import Foundation

/// One segment of a pattern, or the value of one query item.
enum DeepLinkPiece: Hashable, Sendable {
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

    /// The placeholder's name, or `nil` for a literal.
    var name: String? {
        switch self {
        case .literal: nil
        case .text(let name), .int(let name), .uuid(let name), .rest(let name): name
        }
    }

    /// Reads `<name>`, `<type:name>` or a literal.
    ///
    /// A pattern is read as bytes, as paths are: a combining mark after `/`, `<`, `:` or `>`
    /// makes one character with it, and must not hide it.
    init(_ text: Substring, in pattern: String) throws(DeepLinkPatternError) {
        func fail(_ reason: DeepLinkPatternError.Reason) -> DeepLinkPatternError {
            DeepLinkPatternError(pattern: pattern, reason: reason)
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
    static func isInteger(_ segment: String) -> Bool {
        var digits = Substring(segment).utf8
        if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            digits = digits.dropFirst()
        }
        return !digits.isEmpty && digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// Whether `segment` is an integer in the canonical text an `<int:…>` capture is written
    /// into a path with: what `String(Int)` gives, so no `+`, leading zero or `-0`.
    static func isCanonicalInteger(_ segment: String) -> Bool {
        Int(segment).map { String($0) == segment } ?? false
    }
}

/// A registered pattern, parsed: `product/<int:id>/reviews?sort=<order>`.
struct DeepLinkPattern: Sendable {
    /// The pattern as registered.
    let text: String
    /// The path segments.
    let segments: [DeepLinkPiece]
    /// The query items by name: each a placeholder (never a rest), required in a link.
    let query: [String: DeepLinkPiece]

    /// Every placeholder name, path first.
    var names: [String] {
        segments.compactMap(\.name) + query.keys.sorted().compactMap { query[$0]?.name }
    }

    /// Parses `text`.
    /// - Throws: ``DeepLinkPatternError`` naming the first problem.
    init(_ text: String) throws(DeepLinkPatternError) {
        func fail(_ reason: DeepLinkPatternError.Reason) -> DeepLinkPatternError {
            DeepLinkPatternError(pattern: text, reason: reason)
        }
        self.text = text
        let (path, queryText) =
            if let mark = text.utf8.firstIndex(of: UInt8(ascii: "?")) {
                (String(text[..<mark]), String(text[text.utf8.index(after: mark)...]))
            } else {
                (text, "")
            }
        guard !path.isEmpty else { throw fail(.emptyPattern) }
        var names = Set<String>()
        var segments: [DeepLinkPiece] = []
        for (index, part) in StepPath.split(path).enumerated() {
            guard !part.isEmpty else { throw fail(.emptySegment(index: index)) }
            let piece = try DeepLinkPiece(part, in: text)
            if let name = piece.name, !names.insert(name).inserted {
                throw fail(.duplicatePlaceholder(name))
            }
            if let last = segments.last, case .rest(let name) = last {
                throw fail(.restNotLast(name))
            }
            segments.append(piece)
        }
        var query: [String: DeepLinkPiece] = [:]
        for item in StepPath.split(queryText[...], at: "&") where !queryText.isEmpty {
            let parts = StepPath.split(item, at: "=", maxSplits: 1)
            guard parts.count == 2, StepPath.isValidSegment(parts[0]),
                query[String(parts[0])] == nil,
                parts[1].utf8.first == UInt8(ascii: "<")
            else { throw fail(.malformedQueryItem(String(item))) }
            let piece = try DeepLinkPiece(parts[1], in: text)
            guard let name = piece.name else { throw fail(.malformedQueryItem(String(item))) }
            if case .rest = piece { throw fail(.restNotLast(name)) }
            guard names.insert(name).inserted else { throw fail(.duplicatePlaceholder(name)) }
            query[String(parts[0])] = piece
        }
        self.segments = segments
        self.query = query
    }
}

/// A path with `<name>` segments filled from a link's captures: a route's target, or a screen
/// beneath it.
struct DeepLinkTemplate: Hashable, Sendable {
    enum Part: Hashable, Sendable {
        case key(String)
        case capture(String)
    }

    let text: String
    let parts: [Part]

    /// Parses `text` (`profile/friends/<id>`), whose placeholders must be among `names`.
    init(_ text: String, pattern: String, names: Set<String>) throws(DeepLinkPatternError) {
        func fail(_ reason: DeepLinkPatternError.Reason) -> DeepLinkPatternError {
            DeepLinkPatternError(pattern: pattern, reason: reason)
        }
        self.text = text
        let segments: [Substring]
        do {
            segments = try StepPath.parts(of: text)
        } catch {
            throw fail(.invalidTarget(text))
        }
        var parts: [Part] = []
        for segment in segments {
            if let inner = DeepLinkPiece.placeholder(segment), !inner.isEmpty {
                let name = String(inner)
                guard names.contains(name) else { throw fail(.unknownTargetPlaceholder(name)) }
                parts.append(.capture(name))
            } else {
                guard StepPath.isValidSegment(segment), !DeepLinkPiece.hasBracket(segment)
                else { throw fail(.invalidTarget(text)) }
                parts.append(.key(String(segment)))
            }
        }
        self.parts = parts
    }

    /// The names it uses.
    var names: Set<String> {
        Set(parts.compactMap { if case .capture(let name) = $0 { name } else { nil } })
    }

    /// The path for `match`: a `<rest:…>` capture fills as many segments as it holds.
    func path(for match: DeepLinkMatch) -> StepPath {
        StepPath(
            parts.flatMap { part -> [String] in
                switch part {
                case .key(let key): [key]
                case .capture(let name): match.segments(of: name)
                }
            })
    }

    /// The captures that fill this template to exactly `path`, or `nil`: a capture that is not
    /// the last part takes one segment, the last one takes the rest when it is a `rest`.
    func captures(in path: StepPath, restNames: Set<String>) -> [String: [String]]? {
        var captures: [String: [String]] = [:]
        var index = 0
        for (position, part) in parts.enumerated() {
            guard index < path.segments.count else { return nil }
            switch part {
            case .key(let key):
                guard StepPath.sameSegment(key, path.segments[index]) else { return nil }
                index += 1
            case .capture(let name):
                let isLast = position == parts.count - 1
                let taken =
                    isLast && restNames.contains(name)
                    ? Array(path.segments[index...]) : [path.segments[index]]
                if let earlier = captures[name], earlier != taken { return nil }
                captures[name] = taken
                index += taken.count
            }
        }
        return index == path.segments.count ? captures : nil
    }
}
