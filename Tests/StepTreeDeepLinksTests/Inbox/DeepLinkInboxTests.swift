import ExampleSteps
import Foundation
import StepTree
import StepTreeAnalytics
import StepTreeDeepLinks
import StepTreeTools
import TestSupport
import Testing

@Suite("Deferred deep links")
struct DeepLinkInboxTests {
    static let signedIn = DeepLinkGate("signedIn", screen: StepPath(["login"]))

    static func router() throws -> DeepLinkRouter<AppSteps> {
        var router = DeepLinkRouter<AppSteps>(origins: [.scheme("myapp")])
        // Friends known by name are pushed with explicit ids, by a handler.
        try router.register("friend/<name>", gate: signedIn) { root, link in
            let friend = try root.push(path: "profile/friends", id: link.string("name"))
            try root.show(path: friend)
        }
        try router.register("settings", gate: signedIn) { root, _ in
            try root.show(path: "profile/settings")
        }
        try router.register("explore", showing: "explore")
        return router
    }

    static func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

    @Test func aGatedLinkWaitsBehindItsGateAndLandsInOneTransaction() throws {
        let tracker = ScreenTracker(clock: TestClock())
        let observer = RecordingObserver(filter: { _ in true })
        let navigator = Navigator(AppSteps())
        try StepsObservation.withObserver(MultiObserver([tracker, observer])) {
            let inbox = DeepLinkInbox(router: try Self.router(), navigator: navigator)

            // Signed out: the gate's screen, and the link waits.
            #expect(
                try inbox.open(Self.url("myapp://friend/ann")).map(\.description) == [
                    "present /login cover"
                ])
            #expect(inbox.heldLink == (try Self.url("myapp://friend/ann")))
            // A newer link replaces the held one.
            try inbox.open(Self.url("myapp://friend/bob"))
            // An ungated link goes through at once, under the cover.
            #expect(
                try inbox.open(Self.url("myapp://explore")).map(\.description) == [
                    "dismiss /login cover", "select / home -> explore",
                ])
            try inbox.open(Self.url("myapp://friend/bob"))
            // Opening the gate applies the held link: from the cover to its screen in one step.
            #expect(
                try inbox.gateDidOpen("signedIn").map(\.description) == [
                    "dismiss /login cover", "select / explore -> profile",
                    "push /profile/friends/bob",
                ])
            #expect(inbox.heldLink == nil)
            #expect(
                tracker.views.map(\.screen.description) == [
                    "/login/form", "/explore", "/login/form", "/profile/friends/bob/main",
                ])
            // Open gates let links through; closing it again holds them.
            let settings = try inbox.open(Self.url("myapp://settings")).map(\.description)
            // Over the friend, as show does.
            #expect(settings == ["present /profile/settings sheet"])
            inbox.gateDidClose("signedIn")
            try inbox.open(Self.url("myapp://friend/ann"))
            #expect(inbox.heldLink == (try Self.url("myapp://friend/ann")))
            #expect(try inbox.gateDidOpen("other") == [])
            #expect(inbox.heldLink == (try Self.url("myapp://friend/ann")))
        }
    }

    /// A held link used to survive a newer link applied at once, and was applied over it at
    /// sign-in: the user who opened `explore` last landed on Ann's profile.
    @Test func aNewerUngatedLinkDropsTheHeldOne() throws {
        let navigator = Navigator(AppSteps())
        let inbox = DeepLinkInbox(router: try Self.router(), navigator: navigator)
        try inbox.open(Self.url("myapp://friend/ann"))
        #expect(
            try inbox.open(Self.url("myapp://explore")).map(\.description) == [
                "dismiss /login cover", "select / home -> explore",
            ])
        #expect(inbox.heldLink == nil)
        #expect(try inbox.gateDidOpen("signedIn") == [])
        #expect(HeadlessScreen(navigator.root).visibleScreen.description == "/explore")
    }

    /// A newer gated link whose gate is open drops a link held behind another gate; a newer
    /// link that fails changes nothing and keeps the held one.
    @Test func aNewerLinkReplacesTheHeldOneOnlyWhenItApplies() throws {
        var router = try Self.router()
        let premium = DeepLinkGate("premium", screen: StepPath(["login"]))
        try router.register("offer", showing: "explore", gate: premium)
        let navigator = Navigator(AppSteps())
        let inbox = DeepLinkInbox(router: router, navigator: navigator, openGates: ["signedIn"])
        try inbox.open(Self.url("myapp://offer"))
        #expect(inbox.heldLink == (try Self.url("myapp://offer")))
        #expect(throws: DeepLinkError.self) { try inbox.open(Self.url("myapp://nowhere")) }
        #expect(inbox.heldLink == (try Self.url("myapp://offer")))
        try inbox.open(Self.url("myapp://friend/ann"))  // behind the open gate: applied
        #expect(inbox.heldLink == nil)
        #expect(try inbox.gateDidOpen("premium") == [])
        #expect(
            HeadlessScreen(navigator.root).visibleScreen.description
                == "/profile/friends/ann/main")
    }

    @Test func aBadLinkIsRefusedBeforeAnythingIsHeldOrShown() throws {
        let observer = RecordingObserver()
        let navigator = Navigator(AppSteps())
        try StepsObservation.withObserver(observer) {
            let inbox = DeepLinkInbox(router: try Self.router(), navigator: navigator)
            #expect(
                throws: DeepLinkError(link: "myapp://friend/a%2Fb", reason: .encodedSlash(index: 1))
            ) {
                try inbox.open(Self.url("myapp://friend/a%2Fb"))
            }
            #expect(inbox.heldLink == nil)
            #expect(observer.lines == [])
            #expect(navigator.root == AppSteps())
        }
    }
}

/// Calls several observers in order.
struct MultiObserver: StepsObserver {
    let observers: [any StepsObserver]
    init(_ observers: [any StepsObserver]) { self.observers = observers }
    func willChange(_ change: NavigationChange<any StepNode>) {
        for observer in observers { observer.willChange(change) }
    }
    func didChange(_ change: NavigationChange<any StepNode>) {
        for observer in observers { observer.didChange(change) }
    }
    func didSelect(_ selection: SelectionChange) {
        for observer in observers { observer.didSelect(selection) }
    }
}
