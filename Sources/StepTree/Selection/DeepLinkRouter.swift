import Foundation

/// Routes deep-link URLs to changes of a tree with patterns: literal segments, placeholders
/// (`<name>`, `<int:name>`) and query items, in the spirit of URLNavigator.
///
/// ```swift
/// var router = DeepLinkRouter<AppSteps>()
/// try router.register("search/<query>") { root, link in
///     root.select(\.explore, with: ExploreData(query: link["query"] ?? ""))
/// }
/// try router.route(url, in: &steps)  // url: myapp://search/swift
/// ```
///
/// A URL no pattern matches is selected as a plain step path (`myapp://profile/detail/dark`),
/// unless the router is made with `fallbackToPath: false`. When several patterns match, the
/// most specific wins: at the first segment where they differ, a literal beats `<int:…>`, which
/// beats `<…>`.
public struct DeepLinkRouter<Root: StepNode>: Sendable {
    /// Edits the root for a matched link; may throw to refuse it.
    public typealias Handler = @Sendable (inout Root, DeepLinkMatch) throws -> Void

    private struct Route: Sendable {
        let pattern: String
        let segments: [PatternSegment]
        let handler: Handler
    }

    private enum PatternSegment: Sendable {
        case literal(String)
        case integer(String)
        case text(String)

        /// Higher is more specific.
        var rank: Int {
            switch self {
            case .literal: 2
            case .integer: 1
            case .text: 0
            }
        }
    }

    private var routes: [Route] = []
    private let fallbackToPath: Bool

    /// Creates a router.
    /// - Parameter fallbackToPath: Select a URL no pattern matches as a step path.
    public init(fallbackToPath: Bool = true) {
        self.fallbackToPath = fallbackToPath
    }

    /// Adds a pattern such as `profile/friends/<id>` or `item/<int:number>`.
    /// - Parameters:
    ///   - pattern: Segments separated by `/`: literal keys, `<name>` for any segment, or
    ///     `<int:name>` for one that reads as an `Int`.
    ///   - handler: Edits the root for a matching link.
    /// - Throws: ``DeepLinkPatternError`` for an empty segment, a malformed or unknown
    ///   placeholder, a placeholder name used twice, or a pattern registered twice.
    public mutating func register(
        _ pattern: String, _ handler: @escaping Handler
    ) throws(DeepLinkPatternError) {
        func fail(_ problem: String) -> DeepLinkPatternError {
            DeepLinkPatternError(pattern: pattern, problem: problem)
        }
        var segments: [PatternSegment] = []
        var names = Set<String>()
        // Bytes, not characters, throughout: a combining mark after `/`, `<` or `:` must not hide
        // it, as paths are split the same way.
        for part in StepPath.split(pattern) {
            guard !part.isEmpty else { throw fail("empty segment") }
            let opens = part.utf8.first == UInt8(ascii: "<")
            let closes = part.utf8.last == UInt8(ascii: ">")
            guard opens || closes else {
                // A literal no path can hold would never match.
                guard StepPath.isValidSegment(part) else {
                    throw fail("literal segment '\(StepPath.excerpt(part))' can never match")
                }
                segments.append(.literal(String(part)))
                continue
            }
            guard opens, closes, part.utf8.count > 2 else {
                throw fail("malformed placeholder '\(part)'")
            }
            let inner = part.utf8.dropFirst().dropLast()
            let pieces = inner.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
                .map { Substring($0) }
            let name = String(pieces.last ?? "")
            guard !name.isEmpty, pieces.count <= 2 else {
                throw fail("malformed placeholder '\(part)'")
            }
            guard names.insert(name).inserted else {
                throw fail("placeholder '\(name)' appears twice")
            }
            switch pieces.count == 2 ? String(pieces[0]) : nil {
            case nil: segments.append(.text(name))
            case "int": segments.append(.integer(name))
            case let type?: throw fail("unknown placeholder type '\(type)'")
            }
        }
        guard routes.allSatisfy({ $0.pattern != pattern }) else { throw fail("registered twice") }
        routes.append(Route(pattern: pattern, segments: segments, handler: handler))
    }

    /// The most specific pattern that matches `url`, with its values, or `nil`.
    /// - Complexity: O(*p* · *s*) for *p* patterns of *s* segments.
    public func match(_ url: URL) -> DeepLinkMatch? {
        guard let path = try? StepPath(url: url) else { return nil }
        return bestRoute(for: path, url: url)?.1
    }

    /// Applies the link to `root`: the best matching pattern's handler, or else the URL's path
    /// as a deep link.
    ///
    /// The handler runs on a copy, so `root` is unchanged when anything fails.
    /// - Throws: ``DeepLinkError``; `root` is unchanged.
    public func route(_ url: URL, in root: inout Root) throws(DeepLinkError) {
        let path: StepPath
        do {
            path = try StepPath(url: url)
        } catch {
            throw .invalidPath(url.absoluteString, error)
        }
        var edited = root
        if let (route, match) = bestRoute(for: path, url: url) {
            do {
                // The handler's selections are reported only if it succeeds as a whole.
                try SelectionReport.holding { try route.handler(&edited, match) }
            } catch {
                throw .refused(pattern: route.pattern, reason: String(describing: error))
            }
        } else if fallbackToPath {
            do {
                try edited.select(path: path)
            } catch {
                throw .invalidPath(url.absoluteString, error)
            }
        } else {
            throw .noMatch(url.absoluteString)
        }
        root = edited
    }

    private func bestRoute(for path: StepPath, url: URL) -> (Route, DeepLinkMatch)? {
        var best: (route: Route, match: DeepLinkMatch, ranks: [Int])?
        for route in routes {
            guard let match = Self.match(route, path: path, url: url) else { continue }
            let ranks = route.segments.map(\.rank)
            // Ties keep the pattern registered first.
            if let current = best, !current.ranks.lexicographicallyPrecedes(ranks) { continue }
            best = (route, match, ranks)
        }
        return best.map { ($0.route, $0.match) }
    }

    private static func match(_ route: Route, path: StepPath, url: URL) -> DeepLinkMatch? {
        guard route.segments.count == path.segments.count else { return nil }
        var values: [String: String] = [:]
        for (pattern, segment) in zip(route.segments, path.segments) {
            switch pattern {
            case .literal(let literal):
                guard StepPath.sameSegment(literal, segment) else { return nil }
            case .integer(let name):
                guard Int(segment) != nil else { return nil }
                values[name] = segment
            case .text(let name):
                values[name] = segment
            }
        }
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        var query: [String: String] = [:]
        for item in items where query[item.name] == nil { query[item.name] = item.value ?? "" }
        return DeepLinkMatch(pattern: route.pattern, path: path, values: values, query: query)
    }
}

/// A link matched by a ``DeepLinkRouter`` pattern: the placeholder values and the query items.
public struct DeepLinkMatch: Hashable, Sendable {
    /// The pattern that matched.
    public let pattern: String
    /// The link's path.
    public let path: StepPath
    /// The placeholder values by name.
    public let values: [String: String]
    /// The query items by name (the first of repeated names; `""` for an item without a value).
    public let query: [String: String]

    /// The value of placeholder `name`, or else of query item `name`.
    public subscript(name: String) -> String? { values[name] ?? query[name] }

    /// The value of `name` read as an `Int`, if it is one.
    public func int(_ name: String) -> Int? { self[name].flatMap { Int($0) } }
}

/// A pattern ``DeepLinkRouter/register(_:_:)`` refused: which and why.
public struct DeepLinkPatternError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The pattern.
    public let pattern: String
    /// What is wrong with it.
    public let problem: String

    /// Creates an error for `pattern`.
    public init(pattern: String, problem: String) {
        self.pattern = pattern
        self.problem = problem
    }

    /// `pattern '<pattern>': <problem>`.
    public var description: String { "pattern '\(pattern)': \(problem)" }
}

/// Why a link was not applied; the state is unchanged.
public enum DeepLinkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The URL does not read as a path, or its path does not resolve in the tree.
    case invalidPath(String, StepPathError)
    /// No pattern matches and the router does not fall back to plain paths.
    case noMatch(String)
    /// A handler threw.
    case refused(pattern: String, reason: String)

    /// A sentence that says what failed.
    public var description: String {
        switch self {
        case .invalidPath(let url, let error): "'\(url)': \(error)"
        case .noMatch(let url): "no pattern matches '\(url)'"
        case .refused(let pattern, let reason): "pattern '\(pattern)' refused the link: \(reason)"
        }
    }
}
