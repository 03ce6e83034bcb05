import Foundation

/// One segment of a pattern, or the value of one query item.
enum DeepLinkPiece: Hashable, Sendable {
    /// A literal key, compared exactly (by Unicode scalars).
    case literal(String)
    /// `<name>`: any one segment.
    case text(String)
    /// `<int:name>`: one segment written as an integer, `-?[0-9]+`.
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
    init(_ text: Substring, in pattern: String) throws(DeepLinkPatternError) {
        func fail(_ reason: DeepLinkPatternError.Reason) -> DeepLinkPatternError {
            DeepLinkPatternError(pattern: pattern, reason: reason)
        }
        guard text.hasPrefix("<") || text.hasSuffix(">") else {
            guard StepPath.isValidSegment(text), !text.contains("<"), !text.contains(">") else {
                throw fail(.invalidLiteral(String(text)))
            }
            self = .literal(String(text))
            return
        }
        guard text.hasPrefix("<"), text.hasSuffix(">"), text.count > 2 else {
            throw fail(.malformedPlaceholder(String(text)))
        }
        let pieces = text.dropFirst().dropLast().split(
            separator: ":", omittingEmptySubsequences: false)
        let name = String(pieces.last ?? "")
        guard pieces.count <= 2, StepPath.isValidSegment(name), !name.contains("<"),
            !name.contains(">")
        else { throw fail(.malformedPlaceholder(String(text))) }
        switch pieces.count == 2 ? String(pieces[0]) : nil {
        case nil: self = .text(name)
        case "int": self = .int(name)
        case "uuid": self = .uuid(name)
        case "rest": self = .rest(name)
        case let type?: throw fail(.unknownPlaceholderType(type))
        }
    }

    /// Whether `segment` has the form this typed placeholder requires (literals and text
    /// placeholders are checked elsewhere).
    static func isInteger(_ segment: String) -> Bool {
        var digits = Substring(segment)
        if digits.first == "-" { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
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
            if let mark = text.firstIndex(of: "?") {
                (String(text[..<mark]), String(text[text.index(after: mark)...]))
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
        for item in queryText.split(separator: "&", omittingEmptySubsequences: false)
        where !queryText.isEmpty {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, StepPath.isValidSegment(parts[0]),
                query[String(parts[0])] == nil,
                parts[1].hasPrefix("<")
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
            if segment.hasPrefix("<"), segment.hasSuffix(">"), segment.count > 2 {
                let name = String(segment.dropFirst().dropLast())
                guard names.contains(name) else { throw fail(.unknownTargetPlaceholder(name)) }
                parts.append(.capture(name))
            } else {
                guard StepPath.isValidSegment(segment), !segment.contains("<"),
                    !segment.contains(">")
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
