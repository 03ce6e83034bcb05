import StepTree

/// Where links may come from: a custom scheme, whose host is the first segment
/// (`shop://product/123`), a universal-link host over `https`, which is dropped
/// (`https://shop.example.com/product/123`), or a custom scheme whose authority is a host, read
/// and dropped as a universal link's (`shop://www.example.com/product/123`).
///
/// A link of a scheme with both a ``schemeHost(_:host:)`` origin and a ``scheme(_:)`` origin is
/// read with its host when a host origin accepts it, else with its host as the first segment.
///
/// A host written `*.example.com` accepts every subdomain of `example.com` at any depth
/// (`a.example.com`, `a.b.example.com`) but not `example.com` itself; `*` accepts every host.
/// When several origins accept a link, the one it is said to come from
/// (``DeepLinkMatch/origin``) is the scheme, or else the exact host, or else the wildcard with
/// the longest suffix.
///
/// Hosts are compared as names: a link's host is percent-decoded once (`%61.example.com` is
/// `a.example.com`), and every host, a link's, a pattern's or an origin's, is read in lower
/// case without its trailing dot (`example.com.` is `example.com`). A link whose host is no
/// name (an empty label as in `a..example.com`, or a byte other than an ASCII letter, a digit,
/// `-` or `_` once decoded, as in `evil.com%23.example.com`) is refused with
/// ``DeepLinkError/Reason/unknownHost(_:)``. An IDNA label is compared in its ASCII form,
/// `xn--…`: a host that is not ASCII is refused.
public enum DeepLinkOrigin: Hashable, Sendable {
    /// A custom scheme such as `shop`, compared without regard to case.
    case scheme(String)
    /// A web host such as `shop.example.com`, `*.example.com` or `*`, whose `https` links the
    /// app handles, compared without regard to case.
    case universalLink(host: String)
    /// A custom scheme whose authority is a host, read as a universal link's is (exact, or a
    /// wildcard: `*.example.com`, `*`) and dropped: `shop://www.example.com/product/123`.
    case schemeHost(String, host: String)

    /// The scheme, in lower case, of the links whose host this origin reads: `https` for a
    /// universal link; `nil` for a custom scheme whose host is the first segment.
    var hostScheme: String? {
        switch self {
        case .scheme: nil
        case .universalLink: "https"
        case .schemeHost(let scheme, _): scheme.lowercased()
        }
    }

    /// The host as written, for an origin that reads one.
    private var hostText: String? {
        switch self {
        case .scheme: nil
        case .universalLink(let host), .schemeHost(_, let host): host
        }
    }

    /// For a wildcard host, the suffix a host must end with: `.example.com` for
    /// `*.example.com`, `""` for `*`; `nil` for an exact host, a scheme, or a wildcard whose
    /// suffix is no host name (which accepts no host).
    var wildcardSuffix: String? {
        guard let host = hostText else { return nil }
        if host == "*" { return "" }
        guard host.utf8.starts(with: "*.".utf8) else { return nil }
        return DeepLinkHost.name(Substring(host.utf8.dropFirst(2))).map { "." + $0 }
    }

    /// For an exact host, its name as ``DeepLinkHost`` reads it; `nil` for a wildcard, a
    /// scheme, or a host that is no name (which accepts no host).
    var exactHost: String? {
        guard let host = hostText else { return nil }
        return DeepLinkHost.name(host)
    }

    /// Whether this origin that reads hosts accepts `host`, a name as ``DeepLinkHost`` reads it.
    func accepts(host: String) -> Bool {
        if let suffix = wildcardSuffix { return Self.host(host, endsWith: suffix) }
        return exactHost == host
    }

    /// Whether `host` has at least one byte before `suffix`, which it ends with.
    static func host(_ host: String, endsWith suffix: String) -> Bool {
        host.utf8.count > suffix.utf8.count
            && host.utf8.reversed().starts(with: suffix.utf8.reversed())
    }
}

/// What a query item that the matching pattern does not name does to a link.
public enum DeepLinkQueryItems: Hashable, Sendable {
    /// The item is left out of the captures; a handler still sees it in
    /// ``DeepLinkMatch/query``.
    case ignore
    /// The link is refused with ``DeepLinkError/Reason/unknownQueryItem(_:pattern:)``.
    case refuse
}

/// How a matched route lands on its target.
public enum DeepLinkLanding: Hashable, Sendable {
    /// Exactly on the target: what would cover it is cleared (`StepNode.show(path:with:)`).
    case show
    /// Selects the target and leaves the rest as it is (`StepNode.select(path:with:)`).
    case select
}

/// The bounds a link must keep before a router reads it.
public struct DeepLinkLimits: Hashable, Sendable {
    /// The longest link, in UTF-8 bytes of its text.
    public var maximumLength: Int
    /// The most path segments a link may have.
    public var maximumSegments: Int
    /// The most query items a link may have.
    public var maximumQueryItems: Int
    /// The most segments a route's target may have once filled (a `<rest:…>` capture adds
    /// several); at most `StepPath.maximumDepth`.
    public var maximumDepth: Int

    /// Creates limits.
    public init(maximumLength: Int, maximumSegments: Int, maximumQueryItems: Int, maximumDepth: Int)
    {
        self.maximumLength = maximumLength
        self.maximumSegments = maximumSegments
        self.maximumQueryItems = maximumQueryItems
        self.maximumDepth = min(maximumDepth, StepPath.maximumDepth)
    }

    /// 4,096 bytes, 32 segments, 32 query items, targets of at most 64 segments.
    public static let standard = DeepLinkLimits(
        maximumLength: 4096, maximumSegments: 32, maximumQueryItems: 32, maximumDepth: 64)
}
