import Foundation

/// A routing table as data: the origins a router accepts and its routes, each a pattern and the
/// step path it lands on. It is the routes file that `steptree open` and `steptree lint` read:
///
/// ```json
/// {"schemes": ["shop"], "hosts": ["shop.example.com"], "landing": "show",
///  "fallbackToPath": false, "routes": [
///    {"pattern": "orders/<int:id>", "target": "orders/order/<id>", "beneath": ["orders/list"]}]}
/// ```
///
/// Every key but `routes` may be left out: no schemes or hosts (any scheme but `http` and
/// `https`), `show` landing, no path fallback, no screens beneath.
public struct DeepLinkRouteTable: Codable, Hashable, Sendable {
    /// One route: a pattern and the step path its links land on.
    public struct Route: Codable, Hashable, Sendable {
        /// The pattern, as ``DeepLinkRouter/register(_:gate:_:)`` reads it.
        public var pattern: String
        /// The screen's path, with `<name>` segments filled from the captures.
        public var target: String
        /// Paths selected before the target, for the screens that belong beneath it.
        public var beneath: [String]

        /// Creates a route.
        public init(_ pattern: String, showing target: String, beneath: [String] = []) {
            self.pattern = pattern
            self.target = target
            self.beneath = beneath
        }
    }

    /// Custom schemes accepted, such as `shop`.
    public var schemes: [String]
    /// Universal-link hosts accepted over `https`, such as `shop.example.com`.
    public var hosts: [String]
    /// How targets and fallback paths are landed on.
    public var landing: DeepLinkLanding
    /// Whether a link no pattern matches is read as a step path.
    public var fallbackToPath: Bool
    /// The routes, in registration order.
    public var routes: [Route]

    /// Creates a table.
    public init(
        schemes: [String] = [], hosts: [String] = [], landing: DeepLinkLanding = .show,
        fallbackToPath: Bool = false, routes: [Route]
    ) {
        self.schemes = schemes
        self.hosts = hosts
        self.landing = landing
        self.fallbackToPath = fallbackToPath
        self.routes = routes
    }

    /// Reads a routes file.
    /// - Throws: ``DeepLinkRouteTableError/Reason/malformed(_:)`` naming where in the file and
    ///   what is wrong.
    /// - Complexity: O(*n*) in the size of the input.
    public init(json data: Data) throws(DeepLinkRouteTableError) {
        do {
            self = try JSONDecoder().decode(Self.self, from: data)
        } catch let error as DecodingError {
            throw DeepLinkRouteTableError(.malformed(Self.describe(error)))
        } catch {
            throw DeepLinkRouteTableError(.malformed("\(error)"))
        }
    }

    /// The origins the schemes and hosts name, schemes first.
    public var origins: [DeepLinkOrigin] {
        schemes.map(DeepLinkOrigin.scheme) + hosts.map { DeepLinkOrigin.universalLink(host: $0) }
    }

    /// The router the table describes, for a schema-driven tree.
    /// - Throws: ``DeepLinkRouteTableError/Reason/invalidRoute(index:_:)`` for the first route
    ///   the router refuses.
    /// - Complexity: O(*s*) for *s* pattern segments in all.
    public func router() throws(DeepLinkRouteTableError) -> DeepLinkRouter<DynamicSteps> {
        var router = DeepLinkRouter<DynamicSteps>(
            origins: origins, landing: landing, fallbackToPath: fallbackToPath)
        for index in routes.indices {
            if let error = register(index, into: &router) {
                throw DeepLinkRouteTableError(.invalidRoute(index: index, error))
            }
        }
        return router
    }

    /// Registers route `index` into `router`.
    /// - Returns: Why the router refused it, or `nil`.
    func register(_ index: Int, into router: inout DeepLinkRouter<DynamicSteps>)
        -> DeepLinkPatternError?
    {
        let route = routes[index]
        do {
            try router.register(route.pattern, showing: route.target, beneath: route.beneath)
            return nil
        } catch {
            return error
        }
    }

    private enum CodingKeys: String, CodingKey {
        case schemes, hosts, landing, fallbackToPath, routes
    }

    /// Reads a table whose optional keys may be missing; `landing` is `"show"` or `"select"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemes = try container.decodeIfPresent([String].self, forKey: .schemes) ?? []
        hosts = try container.decodeIfPresent([String].self, forKey: .hosts) ?? []
        switch try container.decodeIfPresent(String.self, forKey: .landing) ?? "show" {
        case "show": landing = .show
        case "select": landing = .select
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .landing, in: container,
                debugDescription: "'\(other)' is no landing; use 'show' or 'select'")
        }
        fallbackToPath = try container.decodeIfPresent(Bool.self, forKey: .fallbackToPath) ?? false
        routes = try container.decode([Route].self, forKey: .routes)
    }

    /// Writes every key, `landing` as `"show"` or `"select"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemes, forKey: .schemes)
        try container.encode(hosts, forKey: .hosts)
        try container.encode(landing == .show ? "show" : "select", forKey: .landing)
        try container.encode(fallbackToPath, forKey: .fallbackToPath)
        try container.encode(routes, forKey: .routes)
    }

    /// Where in the file a decoding error is, and what it is: `.routes[1]: 'target' is missing`.
    private static func describe(_ error: DecodingError) -> String {
        let (context, what): (DecodingError.Context, String) =
            switch error {
            case .keyNotFound(let key, let context): (context, "'\(key.stringValue)' is missing")
            case .typeMismatch(let type, let context): (context, "expected \(type)")
            case .valueNotFound(let type, let context): (context, "expected \(type)")
            case .dataCorrupted(let context):
                // With no place, the text itself is not JSON.
                (context, context.codingPath.isEmpty ? "not valid JSON" : context.debugDescription)
            @unknown default:
                (DecodingError.Context(codingPath: [], debugDescription: ""), "\(error)")
            }
        let place = context.codingPath.map {
            $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)"
        }
        return place.isEmpty ? what : "\(place.joined()): \(what)"
    }
}

extension DeepLinkRouteTable.Route {
    private enum CodingKeys: String, CodingKey {
        case pattern, target, beneath
    }

    /// Reads a route whose `beneath` may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        pattern = try container.decode(String.self, forKey: .pattern)
        target = try container.decode(String.self, forKey: .target)
        beneath = try container.decodeIfPresent([String].self, forKey: .beneath) ?? []
    }
}
