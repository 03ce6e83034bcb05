/// Where links may come from: a custom scheme, whose host is the first segment
/// (`shop://product/123`), or a universal-link host over `https`, which is dropped
/// (`https://shop.example.com/product/123`).
public enum DeepLinkOrigin: Hashable, Sendable {
    /// A custom scheme such as `shop`, compared without regard to case.
    case scheme(String)
    /// A web host such as `shop.example.com` whose `https` links the app handles, compared
    /// without regard to case.
    case universalLink(host: String)
}

/// How a matched route lands on its target.
public enum DeepLinkLanding: Hashable, Sendable {
    /// Exactly on the target: what would cover it is cleared (``StepNode/show(path:fresh:)-(StepPath,_)``).
    case show
    /// Selects the target and leaves the rest as it is (``StepNode/select(path:fresh:)-(StepPath,_)``).
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
    /// several); at most ``StepPath/maximumDepth``.
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
