import Foundation
import StepTree

/// A link read and checked before it is matched: where it comes from, its path segments and
/// query items, each percent-decoded exactly once.
struct DeepLinkAddress: Sendable {
    /// The scheme, in lower case.
    var scheme: String
    /// The host of a universal link or of a custom scheme with hosts, read as a name
    /// (``DeepLinkHost``); `nil` for a custom scheme whose host is the first segment.
    var host: String?
    /// The accepted origin the link comes from (see ``DeepLinkOrigin``).
    var origin: DeepLinkOrigin
    var segments: [String]
    /// Each query item's value, its first one for an item the link repeats.
    var query: [String: String]
    /// The values of each query item the link gives more than once, in order: refused unless
    /// the matching pattern reads it as repeated (`<name*>`).
    var repeated: [String: [String]]
    /// The names of the repeated items, in the order they first repeat.
    var repeatedNames: [String]

    /// Reads `url`, accepting only the origins given (any scheme but `http` and `https` when
    /// there are none).
    /// - Throws: The reason it is refused.
    /// - Complexity: O(*n*) in the length of the link.
    init(_ url: URL, origins: [DeepLinkOrigin], limits: DeepLinkLimits)
        throws(DeepLinkError)
    {
        let text = url.absoluteString
        func fail(_ reason: DeepLinkError.Reason) -> DeepLinkError {
            DeepLinkError(link: text, reason: reason)
        }
        guard text.utf8.count <= limits.maximumLength else {
            throw fail(.tooLong(bytes: text.utf8.count))
        }
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw fail(.malformedURL)
        }
        let scheme = components.scheme?.lowercased() ?? ""
        let host = StepPath.writtenHost(of: url, components) ?? ""
        var encoded: [Substring] = []
        // The origins that read this scheme's host: universal links for `https`, custom
        // schemes with hosts for theirs.
        let hosts = origins.filter { $0.hostScheme == scheme }
        // With no origins configured, any custom scheme is accepted, as before origins existed.
        let custom: DeepLinkOrigin? =
            origins.isEmpty
            ? (!scheme.isEmpty && scheme != "http" && scheme != "https" ? .scheme(scheme) : nil)
            : origins.first {
                if case .scheme(let own) = $0 { own.lowercased() == scheme } else { false }
            }
        // Decoded and read as a name before anything compares or captures it: one that is no
        // name (`a..b.com`, `ex%2Fle.com`, `ex%23le.com`) names no server.
        let name = hosts.isEmpty ? nil : DeepLinkHost.name(written: host)
        // The exact host, else the wildcard with the longest suffix.
        let accepting = name.map { name in hosts.filter { $0.accepts(host: name) } } ?? []
        let best =
            accepting.first(where: { $0.wildcardSuffix == nil })
            ?? accepting.max(by: {
                ($0.wildcardSuffix?.utf8.count ?? 0) < ($1.wildcardSuffix?.utf8.count ?? 0)
            })
        if let custom, best == nil || scheme == "https" {
            if !host.isEmpty { encoded.append(Substring(host)) }
            self.scheme = scheme
            self.host = nil
            origin = custom
        } else if let best, let name {
            self.scheme = scheme
            self.host = name
            origin = best
        } else if !hosts.isEmpty {
            throw fail(.unknownHost(host))
        } else {
            throw fail(.unknownScheme(scheme))
        }
        guard components.percentEncodedUser == nil, components.percentEncodedPassword == nil,
            components.port == nil
        else { throw fail(.unexpectedAuthority) }
        encoded += StepPath.urlSegments(components.percentEncodedPath)
        // A universal link may name its host's root, which only a root pattern takes.
        guard !encoded.isEmpty || self.host != nil else { throw fail(.emptyPath) }
        guard encoded.count <= limits.maximumSegments else {
            throw fail(.tooManySegments(encoded.count))
        }
        segments = []
        for (index, part) in encoded.enumerated() {
            guard !part.isEmpty else { throw fail(.emptySegment(index: index)) }
            // Most segments have no escape: Foundation's decoding costs thousands of
            // instructions each, and gives the same text.
            let escaped = part.utf8.contains(UInt8(ascii: "%"))
            guard let decoded = escaped ? part.removingPercentEncoding : String(part) else {
                throw fail(.invalidPercentEncoding(index: index))
            }
            guard !decoded.unicodeScalars.contains("/") else {
                throw fail(.encodedSlash(index: index))
            }
            guard decoded != ".", decoded != ".." else { throw fail(.dotSegment(index: index)) }
            guard StepPath.isValidSegment(decoded) else {
                if decoded.utf8.count > StepPath.maximumSegmentLength {
                    throw fail(.segmentTooLong(index: index, length: decoded.utf8.count))
                }
                throw fail(.controlCharacter(index: index))
            }
            segments.append(decoded)
        }
        (query, repeated, repeatedNames) = try Self.queryItems(
            components.percentEncodedQuery ?? "", limits: limits, fail)
    }

    /// The query items by name: `&`-separated, `name=value` or a bare `name` (value `""`),
    /// each decoded once; the first value of each, and all the values of those repeated.
    private static func queryItems(
        _ text: String, limits: DeepLinkLimits, _ fail: (DeepLinkError.Reason) -> DeepLinkError
    ) throws(DeepLinkError) -> ([String: String], [String: [String]], [String]) {
        guard !text.isEmpty else { return ([:], [:], []) }
        let items = text.split(separator: "&", omittingEmptySubsequences: false)
        guard items.count <= limits.maximumQueryItems else {
            throw fail(.tooManyQueryItems(items.count))
        }
        var query: [String: String] = [:]
        var repeated: [String: [String]] = [:]
        var names: [String] = []
        for item in items {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts[0].removingPercentEncoding, !name.isEmpty,
                let value = parts.count == 2 ? parts[1].removingPercentEncoding : "",
                !(name + value).unicodeScalars.contains(where: {
                    $0.properties.generalCategory == .control
                })
            else { throw fail(.invalidQueryItem(String(item))) }
            guard let first = query[name] else {
                query[name] = value
                continue
            }
            if repeated[name] == nil {
                names.append(name)
                repeated[name] = [first]
            }
            repeated[name]?.append(value)
        }
        return (query, repeated, names)
    }
}
