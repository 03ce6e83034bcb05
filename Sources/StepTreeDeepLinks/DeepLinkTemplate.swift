import Foundation
import StepTree

/// A path with `<name>` segments filled from a link's captures: a route's target, or a screen
/// beneath it; one written `./…` is relative to the selected tab.
package struct DeepLinkTemplate: Hashable, Sendable {
    package enum Part: Hashable, Sendable {
        case key(String)
        case capture(String)
    }

    package let text: String
    /// Whether it is written `./…`: relative to the selected tab.
    package let isRelative: Bool
    package let parts: [Part]

    /// Parses `text` (`profile/friends/<id>`, `./path/status`), whose placeholders must be
    /// among `names`.
    package init(_ text: String, pattern: String, names: Set<String>) throws(DeepLinkError) {
        func fail(_ reason: DeepLinkError.Reason) -> DeepLinkError {
            DeepLinkError(pattern: pattern, reason: reason)
        }
        self.text = text
        isRelative = text.utf8.starts(with: "./".utf8)
        let body = isRelative ? String(Substring(text.utf8.dropFirst(2))) : text
        let segments: [Substring]
        do {
            // `.//about` is no `./about`: the `/` a path may start with is not after `./`.
            guard !isRelative || body.utf8.first != UInt8(ascii: "/") else {
                throw StepPathError.emptySegment(index: 0)
            }
            segments = try StepPath.parts(of: body)
        } catch {
            throw fail(.malformedTarget(text))
        }
        var parts: [Part] = []
        for segment in segments {
            if let inner = DeepLinkPiece.placeholder(segment), !inner.isEmpty {
                let name = String(inner)
                guard names.contains(name) else { throw fail(.unknownTargetPlaceholder(name)) }
                parts.append(.capture(name))
            } else {
                guard StepPath.isValidSegment(segment), !DeepLinkPiece.hasBracket(segment),
                    !Self.isDotSegment(segment)
                else { throw fail(.malformedTarget(text)) }
                parts.append(.key(String(segment)))
            }
        }
        self.parts = parts
    }

    /// Whether `name` can name a field: ASCII letters, digits and `_`, not starting with a digit.
    static func isFieldName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(0x30...0x39).contains(first) else { return false }
        return name.utf8.allSatisfy {
            (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0)
                || $0 == UInt8(ascii: "_")
        }
    }

    /// Whether `segment` is `.` or `..`, which name no step: a link may not hold one either.
    static func isDotSegment(_ segment: some StringProtocol) -> Bool {
        segment.utf8.elementsEqual(".".utf8) || segment.utf8.elementsEqual("..".utf8)
    }

    /// Whether `path` can be a route's fallback tab: a parsed path, not the root, with no `.`
    /// or `..` segment.
    static func canBeTab(_ path: StepPath) -> Bool {
        path.problem == nil && !path.isRoot && !path.segments.contains(where: isDotSegment)
    }

    /// The names it uses.
    package var names: Set<String> {
        Set(parts.compactMap { if case .capture(let name) = $0 { name } else { nil } })
    }

    /// The path for `match`, after `base` (the selected tab, for a relative template): a
    /// `<rest:…>` capture fills as many segments as it holds.
    func path(for match: DeepLinkMatch, under base: StepPath = .root) -> StepPath {
        StepPath(
            (isRelative ? base.segments : [])
                + parts.flatMap { part -> [String] in
                    switch part {
                    case .key(let key): [key]
                    case .capture(let name): match.segments(of: name)
                    }
                })
    }

    /// The indexes of the segments of ``path(for:under:)`` that captures fill, after `base`.
    func captureIndexes(for match: DeepLinkMatch, under base: StepPath = .root) -> Set<Int> {
        var index = isRelative ? base.segments.count : 0
        var found: Set<Int> = []
        for part in parts {
            switch part {
            case .key: index += 1
            case .capture(let name):
                let count = match.segments(of: name).count
                found.formUnion(index..<index + count)
                index += count
            }
        }
        return found
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
