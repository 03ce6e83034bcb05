import Foundation
import StepTree
import StepTreeDeepLinks

/// The links the client opens: statuses, accounts and hashtags from any server, and the app's
/// own scheme. Each lands in the selected tab, on top of its stack, with a minted id and the
/// payload filled from the link's captures; the tab's sheets stay.
struct ClientLinks {
    let router: DeepLinkRouter<ClientSteps>

    init() {
        var router = DeepLinkRouter<ClientSteps>(
            origins: [
                .scheme("myapp"), .universalLink(host: "my.server"), .universalLink(host: "*"),
            ]
        )
        do {
            // The user's own server and scheme: no server in the payload.
            try router.register("myapp://status/<id>", showing: "./path/status")
            try router.register("https://my.server/@<user>", showing: "./path/account")
            // Any other server: the payload keeps where the post or person lives.
            try router.register("https://<server>/@<user>", showing: "./path/account")
            try router.register("https://<server>/@<user>/<id>", showing: "./path/status")
            // On every server a hashtag is the same timeline.
            try router.register("tags/<tag>", showing: "./path/hashtag")
        } catch {
            preconditionFailure("the client's routes are valid: \(error)")
        }
        self.router = router
    }

    /// Opens `link` as a deep link in `navigator`.
    func open(_ link: String, in navigator: Navigator<ClientSteps>) throws {
        try navigator.transaction(.deepLink) { try router.route(link, in: &$0) }
    }
}
