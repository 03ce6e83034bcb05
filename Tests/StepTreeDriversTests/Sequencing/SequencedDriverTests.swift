import ExampleSteps
import Foundation
import Testing

@testable import StepTree
@testable import StepTreeDrivers
@testable import StepTreeTools

extension ThreadSafety {
    /// A ``NavigationSequencer`` driving the simulated UIKit on a test clock: one update at a
    /// time, the latest target winning mid-sequence, gestures folded in, screens built lazily,
    /// nothing kept alive.
    @MainActor @Suite struct SequencedDriverTests {
        static func modalsOpen() throws -> DynamicSteps {
            var state = try SimulationTrees.modals()
            try state.select(path: "home/a/b/c")
            return state
        }

        @Test func aSequenceAppliesTheEnginesEventsOneUpdateAtATime() async throws {
            let old = try Self.modalsOpen()
            var new = old
            try new.show(path: "inbox/thread")
            let simulation = Simulation(old, coalescing: [])
            var hooks: [String] = []
            simulation.sequencer.willApply = { hooks.append("will \($0)") }
            simulation.sequencer.didApply = {
                hooks.append("did \($0) at \(simulation.clock.now)")
            }
            simulation.sequencer.show(new)
            await simulation.finish()
            #expect(
                simulation.window.log == [
                    "dismiss /home/a/b/c", "dismiss /home/a/b", "dismiss /home/a",
                    "select / inbox", "push /inbox/thread",
                ])
            #expect(
                hooks == [
                    "will dismiss /home/a/b/c cover",
                    "did dismiss /home/a/b/c cover at 0.5 seconds",
                    "will dismiss /home/a/b sheet", "did dismiss /home/a/b sheet at 1.0 seconds",
                    "will dismiss /home/a sheet", "did dismiss /home/a sheet at 1.5 seconds",
                    "will select / home -> inbox", "did select / home -> inbox at 1.5 seconds",
                    "will push /inbox/thread", "did push /inbox/thread at 1.85 seconds",
                ])
            #expect(simulation.window.rejections == [])
            #expect(simulation.window.matches(HeadlessScreen(new)))
            #expect(simulation.sequencer.applied == new)
        }

        /// UIKit's coalescing: the three modals go in one dismiss on the tab's controller.
        @Test func dismissalsCoalescedGoInOneTransition() async throws {
            let old = try Self.modalsOpen()
            var new = old
            try new.show(path: "inbox/thread")
            let simulation = Simulation(old)
            simulation.sequencer.show(new)
            await simulation.finish()
            #expect(
                simulation.window.log == [
                    "dismiss /home/a/b/c, /home/a/b, /home/a", "select / inbox",
                    "push /inbox/thread",
                ])
            #expect(simulation.clock.now.offset == .milliseconds(850))
            #expect(simulation.window.matches(HeadlessScreen(new)))
        }

        /// The modals are being dismissed one by one when a deep link arrives: the dismissal
        /// under way finishes, and the rest is planned from what is on screen, so each modal is
        /// dismissed once and the deep link lands.
        @Test func aDeepLinkWhileThreeModalsAreDismissedOneByOne() async throws {
            let old = try Self.modalsOpen()
            var closed = old
            try closed.show(path: "home")
            let simulation = Simulation(old, coalescing: [])
            simulation.sequencer.show(closed)
            await simulation.advance(by: .milliseconds(600))  // the second is under way
            var linked = closed
            try linked.show(path: "inbox/thread")
            simulation.sequencer.show(linked)
            await simulation.finish()
            #expect(
                simulation.window.log == [
                    "dismiss /home/a/b/c", "dismiss /home/a/b", "dismiss /home/a",
                    "select / inbox", "push /inbox/thread",
                ])
            #expect(simulation.window.rejections == [])
            #expect(simulation.window.matches(HeadlessScreen(linked)))
        }

        /// A deep link back into a modal that is being dismissed presents it again after the
        /// dismissal, instead of dismissing what is no longer there.
        @Test func aDeepLinkBackIntoAModalBeingDismissed() async throws {
            let old = try Self.modalsOpen()
            var closed = old
            try closed.show(path: "home")
            let simulation = Simulation(old, coalescing: [])
            simulation.sequencer.show(closed)
            await simulation.advance(by: .milliseconds(600))
            var back = closed
            try back.select(path: "home/a/b")
            simulation.sequencer.show(back)
            await simulation.finish()
            #expect(
                simulation.window.log == [
                    "dismiss /home/a/b/c", "dismiss /home/a/b", "present /home/a/b",
                ])
            #expect(simulation.window.rejections == [])
            #expect(simulation.window.matches(HeadlessScreen(back)))
        }

        /// The user swipes back while the detail is still being pushed: the swipe happens when
        /// the push ends, the navigator learns it as a gesture, and the detail is not pushed
        /// again.
        @Test func aSwipeBackDuringAPushAnimation() async throws {
            let navigator = Navigator(AppSteps())
            let simulation = Simulation(navigator.root)
            let following = simulation.sequencer.follow(navigator)
            defer { following.cancel() }
            try navigator.select(path: "profile/detail")
            await simulation.settle { simulation.sequencer.target == navigator.root }
            await simulation.advance(by: .milliseconds(200))
            #expect(simulation.window.isTransitioning)
            simulation.window.userSwipesBack()
            await simulation.finish()
            #expect(
                simulation.window.log == [
                    "select / profile", "push /profile/detail", "gesture pop /profile/detail",
                ])
            #expect(navigator.root.profile.selected == StepSelection(.main))
            #expect(navigator.root.selected == StepSelection(.profile))
            #expect(simulation.sequencer.applied == navigator.root)
            #expect(simulation.window.rejections == [])
            #expect(simulation.window.matches(HeadlessScreen(navigator.root)))
        }

        /// A transaction's metadata reaches the driver: `animated: false` takes no clock time.
        @Test func anUnanimatedTransactionReachesTheDriver() async throws {
            let navigator = Navigator(AppSteps())
            let simulation = Simulation(navigator.root)
            var seen: [Bool] = []
            simulation.sequencer.willApply = { seen.append($0.transaction.animated) }
            let following = simulation.sequencer.follow(navigator)
            defer { following.cancel() }
            try navigator.transaction(NavigationTransaction(animated: false)) {
                try $0.select(path: "profile/detail")
            }
            await simulation.settle { simulation.sequencer.target == navigator.root }
            await simulation.settle()
            #expect(!simulation.window.isTransitioning)
            #expect(simulation.clock.sleepers == 0)
            #expect(simulation.window.log == ["select / profile", "push /profile/detail"])
            #expect(seen == [false, false])
            try navigator.select(path: "profile/settings")
            await simulation.settle { simulation.sequencer.target == navigator.root }
            await simulation.finish()
            #expect(seen == [false, false, true])
            #expect(simulation.window.matches(HeadlessScreen(navigator.root)))
        }

        /// A gesture that names a screen replaced since (a late swipe) leaves the new screen.
        @Test func aLateGestureLeavesTheNewScreen() async throws {
            var state = AppSteps()
            try state.select(path: "profile/detail")
            let simulation = Simulation(state)
            let old = try #require(
                NavigationSequencer<SimulatedUIKitDriver<AppSteps>>.identity(
                    at: StepPath(["profile", "detail"]), in: state))
            var renewed = state
            try renewed.renew(path: "profile/detail")
            simulation.sequencer.show(renewed)
            await simulation.finish()
            simulation.sequencer.userDidRemove(
                path: StepPath(["profile", "detail"]), identity: old)
            await simulation.finish()
            #expect(simulation.sequencer.applied == renewed)
            #expect(simulation.window.log == ["pop /profile/detail", "push /profile/detail"])
        }

        /// A deep link whose plan is cut short builds only the screens it put on screen.
        @Test func screensAreBuiltOnlyWhenAnUpdateNeedsThem() async throws {
            let simulation = Simulation(AppSteps())
            var deep = AppSteps()
            try deep.setStack(path: "profile/friends", ids: ["ann", "bob"])
            try deep.select(path: "profile/friends/bob/settings")
            simulation.sequencer.show(deep)
            await simulation.advance(by: .milliseconds(100))  // pushing ann and bob
            var home = deep
            try home.select(path: "home")
            simulation.sequencer.show(home)
            await simulation.finish()
            #expect(
                simulation.driver.screensBuilt.map(\.description) == [
                    "/profile/friends/ann", "/profile/friends/bob",
                ])
            #expect(
                simulation.window.log == [
                    "select / profile", "push /profile/friends/ann, /profile/friends/bob",
                    "select / home",
                ])
            #expect(simulation.window.matches(HeadlessScreen(home)))
        }

        /// A sequencer, its driver and window, and a navigator it follows are freed when their
        /// owners let go, also in the middle of a sequence.
        @Test func everythingIsFreedMidSequence() async throws {
            let clock: TestClock
            weak var sequencer: NavigationSequencer<SimulatedUIKitDriver<AppSteps>>?
            weak var driver: SimulatedUIKitDriver<AppSteps>?
            weak var window: SimulatedWindow?
            weak var navigator: Navigator<AppSteps>?
            do {
                let simulation = Simulation(AppSteps())
                clock = simulation.clock
                let owned = Navigator(AppSteps())
                simulation.sequencer.follow(owned)
                try owned.setStack(path: "profile/friends", ids: ["ann", "bob"])
                await simulation.settle { simulation.sequencer.target == owned.root }
                await simulation.advance(by: .milliseconds(100))
                #expect(simulation.window.isTransitioning)
                (sequencer, driver, window, navigator) = (
                    simulation.sequencer, simulation.driver, simulation.window, owned
                )
            }
            while clock.advance(toNextDeadlineNotAfter: clock.now.advanced(by: .seconds(1))) {
                await Simulation<AppSteps>.letTasksRun()
            }
            for _ in 0..<100_000 where sequencer != nil || driver != nil { await Task.yield() }
            #expect(sequencer == nil)
            #expect(driver == nil)
            #expect(window == nil)
            #expect(navigator == nil)
        }
    }
}
