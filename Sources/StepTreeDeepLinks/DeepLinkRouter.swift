import Foundation
import StepTree

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
/// `v<int:n>`), then optionally `?item=<name>&…` for query items, required unless written
/// `<name?>` (optional) or `<name*>` (repeated: every value the link gives, in a list). A placeholder named `_` (`<_>`, `<int:_>`) keeps nothing; `<name as field>` fills
/// the field `field` of the screens (`<name as _>`: none). It may start with an
/// origin, and then takes only links from there: `myapp://` (that custom scheme),
/// `https://my.server/` (that host), `https://*.example.com/` or `https://*/` (hosts the
/// wildcard accepts) or `https://<server>/` (any universal link, its host captured as a name:
/// see ``DeepLinkOrigin``), or `scheme://host/` for a custom scheme whose authority an origin
/// reads as a host (``DeepLinkOrigin/schemeHost(_:host:)``). The router must accept links from
/// that origin. A pattern with an origin that has a host may have no segment: it takes the
/// host's root (`https://clicks.example.com/`).
///
/// When several patterns match a link, the origin decides first: a pattern naming the link's
/// scheme or exact host beats one with a wildcard host (the longer suffix first), which beats a
/// captured host, which beats a pattern with no origin. Then, at the first segment where the
/// patterns differ, the most specific wins: a literal beats a prefixed placeholder (the longer
/// prefix first, then typed before untyped), which beats a typed placeholder (`<int:…>`,
/// `<uuid:…>`, which never match the same segment), which beats an untyped one, which beats
/// `<rest:…>`; equal there, the next segment decides. Two patterns of the same origin whose
/// paths have the same shape conflict when registered, unless their query items differ and one
/// of them has optional items: then the link's query items choose (the route whose required
/// items it has, with the most of its items present, then the one naming the fewest).
/// An integer placeholder matches any `[+-]?[0-9]+` segment; one that does not fit in `Int` is
/// an error, not a reason to try another pattern.
///
/// ## Landing
///
/// A route declared with a target lands on it. The target, and the screens declared beneath
/// it, are read as `StepNode.push(path:id:with:)` reads a path: a literal segment after a
/// stack that is not one of its element ids pushes a new element there, with a minted id (for
/// a destination stack the segment names the destination; for another stack it names a step
/// inside the new element, and a path that ends at a stack pushes a new element on it), while a
/// `<capture>` segment after a stack names an existing element by its id, and the link is
/// refused when the stack has none. A typed capture is written into a path in its canonical
/// form, so that links naming the same value land on the same step: an integer in decimal
/// without a sign or leading zeros but for `-` before a negative one (`007`, `+7` give `7`,
/// `-0` gives `0`), a UUID in upper case.
///
/// The captures no path of the route uses fill the screens the route opens, beneath and
/// target: each screen a path pushes (a destination's payload, or the new element), or else
/// the path's own step, renewed with that value (as `StepNode.show(path:with:)` renews). The
/// target's schema-driven screen gets the one capture's text, or the JSON object of several by
/// field (`{"id":42,"server":"mastodon.social"}`); a typed screen is decoded with its
/// `Decodable` from its initial value's encoding (for a pushed screen; its current value for a
/// renewed step) with a field set per capture it has (an `<int:…>` capture a number, a UUID its
/// text). Every capture must fill some screen
/// (``DeepLinkError/Reason/unreadCapture(_:screens:)``). So `status/<int:id>` with target `./path/status` pushes
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
/// in a sheet with a tab bar of its own it is the sheet's tab. This is the selected tab of the
/// one rule of where a push lands, which `StepNode.push(_:id:onto:)` follows too (the core's
/// `PushScope`). A `./…` screen beneath is taken
/// under the same tab. When a route's paths name no step under the selected tab
/// (`StepPathError.unknownStep(_:in:)`, `StepPathError.unknownElement(_:in:)` or
/// `StepPathError.notAStack(_:)`: say, the settings tab has no `path` stack), the route's
/// `fallbackTab` is selected, keeping its state, and the paths are taken under it instead; with
/// no fallback tab, or when they name no step there either, the link is refused with
/// ``DeepLinkError/Reason/invalidTarget(_:)`` (the fallback tab's error, if it was tried).
///
/// A link no pattern matches lands on the step path it names, as ``landing`` says, unless
/// `fallbackToPath` is `false`.
///
/// Every failure leaves the state unchanged, with no event and no observer call: the router
/// keeps one copy of the root and puts it back. A handler's own error is rethrown as it is.
public struct DeepLinkRouter<Root: StepNode>: Sendable {
    /// Edits the root for a matched link; may throw its own error to refuse it.
    public typealias Handler = @Sendable (inout Root, DeepLinkMatch) throws -> Void

    /// What a route does with a link it matches.
    enum Action: Sendable {
        case handler(Handler)
        case target(Declaration)
    }

    /// A route's target, its screens beneath, its fallback tab and what fills the screen it
    /// pushes.
    struct Declaration: Sendable {
        let target: DeepLinkTemplate
        let beneath: [DeepLinkTemplate]
        let fallbackTab: StepPath?
        /// The captures no path uses and no screen ignores, in pattern order: what fills the
        /// screens the route opens, each screen the fields it has.
        let payload: [DeepLinkFilling]

        var isRelative: Bool { target.isRelative || beneath.contains(where: \.isRelative) }
    }

    /// A registered pattern, what it does and the gate it holds its links behind.
    struct Route: Sendable {
        let pattern: DeepLinkPattern
        let action: Action
        let gate: DeepLinkGate?
    }

    private(set) var routes: [Route] = []
    /// The routes of the same origin and path shape as a route but other query items, by the
    /// route the trie holds (see ``add(_:_:gate:)``).
    private(set) var alternatives: [Int: [Int]] = [:]
    /// The patterns of each origin scope.
    private(set) var tries: [DeepLinkScope: DeepLinkTrie] = [:]
    /// The suffixes of the wildcard scopes, longest first.
    private(set) var wildcards: [String] = []
    /// The suffixes of each custom scheme's wildcard scopes, longest first.
    private(set) var schemeWildcards: [String: [String]] = [:]
    /// Where links may come from; the first one is used to print links.
    public let origins: [DeepLinkOrigin]
    /// How an absolute target or a fallback path is landed on.
    public let landing: DeepLinkLanding
    /// Whether a link no pattern matches is read as a step path.
    public let fallbackToPath: Bool
    /// The bounds a link must keep.
    public let limits: DeepLinkLimits
    /// What a query item the matching pattern does not name does to a link.
    public let unknownQueryItems: DeepLinkQueryItems

    /// Creates a router.
    /// - Parameters:
    ///   - origins: The custom schemes and universal-link hosts accepted (a host may be a
    ///     wildcard: `*.example.com`, `*`); with none, any scheme but `http` and `https`.
    ///   - landing: How absolute targets and fallback paths are landed on.
    ///   - fallbackToPath: Land a link no pattern matches on the step path it names.
    ///   - limits: The bounds a link must keep.
    ///   - unknownQueryItems: Whether a link with a query item its pattern does not name is
    ///     matched, the item ignored, or refused.
    public init(
        origins: [DeepLinkOrigin] = [], landing: DeepLinkLanding = .show,
        fallbackToPath: Bool = true, limits: DeepLinkLimits = .standard,
        unknownQueryItems: DeepLinkQueryItems = .ignore
    ) {
        self.origins = origins
        self.landing = landing
        self.fallbackToPath = fallbackToPath
        self.limits = limits
        self.unknownQueryItems = unknownQueryItems
    }

    /// Stores a route, refused when the router takes no link from its origin or its path has
    /// the same shape as another's in that origin: the one place routes are added.
    mutating func add(_ pattern: DeepLinkPattern, _ action: Action, gate: DeepLinkGate?)
        throws(DeepLinkError)
    {
        guard accepts(pattern.scope) else {
            throw DeepLinkError(
                pattern: pattern.text, reason: .originNotAccepted(Self.written(pattern)))
        }
        var trie = tries[pattern.scope] ?? DeepLinkTrie()
        if let existing = trie.insert(pattern.segments, route: routes.count) {
            // The same path with other query items, where one of the two has optional ones, is
            // another route, chosen by the link's query items (``best(_:for:)``).
            let same = ([existing] + (alternatives[existing] ?? [])).first {
                let other = routes[$0].pattern
                return other.querySignature == pattern.querySignature
                    || (other.optional.isEmpty && pattern.optional.isEmpty)
            }
            if let same {
                throw DeepLinkError(
                    pattern: pattern.text, reason: .conflicts(with: routes[same].pattern.text))
            }
            alternatives[existing, default: []].append(routes.count)
        }
        tries[pattern.scope] = trie
        if case .wildcard(let suffix) = pattern.scope, !wildcards.contains(suffix) {
            wildcards.append(suffix)
            wildcards.sort { $0.utf8.count > $1.utf8.count }
        }
        if case .schemeWildcard(let scheme, let suffix) = pattern.scope,
            !schemeWildcards[scheme, default: []].contains(suffix)
        {
            schemeWildcards[scheme, default: []].append(suffix)
            schemeWildcards[scheme]?.sort { $0.utf8.count > $1.utf8.count }
        }
        routes.append(Route(pattern: pattern, action: action, gate: gate))
    }
}
