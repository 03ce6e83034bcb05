import Foundation
import StepTree
import StepTreeDeepLinks
import TestSupport

/// A crowdfunding app's URL table, ported to a router: 40 links, 37 of them declarative (a
/// table, and two gated routes in Swift), 3 handlers.
enum FundRoutes {
    static let origins: [DeepLinkOrigin] = [
        .scheme("fund"), .schemeHost("fund", host: "www.fund.example"),
        .schemeHost("fund", host: "*.fund.example"), .universalLink(host: "www.fund.example"),
        .universalLink(host: "clicks.fund.example"),
    ]

    /// The sign-in cover, saying why and for which project.
    static let signIn = DeepLinkGate(
        "signedIn", screen: "signIn", with: FundSignIn(reason: "pledge"), fillsFromLink: true)

    /// The declarative routes as a table: what `steptree lint --routes` and `steptree open`
    /// read.
    static let table = DeepLinkRouteTable(
        schemes: ["fund"], hosts: ["www.fund.example", "clicks.fund.example"],
        schemeHosts: ["fund://www.fund.example", "fund://*.fund.example"],
        routes: [
            // Projects: the page beneath every screen of the project.
            .init("projects/<creator>/<project>", showing: "project/page"),
            .init(
                "projects/<creator>/<project>/comments?comment=<int:comment?>",
                showing: "project/path/comments", beneath: ["project/page"]),
            .init(
                "https://www.fund.example/projects/<creator>/<project>/comments/<int:comment>",
                showing: "project/path/comments", beneath: ["project/page"]),
            .init(
                "projects/<creator>/<project>/updates", showing: "project/path/updates",
                beneath: ["project/page"]),
            .init(
                "projects/<creator>/<project>/updates/<int:update>",
                showing: "project/path/update", beneath: ["project/page"]),
            .init(
                "projects/<creator>/<project>/rewards?reward=<int:reward?>",
                showing: "project/path/rewards", beneath: ["project/page"]),
            .init(
                "fund://www.fund.example/projects/<creator>/<project>/rewards/<int:reward>",
                showing: "project/path/rewards", beneath: ["project/page"]),
            .init(
                "projects/<creator>/<project>/creator", showing: "project/path/creator",
                beneath: ["project/page"]),
            .init("p/<slug as project>", showing: "project/page"),
            .init(
                "updates/<int:update>?project=<project>&creator=<creator>",
                showing: "project/path/update", beneath: ["project/page"]),
            .init("rewards/<int:reward>?project=<project>", showing: "project/path/rewards"),
            // Creators.
            .init("creators/<creator>", showing: "project/path/creator"),
            .init("@<creator>", showing: "project/path/creator"),
            // Discovery, its filters optional.
            .init("discover", showing: "discover"),
            .init(
                "discover?category=<category?>&sort=<sort?>&page=<int:page?>&tag=<tags*>",
                showing: "discover"),
            .init("discover/<category>", showing: "discover"),
            .init("discover/<category>/<sort>", showing: "discover"),
            .init("search?term=<term as category>", showing: "discover"),
            // The user's profile; another user's opens the tab.
            .init("profile", showing: "profile"),
            .init("profile/backed", showing: "profile/backed"),
            .init("profile/saved", showing: "profile/saved"),
            .init("profile/following", showing: "profile/following"),
            .init("profile/<_>", showing: "profile"),
            .init("backed/<_>/<_>", showing: "profile/backed"),
            // Settings.
            .init("settings", showing: "settings"),
            .init("settings/account", showing: "settings/account"),
            .init("settings/notifications", showing: "settings/notifications"),
            .init("settings/notifications/<channel>", showing: "settings/notifications"),
            .init("settings/privacy", showing: "settings/privacy"),
            .init("fund://*.fund.example/privacy", showing: "settings/privacy"),
            // E-mail click-through links on a host's root.
            .init("https://clicks.fund.example/", showing: "discover"),
            .init(
                "https://clicks.fund.example/?c=<category>&s=<sort?>", showing: "discover"),
            .init("https://clicks.fund.example/p/<creator>/<project>", showing: "project/page"),
            .init(
                "https://clicks.fund.example/u/<int:update>/<creator>/<project>",
                showing: "project/path/update", beneath: ["project/page"]),
            // The app's own scheme with a host, at its root.
            .init("fund://www.fund.example/", showing: "discover"),
        ])

    /// The table's router, with the gated routes and the handlers.
    static func router() throws -> DeepLinkRouter<FundApp> {
        var router = try table.router(for: FundApp.self)
        // Gated: sign-in says why, for which project.
        try router.register(
            "projects/<creator>/<project>/pledge?reward=<int:reward?>",
            showing: "project/path/pledge", beneath: ["project/page"], gate: signIn)
        try router.register(
            "settings/payment", showing: "settings/payment",
            gate: DeepLinkGate("signedIn", screen: "signIn", with: FundSignIn(reason: "payment")))
        // Handlers: what no target can say.
        try router.register("logout") { root, _ in root = FundApp() }
        try router.register("discover/random") { root, _ in
            try root.show(path: "discover", with: FundDiscover(category: "staff-picks"))
        }
        try router.register("projects/<creator>/<project>/share") { root, link in
            let page = FundPage(creator: link.string("creator"), project: link.string("project"))
            try root.show(path: "project/page", with: page)
        }
        return router
    }

    /// How many routes are declarative, and how many handlers.
    static let declarative = 37
    static let handlers = 3
}
