import Foundation
import StepTree
import StepTreeDeepLinks
import TestSupport
import Testing

/// The crowdfunding app's 40 links (``FundRoutes``), link by link: where each lands and what it
/// fills; and each declarative one prints back (`url(for:from:)`) to a link that rebuilds it.
@Suite("Deep links: a crowdfunding app's table")
struct DeepLinkFundTableTests {
    /// What a link changes in ``FundApp``: the screen, and the values routes fill.
    struct Summary: Equatable, CustomStringConvertible {
        var screen: String
        var page = FundPage()
        var stack: [FundDestination] = []
        var discover = FundDiscover()
        var channel = ""
        var signIn = FundSignIn()

        init(
            _ screen: String, page: FundPage = FundPage(), stack: [FundDestination] = [],
            discover: FundDiscover = FundDiscover(), channel: String = "",
            signIn: FundSignIn = FundSignIn()
        ) {
            self.screen = screen
            self.page = page
            self.stack = stack
            self.discover = discover
            self.channel = channel
            self.signIn = signIn
        }

        init(_ app: FundApp) {
            screen = app.visibleScreen.description
            page = app.project.page.value
            stack = app.project.path.elements
            discover = app.discover.value
            channel = app.settings.notifications.value.channel
            signIn = app.signIn.value
        }

        var description: String {
            "\(screen) \(page) \(stack) \(discover) \(channel) \(signIn)"
        }
    }

    static let page = FundPage(creator: "ada", project: "engine")

    static func on(_ destination: FundDestination, page: FundPage = page) -> Summary {
        Summary("/project/path/1/\(name(of: destination))", page: page, stack: [destination])
    }

    static func name(of destination: FundDestination) -> String {
        switch destination {
        case .comments: "comments"
        case .updates: "updates"
        case .update: "update"
        case .rewards: "rewards"
        case .pledge: "pledge"
        case .creator: "creator"
        }
    }

    /// Every link of the table, and what it leaves.
    static let links: [(link: String, summary: Summary)] = [
        ("fund://projects/ada/engine", Summary("/project/page", page: page)),
        (
            "fund://projects/ada/engine/comments",
            on(.comments(FundComments(creator: "ada", project: "engine")))
        ),
        (
            "https://www.fund.example/projects/ada/engine/comments?comment=9&utm_source=mail",
            on(.comments(FundComments(creator: "ada", project: "engine", comment: 9)))
        ),
        (
            "https://www.fund.example/projects/ada/engine/comments/9",
            on(.comments(FundComments(creator: "ada", project: "engine", comment: 9)))
        ),
        (
            "fund://projects/ada/engine/updates",
            on(.updates(FundUpdates(creator: "ada", project: "engine")))
        ),
        (
            "fund://projects/ada/engine/updates/3",
            on(.update(FundUpdate(project: "engine", update: 3)))
        ),
        (
            "fund://projects/ada/engine/rewards?reward=2",
            on(.rewards(FundRewards(project: "engine", reward: 2)))
        ),
        (
            "fund://www.fund.example/projects/ada/engine/rewards/2",
            on(.rewards(FundRewards(project: "engine", reward: 2)))
        ),
        ("fund://projects/ada/engine/creator", on(.creator(FundCreator(creator: "ada")))),
        ("fund://p/engine", Summary("/project/page", page: FundPage(project: "engine"))),
        (
            "fund://updates/3?creator=ada&project=engine",
            on(.update(FundUpdate(project: "engine", update: 3)))
        ),
        (
            "fund://rewards/2?project=engine",
            on(.rewards(FundRewards(project: "engine", reward: 2)), page: FundPage())
        ),
        ("fund://creators/ada", on(.creator(FundCreator(creator: "ada")), page: FundPage())),
        (
            "https://www.fund.example/@ada",
            on(.creator(FundCreator(creator: "ada")), page: FundPage())
        ),
        ("fund://discover", Summary("/discover")),
        (
            "fund://discover?sort=new&tag=art&page=2&tag=film",
            Summary(
                "/discover", discover: FundDiscover(sort: "new", page: 2, tags: ["art", "film"]))
        ),
        ("fund://discover/art", Summary("/discover", discover: FundDiscover(category: "art"))),
        (
            "fund://discover/art/new",
            Summary("/discover", discover: FundDiscover(category: "art", sort: "new"))
        ),
        ("fund://search?term=art", Summary("/discover", discover: FundDiscover(category: "art"))),
        ("fund://profile", Summary("/profile/main")),
        ("fund://profile/backed", Summary("/profile/backed")),
        ("fund://profile/saved", Summary("/profile/saved")),
        ("fund://profile/following", Summary("/profile/following")),
        ("fund://profile/grace", Summary("/profile/main")),
        ("fund://backed/ada/engine", Summary("/profile/backed")),
        ("fund://settings", Summary("/settings/main")),
        ("fund://settings/account", Summary("/settings/account")),
        ("fund://settings/notifications", Summary("/settings/notifications")),
        (
            "fund://settings/notifications/email",
            Summary("/settings/notifications", channel: "email")
        ),
        ("fund://settings/privacy", Summary("/settings/privacy")),
        ("fund://app.fund.example/privacy", Summary("/settings/privacy")),
        ("https://clicks.fund.example/", Summary("/discover")),
        (
            "https://clicks.fund.example/?c=art&s=new",
            Summary("/discover", discover: FundDiscover(category: "art", sort: "new"))
        ),
        ("https://clicks.fund.example/p/ada/engine", Summary("/project/page", page: page)),
        (
            "https://clicks.fund.example/u/3/ada/engine",
            on(.update(FundUpdate(project: "engine", update: 3)))
        ),
        ("fund://www.fund.example", Summary("/discover")),
        (
            "fund://projects/ada/engine/pledge?reward=2",
            on(.pledge(FundPledge(project: "engine", reward: 2)))
        ),
        ("fund://settings/payment", Summary("/settings/payment")),
        ("fund://logout", Summary("/discover")),
        (
            "fund://discover/random",
            Summary("/discover", discover: FundDiscover(category: "staff-picks"))
        ),
        ("fund://projects/ada/engine/share", Summary("/project/page", page: page)),
    ]

    @Test func theTableCountsFortyLinksOverNinetyPercentDeclarative() throws {
        #expect(FundRoutes.table.routes.count + 2 == FundRoutes.declarative)
        #expect(FundRoutes.declarative + FundRoutes.handlers == 40)
        #expect(Double(FundRoutes.declarative) / 40 >= 0.9)
        // One link per route, each matching its own.
        let router = try FundRoutes.router()
        let patterns = try Self.links.map {
            try router.resolve(#require(URL(string: $0.link))).pattern
        }
        #expect(Set(patterns).count == 40)
        #expect(router.unreadCaptures(on: FundApp()).isEmpty)
    }

    @Test func eachLinkLandsWhereItSays() throws {
        let router = try FundRoutes.router()
        for (link, summary) in Self.links {
            var app = FundApp()
            try router.route(link, in: &app)
            #expect(Summary(app) == summary, "\(link)")
        }
    }

    /// A declarative link prints back to a link that rebuilds the same state from the start;
    /// the handlers' states are printed by the declarative routes that land there too.
    @Test func eachStatePrintsBackToALinkThatRebuildsIt() throws {
        let router = try FundRoutes.router()
        for (link, _) in Self.links {
            var app = FundApp()
            try router.route(link, in: &app)
            let origin: DeepLinkOrigin? =
                link.hasPrefix("https://clicks") ? .universalLink(host: "clicks.fund.example") : nil
            let printed = try #require(
                router.url(for: app, from: FundApp(), origin: origin), "\(link)")
            var again = FundApp()
            try router.route(printed, in: &again)
            #expect(again == app, "\(link) -> \(printed)")
        }
    }

    @Test func thePledgeWaitsForSignInWhichSaysWhy() throws {
        let navigator = Navigator(FundApp())
        let inbox = DeepLinkInbox(router: try FundRoutes.router(), navigator: navigator)
        try inbox.open(#require(URL(string: "fund://projects/ada/engine/pledge?reward=2")))
        #expect(
            Summary(navigator.root)
                == Summary("/signIn", signIn: FundSignIn(reason: "pledge", project: "engine")))
        try inbox.gateDidOpen("signedIn")
        #expect(
            Summary(navigator.root).stack == [.pledge(FundPledge(project: "engine", reward: 2))])
    }
}
