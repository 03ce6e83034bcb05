import Foundation
import StepTree
import StepTreeDeepLinks
import TestSupport
import Testing

/// Links that land on plain-data destinations and on a modal destination (issue 31): the
/// capture fills the case's value, and the router prints the link back.
@Suite struct DestinationLinkTests {
    static func router() throws -> DeepLinkRouter<ModalAppSteps> {
        var router = DeepLinkRouter<ModalAppSteps>(origins: [.scheme("app")])
        try router.register("tags/<tag>", showing: "path/hashtag")
        try router.register("users/<user>", showing: "path/account")
        try router.register("counts/<int:count>", showing: "path/count")
        try router.register("report/<id>", showing: "sheet/report")
        try router.register("settings", showing: "sheet/settings")
        return router
    }

    @Test func aCaptureFillsAPlainDataDestination() throws {
        let router = try Self.router()
        var steps = ModalAppSteps()
        try router.route("app://tags/swift", in: &steps)
        try router.route("app://users/ann", in: &steps)
        try router.route("app://counts/7", in: &steps)
        #expect(steps.path.value.elements == [.hashtag("swift"), .account(user: "ann"), .count(7)])
        // Printed back from the start a link opens on, for each plain-data case.
        for link in ["app://tags/swift", "app://users/ann", "app://counts/7"] {
            var opened = ModalAppSteps()
            try router.route(link, in: &opened)
            #expect(router.url(for: opened, from: ModalAppSteps())?.absoluteString == link)
        }
    }

    @Test func aLinkPresentsAModalDestinationAndAnotherReplacesIt() throws {
        let router = try Self.router()
        var steps = ModalAppSteps()
        let start = steps
        try router.route("app://report/123", in: &steps)
        #expect(steps.sheet.value.destination == .report("123"))
        #expect(steps.visibleScreen == StepPath(["sheet", "report"]))
        #expect(router.url(for: steps, from: start)?.absoluteString == "app://report/123")
        let old = steps
        try router.route("app://settings", in: &steps)
        #expect(
            NavigationDiff.events(from: old, to: steps).map(\.description) == [
                "dismiss /sheet sheet", "present /sheet sheet",
            ])
        // From `start`, the link would give the sheet one renewal fewer: printed for `steps`.
        #expect(router.url(for: steps)?.absoluteString == "app://settings")
    }

    @Test func aCaptureOfTheWrongTypeLeavesTheStateUnchanged() throws {
        var router = DeepLinkRouter<ModalAppSteps>(origins: [.scheme("app")])
        try router.register("counts/<count>", showing: "path/count")
        var steps = ModalAppSteps()
        #expect(throws: DeepLinkError.self) { try router.route("app://counts/many", in: &steps) }
        #expect(steps == ModalAppSteps())
    }
}
