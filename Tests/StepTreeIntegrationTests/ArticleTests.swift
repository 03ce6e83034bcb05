import ExampleSteps
import Foundation
import StepTree
import StepTreeDeepLinks
import StepTreeDrivers
import StepTreeTools
import Synchronization
import TestSupport
import Testing

// Every Swift block of the DocC articles, compiled and run. `articleBlocksAppearHere` fails when
// an article and this file drift apart: edit both together.

/// The trees of Getting Started, in a namespace so that they do not clash with the examples'.
enum ArticleTree {
    struct ShopSteps: StepsCollection {
        enum Key: String, StepKey { case catalog, cart, signIn }
        var selected = StepSelection<Key>(.catalog)
        var catalog = Step(CatalogSteps())
        var cart = Step()
        var signIn = Step()
        static let steps = StepTable<Self>(
            .tab(.catalog, \.catalog), .tab(.cart, \.cart),
            .present(.signIn, \.signIn, style: .cover))
    }

    struct CatalogSteps: StepsCollection {
        enum Key: String, StepKey { case list, product }
        var selected = StepSelection<Key>(.list)
        var list = Step()
        var product = Step()
        static let steps = StepTable<Self>(.inline(.list, \.list), .push(.product, \.product))
    }

    struct ThreadSteps: StepsCollection {
        enum Key: String, StepKey { case post, reply, quote }
        var selected = StepSelection<Key>(.post)
        var post = Step()
        var reply = Step<ThreadSteps>()  // pushed: the reply's own thread
        var quote = Step<ThreadSteps>()  // presented: a quoted thread, as a sheet
        static let steps = StepTable<Self>(
            .inline(.post, \.post), .push(.reply, \.reply), .present(.quote, \.quote))
    }
}

/// The tree of the landing page (StepTree.md), in a namespace of its own.
enum LandingTree {
    struct ThemeSteps: StepsCollection {
        enum Key: String, StepKey { case light, dark }
        var selected = StepSelection<Key>()  // no theme chosen
        var light = Step()
        var dark = Step()
        static let steps = StepTable<Self>(.inline(.light, \.light), .inline(.dark, \.dark))
    }

    struct ProfileSteps: StepsCollection {
        enum Key: String, StepKey { case main, detail, settings }
        var selected = StepSelection<Key>(.main)
        var main = Step()
        var detail = Step(ThemeSteps())
        var settings = Step()
        static let steps = StepTable<Self>(
            .inline(.main, \.main), .push(.detail, \.detail),
            .present(.settings, \.settings, style: .sheet))
    }
}

extension ArticleTree {
    @Suite("Article examples")
    struct Examples {
        @Test func landingPage() throws {
            var profile = LandingTree.ProfileSteps()
            try profile.select(path: "detail/dark")
            #expect(profile.visibleScreen == StepPath(["detail", "dark"]))
        }

        @Test func gettingStarted() throws {
            var shop = ShopSteps()
            let before = shop
            try shop.select(path: "catalog/product")
            #expect(
                NavigationDiff.events(from: before, to: shop).map(\.description) == [
                    "push /catalog/product"
                ])
            #expect(shop.visibleScreen == StepPath(["catalog", "product"]))

            #expect(shop.diagram.description == Self.gettingStartedDiagram)

            let navigator = Navigator(ShopSteps())
            try StepsObservation.withObserver(LoggingStepsObserver()) {
                try navigator.select(path: "signIn")  // prints the change and its event
                #expect(navigator.root.visibleScreen == StepPath(["signIn"]))
            }
        }

        static let gettingStartedDiagram = """
            /               ShopSteps
            ├─● catalog     tab · content
            │  ├─● list     inline · content
            │  └─● product  push · push  ◀ visible
            ├─ cart         tab · content
            └─ signIn       present cover · modal
            """

        @Test func modellingLayers() throws {
            var profile = ProfileSteps()
            try profile.select(path: "detail")
            try profile.select(path: "settings")
            #expect(profile.selected == StepSelection(.main, push: .detail, modal: .settings))
        }

        @Test func modellingClosedScreensStartAfresh() throws {
            var app = AppSteps()
            try app.select(path: "login/signUp")
            try app.deselect(path: "login")
            try app.select(path: "login")
            #expect(app.visibleScreen == StepPath(["login", "form"]))  // not the sign-up screen
        }

        @Test func modellingStacks() throws {
            var profile = ProfileSteps()
            try profile.setStack(path: "friends", ids: ["ann", "bob"])
            try profile.select(path: "friends/bob/friends")
            try profile.setStack(path: "friends/bob/friends", ids: ["cat"])
            #expect(
                profile.visibleScreen == StepPath(["friends", "bob", "friends", "cat", "main"]))
            let popped = try profile.friends.value.pop(to: "ann")
            #expect(popped == ["bob"])
        }

        @Test func modellingRecursiveSteps() throws {
            var thread = ThreadSteps()
            try thread.select(path: "reply/quote/reply")
            #expect(thread.visibleScreen == StepPath(["reply", "quote", "reply", "post"]))
        }

        @Test func testingEvents() throws {
            let navigator = Navigator(AppSteps())
            let events = try navigator.transaction { try $0.select(path: "profile/detail/dark") }
            #expect(
                events.map(\.description) == ["select / home -> profile", "push /profile/detail"])
            #expect(navigator.root.visibleScreen == StepPath(["profile", "detail", "dark"]))
        }

        @Test func testingGestures() throws {
            let navigator = Navigator(AppSteps())
            try navigator.select(path: "login/signUp")
            try navigator.userDidRemove(path: "login")  // the cover swiped away
            #expect(navigator.root.visibleScreen == StepPath(["home"]))
        }

        @Test func testingTheScreen() throws {
            var state = AppSteps()
            try state.select(path: "profile/settings")
            let screen = HeadlessScreen(state)
            #expect(screen.modals.map(\.description) == ["/profile/settings sheet"])
        }

        @Test func testingARecordedSession() throws {
            let log = Mutex<[String]>([])  // import Synchronization
            let recorder = SessionRecorder(clock: ContinuousClock()) { line in
                log.withLock { $0.append(line) }
            }
            let navigator = Navigator(AppSteps())
            try StepsObservation.withObserver(recorder) {
                try navigator.select(path: "profile/detail")
                let recording = log.withLock { $0.joined(separator: "\n") }
                let steps = try SessionReplay.replay(recording, as: AppSteps.self)
                #expect(
                    steps.map(\.screen.visibleScreen.description) == ["/home", "/profile/detail"])
            }
        }

        /// Deep links: the forms real URL tables use, on the crowdfunding tree.
        @Test func deepLinksAsURLTablesWriteThem() throws {
            var router = DeepLinkRouter<FundApp>(origins: [
                .scheme("fund"), .schemeHost("fund", host: "www.fund.example"),
                .universalLink(host: "clicks.fund.example"),
            ])
            // Captures fill every screen the route opens, each field from the capture of its name: the
            // page beneath needs the creator and the project, and so do the comments, with the comment
            // when the link names one.
            try router.register(
                "projects/<creator>/<project>/comments?comment=<int:comment?>",
                showing: "project/path/comments", beneath: ["project/page"])
            // `<_>` is matched and dropped; `<slug as project>` fills the field `project`.
            try router.register("profile/<_>", showing: "profile")
            try router.register("p/<slug as project>", showing: "project/page")
            // A host's root, for e-mail click-through links, and a custom scheme's host.
            try router.register(
                "https://clicks.fund.example/?c=<category>&s=<sort?>", showing: "discover")
            try router.register("fund://www.fund.example/", showing: "discover")

            var app = FundApp()
            try router.route("fund://projects/ada/engine/comments?comment=9", in: &app)
            #expect(app.project.page.value == FundPage(creator: "ada", project: "engine"))
            #expect(
                app.project.path.elements == [
                    .comments(FundComments(creator: "ada", project: "engine", comment: 9))
                ])
            #expect(
                router.url(for: app, from: FundApp())?.absoluteString
                    == "fund://projects/ada/engine/comments?comment=9")
            try router.route("https://clicks.fund.example/?c=art", in: &app)
            #expect(app.discover.value == FundDiscover(category: "art"))
        }

        @Test func observingNavigator() throws {
            let navigator = Navigator(AppSteps())
            try navigator.select(path: "profile/detail/dark")
            navigator.transaction(.userGesture) { $0.select(\.explore) }
            #expect(navigator.root.visibleScreen == StepPath(["explore"]))
        }

        @Test func observingBareValues() throws {
            var steps = AppSteps()
            try steps.select(path: "profile/detail/dark")
            // AppSteps / content: home -> profile
            // ProfileSteps /profile push: - -> detail
            // ThemeSteps /profile/detail content: - -> dark
            try steps.select(path: "profile/settings")
            // ProfileSteps /profile modal: - -> settings
            try steps.show(path: "profile/main")
            // ProfileSteps /profile push: detail -> -
            // ProfileSteps /profile modal: settings -> -
            steps.select(\.explore, with: ExploreData(query: "swift"))
            // AppSteps / content: profile -> explore
            // AppSteps / content: explore -> explore
            #expect(steps.visibleScreen == StepPath(["explore"]))
        }

        @Test func observingTheDiagram() throws {
            var steps = AppSteps()
            try steps.select(path: "profile/settings")
            #expect(steps.diagram.visibleScreen == StepPath(["profile", "settings"]))
            #expect(steps.diagram.mermaid.hasPrefix("flowchart TD"))
        }

        /// Connecting to SwiftUI and UIKit: a sequencer following a navigator, with its hooks.
        @MainActor @Test func connectingASequencer() async throws {
            let navigator = Navigator(AppSteps())
            let driver = SimulatedUIKitDriver(
                showing: navigator.root, clock: ContinuousClock(),
                durations: .init(push: .zero, present: .zero))
            let sequencer = NavigationSequencer(driver: driver, showing: navigator.root)
            sequencer.willApply = { print("applying \($0)") }  // set a title, hide a bar
            sequencer.didApply = { print("on screen: \($0)") }  // log a screen view
            sequencer.follow(navigator)  // every committed change becomes the target
            try navigator.select(path: "profile/settings")
            await sequencer.settled()  // the change is the target, applied, and the driver idle
            #expect(sequencer.applied == navigator.root)
            #expect(driver.window.log == ["select / profile", "present /profile/settings"])
        }

        /// The articles whose every Swift block must appear in this file, but for those marked
        /// as needing SwiftUI or UIKit, which no CI here compiles.
        static let articles = [
            "GettingStarted.md", "ModellingYourApp.md", "TestingNavigation.md", "Observing.md",
            "DeepLinks.md", "RestoringState.md", "ConnectingToSwiftUIAndUIKit.md", "StepTree.md",
        ]

        @Test(arguments: articles)
        func articleBlocksAppearHere(article: String) throws {
            let path = "Sources/StepTree/StepTree.docc/\(article)"
            let text = try String(
                contentsOf: DocumentationBlocks.root.appendingPathComponent(path), encoding: .utf8)
            // This file and the README's tests, whose blocks the Deep Links and Restoring State
            // articles share.
            let source = try DocumentationBlocks.sources {
                $0 == "ArticleTests.swift" || $0.hasPrefix("Readme")
            }
            let blocks = try DocumentationBlocks.blocks(of: path)
            #expect(!blocks.isEmpty, "\(article) has no Swift block")
            if article == "GettingStarted.md" {
                #expect(text.contains(Self.gettingStartedDiagram), "the diagram drifted")
            }
            for block in blocks where !block.hasPrefix("// Not compiled here") {
                #expect(
                    source.contains(DocumentationBlocks.normalized(block)),
                    "\(article) block drifted:\n\(block)")
            }
        }
    }
}
