import Foundation
import StepTree
import StepTreeDeepLinks
import TestSupport
import Testing

/// A gate's screen carries a value: given by the app, with its fields named like the held
/// link's captures set from them; the held link still lands once the gate opens.
@Suite("Deep links: gates with values")
struct DeepLinkGateValueTests {
    static let signIn = DeepLinkGate(
        "signedIn", screen: "signIn", with: FundSignIn(reason: "pledge"), fillsFromLink: true)

    static func router() throws -> DeepLinkRouter<FundApp> {
        var router = DeepLinkRouter<FundApp>(origins: [.scheme("fund")])
        try router.register(
            "projects/<creator>/<slug as project>/pledge?reward=<int:reward?>",
            showing: "project/path/pledge", beneath: ["project/page"], gate: signIn)
        try router.register(
            "settings/payment", showing: "settings/payment",
            gate: DeepLinkGate("signedIn", screen: "signIn", with: FundSignIn(reason: "payment")))
        return router
    }

    @Test func theGatesScreenSaysWhyAndTheHeldLinkResumes() throws {
        let navigator = Navigator(FundApp())
        let inbox = DeepLinkInbox(router: try Self.router(), navigator: navigator)
        let link = try #require(URL(string: "fund://projects/ada/engine/pledge?reward=3"))
        #expect(try inbox.open(link).map(\.description) == ["present /signIn cover"])
        #expect(navigator.root.signIn.value == FundSignIn(reason: "pledge", project: "engine"))
        #expect(inbox.heldLink == link)
        try inbox.gateDidOpen("signedIn")
        #expect(inbox.heldLink == nil)
        #expect(navigator.root.project.page.value == FundPage(creator: "ada", project: "engine"))
        #expect(
            navigator.root.project.path.elements == [
                .pledge(FundPledge(project: "engine", reward: 3))
            ])
        #expect(navigator.root.visibleScreen == StepPath(["project", "path", "1", "pledge"]))
    }

    @Test func aGateWithAValueAloneShowsIt() throws {
        let navigator = Navigator(FundApp())
        let inbox = DeepLinkInbox(router: try Self.router(), navigator: navigator)
        try inbox.open(#require(URL(string: "fund://settings/payment")))
        #expect(navigator.root.signIn.value == FundSignIn(reason: "payment"))
        #expect(navigator.root.visibleScreen == "signIn")
        #expect(Self.signIn != DeepLinkGate("signedIn", screen: "signIn"))
        #expect(
            Self.signIn
                == DeepLinkGate(
                    "signedIn", screen: "signIn", with: FundSignIn(reason: "pledge"),
                    fillsFromLink: true))
    }
}
