import Foundation

/// A link read and checked before it is matched: its path segments and query items, each
/// percent-decoded exactly once.
struct DeepLinkAddress: Sendable {
    var segments: [String]
    var query: [String: String]

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
        let host = components.percentEncodedHost ?? ""
        var encoded: [Substring] = []
        let schemes = origins.compactMap {
            if case .scheme(let s) = $0 { s.lowercased() } else { nil }
        }
        let hosts = origins.compactMap {
            if case .universalLink(let host) = $0 { host.lowercased() } else { nil }
        }
        // With no origins configured, any custom scheme is accepted, as before origins existed.
        let isCustom =
            origins.isEmpty
            ? !scheme.isEmpty && scheme != "http" && scheme != "https" : schemes.contains(scheme)
        if isCustom {
            if !host.isEmpty { encoded.append(Substring(host)) }
        } else if scheme == "https", !hosts.isEmpty {
            guard hosts.contains(host.lowercased()) else { throw fail(.unknownHost(host)) }
        } else {
            throw fail(.unknownScheme(scheme))
        }
        guard components.percentEncodedUser == nil, components.percentEncodedPassword == nil,
            components.port == nil
        else { throw fail(.unexpectedAuthority) }
        encoded += StepPath.urlSegments(components.percentEncodedPath)
        guard !encoded.isEmpty else { throw fail(.emptyPath) }
        guard encoded.count <= limits.maximumSegments else {
            throw fail(.tooManySegments(encoded.count))
        }
        segments = []
        for (index, part) in encoded.enumerated() {
            guard !part.isEmpty else { throw fail(.emptySegment(index: index)) }
            guard let decoded = part.removingPercentEncoding else {
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
        query = try Self.queryItems(components.percentEncodedQuery ?? "", limits: limits, fail)
    }

    /// The query items by name: `&`-separated, `name=value` or a bare `name` (value `""`),
    /// each decoded once.
    private static func queryItems(
        _ text: String, limits: DeepLinkLimits, _ fail: (DeepLinkError.Reason) -> DeepLinkError
    ) throws(DeepLinkError) -> [String: String] {
        guard !text.isEmpty else { return [:] }
        let items = text.split(separator: "&", omittingEmptySubsequences: false)
        guard items.count <= limits.maximumQueryItems else {
            throw fail(.tooManyQueryItems(items.count))
        }
        var query: [String: String] = [:]
        for item in items {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts[0].removingPercentEncoding, !name.isEmpty,
                let value = parts.count == 2 ? parts[1].removingPercentEncoding : "",
                !(name + value).unicodeScalars.contains(where: {
                    $0.properties.generalCategory == .control
                })
            else { throw fail(.invalidQueryItem(String(item))) }
            guard query.updateValue(value, forKey: name) == nil else {
                throw fail(.repeatedQueryItem(name))
            }
        }
        return query
    }
}
