// The reference matcher of `fuzz-urls`: links and patterns read without the router's helpers,
// and the pattern that should match a link.
import Foundation
import StepTree
import StepTreeDeepLinks

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

    /// A placeholder without ` as field` and a final `?` or `*`, and whether it had one.
    static func unannotated(_ text: Substring) -> (Substring, Bool) {
        // By bytes: `<` followed by a combining mark still opens a placeholder.
        let utf8 = text.utf8
        guard utf8.last == UInt8(ascii: ">"), let open = utf8.lastIndex(of: UInt8(ascii: "<"))
        else { return (text, false) }
        var inner = Substring(utf8[utf8.index(after: open)..<utf8.index(before: utf8.endIndex)])
        if let range = inner.range(of: " as ") { inner = inner[..<range.lowerBound] }
        // A repeated item (`<name*>`) may be missing too.
        let optional = inner.utf8.last == UInt8(ascii: "?") || inner.utf8.last == UInt8(ascii: "*")
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
