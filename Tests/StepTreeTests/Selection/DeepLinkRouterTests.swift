import ExampleSteps
import Foundation
import StepTree
import Testing

@Suite("Deep-link router")
struct DeepLinkRouterTests {
    static func router(fallbackToPath: Bool = true) throws -> DeepLinkRouter<AppSteps> {
        var router = DeepLinkRouter<AppSteps>(fallbackToPath: fallbackToPath)
        try router.register("search/<query>") { root, link in
            root.select(\.explore, with: ExploreData(query: link["query"] ?? ""))
        }
        try router.register("search/recent") { root, _ in
            root.select(\.explore, with: ExploreData(query: "recent"))
        }
        try router.register("friend/<int:number>") { root, link in
            try root.setStack(path: "profile/friends", ids: ["u\(link.int("number") ?? 0)"])
            if link["tab"] == "settings" {
                try root.select(path: "profile/friends/u\(link.int("number") ?? 0)/settings")
            }
        }
        try router.register("friend/<name>") { root, link in
            try root.setStack(path: "profile/friends", ids: [link["name"] ?? ""])
        }
        return router
    }

    static func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

    @Test func placeholdersAndQueryItemsReachTheHandler() throws {
        var steps = AppSteps()
        try Self.router().route(Self.url("myapp://search/swift%20ui"), in: &steps)
        #expect(steps.selected == StepSelection(.explore))
        #expect(steps.explore.value.query == "swift ui")
        try Self.router().route(Self.url("myapp://friend/7?tab=settings"), in: &steps)
        #expect(steps.profile.friends.ids == ["u7"])
        #expect(steps.visibleScreen == StepPath(["profile", "friends", "u7", "settings"]))
    }

    @Test func literalBeatsTypedBeatsText() throws {
        let router = try Self.router()
        #expect(router.match(try Self.url("myapp://search/recent"))?.pattern == "search/recent")
        #expect(router.match(try Self.url("myapp://search/cats"))?.pattern == "search/<query>")
        #expect(router.match(try Self.url("myapp://friend/42"))?.pattern == "friend/<int:number>")
        #expect(router.match(try Self.url("myapp://friend/ann"))?.pattern == "friend/<name>")
        #expect(router.match(try Self.url("myapp://friend/ann/x")) == nil)
    }

    @Test func unmatchedLinksFallBackToStepPaths() throws {
        var steps = AppSteps()
        try Self.router().route(Self.url("myapp://profile/detail/dark"), in: &steps)
        #expect(steps.profile.detail.selected == StepSelection(.dark))
        #expect(steps.profile.selected == StepSelection(.main, push: .detail))
        var strict = AppSteps()
        #expect(throws: DeepLinkError.noMatch("myapp://profile/detail/dark")) {
            try Self.router(fallbackToPath: false).route(
                Self.url("myapp://profile/detail/dark"), in: &strict)
        }
        #expect(strict == AppSteps())
    }

    @Test func failuresLeaveTheStateUnchanged() throws {
        var steps = AppSteps()
        try steps.select(path: "profile/detail")
        let before = steps
        #expect(
            throws: DeepLinkError.invalidPath(
                "myapp://profile/nope", .unknownStep("nope", in: StepPath(["profile"])))
        ) {
            try Self.router().route(Self.url("myapp://profile/nope"), in: &steps)
        }
        #expect(
            throws: DeepLinkError.refused(
                pattern: "friend/<name>",
                reason: StepPathError.invalidElementID("", in: StepPath(["profile", "friends"]))
                    .description)
        ) {
            var router = DeepLinkRouter<AppSteps>()
            try router.register("friend/<name>") { root, _ in
                root.select(\.explore)
                try root.setStack(path: "profile/friends", ids: [""])
            }
            try router.route(Self.url("myapp://friend/x"), in: &steps)
        }
        #expect(steps == before)
    }

    @Test(arguments: [
        ("a//b", "empty segment"),
        ("a/<b", "malformed placeholder '<b'"),
        ("a/<>", "malformed placeholder '<>'"),
        ("a/<x:y:z>", "malformed placeholder '<x:y:z>'"),
        ("a/<float:x>", "unknown placeholder type 'float'"),
        ("<x>/<int:x>", "placeholder 'x' appears twice"),
        ("a/b\u{08}c", "literal segment 'b\u{08}c' can never match"),
        // A combining mark after `<` does not hide it: the pattern is read as bytes.
        ("a/<\u{301}b", "malformed placeholder '<\u{301}b'"),
    ])
    func badPatternsAreRefused(pattern: String, problem: String) {
        var router = DeepLinkRouter<AppSteps>()
        #expect(throws: DeepLinkPatternError(pattern: pattern, problem: problem)) {
            try router.register(pattern) { _, _ in }
        }
    }

    @Test func navigatorOpensALinkInOneTransaction() throws {
        let navigator = Navigator(AppSteps())
        let events = try navigator.open(Self.url("myapp://friend/3"), with: Self.router())
        #expect(
            events.map(\.description) == [
                "select / home -> profile", "push /profile/friends/u3",
            ])
        #expect(throws: DeepLinkError.self) {
            try navigator.open(Self.url("myapp://zzz"), with: Self.router())
        }
        #expect(navigator.root.profile.friends.ids == ["u3"])
        // A link to the same search renews the explore tab: it is rebuilt in place.
        #expect(
            try navigator.open(Self.url("myapp://search/cats"), with: Self.router()).map(
                \.description) == ["select / profile -> explore", "replace /explore"])
        #expect(
            try navigator.open(Self.url("myapp://search/cats"), with: Self.router()).map(
                \.description) == ["replace /explore"])
    }

    /// Found by fuzz-urls: `/` followed by a combining mark separates segments in a pattern as
    /// it does in a path, so `<a>/\u{35E}x` has two segments and does not match `myapp://ax`.
    @Test func aCombiningMarkAfterASlashStillSeparates() throws {
        var router = DeepLinkRouter<AppSteps>()
        try router.register("<a>/\u{35E}x") { _, _ in }
        try router.register("p/<int:\u{301}n>") { _, _ in }
        #expect(router.match(try Self.url("myapp://ax")) == nil)
        #expect(router.match(try Self.url("myapp://a%CD%9Ex")) == nil)
        let two = try #require(router.match(Self.url("myapp://a/%CD%9Ex")))
        #expect(two.pattern == "<a>/\u{35E}x")
        #expect(two.values == ["a": "a"])
        // … and after `:`: the placeholder is an `int` named U+0301 + `n`.
        #expect(router.match(try Self.url("myapp://p/x")) == nil)
        #expect(router.match(try Self.url("myapp://p/5"))?.values == ["\u{301}n": "5"])
    }

    @Test func literalsCompareByScalarsNotByCanonicalEquivalence() throws {
        var router = DeepLinkRouter<AppSteps>()
        try router.register("caf\u{E9}") { _, _ in }
        #expect(router.match(try Self.url("myapp://caf%C3%A9"))?.pattern == "caf\u{E9}")
        #expect(router.match(try Self.url("myapp://cafe%CC%81")) == nil)
    }

    @Test func aPatternRegisteredTwiceIsRefused() throws {
        var router = DeepLinkRouter<AppSteps>()
        try router.register("a/<x>") { _, _ in }
        #expect(throws: DeepLinkPatternError(pattern: "a/<x>", problem: "registered twice")) {
            try router.register("a/<x>") { _, _ in }
        }
    }
}
