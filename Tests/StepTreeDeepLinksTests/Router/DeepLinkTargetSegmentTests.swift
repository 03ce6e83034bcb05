import ExampleSteps
import Foundation
import StepTree
import StepTreeDeepLinks
import Testing

/// A route's paths name steps: a `.`, `..` or empty segment names none, so a route whose target,
/// screen beneath or fallback tab has one is refused as it is registered, naming that path,
/// rather than registered to refuse every link.
@Suite("Deep links: target segments")
struct DeepLinkTargetSegmentTests {
    @Test(arguments: [
        "./../settings", "./.", "./..", ".", "..", "profile/.", "profile/../login",
        "./path/./status", ".//about", "./path//status", "profile/<id>/..",
    ])
    func aTargetWithADotOrEmptySegmentIsRefused(target: String) {
        var router = DeepLinkRouter<AppSteps>()
        #expect(throws: DeepLinkError(pattern: "a/<id>", reason: .malformedTarget(target))) {
            try router.register("a/<id>", showing: target)
        }
        #expect(throws: DeepLinkError(pattern: "a/<id>", reason: .malformedTarget(target))) {
            try router.register("a/<id>", showing: "profile", beneath: [target])
        }
        #expect(router.match(URL(string: "x://a/b")!) == nil)
    }

    @Test(arguments: ["home/..", "home/.", ".", "..", "./home"])
    func aFallbackTabWithADotSegmentIsRefused(tab: String) {
        var router = DeepLinkRouter<MastodonClient>()
        let fallback = StepPath(stringLiteral: tab)
        #expect(
            throws: DeepLinkError(pattern: "a", reason: .malformedTarget(fallback.description))
        ) {
            try router.register("a", showing: "./path/status", fallbackTab: fallback)
        }
    }

    /// A routes file is refused at the route that has such a path, naming it.
    @Test func aRoutesFileWithADotSegmentIsRefusedAtItsRoute() {
        let table = DeepLinkRouteTable(routes: [
            .init("a", showing: "./path/status", fallbackTab: "home"),
            .init("b", showing: "./path/status", fallbackTab: "home/.."),
            .init("c", showing: "./../settings"),
        ])
        #expect(
            throws: DeepLinkError(pattern: "b", route: 1, reason: .malformedTarget("/home/.."))
        ) {
            try table.router(for: MastodonClient.self)
        }
        let target = DeepLinkRouteTable(routes: [
            .init("a", showing: "./path/status", fallbackTab: "home"),
            .init("c", showing: "./../settings"),
        ])
        #expect(
            throws: DeepLinkError(pattern: "c", route: 1, reason: .malformedTarget("./../settings"))
        ) {
            try target.router(for: MastodonClient.self)
        }
    }

    /// A segment that merely starts or ends with a dot is a key like any other.
    @Test func aKeyWithDotsIsNoDotSegment() throws {
        var router = DeepLinkRouter<AppSteps>()
        try router.register("a", showing: "profile/...")
        try router.register("b", showing: "./.x")
        try router.register("c", showing: "x./..y")
    }
}
