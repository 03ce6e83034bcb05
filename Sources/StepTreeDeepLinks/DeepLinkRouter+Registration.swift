import Foundation
import StepTree

extension DeepLinkRouter {
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
    ///     for query items (typed as segments are; optional when written `<name?>`). `<_>`
    ///     keeps nothing; `<name as field>` fills another field (`<name as _>`: none).
    ///   - gate: A precondition a ``DeepLinkInbox`` holds the link behind.
    ///   - handler: Edits the root for a matching link; its errors reach the caller as they are.
    /// - Throws: ``DeepLinkError`` naming the pattern; the router is unchanged.
    /// - Complexity: O(*s*) for a pattern of *s* segments.
    public mutating func register(
        _ pattern: String, gate: DeepLinkGate? = nil, _ handler: @escaping Handler
    ) throws(DeepLinkError) {
        try add(DeepLinkPattern(pattern, hostSchemes: hostSchemes), .handler(handler), gate: gate)
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
    ///     segments are filled with the captures, and the captures no path uses fill each
    ///     screen the route opens that has their field (pushed, or else renewed).
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
        let parsed = try DeepLinkPattern(pattern, hostSchemes: hostSchemes)
        let names = Set(parsed.names)
        let template = try DeepLinkTemplate(target, pattern: pattern, names: names)
        var under: [DeepLinkTemplate] = []
        for path in beneath {
            try under.append(DeepLinkTemplate(path, pattern: pattern, names: names))
        }
        let used = under.reduce(template.names) { $0.union($1.names) }
        if let name = parsed.names.first(where: {
            used.contains($0) && parsed.optional.contains($0)
        }) {
            throw DeepLinkError(pattern: pattern, reason: .optionalInTarget(name))
        }
        var payload: [DeepLinkFilling] = []
        for name in parsed.names where !used.contains(name) {
            guard let field = parsed.field(of: name) else { continue }
            guard !payload.contains(where: { $0.field == field }) else {
                throw DeepLinkError(pattern: pattern, reason: .duplicatePlaceholder(field))
            }
            payload.append(
                DeepLinkFilling(
                    capture: name, field: field, isOptional: parsed.optional.contains(name)))
        }
        let declaration = Declaration(
            target: template, beneath: under, fallbackTab: fallbackTab, payload: payload)
        if let fallbackTab, !declaration.isRelative || !DeepLinkTemplate.canBeTab(fallbackTab) {
            throw DeepLinkError(pattern: pattern, reason: .malformedTarget(fallbackTab.description))
        }
        try add(parsed, .target(declaration), gate: gate)
    }

    /// The custom schemes, in lower case, whose authority an origin reads as a host.
    package var hostSchemes: Set<String> {
        Set(origins.compactMap { $0.hostScheme == "https" ? nil : $0.hostScheme })
    }

    /// Whether some link from the pattern's origin is accepted by ``origins``.
    func accepts(_ scope: DeepLinkScope) -> Bool {
        func hosts(_ scheme: String) -> [DeepLinkOrigin] {
            origins.filter { $0.hostScheme == scheme }
        }
        /// Whether some host both a wildcard and an origin accept: one suffix ends with the
        /// other, or an exact host fits.
        func overlaps(_ suffix: String, _ origin: DeepLinkOrigin) -> Bool {
            guard let own = origin.wildcardSuffix else {
                return DeepLinkOrigin.host(origin.exactHost ?? "", endsWith: suffix)
            }
            return own.utf8.reversed().starts(with: suffix.utf8.reversed())
                || suffix.utf8.reversed().starts(with: own.utf8.reversed())
        }
        switch scope {
        case .any: return true
        case .scheme(let scheme):
            guard !origins.isEmpty else { return scheme != "http" && scheme != "https" }
            return origins.contains {
                if case .scheme(let own) = $0 { own.lowercased() == scheme } else { false }
            } || (scheme != "https" && !hosts(scheme).isEmpty)
        case .host(let host): return hosts("https").contains { $0.accepts(host: host) }
        case .wildcard(let suffix): return hosts("https").contains { overlaps(suffix, $0) }
        case .anyHost: return !hosts("https").isEmpty
        case .schemeHost(let scheme, let host):
            return hosts(scheme).contains { $0.accepts(host: host) }
        case .schemeWildcard(let scheme, let suffix):
            return hosts(scheme).contains { overlaps(suffix, $0) }
        }
    }

    /// The origin a pattern starts with, as written in its text.
    static func written(_ pattern: DeepLinkPattern) -> String {
        switch pattern.scope {
        case .any: ""
        case .scheme(let scheme): "\(scheme)://"
        case .host(let host): "https://\(host)/"
        case .wildcard(let suffix): "https://*\(suffix)/"
        case .anyHost: "https://<\(pattern.hostName ?? "")>/"
        case .schemeHost(let scheme, let host): "\(scheme)://\(host)/"
        case .schemeWildcard(let scheme, let suffix): "\(scheme)://*\(suffix)/"
        }
    }

    /// The number of routes registered.
    var routeCount: Int { routes.count }

    /// The routes no link can reach (see ``DeepLinkTrie/unreachableRoutes()``), by registration
    /// order, scope by scope.
    package func unreachableRoutes() -> [(route: Int, takenBy: [Int])] {
        tries.values.flatMap { $0.unreachableRoutes() }.sorted { $0.route < $1.route }
    }
}
