import Foundation

/// Routes deep-link URLs from outside the app (push notifications, universal links, QR codes,
/// other apps, links tapped in content) to screens of a tree, with patterns such as
/// `product/<int:id>/reviews`, `order/<uuid:id>`, `search?q=<q>`, `files/<rest:path>`,
/// `@<user>` and `https://<server>/@<user>/<int:id>`.
///
/// ```swift
/// var router = DeepLinkRouter<ClientSteps>(
///     origins: [.scheme("myapp"), .universalLink(host: "my.server"), .universalLink(host: "*")])
/// // Onto the selected tab's stack: a new element, its status filled from the captures.
/// try router.register("myapp://status/<int:id>", showing: "./path/status", fallbackTab: "home")
/// try router.register("https://<server>/@<user>", showing: "./path/account", fallbackTab: "home")
/// try router.register("search?q=<q>") { root, link in
///     try root.select(path: "search", with: link.string("q"))
/// }
/// try router.route(url, in: &steps)
/// ```
///
/// ## Reading a link
///
/// A link is checked before anything is matched (see ``DeepLinkError/Reason``): its origin (a
/// custom scheme, whose host is the first segment, or a universal-link host over `https`,
/// which is dropped, exact or wildcard: see ``DeepLinkOrigin``; with no origins, any scheme but
/// `http` and `https`), its length, segment and query-item counts (``DeepLinkLimits``), and each
/// segment, percent-decoded exactly once: not empty, not `.` or `..`, no encoded `/`, valid
/// UTF-8, no control character. One trailing `/` is allowed, not two. Query items are read apart
/// from the path; their order does not matter, and a name may appear once. A handler sees the
/// whole link in its ``DeepLinkMatch``: scheme, host, origin, path and query.
///
/// ## Patterns and precedence
///
/// A pattern is a path of segments, each a literal key, a placeholder (`<name>`, `<int:name>`,
/// `<uuid:name>`, a final `<rest:name>`) or a literal prefix and a placeholder (`@<user>`,
/// `v<int:n>`), then optionally `?item=<name>&…` for required query items. It may start with an
/// origin, and then takes only links from there: `myapp://` (that custom scheme),
/// `https://my.server/` (that host), `https://*.example.com/` or `https://*/` (hosts the
/// wildcard accepts) or `https://<server>/` (any universal link, its host captured as a name:
/// see ``DeepLinkOrigin``). The router must accept links from that origin.
///
/// When several patterns match a link, the origin decides first: a pattern naming the link's
/// scheme or exact host beats one with a wildcard host (the longer suffix first), which beats a
/// captured host, which beats a pattern with no origin. Then, at the first segment where the
/// patterns differ, the most specific wins: a literal beats a prefixed placeholder (the longer
/// prefix first, then typed before untyped), which beats a typed placeholder (`<int:…>`,
/// `<uuid:…>`, which never match the same segment), which beats an untyped one, which beats
/// `<rest:…>`; equal there, the next segment decides. A pattern's query items do not take part:
/// two patterns of the same origin whose paths have the same shape conflict when registered.
/// An integer placeholder matches any `[+-]?[0-9]+` segment; one that does not fit in `Int` is
/// an error, not a reason to try another pattern.
///
/// ## Landing
///
/// A route declared with a target lands on it. The target, and the screens declared beneath
/// it, are read as ``StepNode/push(path:id:with:)`` reads a path: a literal segment after a
/// stack that is not one of its element ids pushes a new element there, with a minted id (for
/// a destination stack the segment names the destination; for another stack it names a step
/// inside the new element, and a path that ends at a stack pushes a new element on it), while a
/// `<capture>` segment after a stack names an existing element by its id, and the link is
/// refused when the stack has none. A typed capture is written into a path in its canonical
/// form, so that links naming the same value land on the same step: an integer in decimal
/// without a sign or leading zeros but for `-` before a negative one (`007`, `+7` give `7`,
/// `-0` gives `0`), a UUID in upper case.
///
/// The captures no path of the route uses fill the screen the route lands on: the one its
/// target pushes (a destination's payload, or the new element), or else the target's own step,
/// renewed with that value (as ``StepNode/show(path:with:)`` renews). A schema-driven screen
/// gets the one capture's text, or the JSON object of several by name
/// (`{"id":42,"server":"mastodon.social"}`); a typed one is decoded with its `Decodable` from
/// its initial value's encoding (for a pushed screen; its current value for a renewed step)
/// with a field set per capture (an `<int:…>` capture a number, a UUID its text), and must
/// keep every capture. So `status/<int:id>` with target `./path/status` pushes
/// `.status(StatusScreen(id: 42))`, and `search?q=<query>` with target `explore` selects the
/// explore tab with `ExploreData(query: "cats")`.
///
/// An absolute target is landed on as ``landing`` says: ``DeepLinkLanding/show`` by default
/// (what covers the target is cleared, so a link that arrives while a modal is up dismisses it)
/// or ``DeepLinkLanding/select``. A target written `./…` lands **in the selected tab**: its path
/// is taken under the tab selected when the link arrives, pushed and selected there, and
/// nothing is cleared: the tab's sheets stay, and a push goes under a sheet or cover that is
/// up. The selected tab is found on the path to the visible screen: of the nodes on it that
/// show tabs (their content layer selects a tab), the tab the last one selects; the root when
/// none does. So under a login cover presented from the root it is still the tab beneath, and
/// in a sheet with a tab bar of its own it is the sheet's tab. A `./…` screen beneath is taken
/// under the same tab. When a route's paths name no step under the selected tab
/// (``StepPathError/unknownStep(_:in:)``, ``StepPathError/unknownElement(_:in:)`` or
/// ``StepPathError/notAStack(_:)``: say, the settings tab has no `path` stack), the route's
/// `fallbackTab` is selected, keeping its state, and the paths are taken under it instead; with
/// no fallback tab, or when they name no step there either, the link is refused with
/// ``DeepLinkError/Reason/invalidTarget(_:)`` (the fallback tab's error, if it was tried).
///
/// A link no pattern matches lands on the step path it names, as ``landing`` says, unless
/// `fallbackToPath` is `false`.
///
/// Every failure leaves the state unchanged, with no event and no observer call: the router
/// edits a copy. A handler's own error is rethrown as it is.
public struct DeepLinkRouter<Root: StepNode>: Sendable {
    /// Edits the root for a matched link; may throw its own error to refuse it.
    public typealias Handler = @Sendable (inout Root, DeepLinkMatch) throws -> Void

    private enum Action: Sendable {
        case handler(Handler)
        case target(Declaration)
    }

    /// A route's target, its screens beneath, its fallback tab and what fills the screen it
    /// pushes.
    private struct Declaration: Sendable {
        let target: DeepLinkTemplate
        let beneath: [DeepLinkTemplate]
        let fallbackTab: StepPath?
        /// The captures no path uses, in pattern order: the pushed screen's payload.
        let payload: [String]

        var isRelative: Bool { target.isRelative || beneath.contains(where: \.isRelative) }
    }

    private struct Route: Sendable {
        let pattern: DeepLinkPattern
        let action: Action
        let gate: DeepLinkGate?
    }

    private var routes: [Route] = []
    /// The patterns of each origin scope.
    private var tries: [DeepLinkScope: DeepLinkTrie] = [:]
    /// The suffixes of the wildcard scopes, longest first.
    private var wildcards: [String] = []
    /// Where links may come from; the first one is used to print links.
    public let origins: [DeepLinkOrigin]
    /// How an absolute target or a fallback path is landed on.
    public let landing: DeepLinkLanding
    /// Whether a link no pattern matches is read as a step path.
    public let fallbackToPath: Bool
    /// The bounds a link must keep.
    public let limits: DeepLinkLimits

    /// Creates a router.
    /// - Parameters:
    ///   - origins: The custom schemes and universal-link hosts accepted (a host may be a
    ///     wildcard: `*.example.com`, `*`); with none, any scheme but `http` and `https`.
    ///   - landing: How absolute targets and fallback paths are landed on.
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

    /// Adds a pattern whose links a handler applies.
    ///
    /// ```swift
    /// try router.register("search?q=<q>") { root, link in
    ///     try root.select(path: "search", with: link.string("q"))
    /// }
    /// ```
    /// - Parameters:
    ///   - pattern: An optional origin (`myapp://`, `https://host/`, `https://*.suffix/`,
    ///     `https://<name>/`), then segments separated by `/`: literal keys, `<name>` for any
    ///     segment, `<int:name>`, `<uuid:name>`, `<rest:name>` for one or more final segments,
    ///     or a literal prefix and a placeholder (`@<user>`); then optionally `?item=<name>&…`
    ///     for required query items (typed as segments are).
    ///   - gate: A precondition a ``DeepLinkInbox`` holds the link behind.
    ///   - handler: Edits the root for a matching link; its errors reach the caller as they are.
    /// - Throws: ``DeepLinkError`` naming the pattern; the router is unchanged.
    /// - Complexity: O(*s*) for a pattern of *s* segments.
    public mutating func register(
        _ pattern: String, gate: DeepLinkGate? = nil, _ handler: @escaping Handler
    ) throws(DeepLinkError) {
        try add(DeepLinkPattern(pattern), .handler(handler), gate: gate)
    }

    /// Adds a pattern whose links land on a target (see the type's "Landing"), which the router
    /// can also print back to the link (``url(for:from:origin:)``).
    ///
    /// ```swift
    /// try router.register("orders/<int:id>", showing: "orders/list/<id>")   // an existing order
    /// try router.register("status/<int:id>", showing: "./path/status", fallbackTab: "home")
    /// ```
    ///
    /// - Parameters:
    ///   - pattern: As in ``register(_:gate:_:)``.
    ///   - target: The screen's path, absolute or `./…` (in the selected tab); `<name>`
    ///     segments are filled with the captures, and the captures no path uses fill the screen
    ///     it pushes, or else its own step.
    ///   - beneath: Paths selected, or pushed, before the target, for the screens that belong
    ///     beneath it; absolute or `./…`.
    ///   - fallbackTab: The tab whose paths are taken when the selected tab has none of the
    ///     route's `./…` paths; only for a route with one.
    ///   - gate: A precondition a ``DeepLinkInbox`` holds the link behind.
    /// - Throws: ``DeepLinkError`` naming the pattern; the router is unchanged.
    /// - Complexity: O(*s*) for a pattern of *s* segments.
    public mutating func register(
        _ pattern: String, showing target: String, beneath: [String] = [],
        fallbackTab: StepPath? = nil, gate: DeepLinkGate? = nil
    ) throws(DeepLinkError) {
        let parsed = try DeepLinkPattern(pattern)
        let names = Set(parsed.names)
        let template = try DeepLinkTemplate(target, pattern: pattern, names: names)
        var under: [DeepLinkTemplate] = []
        for path in beneath {
            try under.append(DeepLinkTemplate(path, pattern: pattern, names: names))
        }
        let used = under.reduce(template.names) { $0.union($1.names) }
        let declaration = Declaration(
            target: template, beneath: under, fallbackTab: fallbackTab,
            payload: parsed.names.filter { !used.contains($0) })
        if let fallbackTab, !declaration.isRelative || !DeepLinkTemplate.canBeTab(fallbackTab) {
            throw DeepLinkError(pattern: pattern, reason: .malformedTarget(fallbackTab.description))
        }
        try add(parsed, .target(declaration), gate: gate)
    }

    private mutating func add(_ pattern: DeepLinkPattern, _ action: Action, gate: DeepLinkGate?)
        throws(DeepLinkError)
    {
        guard accepts(pattern.scope) else {
            throw DeepLinkError(
                pattern: pattern.text, reason: .originNotAccepted(Self.written(pattern)))
        }
        var trie = tries[pattern.scope] ?? DeepLinkTrie()
        if let existing = trie.insert(pattern.segments, route: routes.count) {
            throw DeepLinkError(
                pattern: pattern.text, reason: .conflicts(with: routes[existing].pattern.text))
        }
        tries[pattern.scope] = trie
        if case .wildcard(let suffix) = pattern.scope, !wildcards.contains(suffix) {
            wildcards.append(suffix)
            wildcards.sort { $0.utf8.count > $1.utf8.count }
        }
        routes.append(Route(pattern: pattern, action: action, gate: gate))
    }

    /// Whether some link from the pattern's origin is accepted by ``origins``.
    private func accepts(_ scope: DeepLinkScope) -> Bool {
        let hosts = origins.filter { if case .universalLink = $0 { true } else { false } }
        switch scope {
        case .any: return true
        case .scheme(let scheme):
            guard !origins.isEmpty else { return scheme != "http" && scheme != "https" }
            return origins.contains {
                if case .scheme(let own) = $0 { own.lowercased() == scheme } else { false }
            }
        case .host(let host): return hosts.contains { $0.accepts(host: host) }
        case .wildcard(let suffix):
            // Some host both accept: one suffix ends with the other, or an exact host fits.
            return hosts.contains { origin in
                guard let own = origin.wildcardSuffix else {
                    return DeepLinkOrigin.host(origin.exactHost ?? "", endsWith: suffix)
                }
                return own.utf8.reversed().starts(with: suffix.utf8.reversed())
                    || suffix.utf8.reversed().starts(with: own.utf8.reversed())
            }
        case .anyHost: return !hosts.isEmpty
        }
    }

    /// The origin a pattern starts with, as written in its text.
    private static func written(_ pattern: DeepLinkPattern) -> String {
        switch pattern.scope {
        case .any: ""
        case .scheme(let scheme): "\(scheme)://"
        case .host(let host): "https://\(host)/"
        case .wildcard(let suffix): "https://*\(suffix)/"
        case .anyHost: "https://<\(pattern.hostName ?? "")>/"
        }
    }

    /// The number of routes registered.
    var routeCount: Int { routes.count }

    /// The routes no link can reach (see ``DeepLinkTrie/unreachableRoutes()``), by registration
    /// order, scope by scope.
    package func unreachableRoutes() -> [(route: Int, takenBy: [Int])] {
        tries.values.flatMap { $0.unreachableRoutes() }.sorted { $0.route < $1.route }
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
    ///   in the common case, whatever the number of patterns, in each of the few origin scopes
    ///   that could take the link (plus one comparison per prefixed placeholder at a step).
    public func resolve(_ url: URL) throws(DeepLinkError) -> DeepLinkMatch {
        let address = try read(url)
        switch find(address) {
        case .route(let index): return try makeMatch(routes[index].pattern, address, url)
        case .none(let reached): throw unmatched(address, reached: reached, url)
        }
    }

    /// The gate of the route `url` matches, if it has one.
    public func gate(for url: URL) -> DeepLinkGate? {
        guard let address = try? read(url), case .route(let index) = find(address) else {
            return nil
        }
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
            switch find(address) {
            case .route(let index):
                let route = routes[index]
                let match = try makeMatch(route.pattern, address, url)
                switch route.action {
                case .handler(let handler):
                    try handler(&edited, match)
                case .target(let declaration):
                    try land(declaration, match, &edited, url)
                }
            case .none(let reached):
                guard fallbackToPath else { throw unmatched(address, reached: reached, url) }
                do {
                    try landOnPath(StepPath(address.segments), &edited, url)
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

    // MARK: Reading, matching

    private func read(_ url: URL) throws(DeepLinkError) -> DeepLinkAddress {
        try DeepLinkAddress(url, origins: origins, limits: limits)
    }

    /// The best route for `address`: scope by scope in precedence order (see the type's
    /// comment), the first that has one; else how far the walks got.
    private func find(_ address: DeepLinkAddress) -> DeepLinkTrie.Outcome {
        var scopes: [DeepLinkScope] = []
        if let host = address.host {
            scopes.append(.host(host))
            for suffix in wildcards
            where suffix.isEmpty || DeepLinkOrigin.host(host, endsWith: suffix) {
                scopes.append(.wildcard(suffix))
            }
            scopes.append(.anyHost)
        } else {
            scopes.append(.scheme(address.scheme))
        }
        scopes.append(.any)
        var reached = 0
        for scope in scopes {
            guard let trie = tries[scope] else { continue }
            switch trie.match(address.segments) {
            case .route(let index): return .route(index)
            case .none(let got): reached = max(reached, got)
            }
        }
        return .none(reached: reached)
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
        func capture(_ written: DeepLinkPiece, _ whole: String) -> DeepLinkError.Reason? {
            var piece = written
            var text = whole
            if case .prefixed(let prefix, let inner) = written {
                piece = inner
                text = String(Substring(whole.utf8.dropFirst(prefix.utf8.count)))
            }
            switch piece {
            // A rest is the whole last segment of a path (never prefixed, never a query item):
            // the loop below captures it.
            case .literal, .prefixed, .rest: return nil
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
            }
            values[piece.name ?? ""] = text
            return nil
        }
        if let name = pattern.hostName, let host = address.host {
            captures[name] = .text(host)
            values[name] = host
        }
        for (index, piece) in pattern.segments.enumerated() {
            guard case .rest(let name) = piece else {
                if let reason = capture(piece, address.segments[index]) { throw fail(reason) }
                continue
            }
            // The link's own segments, as read: never split again from their joined text.
            let rest = Array(address.segments[index...])
            captures[name] = .rest(rest)
            values[name] = rest.joined(separator: "/")
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
            pattern: pattern.text, scheme: address.scheme, host: address.host,
            origin: address.origin, path: StepPath(address.segments), values: values,
            query: address.query, captures: captures)
    }

    // MARK: Landing

    /// Lands the route's declaration for `match`: under the selected tab for its `./…` paths,
    /// else (when they name no step there) under its fallback tab; see the type's "Landing".
    private func land(
        _ declaration: Declaration, _ match: DeepLinkMatch, _ root: inout Root, _ url: URL
    ) throws(DeepLinkError) {
        let base = declaration.isRelative ? Self.selectedTab(of: root) : .root
        var edited = root
        do {
            try land(declaration, match, under: base, &edited, url)
        } catch let error {
            guard let fallback = declaration.fallbackTab, fallback != base,
                case .invalidTarget(let problem) = error.reason, Self.namesNoStep(problem)
            else { throw error }
            edited = root
            do {
                try edited.select(path: fallback)
            } catch {
                throw DeepLinkError(
                    link: url.absoluteString, pattern: match.pattern, reason: .invalidTarget(error))
            }
            try land(declaration, match, under: fallback, &edited, url)
        }
        root = edited
    }

    /// Whether a path's error says it names no step where it was taken.
    private static func namesNoStep(_ error: StepPathError) -> Bool {
        switch error {
        case .unknownStep, .unknownElement, .notAStack: true
        default: false
        }
    }

    /// Pushes or selects the screens beneath, then the target, its `./…` paths under `base`;
    /// the captures no path uses fill the screen the target pushes.
    private func land(
        _ declaration: Declaration, _ match: DeepLinkMatch, under base: StepPath,
        _ root: inout Root, _ url: URL
    ) throws(DeepLinkError) {
        func fail(_ reason: DeepLinkError.Reason) -> DeepLinkError {
            DeepLinkError(link: url.absoluteString, pattern: match.pattern, reason: reason)
        }
        let templates = declaration.beneath + [declaration.target]
        let paths = templates.map { $0.path(for: match, under: base) }
        if let deep = paths.first(where: { $0.segments.count > limits.maximumDepth }) {
            throw fail(.tooDeep(deep.segments.count))
        }
        /// Runs an edit, its error made the link's.
        func edit<Result>(_ body: () throws(StepPathError) -> Result) throws(DeepLinkError)
            -> Result
        {
            do {
                return try body()
            } catch {
                throw fail(.invalidTarget(error))
            }
        }
        for (template, path) in zip(declaration.beneath, paths) {
            let captured = template.captureIndexes(for: match, under: base)
            try edit { () throws(StepPathError) in
                let site = try DeepLinkPushSite(
                    path, captured: captured, in: StepStorage.make(root))
                _ = try Self.push(path, at: site, with: nil, &root)
            }
        }
        let target = declaration.target
        let path = paths[paths.count - 1]
        let captured = target.captureIndexes(for: match, under: base)
        let site = try edit { () throws(StepPathError) in
            try DeepLinkPushSite(path, captured: captured, in: StepStorage.make(root))
        }
        var value: (any StepValue)?
        if !declaration.payload.isEmpty {
            let (prototype, takesText) = try edit { () throws(StepPathError) in
                if let site { return (site.prototype, site.takesText) }
                return try Self.screen(at: path, in: root)
            }
            let captures = declaration.payload.compactMap { name in
                match.captures[name].map { (name: name, capture: $0) }
            }
            do {
                value = try DeepLinkPayload.value(
                    of: captures, prototype: prototype, takesText: takesText)
            } catch {
                throw fail(error.reason)
            }
        }
        try edit { () throws(StepPathError) in
            guard let site else {
                switch (target.isRelative, landing) {
                case (false, .show): try root.show(path: path, with: value)
                case (true, _), (false, .select): try root.select(path: path, with: value)
                }
                return
            }
            let landed = try Self.push(path, at: site, with: value, &root)
            guard !target.isRelative else { return }
            switch landing {
            case .show: try root.show(path: landed)
            case .select: try root.select(path: landed)
            }
        }
    }

    /// The value of the step at `path` and whether it takes text: what a route that pushes
    /// nothing fills with its captures, as a renewal.
    private static func screen(at path: StepPath, in root: Root) throws(StepPathError)
        -> (any StepValue, Bool)
    {
        let resolved = try ResolvedPath(path.checked().parts, from: StepStorage.make(root))
        let value = resolved.target.anyValue
        let takesText =
            switch resolved.steps.last {
            case .child(let index)?: resolved.parent.childAccepts("", at: index)
            case .element?: resolved.parent.elementAccepts("")
            case nil: false
            }
        return (value, value is String || takesText)
    }

    /// Pushes `path` at `site` with `value` for the screen pushed, or selects it when it pushes
    /// nothing.
    /// - Returns: The path landed on, with the new element's id.
    private static func push(
        _ path: StepPath, at site: DeepLinkPushSite?, with value: (any StepValue)?,
        _ root: inout Root
    ) throws(StepPathError) -> StepPath {
        guard let site else {
            try root.select(path: path)
            return path
        }
        let end = site.stackDepth + (site.isDestination ? 1 : 0)
        let frame = try root.push(path: StepPath(Array(path.segments.prefix(end))), with: value)
        let rest = Array(path.segments[site.stackDepth...])
        guard !rest.isEmpty else { return frame }
        let landed = StepPath(frame.segments + rest)
        if rest.count > (site.isDestination ? 1 : 0) { try root.select(path: landed) }
        return landed
    }

    /// The selected tab (see the type's "Landing"): of the nodes on the path to the visible
    /// screen that show tabs, the tab the last one selects; the root when none does.
    /// - Complexity: O(*d*) for a tree of depth *d*.
    static func selectedTab(of root: Root) -> StepPath {
        let visible = root.visibleScreen
        guard let resolved = try? ResolvedPath(visible.parts, from: StepStorage.make(root)) else {
            return .root
        }
        var tab = StepPath.root
        for (depth, node) in resolved.nodes.enumerated() {
            guard let index = node.selectedIndex(in: .content), case .tab = node.childKind(index)
            else { continue }
            tab = resolved.prefix(depth).appending(node.childKey(index))
        }
        return tab
    }

    /// Lands on the step path a link no pattern matches names.
    private func landOnPath(_ path: StepPath, _ root: inout Root, _ url: URL)
        throws(DeepLinkError)
    {
        guard path.segments.count <= limits.maximumDepth else {
            throw DeepLinkError(link: url.absoluteString, reason: .tooDeep(path.segments.count))
        }
        do {
            switch landing {
            case .show: try root.show(path: path)
            case .select: try root.select(path: path)
            }
        } catch {
            throw DeepLinkError(link: url.absoluteString, reason: .invalidTarget(error))
        }
    }

    // MARK: Printing

    /// The link that leads to the screen `state` shows, for sharing and for tests: a route
    /// whose target is the visible screen, or the nearest step above it, filled from its path
    /// and from the screen it pushed.
    ///
    /// Only routes declared with a target are printed. A target that pushes is read with the
    /// new element's id left out, and the captures it gave the screen read back from the
    /// screen's value; it is printed only with `start`, since routing it on `state` would push
    /// another element. A `./…` target is read under the selected tab of `state`. Routes
    /// without a `<rest:…>` capture are tried first, then shorter targets before longer ones,
    /// then in registration order. Each link is checked before it is returned: it matches its
    /// own route, and routing it on `start` (or on `state`) shows the same screen and, from
    /// `start`, gives `state` exactly.
    /// - Parameters:
    ///   - state: The state to print.
    ///   - start: The state links are opened on, such as the app's initial state at cold
    ///     start; the link must rebuild `state` from it.
    ///   - origin: The scheme or universal-link host to print for a pattern that names no
    ///     origin; by default the first of ``origins``. A pattern that names one is printed
    ///     with it (a wildcard host only when `origin` is a host it accepts).
    /// - Returns: `nil` when no origin is known or no route leads to the screen.
    /// - Complexity: O(*d*² · *p*) template comparisons for a screen of depth *d* and *p*
    ///   routes, plus one route of each link tried.
    public func url(for state: Root, from start: Root? = nil, origin: DeepLinkOrigin? = nil)
        -> URL?
    {
        let origin = origin ?? origins.first
        let visible = state.visibleScreen
        let tab = Self.selectedTab(of: state)
        let storage = StepStorage.make(state)
        let prefixes = (1...max(visible.segments.count, 1)).map {
            StepPath(Array(visible.segments.prefix($0)))
        }
        for wantsRest in [false, true] {
            for path in prefixes {
                let resolved = try? ResolvedPath(path.parts, from: storage)
                for route in routes {
                    guard case .target(let declaration) = route.action else { continue }
                    let rests = Set(
                        route.pattern.segments.compactMap {
                            if case .rest(let name) = $0 { name } else { nil }
                        })
                    guard rests.isEmpty != wantsRest else { continue }
                    let base = declaration.isRelative ? tab : .root
                    for captures in readings(
                        of: path, resolved, under: base, declaration, rests, pushing: start != nil)
                    {
                        guard let url = Self.link(route.pattern, captures, origin),
                            (try? resolve(url))?.pattern == route.pattern.text
                        else { continue }
                        var copy = start ?? state
                        guard (try? self.route(url, in: &copy)) != nil,
                            copy.visibleScreen == visible, start == nil || copy == state
                        else { continue }
                        return url
                    }
                }
            }
        }
        return nil
    }

    /// The captures that would land a route's target on `path`: read as the path itself
    /// (its payload read back from the step there), then, with `pushing`, as a path with one element id
    /// left out at each stack it passes, the payload read back from that element's screen.
    private func readings(
        of path: StepPath, _ resolved: ResolvedPath?, under base: StepPath,
        _ declaration: Declaration, _ rests: Set<String>, pushing: Bool
    ) -> [[String: [String]]] {
        guard path.segments.starts(with: base.segments), let resolved else { return [] }
        let local = Array(path.segments.dropFirst(base.segments.count))
        let target = declaration.target
        var found: [[String: [String]]] = []
        if var captures = target.captures(in: StepPath(local), restNames: rests),
            let payload = DeepLinkPayload.captures(
                declaration.payload, from: resolved.target.anyValue, restNames: rests)
        {
            captures.merge(payload) { path, _ in path }
            found.append(captures)
        }
        guard pushing else { return found }
        for (depth, step) in resolved.steps.enumerated() where depth >= base.segments.count {
            guard case .element = step else { continue }
            var removed = local
            removed.remove(at: depth - base.segments.count)
            guard var captures = target.captures(in: StepPath(removed), restNames: rests) else {
                continue
            }
            let element = resolved.nodes[depth + 1]
            let screen: StepNodeStorage? =
                element.requiresContent
                ? (depth + 2 < resolved.nodes.count ? resolved.nodes[depth + 2] : nil) : element
            guard let screen,
                let payload = DeepLinkPayload.captures(
                    declaration.payload, from: screen.anyValue, restNames: rests)
            else { continue }
            captures.merge(payload) { path, _ in path }
            found.append(captures)
        }
        return found
    }

    /// The text of a link to `pattern` with these captures, from the origin the pattern names,
    /// or else from `origin`.
    private static func link(
        _ pattern: DeepLinkPattern, _ captures: [String: [String]], _ origin: DeepLinkOrigin?
    ) -> URL? {
        let head: String
        switch (pattern.scope, origin) {
        case (.scheme(let scheme), _), (.any, .scheme(let scheme)?): head = "\(scheme)://"
        case (.host(let host), _): head = "https://\(host)/"
        case (.anyHost, _):
            guard let host = pattern.hostName.flatMap({ captures[$0]?.first }) else { return nil }
            head = "https://\(host)/"
        case (.wildcard(let suffix), let origin?):
            let host = origin.exactHost ?? ""
            guard DeepLinkOrigin.host(host, endsWith: suffix) else { return nil }
            head = "https://\(host)/"
        case (.any, let origin?):
            guard let host = origin.exactHost else { return nil }
            head = "https://\(host)/"
        case (.wildcard, _), (.any, nil): return nil
        }
        var segments: [String] = []
        for piece in pattern.segments {
            switch piece {
            case .literal(let key): segments.append(key)
            case .prefixed(let prefix, let inner):
                segments.append(prefix + (captures[inner.name ?? ""]?.first ?? ""))
            default: segments += captures[piece.name ?? ""] ?? []
            }
        }
        // The first segment of a custom-scheme link is its host, where `@` would change what
        // the link means; in a path it need not be escaped.
        let custom = head.hasSuffix("://")
        let encoded = segments.enumerated().map { index, segment in
            let allowed: CharacterSet = custom && index == 0 ? .unreserved : .unreservedOrAt
            return segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? segment
        }
        let query = pattern.query.keys.sorted().compactMap { item -> String? in
            guard let name = pattern.query[item]?.name, let value = captures[name]?.first else {
                return nil
            }
            let allowed = CharacterSet.unreserved
            return (item.addingPercentEncoding(withAllowedCharacters: allowed) ?? item) + "="
                + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
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
    /// ``unreserved`` and `@`, which a path segment may hold as it is (`/@alice`).
    static let unreservedOrAt = unreserved.union(CharacterSet(charactersIn: "@"))
}
