import ExampleSteps
import TestSupport
import Testing

@testable import StepTree
@testable import StepTreeTools

extension ThreadSafety {
    /// Taps on the simulated tab bar reach the navigator through the driver's
    /// `onUserSelectedTab`: a tap selects, a re-tap pops through the sequencer, and a re-tap at
    /// the root is a reselection observers are told of with no events.
    @MainActor @Suite struct TabTapTests {
        /// A simulation following `navigator`, its tab taps given to it.
        static func following<Root: StepNode>(_ navigator: Navigator<Root>) -> (
            Simulation<Root>, Task<Void, Never>
        ) {
            let simulation = Simulation(navigator.root)
            simulation.driver.onUserSelectedTab = { [weak navigator] path in
                _ = try? navigator?.userDidSelectTab(path: path)
            }
            return (simulation, simulation.sequencer.follow(navigator))
        }

        @Test func tapsSelectAndReTapsPopThroughTheModel() async throws {
            let navigator = Navigator(AppSteps())
            let (simulation, following) = Self.following(navigator)
            defer { following.cancel() }
            let bar = try #require(simulation.driver.tabBar(at: .root))
            let recorder = UIChangeRecorder()
            StepsObservation.withObserver(recorder) {
                simulation.window.userTapsTab("profile", in: bar)
            }
            #expect(bar.selectedKey == "profile")
            #expect(navigator.root.selected == StepSelection(.profile))
            try navigator.setStack(path: "profile/friends", ids: ["ann", "bob"])
            await simulation.settle { simulation.sequencer.target == navigator.root }
            await simulation.finish()
            StepsObservation.withObserver(recorder) {
                simulation.window.userTapsTab("profile", in: bar)
            }
            await simulation.settle { simulation.sequencer.target == navigator.root }
            await simulation.finish()
            #expect(navigator.root.profile.friends.ids == [])
            StepsObservation.withObserver(recorder) {
                simulation.window.userTapsTab("profile", in: bar)  // at its root
            }
            await simulation.finish()
            #expect(
                recorder.lines == [
                    "#1 userGesture: select / home -> profile [UI]",
                    "#3 userGesture: pop /profile/friends/bob, pop /profile/friends/ann"
                        + " [reselect /profile]",
                    "#4 userGesture:  [reselect /profile]",
                ])
            #expect(
                simulation.window.log == [
                    "gesture select / profile", "select / profile",
                    "push /profile/friends/ann, /profile/friends/bob",
                    "gesture reselect / profile",
                    "pop /profile/friends/bob, /profile/friends/ann",
                    "gesture reselect / profile",
                ])
            #expect(simulation.sequencer.applied == navigator.root)
            #expect(simulation.window.rejections == [])
            #expect(simulation.window.matches(HeadlessScreen(navigator.root)))
        }

        /// A modal no gesture may dismiss covers the tab bar: no tap reaches it, so nothing
        /// changes and no one is told; the model refuses such a re-tap too.
        @Test func reTapsUnderASheetNoGestureMayRemoveChangeNothing() async throws {
            let navigator = try GuardedTabs.underTheSheet()
            let (simulation, following) = Self.following(navigator)
            defer { following.cancel() }
            await simulation.finish()
            let before = navigator.root
            let log = simulation.window.log
            let bar = try #require(simulation.driver.tabBar(at: .root))
            let recorder = UIChangeRecorder()
            StepsObservation.withObserver(recorder) {
                simulation.window.userTapsTab("home", in: bar)
                simulation.window.userTapsTab("other", in: bar)
                simulation.window.userSwipesDown()
            }
            await simulation.finish()
            #expect(
                simulation.window.log
                    == log + [
                        "gesture refused tap / home", "gesture refused tap / other",
                        "gesture refused /home/detail/record",
                    ])
            #expect(recorder.lines == [])
            #expect(navigator.root == before)
            #expect(bar.selectedKey == "home")
            // The tab bar's re-tap, had it come, is refused whole by the model.
            #expect(throws: StepPathError.notUserDismissible("home/detail/record")) {
                try navigator.userDidSelectTab(path: "home")
            }
            #expect(simulation.window.matches(HeadlessScreen(navigator.root)))
        }

        /// A tap on a key the tab bar lacks is refused; one made during a transition happens
        /// when it ends.
        @Test func aTapDuringATransitionWaitsAndAnUnknownKeyIsRefused() async throws {
            let navigator = Navigator(AppSteps())
            let (simulation, following) = Self.following(navigator)
            defer { following.cancel() }
            let bar = try #require(simulation.driver.tabBar(at: .root))
            simulation.window.userTapsTab("nowhere", in: bar)
            try navigator.select(path: "profile/detail")
            await simulation.settle { simulation.sequencer.target == navigator.root }
            await simulation.advance(by: .milliseconds(100))
            #expect(simulation.window.isTransitioning)
            simulation.window.userTapsTab("home", in: bar)
            #expect(bar.selectedKey == "profile")
            await simulation.finish()
            await simulation.settle { simulation.sequencer.target == navigator.root }
            await simulation.finish()
            #expect(bar.selectedKey == "home")
            #expect(navigator.root.selected == StepSelection(.home))
            #expect(
                simulation.window.log == [
                    "gesture refused tap / nowhere", "select / profile", "push /profile/detail",
                    "gesture select / home", "select / home",
                ])
            #expect(simulation.window.matches(HeadlessScreen(navigator.root)))
        }
    }
}
