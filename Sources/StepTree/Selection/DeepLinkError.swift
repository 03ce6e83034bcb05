/// Why ``DeepLinkRouter`` did not apply a link: the link, and what is wrong with it where.
///
/// The state is unchanged: no event, no observer call. A handler's own error is not wrapped in
/// this type; the router rethrows it as it is.
public struct DeepLinkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with the link; segment indexes are 0-based, in the link's path (the first
    /// segment of a custom-scheme link is its host).
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// The text is not a URL.
        case malformedURL
        /// The link is this many UTF-8 bytes long, more than ``DeepLinkLimits/maximumLength``.
        case tooLong(bytes: Int)
        /// The router accepts no link with this scheme.
        case unknownScheme(String)
        /// A web link to a host the router does not accept as a universal-link host.
        case unknownHost(String)
        /// The link has a user, password or port, which no accepted origin has.
        case unexpectedAuthority
        /// The link names no segment.
        case emptyPath
        /// The link has this many segments, more than ``DeepLinkLimits/maximumSegments``.
        case tooManySegments(Int)
        /// The segment is empty (a doubled `/`).
        case emptySegment(index: Int)
        /// The segment is `.` or `..` (also when percent-encoded).
        case dotSegment(index: Int)
        /// The segment decodes to text containing `/` (`%2F`).
        case encodedSlash(index: Int)
        /// The segment has a `%` escape that does not decode to UTF-8.
        case invalidPercentEncoding(index: Int)
        /// The segment decodes to text with a control character.
        case controlCharacter(index: Int)
        /// The segment is `length` UTF-8 bytes long, more than ``StepPath/maximumSegmentLength``.
        case segmentTooLong(index: Int, length: Int)
        /// The link has this many query items, more than ``DeepLinkLimits/maximumQueryItems``.
        case tooManyQueryItems(Int)
        /// A query item that does not decode, has an empty name, or a control character.
        case invalidQueryItem(String)
        /// The query item appears more than once.
        case repeatedQueryItem(String)
        /// The pattern that matches the path requires this query item.
        case missingQueryItem(String, pattern: String)
        /// The query item's value does not have its placeholder's type.
        case invalidQueryValue(String, pattern: String)
        /// An integer that does not fit in `Int`, for this placeholder.
        case numberOutOfRange(String, placeholder: String)
        /// No route and no step continues at this segment.
        case unknownSegment(String, index: Int)
        /// The link ends where the routes expect more segments, and names no step.
        case incomplete
        /// The route's target has this many segments, more than ``DeepLinkLimits/maximumDepth``.
        case tooDeep(Int)
        /// The route's target (or the fallback path) does not resolve in the tree.
        case invalidTarget(StepPathError)

        /// The reason as a phrase.
        public var description: String {
            switch self {
            case .malformedURL: "is not a URL"
            case .tooLong(let bytes): "is \(bytes) bytes long, more than allowed"
            case .unknownScheme(let scheme): "scheme '\(StepPath.excerpt(scheme))' is not accepted"
            case .unknownHost(let host): "host '\(StepPath.excerpt(host))' is not accepted"
            case .unexpectedAuthority: "has a user, password or port"
            case .emptyPath: "names no step"
            case .tooManySegments(let count): "has \(count) segments, more than allowed"
            case .emptySegment(let index): "segment \(index + 1) is empty"
            case .dotSegment(let index): "segment \(index + 1) is '.' or '..'"
            case .encodedSlash(let index): "segment \(index + 1) contains an encoded '/'"
            case .invalidPercentEncoding(let index):
                "segment \(index + 1) has a '%' escape that is not UTF-8"
            case .controlCharacter(let index): "segment \(index + 1) contains a control character"
            case .segmentTooLong(let index, let length):
                "segment \(index + 1) is \(length) bytes; at most "
                    + "\(StepPath.maximumSegmentLength) are allowed"
            case .tooManyQueryItems(let count): "has \(count) query items, more than allowed"
            case .invalidQueryItem(let item):
                "query item '\(StepPath.excerpt(item))' does not decode, has no name, or contains "
                    + "a control character"
            case .repeatedQueryItem(let name):
                "query item '\(StepPath.excerpt(name))' appears more than once"
            case .missingQueryItem(let name, let pattern):
                "lacks the query item '\(name)' that '\(pattern)' requires"
            case .invalidQueryValue(let name, let pattern):
                "query item '\(name)' does not have the type '\(pattern)' requires"
            case .numberOutOfRange(let text, let placeholder):
                "'\(StepPath.excerpt(text))' is too large a number for <int:\(placeholder)>"
            case .unknownSegment(let segment, let index):
                "no route or step at segment \(index + 1), '\(StepPath.excerpt(segment))'"
            case .incomplete: "ends where the routes expect more segments"
            case .tooDeep(let count): "leads to a path of \(count) segments, more than allowed"
            case .invalidTarget(let error): "leads nowhere: \(error)"
            }
        }
    }

    /// The link, shortened to an excerpt when it is long.
    public let link: String
    /// What is wrong with it.
    public let reason: Reason

    /// Creates an error for `link`, quoting at most an excerpt of it.
    public init(link: String, reason: Reason) {
        self.link = StepPath.excerpt(link)
        self.reason = reason
    }

    /// `link '<link>' <reason>`.
    public var description: String { "link '\(link)' \(reason)" }
}
