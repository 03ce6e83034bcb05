import ExampleSteps
import Foundation
import StepTree
import StepTreeDeepLinks
import TestSupport
import Testing

/// A handler's own error, which callers catch as it is.
enum ShopLinkError: Error, Equatable {
    case badProductID(Int)
}

@Suite("Deep-link router")
struct DeepLinkRouterTests {
    static let sessionID = "C0FFEE00-0000-4000-8000-000000000001"

    /// Every kind of route on the example tree; the round-trip test covers each pattern.
    static func router(
        landing: DeepLinkLanding = .show, fallbackToPath: Bool = true
    ) throws -> DeepLinkRouter<AppSteps> {
        var router = DeepLinkRouter<AppSteps>(
            origins: [.scheme("myapp"), .universalLink(host: "app.example.com")],
            landing: landing, fallbackToPath: fallbackToPath)
        try router.register("friend/<int:number>", showing: "profile/friends/<number>")
        try router.register("friend/<name>", showing: "profile/friends/<name>")
        try router.register("friend/me", showing: "profile/main")
        try router.register("friend/<name>/settings", showing: "profile/friends/<name>/settings")
        try router.register("session/<uuid:id>", showing: "profile/friends/<id>")
        try router.register("chain/<rest:ids>", showing: "profile/friends/<ids>")
        try router.register("theme/<name>", showing: "profile/detail/<name>")
        try router.register(
            "follower/<name>", showing: "profile/friends/<name>", beneath: ["profile/friends/me"])
        try router.register("signup?from=<source>", showing: "login/<source>")
        try router.register("search?q=<query>&page=<int:page>") { root, link in
            let query = link.string("query") + (link.int("page") > 1 ? " p\(link.int("page"))" : "")
            root.select(\.explore, with: ExploreData(query: query))
        }
        try router.register("product/<int:id>") { _, link in
            throw ShopLinkError.badProductID(link.int("id"))
        }
        return router
    }

    /// The patterns with a target, each with a link to it.
    static let printable: [(pattern: String, link: String)] = [
        ("friend/<int:number>", "myapp://friend/7"),
        ("friend/<name>", "myapp://friend/ann%20lee"),
        ("friend/me", "myapp://friend/me"),
        ("friend/<name>/settings", "myapp://friend/bob/settings"),
        ("session/<uuid:id>", "myapp://session/\(sessionID)"),
        ("chain/<rest:ids>", "myapp://chain/ann/friends/bob"),
        ("theme/<name>", "myapp://theme/dark"),
        ("follower/<name>", "myapp://follower/bob"),
        ("signup?from=<source>", "myapp://signup?from=signUp"),
    ]

    static func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

    /// A profile with friends: the elements the routes above name by id (a capture after a
    /// stack names an existing element; routes push only new elements, with minted ids).
    static func friends() throws -> AppSteps {
        var root = AppSteps()
        try root.setStack(
            path: "profile/friends", ids: ["7", "0", "me", "bob", "ann lee", "ann", sessionID])
        try root.setStack(path: "profile/friends/ann/friends", ids: ["bob"])
        return root
    }

    static func routed(_ link: String, from start: AppSteps? = nil) throws -> AppSteps {
        var root = try start ?? friends()
        try router().route(url(link), in: &root)
        return root
    }

    @Test(arguments: [
        ("myapp://friend/me", "friend/me"),  // a literal beats every placeholder
        ("myapp://friend/42", "friend/<int:number>"),  // typed beats untyped
        ("myapp://friend/-3", "friend/<int:number>"),
        ("myapp://friend/4a", "friend/<name>"),
        ("myapp://friend/me/settings", "friend/<name>/settings"),  // the next segment decides
        ("myapp://chain/a", "chain/<rest:ids>"),
        ("myapp://chain/a/b/c", "chain/<rest:ids>"),
        ("myapp://session/\(sessionID)", "session/<uuid:id>"),
    ])
    func precedenceDecidesAtTheFirstDifferingSegment(link: String, pattern: String) throws {
        #expect(try Self.router().resolve(Self.url(link)).pattern == pattern)
    }

    @Test func theWholePrecedenceRule() throws {
        var router = DeepLinkRouter<AppSteps>()
        for pattern in [
            "a/<rest:r>", "a/<x>/b", "a/<int:n>", "a/<uuid:u>", "a/1", "a/<x>/<int:m>", "<x>/1",
        ] {
            try router.register(pattern) { _, _ in }
        }
        let cases: [(String, String)] = [
            ("x://a/1", "a/1"), ("x://a/2", "a/<int:n>"), ("x://a/\(Self.sessionID)", "a/<uuid:u>"),
            ("x://a/z/b", "a/<x>/b"), ("x://a/z/5", "a/<x>/<int:m>"), ("x://a/z/q", "a/<rest:r>"),
            ("x://a/z", "a/<rest:r>"), ("x://b/1", "<x>/1"),
            // `a/<int:n>` has no continuation, so `a/1/b` backs up to `a/<x>/b`.
            ("x://a/1/b", "a/<x>/b"),
        ]
        for (link, pattern) in cases {
            #expect(try router.resolve(Self.url(link)).pattern == pattern, "\(link)")
        }
    }

    @Test func typedCapturesReadWithoutOptionals() throws {
        let router = try Self.router()
        #expect(try router.resolve(Self.url("myapp://friend/42")).int("number") == 42)
        #expect(try router.resolve(Self.url("myapp://friend/ann")).string("name") == "ann")
        let session = try router.resolve(Self.url("myapp://session/\(Self.sessionID)"))
        #expect(session.uuid("id") == UUID(uuidString: Self.sessionID))
        let chain = try router.resolve(Self.url("myapp://chain/a/friends/b"))
        #expect(chain.rest("ids") == ["a", "friends", "b"])
        #expect(chain.values == ["ids": "a/friends/b"])
        #expect(chain.path == StepPath(["chain", "a", "friends", "b"]))
    }

    @Test func queryItemsAreSeparateAndTheirOrderIgnored() throws {
        let router = try Self.router()
        let one = try router.resolve(Self.url("myapp://search?q=cats&page=2&utm=x"))
        let other = try router.resolve(Self.url("myapp://search?utm=x&page=2&q=cats"))
        #expect(one == other)
        #expect(one.query == ["q": "cats", "page": "2", "utm": "x"])
        #expect(one.string("query") == "cats" && one.int("page") == 2)
        #expect(try Self.routed("myapp://search?page=3&q=dogs").explore.value.query == "dogs p3")
        #expect(
            throws: DeepLinkError(
                link: "myapp://search?q=cats",
                reason: .missingQueryItem(
                    "page", pattern: "search?q=<query>&page=<int:page>"))
        ) {
            try router.resolve(Self.url("myapp://search?q=cats"))
        }
        #expect(
            throws: DeepLinkError(
                link: "myapp://search?q=cats&page=two",
                reason: .invalidQueryValue(
                    "page", pattern: "search?q=<query>&page=<int:page>"))
        ) {
            try router.resolve(Self.url("myapp://search?q=cats&page=two"))
        }
    }

    @Test func percentEncodingIsDecodedExactlyOnce() throws {
        let router = try Self.router()
        #expect(
            try router.resolve(Self.url("myapp://friend/ann%20lee")).string("name") == "ann lee")
        #expect(
            try router.resolve(Self.url("myapp://friend/ann%2520lee")).string("name") == "ann%20lee"
        )
        #expect(
            try router.resolve(Self.url("myapp://search?q=a%2526b&page=1")).string("query")
                == "a%26b")
        #expect(
            try router.resolve(Self.url("myapp://search?q=a+b&page=1")).string("query") == "a+b")
        #expect(try router.resolve(Self.url("myapp://%66riend/7")).pattern == "friend/<int:number>")
    }

    @Test func schemesAndHosts() throws {
        let router = try Self.router()
        // A universal link's host is dropped; a custom scheme's host is the first segment.
        #expect(try router.resolve(Self.url("https://app.example.com/friend/7")).int("number") == 7)
        #expect(try router.resolve(Self.url("HTTPS://App.Example.COM/friend/7")).int("number") == 7)
        #expect(try router.resolve(Self.url("MyApp://friend/7")).int("number") == 7)
        #expect(
            throws: DeepLinkError(
                link: "https://evil.example.com/friend/7", reason: .unknownHost("evil.example.com"))
        ) {
            try router.resolve(Self.url("https://evil.example.com/friend/7"))
        }
        #expect(
            throws: DeepLinkError(
                link: "http://app.example.com/friend/7", reason: .unknownScheme("http"))
        ) {
            try router.resolve(Self.url("http://app.example.com/friend/7"))
        }
        #expect(throws: DeepLinkError(link: "other://friend/7", reason: .unknownScheme("other"))) {
            try router.resolve(Self.url("other://friend/7"))
        }
        // With no origins, any custom scheme is accepted, and no web link.
        let open = DeepLinkRouter<AppSteps>()
        var steps = AppSteps()
        try open.route(Self.url("whatever://profile/detail"), in: &steps)
        #expect(steps.visibleScreen == StepPath(["profile", "detail"]))
        #expect(
            throws: DeepLinkError(link: "https://x.com/profile", reason: .unknownScheme("https"))
        ) {
            try open.route(Self.url("https://x.com/profile"), in: &steps)
        }
    }

    @Test func aHandlersErrorIsCaughtAsItsOwnType() throws {
        var steps = AppSteps()
        let before = steps
        do {
            try Self.router().route(Self.url("myapp://product/12"), in: &steps)
            Issue.record("the handler's error was not thrown")
        } catch ShopLinkError.badProductID(let id) {
            #expect(id == 12)
        }
        #expect(steps == before)
        let navigator = Navigator(AppSteps())
        #expect(throws: ShopLinkError.badProductID(5)) {
            try navigator.open(Self.url("myapp://product/5"), with: Self.router())
        }
    }

    @Test func everyPatternRoundTripsThroughItsLink() throws {
        let router = try Self.router()
        for (pattern, link) in Self.printable {
            #expect(try router.resolve(Self.url(link)).pattern == pattern)
            let state = try Self.routed(link)
            // Printed back, the link rebuilds the same state from the one it was opened on.
            let printed = try #require(router.url(for: state, from: Self.friends()), "\(pattern)")
            #expect(try Self.routed(printed.absoluteString) == state, "\(pattern) → \(printed)")
        }
        let printed: [(link: String, printed: String)] = [
            ("myapp://friend/7", "myapp://friend/7"),
            ("myapp://friend/ann%20lee", "myapp://friend/ann%20lee"),
            // `me` is beneath `bob` in the stack already: `friend/bob` rebuilds the same state.
            ("myapp://follower/bob", "myapp://friend/bob"),
            ("myapp://friend/bob/settings", "myapp://friend/bob/settings"),
            ("myapp://chain/ann/friends/bob", "myapp://chain/ann/friends/bob"),
            ("myapp://signup?from=signUp", "myapp://signup?from=signUp"),
        ]
        for (link, text) in printed {
            let state = try Self.routed(link)
            #expect(
                try router.url(for: state, from: Self.friends())?.absoluteString == text, "\(link)")
        }
        let state = try Self.routed("myapp://friend/7")
        #expect(
            router.url(for: state, origin: .universalLink(host: "app.example.com"))
                == (try Self.url("https://app.example.com/friend/7")))
        // A screen no target leads to has no link.
        #expect(router.url(for: AppSteps()) == nil)
        #expect(DeepLinkRouter<AppSteps>().url(for: state) == nil)  // no origin to print
    }

    @Test func showIsTheDefaultLandingAndSelectCanBeAsked() throws {
        var covered = AppSteps()
        try covered.setStack(path: "profile/friends", ids: ["7"])
        try covered.select(path: "profile/settings")
        try covered.select(path: "login")
        let shown = try Self.routed("myapp://friend/7", from: covered)
        #expect(shown.visibleScreen == StepPath(["profile", "friends", "7", "main"]))
        #expect(
            NavigationDiff.events(from: covered, to: shown).map(\.description) == [
                "dismiss /login cover", "dismiss /profile/settings sheet",
            ])
        var selected = covered
        try Self.router(landing: .select).route(Self.url("myapp://friend/7"), in: &selected)
        #expect(selected.selected == StepSelection(.profile, modal: .login))
        #expect(selected.visibleScreen == StepPath(["login", "form"]))
    }

    /// The screens declared beneath a target are selected first: the friend's profile opens
    /// over your own, so back goes there.
    @Test func theScreensBeneathAreSelectedFirst() throws {
        var start = AppSteps()
        try start.setStack(path: "profile/friends", ids: ["me", "bob"])
        try start.select(path: "home")
        let navigator = Navigator(start)
        let events = try navigator.transaction(.deepLink) {
            try Self.router().route(Self.url("myapp://follower/bob"), in: &$0)
        }
        #expect(
            events.map(\.description) == [
                "select / home -> profile"
            ])
        #expect(
            try navigator.transaction(.appliedGesture) { try $0.close(path: "profile/friends/bob") }
                .map(\.description) == [
                    "pop /profile/friends/bob"
                ])
        #expect(navigator.root.visibleScreen == StepPath(["profile", "friends", "me", "main"]))
        // A rest capture names an element at every level.
        let chain = try Self.routed("myapp://chain/ann/friends/bob")
        #expect(
            chain.visibleScreen
                == StepPath(["profile", "friends", "ann", "friends", "bob", "main"]))
    }

    /// A capture after a stack names one of its elements: a link to one the stack lacks is
    /// refused, where it used to push an element with the link's text as its id (which a minted
    /// id could then clash with).
    @Test func aCaptureAfterAStackNamesAnExistingElement() throws {
        var steps = AppSteps()
        try steps.push(path: "profile/friends")  // minted: "1"
        let before = steps
        #expect(
            throws: DeepLinkError(
                link: "myapp://friend/ann", pattern: "friend/<name>",
                reason: .invalidTarget(
                    .unknownElement("ann", in: StepPath(["profile", "friends"]))))
        ) {
            try Self.router().route(Self.url("myapp://friend/ann"), in: &steps)
        }
        #expect(steps == before)
        try Self.router().route(Self.url("myapp://friend/1"), in: &steps)
        #expect(steps.visibleScreen == StepPath(["profile", "friends", "1", "main"]))
        #expect(steps.profile.friends.ids == ["1"])
    }

    @Test func theFallbackErrorNamesTheFirstUnknownSegment() throws {
        var steps = AppSteps()
        // The routes know `friend/<name>/settings`, the tree knows no `friend`: `nope` is unknown.
        #expect(
            throws: DeepLinkError(
                link: "myapp://friend/ann/nope", reason: .unknownSegment("nope", index: 2))
        ) {
            try Self.router().route(Self.url("myapp://friend/ann/nope"), in: &steps)
        }
        // The tree gets further than the routes: the tree's error.
        #expect(
            throws: DeepLinkError(
                link: "myapp://profile/nope",
                reason: .invalidTarget(
                    .unknownStep("nope", in: StepPath(["profile"]))))
        ) {
            try Self.router().route(Self.url("myapp://profile/nope"), in: &steps)
        }
        #expect(throws: DeepLinkError(link: "myapp://follower", reason: .incomplete)) {
            try Self.router(fallbackToPath: false).route(Self.url("myapp://follower"), in: &steps)
        }
        #expect(
            throws: DeepLinkError(
                link: "myapp://profile", reason: .unknownSegment("profile", index: 0))
        ) {
            try Self.router(fallbackToPath: false).route(Self.url("myapp://profile"), in: &steps)
        }
        #expect(steps == AppSteps())
        try Self.router().route(Self.url("myapp://profile/detail/dark"), in: &steps)
        #expect(steps.visibleScreen == StepPath(["profile", "detail", "dark"]))
    }

    @Test func aLinkGivenAsTextIsCheckedToo() throws {
        var steps = AppSteps()
        #expect(throws: DeepLinkError(link: "", reason: .malformedURL)) {
            try Self.router().route("", in: &steps)
        }
        try Self.router().route("myapp://theme/dark", in: &steps)
        #expect(steps.visibleScreen == StepPath(["profile", "detail", "dark"]))
    }

    /// A router reads a trailing `//` as the empty segment it holds, as the path parser does,
    /// not as one trailing `/`.
    @Test func aTrailingDoubleSlashIsAnEmptySegment() throws {
        let router = try Self.router()
        for (link, index) in [
            ("myapp://profile//", 1), ("myapp://friend/ann//", 2),
            ("https://app.example.com/friend/ann//", 2), ("myapp:////", 0),
        ] {
            var steps = AppSteps()
            #expect(
                throws: DeepLinkError(link: link, reason: .emptySegment(index: index)), "\(link)"
            ) {
                try router.route(Self.url(link), in: &steps)
            }
            #expect(steps == AppSteps())
        }
        #expect(
            try Self.routed("myapp://friend/ann/").visibleScreen
                == StepPath(["profile", "friends", "ann", "main"]))
    }

    /// Links naming the same number, or the same UUID, land on the same element: a typed
    /// capture is written into the target in its canonical text.
    @Test func typedCapturesAreWrittenIntoTargetsInTheirCanonicalText() throws {
        for (link, element) in [
            ("friend/7", "7"), ("friend/007", "7"), ("friend/+7", "7"), ("friend/-0", "0"),
            ("friend/0", "0"), ("friend/+0", "0"), ("session/\(Self.sessionID)", Self.sessionID),
            ("session/\(Self.sessionID.lowercased())", Self.sessionID),
        ] {
            let steps = try Self.routed("myapp://" + link)
            #expect(
                steps.visibleScreen == StepPath(["profile", "friends", element, "main"]), "\(link)")
        }
        // The match still gives the text as the link wrote it.
        let match = try Self.router().resolve(Self.url("myapp://friend/007"))
        #expect(match.pattern == "friend/<int:number>")
        #expect(match["number"] == "007" && match.int("number") == 7)
        // `friend/007` would land on `7`, so the link printed for element `007` is another
        // route's, whose text capture keeps the id as it is.
        var padded = AppSteps()
        try padded.setStack(path: "profile/friends", ids: ["me", "007"])
        try padded.show(path: "profile/friends/007")
        #expect(
            try Self.router().url(for: padded)?.absoluteString == "myapp://follower/007")
    }

    @Test func navigatorOpensALinkInOneTransaction() throws {
        let observer = RecordingObserver()
        let navigator = Navigator(AppSteps())
        try StepsObservation.withObserver(observer) { () throws in
            #expect(
                try navigator.transaction(.deepLink) {
                    try Self.router().route(Self.url("myapp://theme/dark"), in: &$0)
                }.map(\.description)
                    == ["select / home -> profile", "push /profile/detail"])
            #expect(throws: DeepLinkError.self) {
                try navigator.open(Self.url("myapp://zzz"), with: Self.router())
            }
            #expect(observer.lines.count == 2)  // will and did of the one change
            // A link to the same search renews the explore tab: it is rebuilt in place.
            #expect(
                try navigator.transaction(.deepLink) {
                    try Self.router().route(Self.url("myapp://search?q=cats&page=1"), in: &$0)
                }.map(
                    \.description) == ["select / profile -> explore", "replace /explore"])
        }
    }

    @Test(arguments: [
        ("", DeepLinkError.Reason.emptyPattern, "the pattern is empty"),
        ("a//b", .emptySegment(index: 1), "segment 2 is empty"),
        ("a/<b", .malformedPlaceholder("<b"), "malformed placeholder '<b'"),
        ("a/<>", .malformedPlaceholder("<>"), "malformed placeholder '<>'"),
        ("a/<x:y:z>", .malformedPlaceholder("<x:y:z>"), "malformed placeholder '<x:y:z>'"),
        ("a/<float:x>", .unknownPlaceholderType("float"), "unknown placeholder type 'float'"),
        ("<x>/<int:x>", .duplicatePlaceholder("x"), "placeholder 'x' appears twice"),
        ("<rest:r>/a", .restNotLast("r"), "<rest:r> must be the whole last segment of the path"),
        ("a?x=<rest:r>", .restNotLast("r"), "<rest:r> must be the whole last segment of the path"),
        ("a/@<rest:r>", .restNotLast("r"), "<rest:r> must be the whole last segment of the path"),
        ("a/@<>", .malformedPlaceholder("<>"), "malformed placeholder '<>'"),
        (
            "a/@<x", .invalidLiteral("@<x"),
            "segment '@<x' is too long, or contains '/', '<', '>' or a control character"
        ),
        (
            "a/x<y>z", .invalidLiteral("x<y>z"),
            "segment 'x<y>z' is too long, or contains '/', '<', '>' or a control character"
        ),
        ("1x://a", .malformedOrigin("1x://"), "origin '1x://' is not scheme:// or https://host/"),
        (
            "https://a", .malformedOrigin("https://a"),
            "origin 'https://a' is not scheme:// or https://host/"
        ),
        (
            "https://<int:n>/a", .malformedOrigin("https://<int:n>/"),
            "origin 'https://<int:n>/' is not scheme:// or https://host/"
        ),
        (
            "https://a b/c", .malformedOrigin("https://a b/"),
            "origin 'https://a b/' is not scheme:// or https://host/"
        ),
        ("https://<h>/<h>", .duplicatePlaceholder("h"), "placeholder 'h' appears twice"),
        // A host's root is a pattern; a custom scheme's is not.
        ("myapp://", .emptyPattern, "the pattern is empty"),
        (
            "http://x.com/a", .originNotAccepted("http://"),
            "the router accepts no link from 'http://'"
        ),
        (
            "a/b>c", .invalidLiteral("b>c"),
            "segment 'b>c' is too long, or contains '/', '<', '>' or a control character"
        ),
        (
            "a?x=1", .malformedQueryItem("x=1"),
            "query item 'x=1' is not name=<placeholder>, or is repeated"
        ),
        (
            "a?x=<p>&x=<q>", .malformedQueryItem("x=<q>"),
            "query item 'x=<q>' is not name=<placeholder>, or is repeated"
        ),
        ("<p>?x=<p>", .duplicatePlaceholder("p"), "placeholder 'p' appears twice"),
    ])
    func badPatternsAreRefused(
        pattern: String, reason: DeepLinkError.Reason, problem: String
    ) {
        var router = DeepLinkRouter<AppSteps>()
        #expect(throws: DeepLinkError(pattern: pattern, reason: reason)) {
            try router.register(pattern) { _, _ in }
        }
        #expect(reason.description == problem)
    }

    @Test func badTargetsAndConflictsAreRefused() throws {
        var router = DeepLinkRouter<AppSteps>()
        try router.register("a/<x>") { _, _ in }
        #expect(throws: DeepLinkError(pattern: "a/<y>", reason: .conflicts(with: "a/<x>"))) {
            try router.register("a/<y>") { _, _ in }
        }
        #expect(
            throws: DeepLinkError(pattern: "b/<x>", reason: .unknownTargetPlaceholder("y"))
        ) {
            try router.register("b/<x>", showing: "profile/<y>")
        }
        #expect(throws: DeepLinkError(pattern: "b", reason: .malformedTarget("profile//main"))) {
            try router.register("b", showing: "profile//main")
        }
        #expect(throws: DeepLinkError(pattern: "b", reason: .malformedTarget("a<b"))) {
            try router.register("b", showing: "profile", beneath: ["a<b"])
        }
        #expect(throws: DeepLinkError(pattern: "b", reason: .malformedTarget("./"))) {
            try router.register("b", showing: "./")
        }
        // A fallback tab is for routes that land in the selected tab.
        #expect(throws: DeepLinkError(pattern: "b", reason: .malformedTarget("/profile"))) {
            try router.register("b", showing: "profile", fallbackTab: "profile")
        }
        #expect(
            DeepLinkError(pattern: "a/<y>", reason: .conflicts(with: "a/<x>")).description
                == "pattern 'a/<y>': matches the same links as 'a/<x>', registered before")
        // A capture no path uses fills the screen the route lands on, which must keep it.
        try router.register("b/<x>", showing: "profile")
        var steps = AppSteps()
        #expect(
            throws: DeepLinkError(
                link: "x://b/1", pattern: "b/<x>",
                reason: .unreadCapture("x", screens: ["ProfileSteps"]))
        ) {
            try router.route("x://b/1", in: &steps)
        }
        #expect(steps == AppSteps())
    }
}
