// Fuzzes deep-link URLs and router patterns. The first byte's low bit says whether the routers
// fall back to plain paths; then each line starting with `@` registers a pattern, and every
// other line is a URL, read as a step path, selected, matched and routed on `AppSteps` and its
// schema twin. The match is checked against a reference matcher, the outcome of a route against
// what the matched handler or the fallback does on its own.
import ExampleSteps
import Foundation
import FuzzSupport
import StepTree

let comparedSegments = ExampleTwin.comparedSegments
let schema = ExampleTwin.schema

/// Why a handler refused a link.
struct Refusal: Error, CustomStringConvertible {
    var description: String { "the link asks to be refused" }
}

/// The handler of every pattern: selects the link's path, renewing it with `fresh` in the query,
/// then refuses the link if the query says `refuse`, after having changed the copy it edits.
@Sendable func handle<Root: StepNode>(_ root: inout Root, _ link: DeepLinkMatch) throws {
    try root.select(path: link.path, fresh: link.query["fresh"] != nil)
    if link["refuse"] != nil { throw Refusal() }
}

/// A pattern segment as the reference matcher reads it.
enum ReferenceSegment {
    case literal(String)
    case integer(String)
    case text(String)

    var rank: Int {
        switch self {
        case .literal: 2
        case .integer: 1
        case .text: 0
        }
    }

    /// Reads one segment of a pattern the router accepted.
    init(_ part: [UInt8]) {
        guard part.first == UInt8(ascii: "<") else {
            self = .literal(String(decoding: part, as: UTF8.self))
            return
        }
        let inner = part.dropFirst().dropLast()
        if inner.starts(with: "int:".utf8) {
            self = .integer(String(decoding: inner.dropFirst(4), as: UTF8.self))
        } else {
            self = .text(String(decoding: inner, as: UTF8.self))
        }
    }
}

/// The pattern that should match: the highest ranks, lexicographically, the first registered
/// among equals.
func referenceMatch(
    _ patterns: [(pattern: String, segments: [ReferenceSegment])], _ path: StepPath
) -> (pattern: String, values: [String: String])? {
    var best: (pattern: String, values: [String: String], ranks: [Int])?
    for (pattern, segments) in patterns where segments.count == path.segments.count {
        var values: [String: String] = [:]
        var matches = true
        for (segment, text) in zip(segments, path.segments) {
            switch segment {
            case .literal(let literal): matches = matches && Array(literal.utf8) == Array(text.utf8)
            case .integer(let name):
                matches = matches && Int(text) != nil
                values[name] = text
            case .text(let name): values[name] = text
            }
        }
        guard matches else { continue }
        let ranks = segments.map(\.rank)
        if let current = best, !current.ranks.lexicographicallyPrecedes(ranks) { continue }
        best = (pattern, values, ranks)
    }
    return best.map { ($0.pattern, $0.values) }
}

/// The outcome `route` must have: what the best handler, or the fallback, does to a copy.
func expectedRoute<Root: StepNode>(
    _ url: URL, in root: Root, match: DeepLinkMatch?, fallback: Bool
) -> Result<Root, DeepLinkError> {
    let path: StepPath
    do {
        path = try StepPath(url: url)
    } catch {
        return .failure(.invalidPath(url.absoluteString, error))
    }
    var edited = root
    if let match {
        do {
            try handle(&edited, match)
        } catch {
            return .failure(.refused(pattern: match.pattern, reason: String(describing: error)))
        }
    } else if fallback {
        do {
            try edited.select(path: path)
        } catch {
            return .failure(.invalidPath(url.absoluteString, error))
        }
    } else {
        return .failure(.noMatch(url.absoluteString))
    }
    return .success(edited)
}

/// Selects and routes `url` on `state`, checking both against their promises.
/// - Returns: The outcome of the route, as text, to compare the front-ends.
func checkURL<Root: StepNode>(
    _ url: URL, _ state: inout Root, router: DeepLinkRouter<Root>, fallback: Bool,
    _ context: String
) -> String {
    let before = state
    // `select(url:)` is `select(path:)` of the URL's path.
    var selected = state
    do {
        try selected.select(url: url)
        let path = try StepPath(url: url)
        require(selected.isSelected(path: path), "\(context): select(url:) left it unselected")
        var other = state
        try other.select(path: path)
        require(other == selected, "\(context): select(url:) is not select(path:)")
    } catch {
        require(selected == before, "\(context): select(url:) failed (\(error)) but changed it")
        require(
            NavigationDiff.events(from: before, to: selected).isEmpty,
            "\(context): select(url:) failed but the diff is not empty")
    }
    let expected = expectedRoute(url, in: state, match: router.match(url), fallback: fallback)
    do {
        try router.route(url, in: &state)
    } catch {
        require(state == before, "\(context): route failed (\(error)) but changed the state")
        require(
            NavigationDiff.events(from: before, to: state).isEmpty,
            "\(context): route failed but the diff is not empty")
        if case .failure(let expectedError) = expected {
            require(
                error == expectedError, "\(context): route threw \(error), not \(expectedError)")
        } else {
            require(false, "\(context): route threw \(error), but its handler or fallback works")
        }
        return "error \(error)"
    }
    switch expected {
    case .success(let edited):
        require(edited == state, "\(context): route differs from its handler or fallback")
    case .failure(let error):
        require(false, "\(context): route worked, but its handler or fallback throws \(error)")
    }
    return NavigationDiff.events(from: before, to: state).map(\.description).joined(separator: "; ")
}

/// The URL of `path` reads back as `path`, when every segment could name a step (a segment with
/// a control character parses, but names nothing, and a URL refuses it).
func checkURLRoundTrip(_ path: StepPath, _ context: String) {
    guard path.segments.allSatisfy({ StepPath.isValidSegment($0) }) else { return }
    guard let url = path.url(scheme: "myapp") else {
        require(path.isRoot, "\(context): \(path) has no URL")
        return
    }
    let back = Result { () throws(StepPathError) in try StepPath(url: url) }
    require(back == .success(path), "\(context): \(path) → \(url.absoluteString) → \(back)")
}

/// Registers `pattern` with the common handler.
/// - Returns: The error, if the router refuses it.
func register<Root: StepNode>(_ pattern: String, in router: inout DeepLinkRouter<Root>)
    -> DeepLinkPatternError?
{
    do {
        try router.register(pattern, handle)
        return nil
    } catch {
        return error
    }
}

func check(_ bytes: [UInt8]) {
    let fallback = (bytes.first ?? 1) & 1 == 1
    var typedRouter = DeepLinkRouter<AppSteps>(fallbackToPath: fallback)
    var dynamicRouter = DeepLinkRouter<DynamicSteps>(fallbackToPath: fallback)
    var patterns: [(pattern: String, segments: [ReferenceSegment])] = []
    var typed = AppSteps()
    var dynamic = DynamicSteps(schema: schema)
    for (index, line) in lines(Array(bytes.dropFirst())).prefix(48).enumerated() {
        let text = String(decoding: line, as: UTF8.self)
        let context = "line \(index)"
        if text.hasPrefix("@") {
            let pattern = String(text.dropFirst())
            let typedError = register(pattern, in: &typedRouter)
            let dynamicError = register(pattern, in: &dynamicRouter)
            require(typedError == dynamicError, "\(context): the routers disagree on \(pattern)")
            if let error = typedError {
                require(error.pattern == pattern, "\(context): \(error) names another pattern")
            } else {
                // Split as bytes: `/` followed by a combining mark is one character.
                let segments = pattern.utf8.split(
                    separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
                patterns.append((pattern, segments.map { ReferenceSegment(Array($0)) }))
            }
            continue
        }
        // Any text that parses as a path has a URL that reads back as it.
        if let path = try? StepPath(parsing: text) { checkURLRoundTrip(path, context) }
        guard let url = URL(string: text) else { continue }
        let parsed = Result { () throws(StepPathError) in try StepPath(url: url) }
        var comparable = false
        if case .success(let path) = parsed {
            require(
                path.segments.allSatisfy { StepPath.isValidSegment($0) },
                "\(context): \(url) reads as the bad path \(path.segments)")
            checkURLRoundTrip(path, context)
            let match = typedRouter.match(url)
            let reference = referenceMatch(patterns, path)
            require(
                match?.pattern == reference?.pattern && match?.values == reference?.values,
                "\(context): \(url) matches \(String(describing: match)), not \(String(describing: reference))"
            )
            require(match == dynamicRouter.match(url), "\(context): the routers match differently")
            if let match {
                require(match.path == path, "\(context): the match has the path \(match.path)")
            }
            comparable = path.segments.count <= comparedSegments
        } else {
            require(typedRouter.match(url) == nil, "\(context): a URL that is no path matches")
        }
        if comparable {
            let typedOutcome = checkURL(
                url, &typed, router: typedRouter, fallback: fallback, context)
            let dynamicOutcome = checkURL(
                url, &dynamic, router: dynamicRouter, fallback: fallback, context)
            require(
                typedOutcome == dynamicOutcome,
                "\(context): \(url): typed \(typedOutcome), schema \(dynamicOutcome)")
        } else {
            var typedCopy = typed
            var dynamicCopy = dynamic
            _ = checkURL(url, &typedCopy, router: typedRouter, fallback: fallback, context)
            _ = checkURL(url, &dynamicCopy, router: dynamicRouter, fallback: fallback, context)
        }
    }
    typed.checkModals("typed")
    dynamic.checkModals("schema")
}

func seeds(_ fixtures: [URL]) -> [[UInt8]] {
    let inputs: [[String]] = [
        [
            "@profile/friends/<id>", "@item/<int:number>", "@search/<query>", "@profile/<tab>",
            "myapp://profile/friends/u1", "myapp://item/12", "myapp://item/x",
            "myapp://search/a?q=1",
            "myapp://profile/detail/dark", "myapp://profile/detail?refuse", "myapp:///explore",
            "myapp://profile/friends/ann%20lee?fresh=1&fresh=2",
        ],
        [
            "@<a>/<b>", "@<a>/<a>", "@<>", "@<int:>", "@<x:y>", "@a//b", "@", "@<a>/<int:b>",
            "@profile/settings", "@profile/settings", "myapp://profile/settings",
            "myapp://login/signUp?refuse=1", "myapp://login/signUp", "myapp://%2F", "myapp://a%",
            "myapp://", "myapp:profile", "https://example.com/profile/detail#frag",
        ],
        [
            "myapp://profile/friends", "myapp://profile/friends/", "myapp://profile//friends",
            "myapp://home", "myapp://explore?x=%E2%9C%93", "myapp://%C3%A9/x", "myapp://u@h:1/p",
        ],
    ]
    return inputs.enumerated().map { index, lines in
        [UInt8(index % 2)] + Array(lines.joined(separator: "\n").utf8)
    }
}

FuzzDriver.main(
    "fuzz-urls", seeds: seeds,
    dictionary: Tokens.example + [
        "myapp://", "myapp:///", "\n@", "<int:", "<", ">", "/", "?refuse", "&fresh", "?fresh=1",
        "%2F", "%25", "%20", "%C3%A9", "#", "@", ":", "[", "]",
    ], check: check)
