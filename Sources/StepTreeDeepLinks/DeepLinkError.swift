import StepTree

/// Why a link, a pattern or a routes file was refused.
///
/// A link ``DeepLinkRouter`` did not apply, a pattern or target it refused to register, or a
/// routes file (``DeepLinkRouteTable``) that describes no router. It names what is wrong (``reason``) and where: the link, the route's pattern, the route's index
/// in a routes file, and inside the reason the segment, query item, placeholder, payload field
/// or step path.
///
/// A refused link leaves the state unchanged: no event, no observer call. A handler's own error
/// is not wrapped in this type; the router rethrows it as it is.
public struct DeepLinkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong; segment indexes are 0-based, in the link's path (the first segment of a
    /// custom-scheme link is its host) or in the pattern's path.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        // MARK: Reading a link

        /// The text is not a URL.
        case malformedURL
        /// The link is this many UTF-8 bytes long, more than ``DeepLinkLimits/maximumLength``.
        case tooLong(bytes: Int)
        /// The router accepts no link with this scheme.
        case unknownScheme(String)
        /// A web link to a host the router does not accept as a universal-link host, or to a
        /// host that is no host name (see ``DeepLinkOrigin``), named as the link writes it.
        case unknownHost(String)
        /// The link has a user, password or port, which no accepted origin has.
        case unexpectedAuthority
        /// The link names no segment.
        case emptyPath
        /// The link has this many segments, more than ``DeepLinkLimits/maximumSegments``.
        case tooManySegments(Int)
        /// The segment of the link, or of the pattern, is empty (a doubled `/`; in a pattern
        /// also a leading or trailing one).
        case emptySegment(index: Int)
        /// The segment is `.` or `..` (also when percent-encoded).
        case dotSegment(index: Int)
        /// The segment decodes to text containing `/` (`%2F`).
        case encodedSlash(index: Int)
        /// The segment has a `%` escape that does not decode to UTF-8.
        case invalidPercentEncoding(index: Int)
        /// The segment decodes to text with a control character.
        case controlCharacter(index: Int)
        /// The segment is `length` UTF-8 bytes long, more than `StepPath.maximumSegmentLength`.
        case segmentTooLong(index: Int, length: Int)
        /// The link has this many query items, more than ``DeepLinkLimits/maximumQueryItems``.
        case tooManyQueryItems(Int)
        /// A query item that does not decode, has an empty name, or a control character.
        case invalidQueryItem(String)
        /// The query item appears more than once, and the pattern that matches the link does not
        /// read it as repeated (`<name*>`), or no pattern matches it.
        case repeatedQueryItem(String)

        // MARK: Matching a link

        /// The pattern that matches the path requires this query item.
        case missingQueryItem(String, pattern: String)
        /// The link has this query item, which the pattern that matches its path does not
        /// name, and the router refuses unknown query items (``DeepLinkQueryItems/refuse``).
        case unknownQueryItem(String, pattern: String)
        /// The query item's value does not have its placeholder's type.
        case invalidQueryValue(String, pattern: String)
        /// An integer that does not fit in `Int`, for this placeholder.
        case numberOutOfRange(String, placeholder: String)
        /// No route and no step continues at this segment.
        case unknownSegment(String, index: Int)
        /// The link ends where the routes expect more segments, and names no step.
        case incomplete

        // MARK: Landing

        /// The route's target has this many segments, more than ``DeepLinkLimits/maximumDepth``.
        case tooDeep(Int)
        /// The route's target (or the fallback path) does not resolve in the tree.
        case invalidTarget(StepPathError)
        /// A screen the route opens cannot hold its captures: the text names the payload's
        /// type and the field, or the decoding problem and where.
        case invalidPayload(String)
        /// No screen the route opens has this field (the capture's name, or the field
        /// `<name as field>` gives), which a capture no path uses must fill; the screens decoded
        /// with their fields are named by type.
        case unreadCapture(String, screens: [String])

        // MARK: Registering a route

        /// The pattern has no segment.
        case emptyPattern
        /// A segment starts with `<` or ends with `>` but is no placeholder (`<name>`,
        /// `<int:name>`, `<uuid:name>`, `<rest:name>`, optionally after a literal prefix:
        /// `@<name>`).
        case malformedPlaceholder(String)
        /// A placeholder with a type other than `int`, `uuid` and `rest`.
        case unknownPlaceholderType(String)
        /// Two placeholders share this name.
        case duplicatePlaceholder(String)
        /// A `<rest:…>` placeholder that is not the last segment of the path, is in the query,
        /// or follows a literal prefix.
        case restNotLast(String)
        /// A literal segment, or a placeholder's literal prefix, that could name no step: too
        /// long, or with `/`, `<`, `>` or a control character.
        case invalidLiteral(String)
        /// A query item that is not `name=<placeholder>`, or names an item twice.
        case malformedQueryItem(String)
        /// The pattern's origin is not `scheme://` or `https://host/`, with a host written as
        /// a name, `*.suffix`, `*` or `<placeholder>`.
        case malformedOrigin(String)
        /// The router accepts no link from the pattern's origin (see ``DeepLinkRouter/origins``).
        case originNotAccepted(String)
        /// The pattern matches exactly the links of this pattern, registered before.
        case conflicts(with: String)
        /// The target names this placeholder, which the pattern does not have.
        case unknownTargetPlaceholder(String)
        /// A target or a screen beneath names this optional capture, which a link may lack.
        case optionalInTarget(String)
        /// A target, a screen beneath it or a fallback tab is not a path of keys and
        /// `<placeholder>` segments (a target or a screen beneath may start with `./`, a
        /// fallback tab may not; none may have an empty, `.` or `..` segment, which names no
        /// step), or a fallback tab is given to a route with no `./` path.
        case malformedTarget(String)

        // MARK: Reading a routes file

        /// The JSON does not decode as a routes file; the text names where and what.
        case malformedTable(String)

        /// The reason as a phrase, with control and bidirectional-formatting characters in
        /// the text it quotes written as escapes (`\u{1B}`).
        public var description: String { PrintableText.printable(phrase) }

        /// The phrase before escaping, for the error's own sentence to escape once.
        fileprivate var phrase: String {
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
            case .unknownQueryItem(let name, let pattern):
                "has the query item '\(StepPath.excerpt(name))', which '\(pattern)' does not name"
            case .invalidQueryValue(let name, let pattern):
                "query item '\(name)' does not have the type '\(pattern)' requires"
            case .numberOutOfRange(let text, let placeholder):
                "'\(StepPath.excerpt(text))' is too large a number for <int:\(placeholder)>"
            case .unknownSegment(let segment, let index):
                "no route or step at segment \(index + 1), '\(StepPath.excerpt(segment))'"
            case .incomplete: "ends where the routes expect more segments"
            case .tooDeep(let count): "leads to a path of \(count) segments, more than allowed"
            case .invalidTarget(let error): "leads nowhere: \(error)"
            case .invalidPayload(let problem): "cannot fill the screen it opens: \(problem)"
            case .unreadCapture(let field, let screens) where screens.isEmpty:
                "no screen it opens has the field '\(field)' a capture fills"
            case .unreadCapture(let field, let screens):
                "no screen it opens has the field '\(field)' a capture fills: "
                    + screens.joined(separator: ", ") + (screens.count == 1 ? " has" : " have")
                    + " no field that keeps it"
            case .emptyPattern: "the pattern is empty"
            case .malformedPlaceholder(let text): "malformed placeholder '\(text)'"
            case .unknownPlaceholderType(let type): "unknown placeholder type '\(type)'"
            case .duplicatePlaceholder(let name): "placeholder '\(name)' appears twice"
            case .restNotLast(let name):
                "<rest:\(name)> must be the whole last segment of the path"
            case .invalidLiteral(let text):
                "segment '\(StepPath.excerpt(text))' is too long, or contains '/', '<', '>' or a "
                    + "control character"
            case .malformedQueryItem(let text):
                "query item '\(StepPath.excerpt(text))' is not name=<placeholder>, or is repeated"
            case .malformedOrigin(let text):
                "origin '\(StepPath.excerpt(text))' is not scheme:// or https://host/"
            case .originNotAccepted(let text):
                "the router accepts no link from '\(StepPath.excerpt(text))'"
            case .conflicts(let other):
                "matches the same links as '\(other)', registered before"
            case .unknownTargetPlaceholder(let name): "the target uses '<\(name)>', not captured"
            case .optionalInTarget(let name):
                "a path uses '<\(name)>', an optional query item a link may lack"
            case .malformedTarget(let text): "target '\(StepPath.excerpt(text))' is not a step path"
            case .malformedTable(let problem): problem
            }
        }
    }

    /// The link, shortened to an excerpt when it is long; `nil` for a route refused as it is
    /// registered and for a routes file.
    public let link: String?
    /// The pattern of the route: the one refused, or the one whose target the link did not
    /// land on; `nil` for a link refused before a route matched it.
    public let pattern: String?
    /// The route's index in a routes file (0-based), for a route a table's router refused.
    public let route: Int?
    /// What is wrong.
    public let reason: Reason

    /// Creates an error, quoting at most an excerpt of the link and the pattern.
    /// - Parameters:
    ///   - link: The link refused.
    ///   - pattern: The route's pattern.
    ///   - route: The route's index in a routes file.
    ///   - reason: What is wrong.
    public init(link: String? = nil, pattern: String? = nil, route: Int? = nil, reason: Reason) {
        self.link = link.map { StepPath.excerpt($0) }
        self.pattern = pattern.map { StepPath.excerpt($0) }
        self.route = route
        self.reason = reason
    }

    /// `link '<link>' <reason>` for a link refused before a route matched it, `link '<link>'
    /// (pattern '<pattern>') <reason>` after, `[routes[i]: ]pattern '<pattern>': <reason>`
    /// for a route refused, and the reason alone for a routes file that does not decode.
    ///
    /// Control and bidirectional-formatting characters in the link, the pattern and the
    /// reason are written as escapes (`\u{1B}`).
    public var description: String { PrintableText.printable(sentence) }

    private var sentence: String {
        let place = route.map { "routes[\($0)]: " } ?? ""
        switch (link, pattern) {
        case (let link?, let pattern?):
            return "\(place)link '\(link)' (pattern '\(pattern)') \(reason.phrase)"
        case (let link?, nil): return "\(place)link '\(link)' \(reason.phrase)"
        case (nil, let pattern?): return "\(place)pattern '\(pattern)': \(reason.phrase)"
        case (nil, nil): return place + reason.phrase
        }
    }

    /// This error, for the route at `index` of a routes file.
    func inRoute(_ index: Int) -> Self {
        Self(excerpts: link, pattern, route: index, reason)
    }

    private init(excerpts link: String?, _ pattern: String?, route: Int?, _ reason: Reason) {
        self.link = link
        self.pattern = pattern
        self.route = route
        self.reason = reason
    }
}
