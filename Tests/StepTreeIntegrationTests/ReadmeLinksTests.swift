import Foundation
import StepTree
import StepTreeDeepLinks
import StepTreeRestoration
import Testing

// The README blocks of "Deep links from outside" and "Restoring after an update", compiled and
// run on the README's own tree; `readmeBlocksAppearHere` in ReadmeTests.swift checks them too.

extension ReadmeTree {
    @Suite("README examples: links and restoration")
    struct LinkExamples {
        @Test func deepLinksFromOutside() throws {
            var router = DeepLinkRouter<AppSteps>(
                origins: [.scheme("myapp"), .universalLink(host: "*.example.com")])
            // A capture after a stack names one of its elements.
            try router.register("friend/<name>", showing: "profile/friends/<name>")
            try router.register("theme/<name>", showing: "profile/detail/<name>")
            // A handler, for edits a target cannot say; it sees the whole link, and its own errors reach
            // the caller.
            try router.register("search?q=<query>") { root, link in
                root.select(\.explore, with: ExploreData(query: link.string("query")))
            }

            var start = AppSteps()
            try start.setStack(path: "profile/friends", ids: ["ann", "bob"])
            try start.select(path: "home")
            let navigator = Navigator(start)
            // A universal link from a subdomain: the host is dropped.
            let link = try #require(URL(string: "https://www.example.com/friend/ann"))
            let events = try navigator.transaction(.deepLink) { try router.route(link, in: &$0) }
            #expect(
                events.map(\.description) == [
                    "pop /profile/friends/bob", "select / home -> profile",
                ])
            #expect(
                router.url(for: navigator.root, from: start)?.absoluteString
                    == "myapp://friend/ann")

            var steps = AppSteps()
            #expect(
                throws: DeepLinkError(
                    link: "myapp://theme/dark/x", reason: .unknownSegment("x", index: 2))
            ) {
                try router.route("myapp://theme/dark/x", in: &steps)
            }
        }

        @Test func restoringAfterAnUpdate() throws {
            let archive = StepArchive(
                version: 2, initial: AppSteps(),
                migrations: [.rename(StepPath(["profile", "prefs"]), to: "settings")])
            let savedByVersion1 = Data(
                #"""
                {"format": "steptree-state", "formatVersion": 1, "treeVersion": 1, "state": {
                  "selected": "profile", "home": 0, "news": 0,
                  "explore": {"value": {"query": ""}}, "profile": {
                    "selected": ["main", "", "prefs"], "main": 0, "prefs": 0,
                    "friends": [], "detail": {"selected": "", "light": 0, "dark": 0}}}}
                """#.utf8)

            let navigator = Navigator(AppSteps())
            let (events, report) = try navigator.restore(from: savedByVersion1, using: archive)
            #expect(
                report.changes == [
                    .renamed(StepPath(["profile", "prefs"]), to: "settings"),  // declared
                    .droppedStep(StepPath(["news"])),  // the news tab is gone
                    .filledIn("login", at: .root),  // the login cover is new
                ])
            #expect(
                events.map(\.description) == [
                    "select / home -> profile", "present /profile/settings sheet",
                ])
        }
    }
}
