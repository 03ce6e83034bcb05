import Foundation
import StepTree
import StepTreeDeepLinks
import TestSupport
import Testing

/// Captures fill every screen a route opens, by field name; a capture may be ignored or bound
/// to another field; query items may be optional; a host's root is a pattern.
@Suite("Deep links: capture forms")
struct DeepLinkCaptureFormsTests {
    static func comments(_ creator: String, _ project: String, comment: Int? = nil)
        -> FundDestination
    {
        .comments(FundComments(creator: creator, project: project, comment: comment))
    }

    @Test func capturesFillTheScreensBeneathByFieldName() throws {
        var router = DeepLinkRouter<FundApp>(origins: [.scheme("fund")])
        try router.register(
            "projects/<creator>/<project>/comments", showing: "project/path/comments",
            beneath: ["project/page"])
        var app = FundApp()
        try router.route("fund://projects/ada/engine/comments", in: &app)
        #expect(app.project.page.value == FundPage(creator: "ada", project: "engine"))
        #expect(app.project.path.elements == [Self.comments("ada", "engine")])
        #expect(app.visibleScreen.segments.first == "project")
        #expect(
            router.url(for: app, from: FundApp())?.absoluteString
                == "fund://projects/ada/engine/comments")
    }

    /// A capture only a screen beneath reads is read back from it.
    @Test func aCaptureOnlyTheScreenBeneathReadsIsPrintedFromIt() throws {
        var router = DeepLinkRouter<FundApp>(origins: [.scheme("fund")])
        try router.register(
            "projects/<creator>/<project>/updates/<int:update>", showing: "project/path/update",
            beneath: ["project/page"])
        var app = FundApp()
        try router.route("fund://projects/ada/engine/updates/007", in: &app)
        #expect(app.project.page.value == FundPage(creator: "ada", project: "engine"))
        #expect(
            app.project.path.elements == [
                .update(FundUpdate(project: "engine", update: 7))
            ])
        #expect(
            router.url(for: app, from: FundApp())?.absoluteString
                == "fund://projects/ada/engine/updates/7")
    }

    @Test func aCaptureNoScreenReadsRefusesTheLinkNamingTheScreens() throws {
        var router = DeepLinkRouter<FundApp>(origins: [.scheme("fund")])
        try router.register(
            "projects/<creator>/<project>/<int:backers>/comments",
            showing: "project/path/comments", beneath: ["project/page"])
        var app = FundApp()
        #expect(
            throws: DeepLinkError(
                link: "fund://projects/a/b/3/comments",
                pattern: "projects/<creator>/<project>/<int:backers>/comments",
                reason: .unreadCapture("backers", screens: ["FundPage", "FundComments"]))
        ) {
            try router.route("fund://projects/a/b/3/comments", in: &app)
        }
        #expect(app == FundApp())
        #expect(
            DeepLinkError.Reason.unreadCapture("backers", screens: ["FundPage", "FundComments"])
                .description
                == "no screen it opens has the field 'backers' a capture fills: FundPage, "
                + "FundComments have no field that keeps it")
        // Found before any link arrives, given the state links open on.
        var checked = router
        try checked.register("p/<creator>", showing: "project/page")
        #expect(
            checked.unreadCaptures(on: FundApp()).map { "\($0.pattern) \($0.field)" } == [
                "projects/<creator>/<project>/<int:backers>/comments backers"
            ])
    }

    @Test func anIgnoredCaptureFillsNothing() throws {
        var router = DeepLinkRouter<FundApp>(origins: [.scheme("fund")])
        try router.register("profile/<_>", showing: "profile")
        try router.register("people/<user as _>/<_>/<int:_>", showing: "profile/backed")
        var app = FundApp()
        try router.route("fund://profile/ada", in: &app)
        #expect(app.visibleScreen == "profile/main")
        try router.route("fund://people/ada/x/12", in: &app)
        #expect(app.visibleScreen == "profile/backed")
        #expect(router.match(URL(string: "fund://people/ada/x/12")!)?.string("user") == "ada")
        // An ignored integer is still read as one.
        #expect(router.match(URL(string: "fund://people/ada/x/y")!) == nil)
        #expect(router.url(for: app) == nil)
    }

    @Test func aCaptureBoundToAnotherFieldFillsThatField() throws {
        var router = DeepLinkRouter<FundApp>(origins: [.scheme("fund")])
        try router.register("p/<slug as project>/<by as creator>", showing: "project/page")
        var app = FundApp()
        try router.route("fund://p/engine/ada", in: &app)
        #expect(app.project.page.value == FundPage(creator: "ada", project: "engine"))
        let link = router.match(URL(string: "fund://p/engine/ada")!)
        #expect(link?.string("slug") == "engine")
        #expect(router.url(for: app)?.absoluteString == "fund://p/engine/ada")
    }

    @Test(arguments: [
        ("a/<x as 1y>", DeepLinkError.Reason.malformedPlaceholder("<x as 1y>")),
        ("a/<x as y-z>", .malformedPlaceholder("<x as y-z>")),
        // `?` starts the query: an optional segment is no placeholder.
        ("a/<x?>", .malformedPlaceholder("<x")),
        ("a?q=<_>", .malformedQueryItem("q=<_>")),
        ("a/<x>/<y as x>", .duplicatePlaceholder("x")),
        ("a/<x as >", .malformedPlaceholder("<x as >")),
        ("a/< as x>", .malformedPlaceholder("< as x>")),
        ("a/<int: as x>", .malformedPlaceholder("<int: as x>")),
        ("a?q=<?>", .malformedPlaceholder("<?>")),
        ("a?q=<q as x y>", .malformedPlaceholder("<q as x y>")),
    ])
    func badAnnotationsAreRefused(pattern: String, reason: DeepLinkError.Reason) {
        var router = DeepLinkRouter<FundApp>()
        #expect(throws: DeepLinkError(pattern: pattern, reason: reason)) {
            try router.register(pattern, showing: "project/page")
        }
        #expect(router.match(URL(string: "x://a/b/c")!) == nil)
    }

    @Test func anOptionalCaptureCannotNameAStep() {
        var router = DeepLinkRouter<FundApp>()
        #expect(
            throws: DeepLinkError(pattern: "a?c=<c?>", reason: .optionalInTarget("c"))
        ) {
            try router.register("a?c=<c?>", showing: "settings/<c>")
        }
    }

    @Test func anOptionalQueryItemLeavesItsFieldAtItsDefault() throws {
        var router = DeepLinkRouter<FundApp>(origins: [.scheme("fund")])
        try router.register(
            "projects/<creator>/<project>/comments?comment=<int:comment?>",
            showing: "project/path/comments", beneath: ["project/page"])
        var app = FundApp()
        try router.route("fund://projects/ada/engine/comments", in: &app)
        #expect(app.project.path.elements == [Self.comments("ada", "engine")])
        var named = FundApp()
        try router.route("fund://projects/ada/engine/comments?comment=42&utm=x", in: &named)
        #expect(
            named.project.path.elements == [Self.comments("ada", "engine", comment: 42)]
        )
        #expect(
            router.url(for: named, from: FundApp())?.absoluteString
                == "fund://projects/ada/engine/comments?comment=42")
        #expect(
            router.url(for: app, from: FundApp())?.absoluteString
                == "fund://projects/ada/engine/comments")
        #expect(throws: DeepLinkError.self) {
            try router.route("fund://projects/ada/engine/comments?comment=x", in: &app)
        }
    }

    /// A pattern with optional items and the same path without them are two routes; a link
    /// takes the one whose items it has the most of, then the one naming the fewest.
    @Test func patternsOfOnePathDifferByTheirQueryItems() throws {
        var router = DeepLinkRouter<FundApp>(origins: [.scheme("fund")])
        try router.register("discover", showing: "discover")
        try router.register("discover?sort=<sort?>&category=<category?>", showing: "discover")
        try router.register("discover?page=<int:page>&sort=<sort?>", showing: "discover")
        #expect(
            throws: DeepLinkError(
                pattern: "discover?category=<c?>&sort=<s?>",
                reason: .conflicts(with: "discover?sort=<sort?>&category=<category?>"))
        ) {
            try router.register("discover?category=<c?>&sort=<s?>", showing: "discover")
        }
        func pattern(_ link: String) -> String? { router.match(URL(string: link)!)?.pattern }
        #expect(pattern("fund://discover") == "discover")
        #expect(pattern("fund://discover?utm=1") == "discover")
        #expect(pattern("fund://discover?sort=new") == "discover?sort=<sort?>&category=<category?>")
        #expect(pattern("fund://discover?page=2") == "discover?page=<int:page>&sort=<sort?>")
        var app = FundApp()
        try router.route("fund://discover?category=art", in: &app)
        #expect(app.discover.value == FundDiscover(category: "art"))
    }

    /// `<name*>` reads every value of an item a link repeats, in order, into a list; any other
    /// item given twice refuses the link, as before.
    @Test func aRepeatedQueryItemFillsAList() throws {
        var router = DeepLinkRouter<FundApp>(origins: [.scheme("fund")])
        try router.register("discover?tag=<tags*>&sort=<sort?>", showing: "discover")
        try router.register("r?id=<int:ids*>") { _, _ in }
        var app = FundApp()
        try router.route("fund://discover?tag=art&sort=new&tag=film", in: &app)
        #expect(app.discover.value == FundDiscover(sort: "new", tags: ["art", "film"]))
        #expect(
            router.url(for: app, from: FundApp())?.absoluteString
                == "fund://discover?sort=new&tag=art&tag=film")
        let match = try #require(router.match(URL(string: "fund://r?id=1&id=+2&id=3")!))
        #expect(match.ints("ids") == [1, 2, 3])
        #expect(match.values["ids"] == "1,+2,3")
        #expect(router.match(URL(string: "fund://discover")!)?.strings("tags") == [])
        // A missing one leaves the field at its default; a bad value, or another item given
        // twice, refuses the link.
        try router.route("fund://discover?sort=old", in: &app)
        #expect(app.discover.value == FundDiscover(sort: "old", tags: ["art", "film"]))
        #expect(
            throws: DeepLinkError(
                link: "fund://discover?tag=a&sort=x&sort=y", reason: .repeatedQueryItem("sort"))
        ) {
            try router.route("fund://discover?tag=a&sort=x&sort=y", in: &app)
        }
        #expect(
            throws: DeepLinkError(
                link: "fund://r?id=1&id=x",
                reason: .invalidQueryValue("id", pattern: "r?id=<int:ids*>"))
        ) {
            try router.route("fund://r?id=1&id=x", in: &app)
        }
        #expect(
            throws: DeepLinkError(link: "fund://nothing?a=1&a=2", reason: .repeatedQueryItem("a"))
        ) {
            try router.route("fund://nothing?a=1&a=2", in: &app)
        }
        #expect(app.discover.value == FundDiscover(sort: "old", tags: ["art", "film"]))
        // Only a query item may repeat.
        #expect(
            throws: DeepLinkError(pattern: "a/<x*>", reason: .malformedPlaceholder("<x*>"))
        ) {
            try router.register("a/<x*>", showing: "discover")
        }
    }

    @Test func unknownQueryItemsMayBeRefused() throws {
        var router = DeepLinkRouter<FundApp>(
            origins: [.scheme("fund")], unknownQueryItems: .refuse)
        try router.register("discover?sort=<sort?>", showing: "discover")
        var app = FundApp()
        try router.route("fund://discover?sort=new", in: &app)
        #expect(app.discover.sort == "new")
        let refused = DeepLinkError(
            link: "fund://discover?utm=1",
            reason: .unknownQueryItem("utm", pattern: "discover?sort=<sort?>"))
        #expect(throws: refused) { try router.route("fund://discover?utm=1", in: &app) }
        #expect(
            refused.reason.description
                == "has the query item 'utm', which 'discover?sort=<sort?>' does not name")
        #expect(app.discover.sort == "new")
    }

    @Test func aHostsRootIsAPattern() throws {
        var router = DeepLinkRouter<FundApp>(
            origins: [.scheme("fund"), .universalLink(host: "clicks.example.com")])
        try router.register("https://clicks.example.com/", showing: "discover")
        try router.register(
            "https://clicks.example.com/?c=<category>&s=<sort?>", showing: "discover")
        var app = FundApp()
        try router.route("https://clicks.example.com/?c=art", in: &app)
        #expect(app.discover.value == FundDiscover(category: "art"))
        try router.route("https://clicks.example.com", in: &app)
        #expect(
            router.match(URL(string: "https://clicks.example.com/")!)?.pattern
                == "https://clicks.example.com/")
        #expect(
            router.url(
                for: app, from: FundApp(), origin: .universalLink(host: "clicks.example.com"))?
                .absoluteString == "https://clicks.example.com/?c=art&s=")
        // A custom scheme's link still names a step, and a root no route takes names none.
        #expect(throws: DeepLinkError(link: "fund://", reason: .emptyPath)) {
            try router.route("fund://", in: &app)
        }
        #expect(throws: DeepLinkError.self) {
            try router.register("fund://", showing: "discover")
        }
    }

    /// A custom scheme's authority is a host when an origin says so: matched as a universal
    /// link's, exact or wildcard, and dropped from the path.
    @Test func aCustomSchemesHostIsReadWhenAnOriginSaysSo() throws {
        var router = DeepLinkRouter<FundApp>(origins: [
            .schemeHost("fund", host: "www.example.com"),
            .schemeHost("fund", host: "*.example.org"),
            .scheme("old"),
        ])
        try router.register(
            "fund://www.example.com/projects/<creator>/<project>", showing: "project/page")
        try router.register("fund://*.example.org/settings", showing: "settings/account")
        try router.register("fund://*/settings", showing: "settings/privacy")
        try router.register("old://settings", showing: "settings/payment")
        var app = FundApp()
        try router.route("fund://WWW.example.com/projects/ada/engine", in: &app)
        #expect(app.project.page.value == FundPage(creator: "ada", project: "engine"))
        let match = router.match(URL(string: "fund://www.example.com/projects/ada/engine")!)
        #expect(match?.host == "www.example.com")
        #expect(match?.origin == .schemeHost("fund", host: "www.example.com"))
        #expect(match?.path == "projects/ada/engine")
        #expect(
            router.url(for: app)?.absoluteString == "fund://www.example.com/projects/ada/engine")
        try router.route("fund://a.b.example.org/settings", in: &app)
        #expect(app.visibleScreen == "settings/account")
        // A wildcard of all hosts takes those no longer suffix takes.
        try router.route("fund://www.example.com/settings", in: &app)
        #expect(app.visibleScreen == "settings/privacy")
        try router.route("old://settings", in: &app)
        #expect(app.visibleScreen == "settings/payment")
        #expect(
            throws: DeepLinkError(
                link: "fund://evil.com/settings", reason: .unknownHost("evil.com"))
        ) {
            try router.route("fund://evil.com/settings", in: &app)
        }
        #expect(
            throws: DeepLinkError(
                link: "fund://example.org/settings", reason: .unknownHost("example.org"))
        ) {
            try router.route("fund://example.org/settings", in: &app)
        }
        #expect(app.visibleScreen == "settings/payment")
        #expect(
            throws: DeepLinkError(
                pattern: "fund://other.com/a", reason: .originNotAccepted("fund://other.com/"))
        ) {
            try router.register("fund://other.com/a", showing: "settings")
        }
        #expect(
            throws: DeepLinkError(
                pattern: "fund://<h>/a", reason: .malformedOrigin("fund://<h>/"))
        ) {
            try router.register("fund://<h>/a", showing: "settings")
        }
        // A host's root, for a custom scheme with hosts too.
        try router.register("fund://www.example.com/", showing: "discover")
        try router.route("fund://www.example.com", in: &app)
        #expect(app.visibleScreen == "discover")
    }
}
