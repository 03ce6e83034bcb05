import Foundation

extension StepPath {
    /// Reads a deep-link URL: the host and the path components are the segments, each
    /// percent-decoded (`myapp://profile/friends/ann%20lee` is `/profile/friends/ann lee`).
    ///
    /// The scheme, query and fragment are ignored; read query items yourself with
    /// `URLComponents`.
    /// - Throws: ``StepPathError/emptyPath`` when the URL names no step,
    ///   ``StepPathError/emptySegment(index:)`` for a doubled `/` (one trailing `/` is allowed,
    ///   not two: `myapp://profile//` is refused), and
    ///   ``StepPathError/invalidURL(_:)`` when a segment does not percent-decode or decodes to
    ///   text containing `/`.
    /// - Complexity: O(*n*) in the length of the URL.
    public init(url: URL) throws(StepPathError) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw .invalidURL(url.absoluteString)
        }
        var encoded: [Substring] = []
        if let host = StepPath.writtenHost(of: url, components), !host.isEmpty {
            encoded.append(Substring(host))
        }
        encoded += StepPath.urlSegments(components.percentEncodedPath)
        if encoded.isEmpty { throw .emptyPath }
        var segments: [String] = []
        for (index, part) in encoded.enumerated() {
            if part.isEmpty { throw .emptySegment(index: index) }
            guard let decoded = StepPath.urlSegment(part) else {
                throw .invalidURL(url.absoluteString)
            }
            segments.append(decoded)
        }
        self.init(segments)
    }

    /// The host of `url` (whose components are `components`) as the URL writes it, still
    /// percent-encoded: the first segment of a deep link, and the server of a universal link.
    ///
    /// `URLComponents` decodes an IDNA label (`xn--caf-dma` reads as `café`, which
    /// ``url(scheme:)`` would not write back) and gives no host for one it cannot decode;
    /// `URL.host(percentEncoded:)` keeps the label, and drops only an IP literal's brackets.
    package static func writtenHost(of url: URL, _ components: URLComponents) -> String? {
        if let host = components.percentEncodedHost, host.hasPrefix("[") { return host }
        return url.host(percentEncoded: true)
    }

    /// The segment that one percent-encoded part of a URL (its host, or a part of its path)
    /// reads as, or `nil` when it does not decode to a valid segment (``isValidSegment(_:)``).
    static func urlSegment(_ part: some StringProtocol) -> String? {
        guard let decoded = part.removingPercentEncoding, isValidSegment(decoded) else {
            return nil
        }
        return decoded
    }

    /// The percent-encoded segments of a URL's path, one trailing `/` allowed.
    ///
    /// The segments are what lies between the `/`s after the one that starts the path. An
    /// empty segment stays, to be refused: a doubled `/` anywhere, a trailing `//` included,
    /// makes one.
    package static func urlSegments(_ percentEncodedPath: String) -> [Substring] {
        var path = Substring(percentEncodedPath)
        if path.hasPrefix("/") { path = path.dropFirst() }
        guard !path.isEmpty else { return [] }
        var segments = split(path)
        // `a/` is `a`; `a//` keeps one empty segment, and `//` (after the host) is one.
        if segments.count > 1, segments.last?.isEmpty == true { segments.removeLast() }
        return segments
    }

    /// The deep-link URL of this path: `scheme://first/second/…`, each segment percent-encoded;
    /// ``init(url:)`` reads it back to the same path.
    /// - Returns: `nil` for the root path or a scheme that is not a valid URL scheme.
    public func url(scheme: String) -> URL? {
        guard !isRoot else { return nil }
        // Only unreserved characters stay as they are: the first segment is the URL's host,
        // where `@` and `:` would change what the URL means.
        let allowed = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let encoded = segments.map {
            $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0
        }
        return URL(string: "\(scheme)://" + encoded.joined(separator: "/"))
    }
}
