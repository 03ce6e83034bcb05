import Foundation
import StepTree
import StepTreeDeepLinks
import Synchronization
import TestSupport
import Testing

/// A Mastodon status: a destination with a reply sheet of its own.
struct MastodonStatus: StepsCollection {
    enum Key: String, StepKey { case thread, reply }
    var selected = StepSelection<Key>(.thread)
    var id = 0
    var server = ""
    var user = ""
    var thread = Step()
    var reply = Step()
    static let steps = StepTable<Self>(
        .inline(.thread, \.thread), .present(.reply, \.reply, style: .sheet))
}

/// A Mastodon account: a leaf screen.
struct MastodonAccount: StepsCollection {
    typealias Key = NoStepKey
    var server = ""
    var user = ""
}

/// A hashtag's timeline: a leaf screen.
struct MastodonHashtag: StepsCollection {
    typealias Key = NoStepKey
    var tag = ""
}

enum MastodonDestination: StepDestination {
    case status(MastodonStatus)
    case account(MastodonAccount)
    case hashtag(MastodonHashtag)

    static let destinations: [StepDestinationCase<Self>] = [
        .init(Self.status), .init(Self.account), .init(Self.hashtag),
    ]
}

/// A tab with a timeline, a stack of destinations and a compose sheet.
struct MastodonTimeline: StepsCollection {
    enum Key: String, StepKey { case timeline, path, compose }
    var selected = StepSelection<Key>(.timeline)
    var timeline = Step()
    var path = Step(StepStack<MastodonDestination>())
    var compose = Step()
    static let steps = StepTable<Self>(
        .inline(.timeline, \.timeline), .stack(.path, \.path),
        .present(.compose, \.compose, style: .sheet))
}

/// A Mastodon client: home and search tabs with stacks, a settings tab without, a login cover.
struct MastodonClient: StepsCollection {
    enum Key: String, StepKey { case home, search, settings, login }
    var selected = StepSelection<Key>(.home)
    var home = Step(MastodonTimeline())
    var search = Step(MastodonTimeline())
    var settings = Step()
    var login = Step()
    static let steps = StepTable<Self>(
        .tab(.home, \.home), .tab(.search, \.search), .tab(.settings, \.settings),
        .present(.login, \.login, style: .cover))
}

/// Mastodon's links: statuses and accounts on any server, hashtags, the app's own scheme;
/// each lands in the selected tab's stack with a typed destination and a minted id.
@Suite("Deep links: Mastodon")
struct DeepLinkMastodonTests {
    static let origins: [DeepLinkOrigin] = [
        .scheme("myapp"), .universalLink(host: "my.server"), .universalLink(host: "*"),
    ]

    /// The routes in Swift; `Fixtures/routes/mastodon-routes.json` is the same table.
    static func router() throws -> DeepLinkRouter<MastodonClient> {
        var router = DeepLinkRouter<MastodonClient>(origins: origins)
        try router.register(
            "myapp://status/<int:id>", showing: "./path/status", fallbackTab: "home")
        try router.register(
            "https://my.server/@<user>", showing: "./path/account", fallbackTab: "home")
        try router.register(
            "https://<server>/@<user>", showing: "./path/account", fallbackTab: "home")
        try router.register(
            "https://<server>/@<user>/<int:id>", showing: "./path/status", fallbackTab: "home")
        try router.register("tags/<tag>", showing: "./path/hashtag", fallbackTab: "home")
        try router.register("settings", showing: "settings")
        try router.register("signin", showing: "login")
        return router
    }

    static func tableRouter() throws -> DeepLinkRouter<MastodonClient> {
        let url = try Fixtures.url("routes/mastodon-routes.json")
        return try DeepLinkRouteTable(json: Data(contentsOf: url)).router(for: MastodonClient.self)
    }

    static func status(_ id: Int, server: String = "", user: String = "") -> MastodonDestination {
        var screen = MastodonStatus()
        screen.id = id
        screen.server = server
        screen.user = user
        return .status(screen)
    }

    static func account(_ user: String, server: String = "") -> MastodonDestination {
        var screen = MastodonAccount()
        screen.user = user
        screen.server = server
        return .account(screen)
    }

    static func hashtag(_ tag: String) -> MastodonDestination {
        var screen = MastodonHashtag()
        screen.tag = tag
        return .hashtag(screen)
    }

    /// The four Mastodon links, each with its pattern, the origin that accepts it and the
    /// destination it pushes.
    static let links:
        [(link: String, pattern: String, origin: DeepLinkOrigin, pushed: MastodonDestination)] = [
            (
                "https://mastodon.social/@alice/109876543210", "https://<server>/@<user>/<int:id>",
                .universalLink(host: "*"),
                status(109_876_543_210, server: "mastodon.social", user: "alice")
            ),
            (
                "https://my.server/@bob", "https://my.server/@<user>",
                .universalLink(host: "my.server"),
                account("bob")
            ),
            (
                "https://any.host/tags/swift", "tags/<tag>", .universalLink(host: "*"),
                hashtag("swift")
            ),
            ("myapp://status/123", "myapp://status/<int:id>", .scheme("myapp"), status(123)),
        ]

    @Test func eachLinkPushesItsTypedDestinationWithAMintedID() throws {
        for router in [try Self.router(), try Self.tableRouter()] {
            for (link, pattern, origin, pushed) in Self.links {
                let match = try router.resolve(#require(URL(string: link)))
                #expect(match.pattern == pattern, "\(link)")
                #expect(match.origin == origin, "\(link)")
                let navigator = Navigator(MastodonClient())
                let events = try navigator.transaction(.deepLink) {
                    try router.route(link, in: &$0)
                }
                #expect(events.map(\.description) == ["push /home/path/1"], "\(link)")
                #expect(navigator.root.home.path.ids == ["1"], "\(link)")
                #expect(navigator.root.home.path.elements == [pushed], "\(link)")
            }
        }
        // Another server's account keeps the server it came from; the same link twice is two
        // screens.
        var root = MastodonClient()
        try Self.router().route("https://Other.Host/@bob", in: &root)
        try Self.router().route("https://other.host/@bob", in: &root)
        #expect(root.home.path.ids == ["1", "2"])
        #expect(
            root.home.path.elements == [
                Self.account("bob", server: "other.host"),
                Self.account("bob", server: "other.host"),
            ])
        #expect(root.visibleScreen == StepPath(["home", "path", "2", "account"]))
    }

    /// The link lands in the selected tab: pushed onto its stack, under the sheet that is up,
    /// which stays.
    @Test func aLinkLandsInTheSelectedTabAndKeepsItsSheets() throws {
        var start = MastodonClient()
        try start.push(path: "search/path/status")
        try start.select(path: "search/compose")
        let navigator = Navigator(start)
        let events = try navigator.transaction(.deepLink) {
            try Self.router().route("https://mastodon.social/@alice/7", in: &$0)
        }
        #expect(events.map(\.description) == ["push /search/path/2"])
        #expect(navigator.root.search.path.ids == ["1", "2"])
        #expect(
            navigator.root.search.path.elements == [
                Self.status(0), Self.status(7, server: "mastodon.social", user: "alice"),
            ])
        #expect(navigator.root.visibleScreen == StepPath(["search", "compose"]))
        #expect(navigator.root.home.path.ids == [])
        // Under a cover presented from the root, the tab beneath is the selected one.
        var covered = MastodonClient()
        try covered.select(path: "login")
        let before = covered
        try Self.router().route("myapp://status/5", in: &covered)
        #expect(
            NavigationDiff.events(from: before, to: covered).map(\.description) == [
                "push /home/path/1"
            ])
        #expect(covered.visibleScreen == StepPath(["login"]))
    }

    /// A tab with no stack: the route's fallback tab is selected, keeping its state, and the
    /// link lands there.
    @Test func aTabWithoutAStackFallsBackToTheRoutesTab() throws {
        var start = MastodonClient()
        try start.push(path: "home/path/hashtag")
        try start.select(path: "settings")
        let navigator = Navigator(start)
        let events = try navigator.transaction(.deepLink) {
            try Self.router().route("https://any.host/tags/swift", in: &$0)
        }
        #expect(events.map(\.description) == ["select / settings -> home", "push /home/path/2"])
        #expect(navigator.root.home.path.elements == [Self.hashtag(""), Self.hashtag("swift")])
        #expect(navigator.root.visibleScreen == StepPath(["home", "path", "2", "hashtag"]))
    }

    /// A handler sees the whole link: scheme, host, the origin that accepted it, path, query.
    @Test func aHandlerSeesTheWholeLink() throws {
        var router = DeepLinkRouter<MastodonClient>(origins: Self.origins)
        let seen = Mutex<[DeepLinkMatch]>([])
        try router.register("https://<server>/@<user>/<int:id>") { _, link in
            seen.withLock { $0.append(link) }
        }
        try router.register("open/<int:id>") { _, link in seen.withLock { $0.append(link) } }
        var root = MastodonClient()
        try router.route("https://Mastodon.Social/@alice/0042?ref=share&lang=en", in: &root)
        try router.route("myapp://open/9?x=%20y", in: &root)
        let (status, open) = try #require(seen.withLock { $0.count == 2 ? ($0[0], $0[1]) : nil })
        #expect(status.scheme == "https")
        #expect(status.host == "mastodon.social")
        #expect(status.origin == .universalLink(host: "*"))
        #expect(status.path == StepPath(["@alice", "0042"]))
        #expect(status.query == ["ref": "share", "lang": "en"])
        #expect(status.values == ["server": "mastodon.social", "user": "alice", "id": "0042"])
        #expect(status.string("server") == "mastodon.social" && status.string("user") == "alice")
        #expect(status.int("id") == 42)
        #expect(status["ref"] == "share")
        #expect(open.scheme == "myapp" && open.host == nil && open.origin == .scheme("myapp"))
        #expect(open.path == StepPath(["open", "9"]))
        #expect(open.query == ["x": " y"])
        #expect(root == MastodonClient())
    }

    /// `*.example.com` accepts every subdomain at any depth, not the domain itself nor a host
    /// that merely ends with the same letters.
    @Test func aWildcardHostAcceptsSubdomainsOnly() throws {
        var router = DeepLinkRouter<MastodonClient>(
            origins: [
                .universalLink(host: "*.example.com"), .universalLink(host: "exact.example.com"),
            ])
        try router.register("https://*.example.com/@<user>") { _, _ in }
        try router.register("https://exact.example.com/@<user>") { _, _ in }
        for (host, origin) in [
            ("a.example.com", "*.example.com"), ("b.a.example.com", "*.example.com"),
            ("A.Example.COM", "*.example.com"), ("exact.example.com", "exact.example.com"),
        ] {
            let match = try router.resolve(#require(URL(string: "https://\(host)/@ann")))
            #expect(match.origin == .universalLink(host: origin), "\(host)")
            #expect(match.pattern == "https://\(origin)/@<user>", "\(host)")
            #expect(match.host == host.lowercased())
        }
        // A host that decodes to no single name (a slash, a control character, past a segment's
        // length) is no server's, though a wildcard would accept its letters.
        let long = String(repeating: "a", count: StepPath.maximumSegmentLength) + ".example.com"
        for host in [
            "example.com", "badexample.com", "example.com.evil.net", "xexample.com",
            "x.ex%2Fle.example.com", "x.ex%1Fle.example.com", long,
        ] {
            let link = "https://\(host)/@ann"
            #expect(throws: DeepLinkError(link: link, reason: .unknownHost(host)), "\(host)") {
                try router.resolve(#require(URL(string: link)))
            }
        }
        // A pattern's wildcard host must be one the router accepts.
        var narrow = DeepLinkRouter<MastodonClient>(origins: [.universalLink(host: "*.a.org")])
        #expect(
            throws: DeepLinkError(
                pattern: "https://*.b.org/x", reason: .originNotAccepted("https://*.b.org/"))
        ) {
            try narrow.register("https://*.b.org/x") { _, _ in }
        }
        try narrow.register("https://*.x.a.org/x") { _, _ in }
    }

    /// A prefixed placeholder matches its prefix and at least one byte more; the captured text
    /// is what follows the prefix; a literal beats it, and a longer prefix beats a shorter one.
    @Test func aPrefixedSegmentCapturesWhatFollowsItsPrefix() throws {
        var router = DeepLinkRouter<MastodonClient>(origins: [.scheme("x")])
        for pattern in [
            "p/@<user>", "p/@@<user>", "p/@me", "p/@<int:n>", "v<int:n>/<name>", "p/<any>",
        ] {
            try router.register(pattern) { _, _ in }
        }
        let cases: [(String, String, [String: String])] = [
            ("x://p/@ann", "p/@<user>", ["user": "ann"]),
            ("x://p/@@ann", "p/@@<user>", ["user": "ann"]),
            ("x://p/@me", "p/@me", [:]),
            ("x://p/@42", "p/@<int:n>", ["n": "42"]),
            ("x://p/@", "p/<any>", ["any": "@"]),
            ("x://v2/a", "v<int:n>/<name>", ["n": "2", "name": "a"]),
            ("x://p/ann", "p/<any>", ["any": "ann"]),
        ]
        for (link, pattern, values) in cases {
            let match = try router.resolve(#require(URL(string: link)))
            #expect(match.pattern == pattern, "\(link)")
            #expect(match.values == values, "\(link)")
        }
        #expect(
            throws: DeepLinkError(
                link: "x://v9999999999999999999/a",
                reason: .numberOutOfRange("9999999999999999999", placeholder: "n"))
        ) {
            try router.resolve(#require(URL(string: "x://v9999999999999999999/a")))
        }
    }

    static let hostile: [(link: String, reason: DeepLinkError.Reason)] = [
        ("https://mastodon.social/@alice//1", .emptySegment(index: 1)),
        ("https://mastodon.social/@", .invalidTarget(.unknownStep("@", in: .root))),
        ("https://mastodon.social/@alice/%2E%2E", .dotSegment(index: 1)),
        ("https://mastodon.social/@al%2Fice", .encodedSlash(index: 0)),
        ("https://mastodon.social/@al%00ice", .controlCharacter(index: 0)),
        (
            "https://mastodon.social/@alice/99999999999999999999",
            .numberOutOfRange("99999999999999999999", placeholder: "id")
        ),
        ("https://user@mastodon.social/@alice", .unexpectedAuthority),
        ("http://mastodon.social/@alice", .unknownScheme("http")),
        ("myapp://status/abc", .unknownSegment("abc", index: 1)),
        ("myapp://tags", .incomplete),
        ("https://mastodon.social/tags/swift/extra", .unknownSegment("extra", index: 2)),
    ]

    /// Hostile Mastodon links: a typed error naming what and where, the state unchanged, no
    /// event and no observer call, in any tab.
    @Test func hostileLinksAreRefusedAndChangeNothing() throws {
        var start = MastodonClient()
        try start.push(path: "search/path/status")
        try start.select(path: "search/compose")
        let router = try Self.router()
        for (link, reason) in Self.hostile {
            let observer = RecordingObserver()
            let navigator = Navigator(start)
            StepsObservation.withObserver(observer) {
                #expect(throws: DeepLinkError(link: link, reason: reason), "\(link)") {
                    try navigator.transaction(.deepLink) { try router.route(link, in: &$0) }
                }
                #expect(throws: DeepLinkError.self) {
                    try navigator.open(#require(URL(string: link)), with: router)
                }
                #expect(navigator.root == start, "\(link)")
                #expect(observer.lines == [], "\(link)")
            }
        }
    }
}
