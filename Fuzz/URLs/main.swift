// Fuzzes deep-link URLs and router patterns. The first byte's low bit says whether the routers
// fall back to plain paths, its second bit whether they accept only ``origins`` (custom schemes,
// an exact host and wildcard hosts) rather than any custom scheme; then each line starting with
// `@` registers a pattern (with an origin or not; segments literal, placeholders or a literal
// prefix and a placeholder; query items required or optional, `<name?>`; a host's root), and
// every other line is a URL, read as a step path, selected,
// matched and routed on `AppSteps` and its schema twin. The match (its pattern, origin, scheme
// and host) is checked against a reference matcher, the outcome of a route against what the
// matched handler or the fallback does on its own.
import ExampleSteps
import Foundation
import FuzzSupport
import StepTree
import StepTreeDeepLinks

let comparedSegments = ExampleTwin.comparedSegments
let schema = ExampleTwin.schema

/// The origins the routers accept when the first byte's second bit is set: among them a custom
/// scheme whose authority is a host (`h`), and one read either way (`x`).
let origins: [DeepLinkOrigin] = [
    .scheme("myapp"), .scheme("x"), .universalLink(host: "example.com"),
    .universalLink(host: "*.example.com"), .universalLink(host: "*.a.example.com"),
    .universalLink(host: "*"), .schemeHost("h", host: "example.com"),
    .schemeHost("h", host: "*.example.com"), .schemeHost("x", host: "example.com"),
]

/// The custom schemes whose authority `origins` reads as a host.
func hostSchemes(_ origins: [DeepLinkOrigin]) -> Set<String> {
    Set(origins.compactMap { if case .schemeHost(let scheme, _) = $0 { scheme } else { nil } })
}

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
    indirect case prefixed(String, ReferenceSegment)

    /// Higher is more specific, compared in order: a literal, then a prefixed placeholder (a
    /// longer prefix first, then typed before untyped), then a typed one (an integer and a UUID
    /// never match the same segment), then an untyped one, then a rest.
    var rank: [Int] {
        switch self {
        case .literal: [5, 0, 0]
        case .prefixed(let prefix, let inner): [4, prefix.utf8.count, inner.rank[0] == 3 ? 1 : 0]
        case .integer, .uuid: [3, 0, 0]
        case .text: [2, 0, 0]
        case .rest: [1, 0, 0]
        }
    }

    /// Reads one segment of a pattern the router accepted, byte by byte: `<` followed by a
    /// combining mark is one character, and still opens a placeholder.
    init(_ part: Substring) {
        // A segment the router accepted with a `<` after its start is a prefixed placeholder.
        if let open = part.utf8.firstIndex(of: UInt8(ascii: "<")), open != part.utf8.startIndex {
            self = .prefixed(
                String(Substring(part.utf8[..<open])),
                ReferenceSegment(Substring(part.utf8[open...])))
            return
        }
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
        case .prefixed(_, let inner): inner.name
        }
    }

    /// The segments a capture of this placeholder whose text is `text` fills in a target,
    /// written out without the router's helpers: an integer without its `+`, its leading zeros
    /// and the sign of zero, a UUID in upper case, a rest split at `/`, other text as it is.
    func targetSegments(_ text: String) -> [String] {
        switch self {
        case .integer:
            let bytes = Array(text.utf8)
            let negative = bytes.first == UInt8(ascii: "-")
            let digits = bytes.drop { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }
                .drop { $0 == UInt8(ascii: "0") }
            let written = String(decoding: digits, as: UTF8.self)
            return [digits.isEmpty ? "0" : (negative ? "-" : "") + written]
        case .uuid: return [text.uppercased()]
        case .rest:
            return bytes(text[...], split: "/").map(String.init)
        case .literal, .text: return [text]
        case .prefixed(_, let inner): return inner.targetSegments(text)
        }
    }

    /// Whether `text` has this segment's form, written out without the router's helpers.
    func accepts(_ text: String) -> Bool {
        switch self {
        case .literal(let literal): Array(literal.unicodeScalars) == Array(text.unicodeScalars)
        case .integer:
            // Byte by byte: a digit followed by a combining mark is one character, and no digit.
            !text.isEmpty && text != "-" && text != "+"
                && text.utf8.enumerated().allSatisfy { index, byte in
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                        || (index == 0 && (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")))
                }
        case .uuid: UUID(uuidString: text) != nil
        case .text, .rest: true
        case .prefixed(let prefix, let inner):
            text.utf8.count > prefix.utf8.count && text.utf8.starts(with: prefix.utf8)
                && inner.accepts(String(Substring(text.utf8.dropFirst(prefix.utf8.count))))
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

/// Where a pattern takes links from, as the reference reads it.
enum ReferenceScope: Equatable {
    /// Every link the router accepts.
    case any
    /// A custom scheme, in lower case.
    case scheme(String)
    /// An exact host, in lower case.
    case host(String)
    /// Hosts with at least one byte before this suffix (`""` for `*`).
    case wildcard(String)
    /// Any host, captured under this name.
    case anyHost(String)
    /// A custom scheme with hosts: this exact host.
    case schemeHost(String, String)
    /// A custom scheme with hosts: hosts with at least one byte before this suffix.
    case schemeWildcard(String, String)

    /// Higher wins first: an exact host, then a wildcard (the longer suffix first), then a
    /// scheme (alone, for a custom scheme read without a host), then a captured host, then no
    /// origin.
    var rank: Int {
        switch self {
        case .host, .schemeHost: 100_000
        case .wildcard(let suffix), .schemeWildcard(_, let suffix): 1_000 + suffix.utf8.count
        case .scheme: 500
        case .anyHost: 1
        case .any: 0
        }
    }

    /// Whether a link with `scheme` (and, over `https`, `host`) comes from here.
    func takes(_ link: ReferenceLink) -> Bool {
        switch self {
        case .any: true
        case .scheme(let scheme): link.scheme == scheme && scheme != "https"
        case .host(let host): link.scheme == "https" && link.host == host
        case .wildcard(let suffix):
            link.scheme == "https" && (link.host.map { hostEnds($0, with: suffix) } ?? false)
        case .anyHost: link.scheme == "https" && link.host != nil
        case .schemeHost(let scheme, let host): link.scheme == scheme && link.host == host
        case .schemeWildcard(let scheme, let suffix):
            link.scheme == scheme && (link.host.map { hostEnds($0, with: suffix) } ?? false)
        }
    }
}

/// Whether `host` has at least one byte before `suffix`, which it ends with.
func hostEnds(_ host: String, with suffix: String) -> Bool {
    host.utf8.count > suffix.utf8.count && host.utf8.reversed().starts(with: suffix.utf8.reversed())
}

/// Whether a custom scheme's host origin accepts `host`, a name: its exact host, or a host its
/// wildcard (`*.suffix`, `*`) takes.
func accepts(_ origin: DeepLinkOrigin, _ host: String) -> Bool {
    guard case .schemeHost(_, let own) = origin else { return false }
    if own == host { return true }
    let suffix = own == "*" ? "" : own.hasPrefix("*.") ? String(own.dropFirst()) : nil
    return suffix.map { hostEnds(host, with: $0) } ?? false
}

/// The length of a host origin's wildcard suffix (`.example.com` for `*.example.com`).
func suffixLength(_ origin: DeepLinkOrigin) -> Int {
    guard case .schemeHost(_, let own) = origin else { return 0 }
    return own.utf8.count - 1
}

/// The name a link's host, as written, reads as, modelled without the router's helpers:
/// percent-decoded once, at most a segment's length, one trailing dot dropped, then labels
/// between dots, none empty, of ASCII letters, digits, `-` and `_`, in lower case; `nil` when
/// it is no name (`a..b`, `a%23b`, `a%20b`, `caf%C3%A9`, `[::1]`).
func hostName(_ written: String) -> String? {
    guard let decoded = written.removingPercentEncoding,
        decoded.utf8.count <= StepPath.maximumSegmentLength
    else { return nil }
    var scalars = Array(decoded.unicodeScalars)
    if scalars.last == "." { scalars.removeLast() }
    let allowed = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_".unicodeScalars)
    let labels = scalars.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy(allowed.contains) }) else { return nil }
    var name = String.UnicodeScalarView()
    name.append(contentsOf: scalars)
    return String(name).lowercased()
}

/// A link as the reference reads it: its scheme and host in lower case (a host over `https`, or
/// for a custom scheme whose host an origin accepts), its path's segments (else a custom
/// scheme's host is the first), and the names of its query items.
struct ReferenceLink {
    let scheme: String
    let host: String?
    let segments: [String]
    let items: Set<String>

    /// The link's parts, or `nil` when it reads as no path or has no scheme.
    init?(_ url: URL, origins: [DeepLinkOrigin]) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), !scheme.isEmpty,
            let path = try? StepPath(url: url)
        else { return nil }
        self.scheme = scheme
        // The host as the link writes it (an IDNA label kept), then read as a name; one that is
        // no name is `""`, which no origin accepts.
        let host = url.host(percentEncoded: true) ?? ""
        let query = components.percentEncodedQuery ?? ""
        items = Set(
            query.split(separator: "&").compactMap {
                $0.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
                    .removingPercentEncoding
            })
        // A custom scheme's host is read as one when a host origin of the scheme accepts it,
        // or when the scheme has host origins and no first-segment one.
        let hostOrigins = origins.filter {
            if case .schemeHost(let own, _) = $0 { own == scheme } else { false }
        }
        let name = hostName(host)
        let readsHost =
            !hostOrigins.isEmpty
            && (name.map { name in hostOrigins.contains { accepts($0, name) } } ?? false
                || !origins.contains(.scheme(scheme)))
        if scheme != "https", readsHost, !host.isEmpty {
            self.host = name ?? ""
            segments = Array(path.segments.dropFirst())
        } else if scheme == "https", !host.isEmpty {
            self.host = hostName(host) ?? ""
            segments = Array(path.segments.dropFirst())
        } else {
            self.host = scheme == "https" ? "" : nil
            segments = path.segments
        }
    }

    /// The origin among `origins` said to accept the link: the scheme, or else the exact host,
    /// or else the wildcard with the longest suffix; with no origins, the scheme; `nil` when none
    /// accepts it.
    func origin(among origins: [DeepLinkOrigin]) -> DeepLinkOrigin? {
        if let host, scheme != "https" {
            let hosts = origins.filter {
                if case .schemeHost(let own, _) = $0 { own == scheme } else { false }
            }
            return hosts.first { if case .schemeHost(_, host) = $0 { true } else { false } }
                ?? hosts.filter { accepts($0, host) }.max {
                    suffixLength($0) < suffixLength($1)
                }
        }
        guard let host else {
            guard !origins.isEmpty else {
                return scheme == "http" || scheme == "https" ? nil : .scheme(scheme)
            }
            return origins.first { $0 == .scheme(scheme) }
        }
        var best: (origin: DeepLinkOrigin, length: Int)?
        for origin in origins {
            guard case .universalLink(let own) = origin else { continue }
            if own == host { return origin }
            let suffix = own == "*" ? "" : own.hasPrefix("*.") ? String(own.dropFirst()) : nil
            guard let suffix, hostEnds(host, with: suffix) else { continue }
            if best.map({ suffix.utf8.count > $0.length }) ?? true {
                best = (origin, suffix.utf8.count)
            }
        }
        return best?.origin
    }
}

/// A registered pattern as the reference reads it: its origin, path segments (none for a host's
/// root) and query items, each required or optional (`<name?>`); a placeholder's `as field` is
/// dropped.
struct ReferencePattern {
    let pattern: String
    let scope: ReferenceScope
    let segments: [ReferenceSegment]
    let query: [(item: String, segment: ReferenceSegment, optional: Bool)]

    init(_ pattern: String, hostSchemes: Set<String>) {
        self.pattern = pattern
        // An origin: a first `/` after a `:` and followed by another, then over `https` the
        // host up to the next `/`.
        var path = pattern[...]
        var scope = ReferenceScope.any
        let utf8 = pattern.utf8
        if let slash = utf8.firstIndex(of: UInt8(ascii: "/")), slash != utf8.startIndex,
            utf8[utf8.index(before: slash)] == UInt8(ascii: ":"),
            utf8.index(after: slash) < utf8.endIndex,
            utf8[utf8.index(after: slash)] == UInt8(ascii: "/")
        {
            let scheme = String(Substring(utf8[..<utf8.index(before: slash)])).lowercased()
            let start = utf8.index(slash, offsetBy: 2)
            if scheme == "https" || hostSchemes.contains(scheme),
                let end = utf8[start...].firstIndex(of: UInt8(ascii: "/"))
            {
                // A host name is read in lower case without its trailing dot (the router refuses
                // one with an empty label); a capture's name is kept as written, and read by
                // bytes (`<` + a combining mark is one character).
                let written = String(Substring(utf8[start..<end]))
                var host = written.lowercased()
                if host.hasSuffix(".") { host.removeLast() }
                let suffix =
                    host == "*" ? "" : host.hasPrefix("*.") ? String(host.dropFirst()) : nil
                if scheme != "https" {
                    scope = suffix.map { .schemeWildcard(scheme, $0) } ?? .schemeHost(scheme, host)
                } else {
                    scope =
                        written.utf8.first == UInt8(ascii: "<")
                        ? .anyHost(String(Substring(written.utf8.dropFirst().dropLast())))
                        : suffix.map { .wildcard($0) } ?? .host(host)
                }
                path = Substring(utf8[utf8.index(after: end)...])
            } else {
                scope = .scheme(scheme)
                path = Substring(utf8[start...])
            }
        }
        self.scope = scope
        let parts = bytes(path, split: "?", maxSplits: 1)
        // A host's root has no segment.
        segments =
            parts[0].isEmpty
            ? [] : bytes(parts[0], split: "/").map { ReferenceSegment(Self.unannotated($0).0) }
        query =
            parts.count == 2 && !parts[1].isEmpty  // `search?` has no query items
            ? bytes(parts[1], split: "&").map { item in
                let pair = bytes(item, split: "=", maxSplits: 1)
                let (value, optional) = Self.unannotated(pair[1])
                return (String(pair[0]), ReferenceSegment(value), optional)
            } : []
    }

    /// A placeholder without ` as field` and a final `?`, and whether it had the `?`.
    static func unannotated(_ text: Substring) -> (Substring, Bool) {
        // By bytes: `<` followed by a combining mark still opens a placeholder.
        let utf8 = text.utf8
        guard utf8.last == UInt8(ascii: ">"), let open = utf8.lastIndex(of: UInt8(ascii: "<"))
        else { return (text, false) }
        var inner = Substring(utf8[utf8.index(after: open)..<utf8.index(before: utf8.endIndex)])
        if let range = inner.range(of: " as ") { inner = inner[..<range.lowerBound] }
        let optional = inner.utf8.last == UInt8(ascii: "?")
        if optional { inner = Substring(inner.utf8.dropLast()) }
        return (Substring(String(Substring(utf8[...open])) + String(inner) + ">"), optional)
    }

    /// The placeholders, the host's first, then the path's, then the query's, a `<rest:…>`
    /// last.
    var captures: [ReferenceSegment] {
        let path = segments.filter { $0.name != nil }
        let rest = path.filter { if case .rest = $0 { true } else { false } }
        let host: [ReferenceSegment] =
            if case .anyHost(let name) = scope { [.text(name)] } else { [] }
        return host + path.filter { if case .rest = $0 { false } else { true } }
            + query.map(\.segment) + rest
    }

    /// The target it lands on in the target router: `profile`, then `friends/<name>` for each
    /// capture, so that the stack elements show what the router wrote.
    var target: String {
        (["profile"] + captures.compactMap(\.name).map { "friends/<\($0)>" }).joined(separator: "/")
    }

    /// The ranks of the origin and the segments `link` fills, or `nil` when the link does not
    /// fit.
    func ranks(for link: ReferenceLink) -> [Int]? {
        guard scope.takes(link) else { return nil }
        let path = link.segments
        var ranks: [Int] = [scope.rank]
        for (index, segment) in segments.enumerated() {
            if case .rest = segment {
                return index < path.count ? ranks + segment.rank : nil
            }
            guard index < path.count, segment.accepts(path[index]) else { return nil }
            ranks += segment.rank
        }
        return segments.count == path.count ? ranks : nil
    }
}

/// The pattern that should match: the highest ranks, lexicographically; among patterns of the
/// same shape (registered only when their query items differ and one has optional ones), the
/// one whose required items the link has, with the most of its items present, then the one
/// naming the fewest, then the first; the first when none has all its required items.
func referenceMatch(_ patterns: [ReferencePattern], _ link: ReferenceLink) -> ReferencePattern? {
    var best: (patterns: [ReferencePattern], ranks: [Int])?
    for pattern in patterns {
        guard let ranks = pattern.ranks(for: link) else { continue }
        if let current = best, current.ranks == ranks {
            best?.patterns.append(pattern)
            continue
        }
        if let current = best, !current.ranks.lexicographicallyPrecedes(ranks) { continue }
        best = ([pattern], ranks)
    }
    guard let tied = best?.patterns else { return nil }
    var chosen: (pattern: ReferencePattern, present: Int, named: Int)?
    for pattern in tied {
        guard pattern.query.allSatisfy({ $0.optional || link.items.contains($0.item) }) else {
            continue
        }
        let present = pattern.query.filter { link.items.contains($0.item) }.count
        if let current = chosen,
            current.present > present
                || (current.present == present && current.named <= pattern.query.count)
        {
            continue
        }
        chosen = (pattern, present, pattern.query.count)
    }
    return chosen?.pattern ?? tied.first
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
        guard let link = ReferenceLink(url, origins: router.origins) else {
            return require(false, "\(context): \(url) matches but reads as no path")
        }
        require(
            match.path.segments == link.segments,
            "\(context): \(url) has the path \(match.path), not \(link.segments)")
        require(
            match.scheme == link.scheme && match.host == link.host,
            "\(context): \(url) comes from \(match.scheme) \(match.host ?? "-")")
        require(
            match.origin == link.origin(among: router.origins),
            "\(context): \(url) is said to come from \(match.origin)")
        let expected = referenceMatch(patterns, link)
        require(
            expected?.pattern == match.pattern,
            "\(context): \(url) matches \(match.pattern), not \(reference(expected))")
        if case .anyHost(let name) = expected?.scope {
            require(
                match.values[name] == link.host,
                "\(context): \(url) captures another host: \(match.values)")
        }
        if let expected {
            // A rest captures the link's segments from its own on, exactly (byte for byte:
            // `String`'s `==` takes `é` for `e` + U+0301).
            for (index, segment) in expected.segments.enumerated() {
                guard case .rest(let name) = segment else { continue }
                require(
                    match.rest(name).map { Array($0.utf8) }
                        == link.segments[index...].map { Array($0.utf8) },
                    "\(context): \(url) captures the rest \(match.rest(name))")
            }
            for item in expected.query where !item.optional {
                require(match.query[item.item] != nil, "\(context): \(item.item) is missing")
            }
        }
        require(
            match.path.segments.allSatisfy { StepPath.isValidSegment($0) },
            "\(context): \(url) reads as the bad path \(match.path.segments)")
    case .failure(let error):
        guard let link = ReferenceLink(url, origins: router.origins) else { return }
        switch error.reason {
        case .unknownSegment, .incomplete:
            let expected = referenceMatch(patterns, link)
            require(
                expected == nil, "\(context): \(url) matches nothing, not \(reference(expected))")
        case .numberOutOfRange, .missingQueryItem, .invalidQueryValue:
            require(
                referenceMatch(patterns, link) != nil,
                "\(context): \(url) fails \(error) but the reference matches no pattern")
        case .unknownScheme, .unknownHost:
            require(
                link.origin(among: router.origins) == nil,
                "\(context): \(url) is refused (\(error)) but an origin accepts it")
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
        if let link = ReferenceLink(url, origins: router.origins) {
            try? expected.show(path: StepPath(link.segments))
        }
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
    let accepted = (bytes.first ?? 0) & 2 == 2 ? origins : []
    var typedRouter = DeepLinkRouter<AppSteps>(origins: accepted, fallbackToPath: fallback)
    var dynamicRouter = DeepLinkRouter<DynamicSteps>(origins: accepted, fallbackToPath: fallback)
    // The same patterns with targets that show what the router writes into them.
    var targetRouter = DeepLinkRouter<AppSteps>(origins: accepted, fallbackToPath: false)
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
                // A long pattern is named by its excerpt, as a long link is.
                let named = DeepLinkError(pattern: pattern, reason: error.reason).pattern
                require(
                    error.pattern == named && error.link == nil && error.route == nil,
                    "\(context): \(error) names another pattern")
            } else {
                let reference = ReferencePattern(pattern, hostSchemes: hostSchemes(accepted))
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
        [
            "@profile/@<user>", "@profile/@@<user>", "@profile/@me", "@profile/@<int:n>",
            "@profile/v<uuid:u>", "@profile/<any>", "@profile/@<rest:r>", "@profile/x<y>z",
            "myapp://profile/@ann", "myapp://profile/@@ann", "myapp://profile/@me",
            "myapp://profile/@007", "myapp://profile/@", "myapp://profile/@@",
            "myapp://profile/vC0FFEE00-0000-4000-8000-000000000001", "myapp://profile/v",
            "myapp://profile/@99999999999999999999",
        ],
        [
            "@myapp://profile/<tab>", "@https://example.com/profile/<tab>",
            "@https://*.example.com/profile/<tab>", "@https://*.a.example.com/profile/<tab>",
            "@https://*/profile/<tab>", "@https://<server>/profile/@<user>", "@x://<a>/<b>",
            "@https://*.b.org/x", "@http://example.com/x", "@https://Example.COM/profile/@<u>",
            "https://example.com/profile/detail", "https://a.example.com/profile/detail",
            "https://b.a.example.com/profile/detail", "https://x.b.a.example.com/profile/@ann",
            "https://badexample.com/profile/detail", "https://other.org/profile/@bob",
            "https://EXAMPLE.com/profile/@ann", "myapp://profile/detail", "x://profile/friends",
            "y://profile/detail", "http://example.com/profile/detail", "https://example.com/",
            "https://u@example.com/profile/detail",
        ],
    ]
    // Hosts written with escapes, empty labels, a trailing dot, bytes no host name has.
    let hosts = [
        "@https://*.example.com/profile/<tab>", "@https://<server>/profile/@<user>",
        "@https://example.com./profile/x", "@https://a..example.com/x",
        "@https://*.a.example.com./x",
        "https://%61.example.com/profile/detail", "https://..example.com/profile/detail",
        "https://a..example.com/profile/detail", "https://evil.com%23.example.com/profile/detail",
        "https://a%20b.example.com/profile/detail", "https://ma%73todon.social/profile/@ann",
        "https://mastodon%2esocial/profile/@ann", "https://mastodon.social./profile/@ann",
        "https://EX%41MPLE.com./profile/x", "https://xn--caf-dma.a.example.com/x",
        "https://café.a.example.com/x", "https://[::1]/profile/@ann", "https://a.example.com../x",
        "https://b.a.example.com./x", "https://%2E/profile/@ann",
    ]
    // Optional query items, a host's root, custom schemes with hosts, ignored and renamed
    // captures.
    let forms = [
        "@profile/<tab>?sort=<sort?>&page=<int:page?>", "@profile/<tab>", "@profile/<t>?q=<q>",
        "@profile/<tab>?x=<x?>", "@profile/<_>/<int:_>", "@profile/friends/<id as user>",
        "@https://example.com/", "@https://example.com/?c=<c>&s=<s?>", "@https://*/",
        "@h://example.com/", "@h://example.com/profile/<tab>", "@h://*.example.com/profile/<t>",
        "@h://*/profile/detail", "@h://profile/<tab>", "@x://example.com/profile/<tab>",
        "@x://profile/<tab>", "@h://<host>/a", "@profile/<x?>",
        "myapp://profile/detail", "myapp://profile/detail?sort=new",
        "myapp://profile/detail?page=2&sort=new&utm=1", "myapp://profile/detail?page=x",
        "myapp://profile/detail?x=1&q=2", "myapp://profile/a/7", "myapp://profile/a/b",
        "myapp://profile/friends/ann",
        "https://example.com/", "https://example.com", "https://example.com/?c=1",
        "https://example.com/?s=2", "https://a.example.com/", "https://example.com/?c=1&c=2",
        "h://example.com/", "h://example.com", "h://example.com/profile/detail",
        "h://a.example.com/profile/detail", "h://EXAMPLE.com./profile/x", "h://other.org/x",
        "h://a..example.com/profile/detail", "h://profile/detail", "h:///profile",
        "x://example.com/profile/detail", "x://profile/detail", "x://other.org/profile/x",
    ]
    return (inputs + [hosts, forms]).enumerated().map { index, lines in
        [UInt8(index % 2) | (index >= 6 ? 2 : 0)] + Array(lines.joined(separator: "\n").utf8)
    }
}

FuzzDriver.main(
    "fuzz-urls", seeds: seeds,
    dictionary: Tokens.example + [
        "myapp://", "myapp:///", "\n@", "<int:", "<", ">", "/", "?refuse", "&fresh", "?fresh=1",
        "%2F", "%25", "%20", "%C3%A9", "#", "@", ":", "[", "]", "<uuid:", "<rest:", "?q=<q>",
        "..", "%2E", "&", "=", "https://", "99999999999999999999",
        "C0FFEE00-0000-4000-8000-000000000001", "@<user>", "/@", "https://*.example.com/",
        "https://*/", "https://<h>/", "a.example.com", "example.com", "%61", "%2e", "%23",
        "example.com.", "xn--caf-dma", "https://%",
        "?>", " as ", "<_>", "h://", "h://example.com/", "x://example.com/", "?s=<s?>",
    ], check: check)
