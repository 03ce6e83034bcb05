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
    if link.query["fresh"] != nil {
        try root.renew(path: link.path)
    } else {
        try root.select(path: link.path)
    }
    if link["refuse"] != nil { throw Refusal() }
}

/// A pattern segment as the reference matcher reads it.
enum ReferenceSegment {
    case literal(String)
    case integer(String)
    case uuid(String)
    case text(String)
    case rest(String)

    /// Higher is more specific; an integer and a UUID never match the same segment.
    var rank: Int {
        switch self {
        case .literal: 4
        case .integer, .uuid: 3
        case .text: 2
        case .rest: 1
        }
    }

    /// Reads one segment of a pattern the router accepted, byte by byte: `<` followed by a
    /// combining mark is one character, and still opens a placeholder.
    init(_ part: Substring) {
        guard part.utf8.first == UInt8(ascii: "<") else {
            self = .literal(String(part))
            return
        }
        let inner = Substring(part.utf8.dropFirst().dropLast())
        for (prefix, make) in [
            ("int:", Self.integer), ("uuid:", Self.uuid), ("rest:", Self.rest),
        ] as [(String, (String) -> Self)] where inner.utf8.starts(with: prefix.utf8) {
            self = make(String(Substring(inner.utf8.dropFirst(prefix.utf8.count))))
            return
        }
        self = .text(String(inner))
    }

    /// The placeholder's name, or `nil` for a literal.
    var name: String? {
        switch self {
        case .literal: nil
        case .integer(let name), .uuid(let name), .text(let name), .rest(let name): name
        }
    }

    /// The segments a capture of this placeholder whose text is `text` fills in a target,
    /// written out without the router's helpers: an integer without its `+`, its leading zeros
    /// and the sign of zero, a UUID in upper case, a rest split at `/`, other text as it is.
    func targetSegments(_ text: String) -> [String] {
        switch self {
        case .integer:
            let negative = text.hasPrefix("-")
            let digits = text.drop { $0 == "-" || $0 == "+" }.drop { $0 == "0" }
            return [digits.isEmpty ? "0" : (negative ? "-" : "") + digits]
        case .uuid: return [text.uppercased()]
        case .rest:
            return text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        case .literal, .text: return [text]
        }
    }

    /// Whether `text` has this segment's form, written out without the router's helpers.
    func accepts(_ text: String) -> Bool {
        switch self {
        case .literal(let literal): Array(literal.unicodeScalars) == Array(text.unicodeScalars)
        case .integer:
            !text.isEmpty && text != "-" && text != "+"
                && text.enumerated().allSatisfy { index, c in
                    ("0"..."9").contains(c) || (index == 0 && (c == "-" || c == "+"))
                }
        case .uuid: UUID(uuidString: text) != nil
        case .text, .rest: true
        }
    }
}

/// `text` split at each `separator` byte, empty parts kept: patterns are read as bytes, as a
/// combining mark after a separator makes one character with it.
func bytes(_ text: Substring, split separator: Unicode.Scalar, maxSplits: Int = .max)
    -> [Substring]
{
    text.utf8.split(
        separator: UInt8(ascii: separator), maxSplits: maxSplits, omittingEmptySubsequences: false
    ).map { Substring($0) }
}

/// A registered pattern as the reference reads it: path segments and required query items.
struct ReferencePattern {
    let pattern: String
    let segments: [ReferenceSegment]
    let query: [(item: String, segment: ReferenceSegment)]

    init(_ pattern: String) {
        self.pattern = pattern
        let parts = bytes(pattern[...], split: "?", maxSplits: 1)
        segments = bytes(parts[0], split: "/").map(ReferenceSegment.init)
        query =
            parts.count == 2 && !parts[1].isEmpty  // `search?` has no query items
            ? bytes(parts[1], split: "&").map { item in
                let pair = bytes(item, split: "=", maxSplits: 1)
                return (String(pair[0]), ReferenceSegment(pair[1]))
            } : []
    }

    /// The placeholders, path then query, a `<rest:…>` last.
    var captures: [ReferenceSegment] {
        let path = segments.filter { $0.name != nil }
        let rest = path.filter { if case .rest = $0 { true } else { false } }
        return path.filter { if case .rest = $0 { false } else { true } } + query.map(\.segment)
            + rest
    }

    /// The target it lands on in the target router: `profile`, then `friends/<name>` for each
    /// capture, so that the stack elements show what the router wrote.
    var target: String {
        (["profile"] + captures.compactMap(\.name).map { "friends/<\($0)>" }).joined(separator: "/")
    }

    /// The ranks of the segments `path` fills, or `nil` when the path does not fit.
    func ranks(for path: [String]) -> [Int]? {
        var ranks: [Int] = []
        for (index, segment) in segments.enumerated() {
            if case .rest = segment {
                return index < path.count ? ranks + [segment.rank] : nil
            }
            guard index < path.count, segment.accepts(path[index]) else { return nil }
            ranks.append(segment.rank)
        }
        return segments.count == path.count ? ranks : nil
    }
}

/// The pattern that should match: the highest ranks, lexicographically (patterns of the same
/// shape are refused at registration, so there is no tie).
func referenceMatch(_ patterns: [ReferencePattern], _ path: [String]) -> ReferencePattern? {
    var best: (pattern: ReferencePattern, ranks: [Int])?
    for pattern in patterns {
        guard let ranks = pattern.ranks(for: path) else { continue }
        if let current = best, !current.ranks.lexicographicallyPrecedes(ranks) { continue }
        best = (pattern, ranks)
    }
    return best?.pattern
}

/// Checks `router.resolve(url)` against the reference: a link that reads matches the pattern
/// the reference picks, or fails for a reason that pattern explains.
func checkMatch<Root: StepNode>(
    _ url: URL, _ router: DeepLinkRouter<Root>, _ patterns: [ReferencePattern], _ context: String
) {
    let resolved = Result { () throws(DeepLinkError) in try router.resolve(url) }
    let reference: (ReferencePattern?) -> String = { $0?.pattern ?? "nothing" }
    switch resolved {
    case .success(let match):
        let expected = referenceMatch(patterns, match.path.segments)
        require(
            expected?.pattern == match.pattern,
            "\(context): \(url) matches \(match.pattern), not \(reference(expected))")
        if let expected {
            for item in expected.query {
                require(match.query[item.item] != nil, "\(context): \(item.item) is missing")
            }
        }
        require(
            match.path.segments.allSatisfy { StepPath.isValidSegment($0) },
            "\(context): \(url) reads as the bad path \(match.path.segments)")
    case .failure(let error):
        guard let path = try? StepPath(url: url) else { return }
        switch error.reason {
        case .unknownSegment, .incomplete:
            let expected = referenceMatch(patterns, path.segments)
            require(
                expected == nil, "\(context): \(url) matches nothing, not \(reference(expected))")
        case .numberOutOfRange, .missingQueryItem, .invalidQueryValue:
            require(
                referenceMatch(patterns, path.segments) != nil,
                "\(context): \(url) fails \(error) but the reference matches no pattern")
        default: break
        }
    }
}

/// Routes `url` through `targets`, whose routes land on ``ReferencePattern/target``, when it
/// matches there what it matches in `router`: a link that lands does so on the element ids the
/// reference writes, each typed capture in its canonical text, so equal values land alike.
func checkTarget(
    _ url: URL, _ targets: DeepLinkRouter<AppSteps>, _ router: DeepLinkRouter<AppSteps>,
    _ patterns: [ReferencePattern], _ context: String
) {
    guard let match = router.match(url), targets.match(url)?.pattern == match.pattern,
        let pattern = patterns.first(where: { $0.pattern == match.pattern })
    else { return }
    var state = AppSteps()
    do {
        try targets.route(url, in: &state)
    } catch {
        require(error is DeepLinkError, "\(context): the target route threw \(error)")
        return
    }
    var expected = ["profile"]
    for capture in pattern.captures {
        guard let name = capture.name, let text = match[name] else {
            return require(false, "\(context): \(url) has no capture \(capture)")
        }
        expected += ["friends"] + capture.targetSegments(text)
    }
    require(
        state.isSelected(path: StepPath(expected)),
        "\(context): \(url) lands on \(state.visibleScreen), not \(expected)")
}

/// Selects and routes `url` on `state`, checking both against their promises.
/// - Returns: The outcome of the route, as text, to compare the front-ends.
func checkURL<Root: StepNode>(
    _ url: URL, _ state: inout Root, router: DeepLinkRouter<Root>, fallback: Bool,
    _ context: String
) -> String {
    let before = state
    // Selecting the path a URL reads as selects it, or changes nothing.
    var selected = state
    do {
        let path = try StepPath(url: url)
        try selected.select(path: path)
        require(selected.isSelected(path: path), "\(context): the URL's path left it unselected")
    } catch {
        require(selected == before, "\(context): the URL's path failed (\(error)) but changed it")
        require(
            NavigationDiff.events(from: before, to: selected).isEmpty,
            "\(context): the URL's path failed but the diff is not empty")
    }
    let match = router.match(url)
    do {
        try router.route(url, in: &state)
    } catch {
        require(state == before, "\(context): route failed (\(error)) but changed the state")
        require(
            NavigationDiff.events(from: before, to: state).isEmpty,
            "\(context): route failed but the diff is not empty")
        if error is Refusal {
            require(match?["refuse"] != nil, "\(context): refused without being asked")
        } else {
            // The router's own errors, or the handler's `select(path:)` rethrown as it is.
            require(
                error is DeepLinkError || error is StepPathError,
                "\(context): route threw \(error), of another type")
        }
        return "error \(error)"
    }
    // What the route must have done: the handler, or else the fallback's `show`.
    var expected = before
    if let match {
        try? handle(&expected, match)
    } else {
        require(fallback, "\(context): route worked without a pattern or the fallback")
        if let path = try? StepPath(url: url) { try? expected.show(path: path) }
    }
    require(expected == state, "\(context): route differs from its handler or fallback")
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
    -> DeepLinkError?
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
    // The same patterns with targets that show what the router writes into them.
    var targetRouter = DeepLinkRouter<AppSteps>(fallbackToPath: false)
    var patterns: [ReferencePattern] = []
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
                let reference = ReferencePattern(pattern)
                patterns.append(reference)
                // Refused only for a name too long to be written `<name>` in a target.
                try? targetRouter.register(pattern, showing: reference.target)
            }
            continue
        }
        // Any text that parses as a path has a URL that reads back as it.
        if let path = try? StepPath(parsing: text) { checkURLRoundTrip(path, context) }
        guard let url = URL(string: text) else { continue }
        let parsed = Result { () throws(StepPathError) in try StepPath(url: url) }
        var comparable = false
        checkMatch(url, typedRouter, patterns, context)
        checkTarget(url, targetRouter, typedRouter, patterns, context)
        require(
            typedRouter.match(url) == dynamicRouter.match(url),
            "\(context): the routers match differently")
        if case .success(let path) = parsed {
            require(
                path.segments.allSatisfy { StepPath.isValidSegment($0) },
                "\(context): \(url) reads as the bad path \(path.segments)")
            checkURLRoundTrip(path, context)
            comparable = path.segments.count <= comparedSegments
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
        [
            "@profile/friends/<uuid:u>", "@profile/<rest:r>", "@search?q=<q>&n=<int:n>",
            "@profile/friends/<int:n>/<x>",
            "myapp://profile/friends/C0FFEE00-0000-4000-8000-000000000001",
            "myapp://profile/friends/7/main", "myapp://profile/detail/dark",
            "myapp://search?n=2&q=x", "myapp://search?q=x",
            "myapp://search?q=x&n=99999999999999999999",
            "myapp://profile/../x", "myapp://profile/%2E", "myapp://profile/%FF",
            "myapp://profile/friends/99999999999999999999/main",
        ],
        [
            "@item/<int:n>", "@session/<uuid:u>/<int:k>", "@find?page=<int:p>&q=<q>",
            "@tree/<int:n>/<rest:r>", "myapp://item/7", "myapp://item/007", "myapp://item/+7",
            "myapp://item/-0", "myapp://item/-007", "myapp://item/+", "myapp://item//",
            "myapp://session/c0ffee00-0000-4000-8000-000000000001/+01",
            "myapp://find?page=-00&q=x", "myapp://tree/010/a/b", "myapp://tree/1/a//",
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
        "%2F", "%25", "%20", "%C3%A9", "#", "@", ":", "[", "]", "<uuid:", "<rest:", "?q=<q>",
        "..", "%2E", "&", "=", "https://", "99999999999999999999",
        "C0FFEE00-0000-4000-8000-000000000001",
    ], check: check)
