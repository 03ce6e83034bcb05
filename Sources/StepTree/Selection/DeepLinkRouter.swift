import Foundation

/// Routes deep-link URLs from outside the app (push notifications, universal links, QR codes,
/// other apps) to screens of a tree, with patterns such as `product/<int:id>/reviews`,
/// `order/<uuid:id>`, `search?q=<q>` and `files/<rest:path>`.
///
/// ```swift
/// var router = DeepLinkRouter<AppSteps>(origins: [.scheme("myapp")])
/// try router.register("friend/<id>", showing: "profile/friends/<id>")
/// try router.register("search?q=<q>") { root, link in
///     root.select(\.explore, with: ExploreData(query: link.string("q")))
/// }
/// try router.route(url, in: &steps)  // url: myapp://friend/ann
/// ```
///
/// ## Reading a link
///
/// A link is checked before anything is matched (see ``DeepLinkError/Reason``): its origin (a
/// custom scheme, whose host is the first segment, or a universal-link host over `https`,
/// which is dropped; with no origins, any scheme but `http` and `https`), its length, segment
/// and query-item counts (``DeepLinkLimits``), and each segment, percent-decoded exactly once:
/// not empty, not `.` or `..`, no encoded `/`, valid UTF-8, no control character. One trailing
/// `/` is allowed, not two. Query items are read apart from the path; their order does not matter, and
/// a name may appear once.
///
/// ## Precedence
///
/// Patterns form a trie of their segments. When several patterns match a link, the winner is
/// the most specific at the first segment where they differ: a literal beats a typed
/// placeholder (`<int:…>`, `<uuid:…>`, which never match the same segment), which beats an
/// untyped one (`<…>`), which beats `<rest:…>`; equal there, the next segment decides. A
/// pattern's query items do not take part: two patterns whose paths have the same shape
/// conflict when registered. An integer placeholder matches any `[+-]?[0-9]+` segment; one that
/// does not fit in `Int` is an error, not a reason to try another pattern.
///
/// ## Landing
///
/// A route declared with a target lands on it with ``DeepLinkLanding/show`` by default (what
/// covers the target is cleared, so a link that arrives while a modal is up dismisses it), or
/// ``DeepLinkLanding/select``. The screens declared beneath the target are selected first,
/// and a stack element a path names that its stack lacks is pushed on top: at cold start,
/// `orders/42` gives the orders list and order 42 above it, and back works. A typed capture is
/// written into a path in its canonical form, so that links naming the same value land on the
/// same step: an integer in decimal without a sign or leading zeros but for `-` before a
/// negative one (`007`, `+7` give `7`, `-0` gives `0`), a UUID in upper case. A link no pattern
/// matches lands the same way on the step path it names, unless `fallbackToPath` is `false`.
///
/// Every failure leaves the state unchanged, with no event and no observer call: the router
/// edits a copy. A handler's own error is rethrown as it is.
public struct DeepLinkRouter<Root: StepNode>: Sendable {
    /// Edits the root for a matched link; may throw its own error to refuse it.
    public typealias Handler = @Sendable (inout Root, DeepLinkMatch) throws -> Void

    private enum Action: Sendable {
        case handler(Handler)
        case target(DeepLinkTemplate, beneath: [DeepLinkTemplate])
    }

    private struct Route: Sendable {
        let pattern: DeepLinkPattern
        let action: Action
        let gate: DeepLinkGate?
    }

    private var routes: [Route] = []
    private var trie = DeepLinkTrie()
    /// Where links may come from; the first one is used to print links.
    public let origins: [DeepLinkOrigin]
    /// How a target or a fallback path is landed on.
    public let landing: DeepLinkLanding
    /// Whether a link no pattern matches is read as a step path.
    public let fallbackToPath: Bool
    /// The bounds a link must keep.
    public let limits: DeepLinkLimits

    /// Creates a router.
    /// - Parameters:
    ///   - origins: The custom schemes and universal-link hosts accepted; with none, any scheme
    ///     but `http` and `https`.
    ///   - landing: How targets and fallback paths are landed on.
    ///   - fallbackToPath: Land a link no pattern matches on the step path it names.
    ///   - limits: The bounds a link must keep.
    public init(
        origins: [DeepLinkOrigin] = [], landing: DeepLinkLanding = .show,
        fallbackToPath: Bool = true, limits: DeepLinkLimits = .standard
    ) {
        self.origins = origins
        self.landing = landing
        self.fallbackToPath = fallbackToPath
        self.limits = limits
    }

    /// Creates a router that accepts any custom scheme and lands with
    /// ``DeepLinkLanding/show``.
    /// - Parameter fallbackToPath: Land a link no pattern matches on the step path it names.
    public init(fallbackToPath: Bool) {
        self.init(origins: [], fallbackToPath: fallbackToPath)
    }

    /// Adds a pattern whose links a handler applies; see ``register(_:gate:_:)``.
    /// - Throws: ``DeepLinkPatternError``; the router is unchanged.
    /// - Complexity: O(*s*) for a pattern of *s* segments.
    public mutating func register(_ pattern: String, _ handler: @escaping Handler)
        throws(DeepLinkPatternError)
    {
        try register(pattern, gate: nil, handler)
    }

    /// Adds a pattern whose links a handler applies.
    /// - Parameters:
    ///   - pattern: Segments separated by `/`: literal keys, `<name>` for any segment,
    ///     `<int:name>`, `<uuid:name>`, or `<rest:name>` for one or more final segments; then
    ///     optionally `?item=<name>&…` for required query items (typed as segments are).
    ///   - gate: A precondition a ``DeepLinkInbox`` holds the link behind.
    ///   - handler: Edits the root for a matching link; its errors reach the caller as they are.
    /// - Throws: ``DeepLinkPatternError``; the router is unchanged.
    /// - Complexity: O(*s*) for a pattern of *s* segments.
    public mutating func register(
        _ pattern: String, gate: DeepLinkGate?, _ handler: @escaping Handler
    ) throws(DeepLinkPatternError) {
        try add(DeepLinkPattern(pattern), .handler(handler), gate: gate)
    }

    /// Adds a pattern whose links land on a step path, which the router can also print back to
    /// the link (``url(for:from:origin:)``).
    ///
    /// ```swift
    /// try router.register("orders/<int:id>", showing: "orders/list/<id>")
    /// ```
    ///
    /// - Parameters:
    ///   - pattern: As in ``register(_:gate:_:)``.
    ///   - target: The screen's path; `<name>` segments are filled with the captures, and every
    ///     capture must be used.
    ///   - beneath: Paths selected before the target, for the screens that belong beneath it.
    ///   - gate: A precondition a ``DeepLinkInbox`` holds the link behind.
    /// - Throws: ``DeepLinkPatternError``; the router is unchanged.
    /// - Complexity: O(*s*) for a pattern of *s* segments.
    public mutating func register(
        _ pattern: String, showing target: String, beneath: [String] = [],
        gate: DeepLinkGate? = nil
    ) throws(DeepLinkPatternError) {
        let parsed = try DeepLinkPattern(pattern)
        let names = Set(parsed.names)
        let template = try DeepLinkTemplate(target, pattern: pattern, names: names)
        var under: [DeepLinkTemplate] = []
        for path in beneath {
            try under.append(DeepLinkTemplate(path, pattern: pattern, names: names))
        }
        if let unused = parsed.names.first(where: { !template.names.contains($0) }) {
            throw DeepLinkPatternError(pattern: pattern, reason: .unusedPlaceholder(unused))
        }
        try add(parsed, .target(template, beneath: under), gate: gate)
    }

    private mutating func add(_ pattern: DeepLinkPattern, _ action: Action, gate: DeepLinkGate?)
        throws(DeepLinkPatternError)
    {
        if let existing = trie.insert(pattern.segments, route: routes.count) {
            throw DeepLinkPatternError(
                pattern: pattern.text, reason: .conflicts(with: routes[existing].pattern.text))
        }
        routes.append(Route(pattern: pattern, action: action, gate: gate))
    }

    /// The best pattern for `url`, with its converted captures, or `nil` when the link is
    /// refused or no pattern matches (``resolve(_:)`` says why).
    /// - Complexity: O(*n*) in the length of the link, plus the trie walk: see ``resolve(_:)``.
    public func match(_ url: URL) -> DeepLinkMatch? {
        try? resolve(url)
    }

    /// The best pattern for `url`, with its converted captures.
    /// - Throws: ``DeepLinkError`` for a link refused as it is read, one no pattern matches
    ///   (naming the first segment the patterns do not know), or a capture or query item that
    ///   does not convert.
    /// - Complexity: O(*n*) in the length of the link, then O(*s*) trie steps for *s* segments
    ///   in the common case, whatever the number of patterns.
    public func resolve(_ url: URL) throws(DeepLinkError) -> DeepLinkMatch {
        let address = try read(url)
        switch trie.match(address.segments) {
        case .route(let index): return try makeMatch(routes[index].pattern, address, url)
        case .none(let reached): throw unmatched(address, reached: reached, url)
        }
    }

    /// The gate of the route `url` matches, if it has one.
    public func gate(for url: URL) -> DeepLinkGate? {
        guard let address = try? read(url), case .route(let index) = trie.match(address.segments)
        else { return nil }
        return routes[index].gate
    }

    /// Applies the link to `root`: the best route's target or handler, or else (with
    /// `fallbackToPath`) the step path the link names.
    ///
    /// Gates are not checked here; ``DeepLinkInbox`` holds gated links.
    /// - Throws: ``DeepLinkError``, or the handler's own error as it is; `root` is unchanged.
    /// - Complexity: ``resolve(_:)``, plus the edits.
    public func route(_ url: URL, in root: inout Root) throws {
        let address = try read(url)
        var edited = root
        // Selections are reported to observers only if the whole link applies.
        try SelectionReport.holding { () throws in
            switch trie.match(address.segments) {
            case .route(let index):
                let route = routes[index]
                let match = try makeMatch(route.pattern, address, url)
                switch route.action {
                case .handler(let handler):
                    try handler(&edited, match)
                case .target(let target, let beneath):
                    try land(
                        target.path(for: match), beneath.map { $0.path(for: match) },
                        pushing: true, &edited, url)
                }
            case .none(let reached):
                guard fallbackToPath else { throw unmatched(address, reached: reached, url) }
                do {
                    try land(StepPath(address.segments), [], pushing: false, &edited, url)
                } catch let error as DeepLinkError {
                    throw deeper(error, than: unmatched(address, reached: reached, url), reached)
                }
            }
        }
        root = edited
    }

    /// Applies the link given as text; see ``route(_:in:)-(URL,_)``.
    /// - Throws: ``DeepLinkError/Reason/malformedURL`` for text that is not a URL, else what
    ///   ``route(_:in:)-(URL,_)`` throws; `root` is unchanged.
    public func route(_ link: String, in root: inout Root) throws {
        guard link.utf8.count <= limits.maximumLength else {
            throw DeepLinkError(link: link, reason: .tooLong(bytes: link.utf8.count))
        }
        guard let url = URL(string: link) else {
            throw DeepLinkError(link: link, reason: .malformedURL)
        }
        try route(url, in: &root)
    }

    // MARK: Reading, matching, landing

    private func read(_ url: URL) throws(DeepLinkError) -> DeepLinkAddress {
        try DeepLinkAddress(url, origins: origins, limits: limits)
    }

    private func unmatched(_ address: DeepLinkAddress, reached: Int, _ url: URL) -> DeepLinkError {
        let reason: DeepLinkError.Reason =
            reached < address.segments.count
            ? .unknownSegment(address.segments[reached], index: reached) : .incomplete
        return DeepLinkError(link: url.absoluteString, reason: reason)
    }

    /// Of a fallback's error and the routes' own, the one that names the later segment: the
    /// first segment that neither the routes nor the tree know.
    private func deeper(_ fallback: DeepLinkError, than routes: DeepLinkError, _ reached: Int)
        -> DeepLinkError
    {
        guard case .invalidTarget(let error) = fallback.reason else { return fallback }
        let known: Int? =
            switch error {
            case .unknownStep(_, let path), .unknownElement(_, let path?): path.segments.count
            default: nil
            }
        guard let known, reached > known, reached > 0 else { return fallback }
        return routes
    }

    private func makeMatch(_ pattern: DeepLinkPattern, _ address: DeepLinkAddress, _ url: URL)
        throws(DeepLinkError) -> DeepLinkMatch
    {
        func fail(_ reason: DeepLinkError.Reason) -> DeepLinkError {
            DeepLinkError(link: url.absoluteString, reason: reason)
        }
        var values: [String: String] = [:]
        var captures: [String: DeepLinkMatch.Capture] = [:]
        func capture(_ piece: DeepLinkPiece, _ text: String) -> DeepLinkError.Reason? {
            switch piece {
            case .literal: return nil
            case .text(let name): captures[name] = .text(text)
            case .int(let name):
                guard let value = Int(text) else {
                    return .numberOutOfRange(text, placeholder: name)
                }
                captures[name] = .int(value)
            case .uuid(let name):
                guard let value = UUID(uuidString: text) else {
                    return .invalidQueryValue(name, pattern: pattern.text)
                }
                captures[name] = .uuid(value)
            case .rest(let name):
                captures[name] = .rest(text.split(separator: "/").map(String.init))
            }
            values[piece.name ?? ""] = text
            return nil
        }
        for (index, piece) in pattern.segments.enumerated() {
            let text =
                if case .rest = piece {
                    address.segments[index...].joined(separator: "/")
                } else {
                    address.segments[index]
                }
            if let reason = capture(piece, text) { throw fail(reason) }
        }
        for name in pattern.query.keys.sorted() {
            guard let piece = pattern.query[name] else { continue }
            guard let text = address.query[name] else {
                throw fail(.missingQueryItem(name, pattern: pattern.text))
            }
            let valid =
                switch piece {
                case .int: DeepLinkPiece.isInteger(text)
                case .uuid: UUID(uuidString: text) != nil
                default: true
                }
            guard valid else { throw fail(.invalidQueryValue(name, pattern: pattern.text)) }
            if let reason = capture(piece, text) { throw fail(reason) }
        }
        return DeepLinkMatch(
            pattern: pattern.text, path: StepPath(address.segments), values: values,
            query: address.query, captures: captures)
    }

    /// Selects the screens beneath, then lands on the target; a route's target and screens
    /// beneath get the stack elements they name pushed, a fallback path does not.
    private func land(
        _ target: StepPath, _ beneath: [StepPath], pushing: Bool, _ root: inout Root, _ url: URL
    ) throws(DeepLinkError) {
        guard target.segments.count <= limits.maximumDepth else {
            throw DeepLinkError(link: url.absoluteString, reason: .tooDeep(target.segments.count))
        }
        do {
            for path in beneath + [target] where pushing {
                try root.pushMissingElements(along: path)
            }
            for path in beneath { try root.select(path: path) }
            switch landing {
            case .show: try root.show(path: target)
            case .select: try root.select(path: target)
            }
        } catch {
            throw DeepLinkError(link: url.absoluteString, reason: .invalidTarget(error))
        }
    }

    // MARK: Printing

    /// The link that leads to the screen `state` shows, for sharing and for tests: a route
    /// whose target is the visible screen, or the nearest step above it, filled from its path.
    ///
    /// Only routes declared with a target are printed. Routes without a `<rest:…>` capture are
    /// tried first, then shorter targets before longer ones, then in registration order. Each
    /// link is checked before it is returned: it matches its own route, and routing it on
    /// `start` (or on `state`) shows the same screen and, from `start`, gives `state` exactly.
    /// - Parameters:
    ///   - state: The state to print.
    ///   - start: The state links are opened on, such as the app's initial state at cold
    ///     start; the link must rebuild `state` from it.
    ///   - origin: The scheme or universal-link host to print; by default the first of
    ///     ``origins``.
    /// - Returns: `nil` when no origin is known or no route leads to the screen.
    /// - Complexity: O(*d* · *p*) template comparisons for a screen of depth *d* and *p*
    ///   routes, plus one route of each link tried.
    public func url(for state: Root, from start: Root? = nil, origin: DeepLinkOrigin? = nil)
        -> URL?
    {
        guard let origin = origin ?? origins.first else { return nil }
        let visible = state.visibleScreen
        let prefixes = (1...max(visible.segments.count, 1)).map {
            StepPath(Array(visible.segments.prefix($0)))
        }
        for wantsRest in [false, true] {
            for path in prefixes {
                for route in routes {
                    guard case .target(let target, _) = route.action else { continue }
                    let rests = Set(
                        route.pattern.segments.compactMap {
                            if case .rest(let name) = $0 { name } else { nil }
                        })
                    guard rests.isEmpty != wantsRest,
                        let captures = target.captures(in: path, restNames: rests),
                        let url = Self.link(route.pattern, captures, origin),
                        (try? resolve(url))?.pattern == route.pattern.text
                    else { continue }
                    var copy = start ?? state
                    guard (try? self.route(url, in: &copy)) != nil, copy.visibleScreen == visible,
                        start == nil || copy == state
                    else { continue }
                    return url
                }
            }
        }
        return nil
    }

    /// The text of a link to `pattern` with these captures.
    private static func link(
        _ pattern: DeepLinkPattern, _ captures: [String: [String]], _ origin: DeepLinkOrigin
    ) -> URL? {
        var segments: [String] = []
        for piece in pattern.segments {
            switch piece {
            case .literal(let key): segments.append(key)
            default: segments += captures[piece.name ?? ""] ?? []
            }
        }
        let encoded = segments.map {
            $0.addingPercentEncoding(withAllowedCharacters: .unreserved) ?? $0
        }
        let query = pattern.query.keys.sorted().compactMap { item -> String? in
            guard let name = pattern.query[item]?.name, let value = captures[name]?.first else {
                return nil
            }
            let allowed = CharacterSet.unreserved
            return (item.addingPercentEncoding(withAllowedCharacters: allowed) ?? item) + "="
                + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
        }
        let head =
            switch origin {
            case .scheme(let scheme): "\(scheme)://"
            case .universalLink(let host): "https://\(host)/"
            }
        return URL(
            string: head + encoded.joined(separator: "/")
                + (query.isEmpty ? "" : "?" + query.joined(separator: "&")))
    }
}

extension CharacterSet {
    /// The characters a URL never needs to escape; the first segment of a custom-scheme link
    /// is its host, where `@` and `:` would change what the link means.
    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

extension StepNode {
    /// Pushes, on top of each stack along `path`, the element the path names there when the
    /// stack lacks it.
    /// - Throws: ``StepPathError`` for a path that does not resolve otherwise.
    mutating func pushMissingElements(along path: StepPath) throws(StepPathError) {
        for _ in 0...path.segments.count {
            do {
                _ = try ResolvedPath(path.parts, from: StepStorage.make(self))
                return
            } catch .unknownElement(let id, in: let stack?) {
                let node = try ResolvedPath(stack.parts, from: StepStorage.make(self)).target
                let ids = (0..<node.elementCount).map { node.element($0).id }
                try setStack(path: stack, ids: ids + [id])
            }
        }
    }
}
