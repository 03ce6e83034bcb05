import Foundation
import StepTree
import StepTreeAnalytics
import StepTreeDrivers
import StepTreeTools
import TestSupport
import Testing

// Every Swift block of README.md, compiled and run. `readmeBlocksAppearHere` fails when the README
// and this file drift apart: edit both together.

/// README block 1, in a namespace so that its types do not shadow the example module's.
enum ReadmeTree {
    struct ThemeSteps: StepsCollection {
        enum Key: String, StepKey { case light, dark }
        var selected = StepSelection<Key>()  // no theme chosen
        var light = Step()
        var dark = Step()
        static let steps = StepTable<Self>(.inline(.light, \.light), .inline(.dark, \.dark))
    }

    struct ProfileSteps: StepsCollection {
        enum Key: String, StepKey { case main, detail, settings, friends }
        var selected = StepSelection<Key>(.main)
        var main = Step()
        var detail = Step(ThemeSteps())
        var settings = Step()
        var friends = Step(StepStack<ProfileSteps>())  // a friend's profile, to any depth
        static let steps = StepTable<Self>(
            .inline(.main, \.main),
            .push(.detail, \.detail),
            .present(.settings, \.settings, style: .sheet),
            .stack(.friends, \.friends)
        )
    }

    struct AppSteps: StepsCollection {
        enum Key: String, StepKey { case home, explore, profile, login }
        var selected = StepSelection<Key>(.home)
        var home = Step()
        var explore = Step(ExploreData())  // a leaf with a payload
        var profile = Step(ProfileSteps())
        var login = Step()
        static let steps = StepTable<Self>(
            .tab(.home, \.home), .tab(.explore, \.explore), .tab(.profile, \.profile),
            .present(.login, \.login, style: .cover))
    }

    struct ExploreData: StepValue {
        var query = ""
    }
}

extension ReadmeTree {
    @Suite("README examples")
    struct Examples {
        @Test func deepLinksAndEvents() throws {
            var steps = AppSteps()
            let before = steps

            steps.select(\.profile, \.detail, \.dark)  // typed: checked by the compiler
            #expect(steps.profile.selected == StepSelection(.main, push: .detail))  // main kept

            #expect(
                NavigationDiff.events(from: before, to: steps).map(\.description) == [
                    "select / home -> profile",
                    "push /profile/detail",
                ])

            try steps.select(path: "profile/settings")  // from a string: the sheet over the detail
            #expect(throws: StepPathError.unknownStep("nope", in: StepPath(["profile"]))) {
                try steps.select(path: "profile/nope")  // typed errors; the value is unchanged
            }

            var shown = steps
            try shown.show(path: "profile/main")  // exactly this screen: what covers it goes
            #expect(
                NavigationDiff.events(from: steps, to: shown).map(\.description) == [
                    "dismiss /profile/settings sheet",
                    "pop /profile/detail",
                ])

            try steps.setStack(path: "profile/friends", ids: ["ann", "bob"])
            let ann = StepRoute(\AppSteps.profile).then(\.friends).element("ann")  // any depth
            try steps.show(path: ann.path)
            #expect(steps.visibleScreen == StepPath(["profile", "friends", "ann", "main"]))
        }

        @Test func identityAndRestoration() throws {
            let navigator = Navigator(AppSteps())
            navigator.transaction { $0.select(\.explore, with: ExploreData(query: "swift")) }

            var saved = AppSteps()
            saved.select(\.explore, with: ExploreData(query: "swiftui"))  // another history
            // Straight to the saved screen, no replay.
            let events = navigator.transaction(.restoration) { $0.restore(saved) }
            #expect(events.map(\.description) == ["replace /explore"])

            let data = try JSONEncoder().encode(navigator.root)
            let decoded = try JSONDecoder().decode(AppSteps.self, from: data)
            #expect(navigator.transaction(.restoration) { $0.restore(decoded) } == [])
        }

        @Test func navigatorObserversAndAnalytics() throws {
            let tracker = ScreenTracker(clock: ContinuousClock())
            let navigator = Navigator(AppSteps())
            try StepsObservation.withObserver(tracker) {

                try navigator.select(path: "profile/detail/dark")  // one change, one view
                navigator.transaction(.userGesture) { $0.select(\.login) }  // a cover
                try navigator.userDidRemove(path: "login")  // the user swiped it away

                let screens = tracker.views.map(\.screen.description)
                #expect(screens == ["/profile/detail/dark", "/login", "/profile/detail/dark"])
            }
        }

        @Test func schemaDrivenTrees() throws {
            let json = """
                {"initial": ["feed", "login"], "children": [
                  {"key": "feed", "kind": "tab", "children": [{"key": "item", "kind": "push"}]},
                  {"key": "login", "kind": "present", "style": "cover"}]}
                """
            let schema = try StepSchema(json: Data(json.utf8))
            var state = DynamicSteps(schema: schema)
            let start = state
            try state.show(path: "feed/item", with: "42")
            #expect(
                NavigationDiff.events(from: start, to: state).map(\.description) == [
                    "dismiss /login cover", "push /feed/item",
                ])
        }

        @Test func bindingsAndTransactionMetadata() throws {
            let navigator = Navigator(AppSteps())
            let tab = navigator.selectionBinding()  // TabView(selection:)
            tab.set(.profile)  // the user tapped the profile tab

            try navigator.setStack(path: "profile/friends", ids: ["ann", "bob"])
            let path = navigator.framesBinding(in: StepPath(["profile"]))  // NavigationStack(path:)
            path.set(Array(path.get().dropLast()))  // a swipe back
            #expect(navigator.root.profile.friends.ids == ["ann"])

            let quiet = NavigationTransaction(animated: false)  // reaches observers, drivers
            let popped = navigator.popToRoot(transaction: quiet)  // what was popped
            #expect(popped == [StepPath(["profile", "friends", "ann"])])
        }

        @MainActor @Test func intoAnApp() async throws {
            let navigator = Navigator(AppSteps())
            let driver = SimulatedUIKitDriver(
                showing: navigator.root, clock: ContinuousClock(),
                durations: .init(push: .zero, present: .zero))
            let sequencer = NavigationSequencer(driver: driver, showing: navigator.root)
            var shown: [String] = []
            sequencer.didApply = { shown.append($0.description) }  // a hook after each update

            try navigator.select(path: "profile/settings")
            sequencer.show(navigator.root)  // in an app, `sequencer.follow(navigator)` does this
            try navigator.select(path: "explore")  // before the sheet is up: the latest target wins
            sequencer.show(navigator.root)
            await sequencer.idle()
            #expect(shown == ["select / home -> explore"])
            #expect(driver.window.log == ["select / explore"])
        }

        /// The README blocks that need SwiftUI or UIKit, which no CI here has: kept verbatim so
        /// that the drift check below covers them, and reported as skipped.
        static let uncompiled = [
            #"""
            import StepTree
            import StepTreeSwiftUI
            import SwiftUI

            struct RootView: View {
                let navigator: Navigator<AppSteps>  // Observable: a view follows only what it reads

                var body: some View {
                    let modal = navigator.modalBinding()
                    TabView(selection: Binding(navigator.selectionBinding())) {
                        NavigationStack(path: Binding(navigator.framesBinding(in: StepPath(["profile"])))) {
                            ProfileView()
                                .navigationDestination(for: ScreenFrame.self) { Screen(path: $0.path) }
                        }
                        .tag(AppSteps.Key?.some(.profile))  // home and explore alike
                    }
                    .sheet(item: Binding(modal.presented(as: .sheet))) { Screen(path: $0.path) }
                    .fullScreenCover(item: Binding(modal.presented(as: .cover))) { Screen(path: $0.path) }
                }
            }
            """#,
            #"""
            import StepTreeUIKit
            import UIKit

            final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
                var window: UIWindow?
                let navigator = Navigator(AppSteps())
                var sequencer: NavigationSequencer<UIKitNavigationDriver<AppSteps>>?

                func scene(
                    _ scene: UIScene, willConnectTo session: UISceneSession,
                    options: UIScene.ConnectionOptions
                ) {
                    guard let scene = scene as? UIWindowScene else { return }
                    let window = UIWindow(windowScene: scene)
                    let driver = UIKitNavigationDriver(
                        window: window, showing: navigator.root,
                        makeContent: { container, _ in ContentViewController(container) },
                        makeScreen: { frame, state in ScreenViewController(frame, state) })
                    let sequencer = NavigationSequencer(driver: driver, showing: navigator.root)
                    driver.onUserRemoved = { [weak sequencer] in sequencer?.userDidRemove(path: $0, identity: $1) }
                    driver.onUserSelectedTab = { try? navigator.userDidSelectTab(path: $0) }  // taps, re-taps
                    sequencer.follow(navigator)  // deep links and gestures, both ways
                    (self.window, self.sequencer) = (window, sequencer)
                }
            }
            """#,
        ]

        @Test(.disabled("needs SwiftUI, which no CI here compiles (Linux)"))
        func swiftUIRootView() {}

        @Test(.disabled("needs UIKit, which no CI here compiles (Linux)"))
        func uiKitSceneDelegate() {}

        @Test func readmeBlocksAppearHere() throws {
            // This file and the README tests of other sections (`Readme*Tests.swift`).
            let source = try DocumentationBlocks.sources {
                $0.hasPrefix("Readme") && $0.hasSuffix("Tests.swift")
            }
            let blocks = try DocumentationBlocks.blocks(of: "README.md")
            #expect(blocks.count == 5)
            for block in blocks {
                #expect(
                    source.contains(DocumentationBlocks.normalized(block)),
                    "README block drifted:\n\(block)")
            }
        }
    }
}

extension ReadmeTree.Examples {
    /// README block 6: the tour.
    @Test func tour() throws {
        typealias AppSteps = ReadmeTree.AppSteps
        var app = AppSteps()  // the home tab, nothing on top
        let start = app
        try app.select(path: "profile/detail/dark")  // a deep link from a string
        app.select(\.login)  // typed: a cover over the tab bar
        #expect(
            NavigationDiff.events(from: start, to: app).map(\.description) == [
                "select / home -> profile", "push /profile/detail", "present /login cover",
            ])
        #expect(app.visibleScreen == StepPath(["login"]))

        let navigator = Navigator(app)  // thread-safe, observable
        try navigator.userDidRemove(path: "login")  // the user swiped the cover away
        #expect(navigator.root.visibleScreen == StepPath(["profile", "detail", "dark"]))

        try navigator.setStack(path: "profile/friends", ids: ["ann", "bob"])  // to any depth
        // Back to ann.
        let events = try navigator.transaction { try $0.show(path: "profile/friends/ann") }
        #expect(events.map(\.description) == ["pop /profile/friends/bob"])

        print(navigator.root.diagram)  // the picture below
        #expect(navigator.root.diagram.description == Self.tourPicture)
    }

    static let tourPicture = """
        /                     AppSteps
        ├─ home               tab · content
        ├─ explore            tab · content
        ├─● profile           tab · content
        │  ├─● main           inline · content
        │  ├─ detail          push · push
        │  │  ├─ light        inline · content
        │  │  └─ dark         inline · content
        │  ├─ settings        present sheet · modal
        │  └─● friends        stack · push
        │     └─● ann         element · push
        │        ├─● main     inline · content  ◀ visible
        │        ├─ detail    push · push
        │        │  ├─ light  inline · content
        │        │  └─ dark   inline · content
        │        ├─ settings  present sheet · modal
        │        └─ friends   stack · push
        └─ login              present cover · modal
        """

    @Test func tourPictureAppearsInTheReadme() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(
            contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("```\n" + Self.tourPicture + "\n```"))
    }
}
