import Foundation
import StepTree

/// A routing table as data: the origins a router accepts and its routes, each a pattern and the
/// step path it lands on. It is the routes file that `steptree open` and `steptree lint` read,
/// and an app can ship it for its own tree (``router(for:)``):
///
/// ```json
/// {"schemes": ["myapp"], "hosts": ["my.server", "*"], "landing": "show",
///  "fallbackToPath": false, "routes": [
///    {"pattern": "myapp://status/<int:id>", "target": "./path/status", "fallbackTab": "home"},
///    {"pattern": "https://my.server/@<user>", "target": "./path/account", "fallbackTab": "home"},
///    {"pattern": "https://<server>/@<user>/<int:id>", "target": "./path/status",
///     "fallbackTab": "home"},
///    {"pattern": "orders/<int:id>", "target": "orders/order", "beneath": ["orders/list"]}]}
/// ```
///
/// Every key but `routes` may be left out: no schemes or hosts (any scheme but `http` and
/// `https`), `show` landing, no path fallback, no screens beneath, no fallback tab. A route's
/// `pattern`, `target`, `beneath` and `fallbackTab` are what
/// ``DeepLinkRouter/register(_:showing:beneath:fallbackTab:gate:)`` takes; a host may be a
/// wildcard (`*.example.com`, `*`). `schemeHosts` names custom schemes whose authority is a
/// host, as `scheme://host` (`"fund://www.example.com"`, `"fund://*.example.com"`: see
/// ``DeepLinkOrigin/schemeHost(_:host:)``), and `unknownQueryItems` is `"ignore"` (the default)
/// or `"refuse"` (``DeepLinkQueryItems``).
public struct DeepLinkRouteTable: Codable, Hashable, Sendable {
    /// One route: a pattern and the step path its links land on.
    public struct Route: Codable, Hashable, Sendable {
        /// The pattern, as ``DeepLinkRouter/register(_:gate:_:)`` reads it.
        public var pattern: String
        /// The screen's path, absolute or `./…` (in the selected tab), with `<name>` segments
        /// filled from the captures.
        public var target: String
        /// Paths selected, or pushed, before the target, for the screens that belong beneath it.
        public var beneath: [String]
        /// The tab whose paths are taken when the selected tab has none of the route's `./…`
        /// paths.
        public var fallbackTab: String?

        /// Creates a route.
        public init(
            _ pattern: String, showing target: String, beneath: [String] = [],
            fallbackTab: String? = nil
        ) {
            self.pattern = pattern
            self.target = target
            self.beneath = beneath
            self.fallbackTab = fallbackTab
        }
    }

    /// Custom schemes accepted, such as `shop`.
    public var schemes: [String]
    /// Universal-link hosts accepted over `https`, such as `shop.example.com`, `*.example.com`
    /// or `*`.
    public var hosts: [String]
    /// Custom schemes whose authority is a host, written `scheme://host`.
    public var schemeHosts: [String]
    /// What a query item the matching pattern does not name does to a link.
    public var unknownQueryItems: DeepLinkQueryItems
    /// How absolute targets and fallback paths are landed on.
    public var landing: DeepLinkLanding
    /// Whether a link no pattern matches is read as a step path.
    public var fallbackToPath: Bool
    /// The routes, in registration order.
    public var routes: [Route]

    /// Creates a table.
    public init(
        schemes: [String] = [], hosts: [String] = [], schemeHosts: [String] = [],
        unknownQueryItems: DeepLinkQueryItems = .ignore, landing: DeepLinkLanding = .show,
        fallbackToPath: Bool = false, routes: [Route]
    ) {
        self.schemes = schemes
        self.hosts = hosts
        self.schemeHosts = schemeHosts
        self.unknownQueryItems = unknownQueryItems
        self.landing = landing
        self.fallbackToPath = fallbackToPath
        self.routes = routes
    }

    /// Reads a routes file.
    /// - Throws: ``DeepLinkError/Reason/malformedTable(_:)`` naming where in the file and what
    ///   is wrong.
    /// - Complexity: O(*n*) in the size of the input.
    public init(json data: Data) throws(DeepLinkError) {
        do {
            self = try JSONDecoder().decode(Self.self, from: data)
        } catch let error as DecodingError {
            throw DeepLinkError(reason: .malformedTable(DeepLinkError.describe(error)))
        } catch {
            throw DeepLinkError(reason: .malformedTable("\(error)"))
        }
    }

    /// The origins the schemes and hosts name, schemes first, then hosts, then custom schemes
    /// with hosts (one not written `scheme://host` names none).
    public var origins: [DeepLinkOrigin] {
        schemes.map(DeepLinkOrigin.scheme) + hosts.map { DeepLinkOrigin.universalLink(host: $0) }
            + schemeHosts.compactMap(Self.schemeHost)
    }

    /// `scheme://host` read as an origin, or `nil`.
    static func schemeHost(_ text: String) -> DeepLinkOrigin? {
        guard let range = text.range(of: "://"), range.lowerBound != text.startIndex,
            range.upperBound != text.endIndex
        else { return nil }
        return .schemeHost(
            String(text[..<range.lowerBound]), host: String(text[range.upperBound...]))
    }

    /// The router the table describes, for a tree of type `root`: `DynamicSteps` for a
    /// schema-driven tree, or an app's own.
    ///
    /// ```swift
    /// let router = try table.router(for: DynamicSteps.self)
    /// ```
    /// - Throws: ``DeepLinkError`` naming the first route the router refuses
    ///   (``DeepLinkError/route``) and why.
    /// - Complexity: O(*s*) for *s* pattern segments in all.
    public func router<Root: StepNode>(for root: Root.Type) throws(DeepLinkError)
        -> DeepLinkRouter<Root>
    {
        var router = DeepLinkRouter<Root>(
            origins: origins, landing: landing, fallbackToPath: fallbackToPath,
            unknownQueryItems: unknownQueryItems)
        for index in routes.indices {
            if let error = register(index, into: &router) { throw error.inRoute(index) }
        }
        return router
    }

    /// Registers route `index` into `router`.
    /// - Returns: Why the router refused it, or `nil`.
    package func register<Root: StepNode>(_ index: Int, into router: inout DeepLinkRouter<Root>)
        -> DeepLinkError?
    {
        let route = routes[index]
        do {
            var fallback: StepPath?
            if let text = route.fallbackTab {
                guard let path = try? StepPath(parsing: text) else {
                    return DeepLinkError(pattern: route.pattern, reason: .malformedTarget(text))
                }
                fallback = path
            }
            try router.register(
                route.pattern, showing: route.target, beneath: route.beneath,
                fallbackTab: fallback)
            return nil
        } catch {
            return error
        }
    }

    private enum CodingKeys: String, CodingKey {
        case schemes, hosts, schemeHosts, unknownQueryItems, landing, fallbackToPath, routes
    }

    /// Reads a table whose optional keys may be missing; `landing` is `"show"` or `"select"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemes = try container.decodeIfPresent([String].self, forKey: .schemes) ?? []
        hosts = try container.decodeIfPresent([String].self, forKey: .hosts) ?? []
        schemeHosts = try container.decodeIfPresent([String].self, forKey: .schemeHosts) ?? []
        if let bad = schemeHosts.first(where: { Self.schemeHost($0) == nil }) {
            throw DecodingError.dataCorruptedError(
                forKey: .schemeHosts, in: container,
                debugDescription: "'\(bad)' is not written scheme://host")
        }
        unknownQueryItems = try Self.choice(
            .unknownQueryItems, in: container, ("ignore", .ignore), ("refuse", .refuse),
            noun: "choice")
        landing = try Self.choice(
            .landing, in: container, ("show", .show), ("select", .select), noun: "landing")
        fallbackToPath = try container.decodeIfPresent(Bool.self, forKey: .fallbackToPath) ?? false
        routes = try container.decode([Route].self, forKey: .routes)
    }

    /// The value named under `key`, one of two; the first when the key is missing.
    /// - Throws: `DecodingError` for another name, saying which two there are.
    private static func choice<Value>(
        _ key: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>,
        _ first: (String, Value), _ second: (String, Value), noun: String
    ) throws -> Value {
        switch try container.decodeIfPresent(String.self, forKey: key) ?? first.0 {
        case first.0: return first.1
        case second.0: return second.1
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "'\(other)' is no \(noun); use '\(first.0)' or '\(second.0)'")
        }
    }

    /// Writes every key, `landing` as `"show"` or `"select"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemes, forKey: .schemes)
        try container.encode(hosts, forKey: .hosts)
        // Written only when set, so that tables without them read as they were written.
        if !schemeHosts.isEmpty { try container.encode(schemeHosts, forKey: .schemeHosts) }
        if unknownQueryItems == .refuse {
            try container.encode("refuse", forKey: .unknownQueryItems)
        }
        try container.encode(landing == .show ? "show" : "select", forKey: .landing)
        try container.encode(fallbackToPath, forKey: .fallbackToPath)
        try container.encode(routes, forKey: .routes)
    }
}

extension DeepLinkRouteTable.Route {
    private enum CodingKeys: String, CodingKey {
        case pattern, target, beneath, fallbackTab
    }

    /// Reads a route whose `beneath` and `fallbackTab` may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        pattern = try container.decode(String.self, forKey: .pattern)
        target = try container.decode(String.self, forKey: .target)
        beneath = try container.decodeIfPresent([String].self, forKey: .beneath) ?? []
        fallbackTab = try container.decodeIfPresent(String.self, forKey: .fallbackTab)
    }

    /// Writes the route, `fallbackTab` only when it has one.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pattern, forKey: .pattern)
        try container.encode(target, forKey: .target)
        try container.encode(beneath, forKey: .beneath)
        try container.encodeIfPresent(fallbackTab, forKey: .fallbackTab)
    }
}
