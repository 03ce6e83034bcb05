import ExampleSteps
import Foundation
import Testing

@testable import StepTree
@testable import StepTreeTools

extension ThreadSafety {
    /// The simulated UIKit on its own: what it refuses, how long transitions take on the test
    /// clock, and gestures.
    @MainActor @Suite struct SimulatedUIKitTests {
        static func frame(_ path: String) -> ScreenFrame {
            ScreenFrame(
                path: StepPath(path.split(separator: "/").map(String.init)),
                identity: .root)
        }

        static func controller(_ path: String) -> SimulatedViewController {
            SimulatedViewController(title: path, frame: frame(path))
        }

        @Test func impossibleOperationsAreRefused() async throws {
            let clock = TestClock()
            let root = SimulatedNavigationController(
                container: .root, root: SimulatedViewController(title: "/"))
            let window = SimulatedWindow(
                root: root, clock: clock, durations: .init(push: .zero, present: .zero))
            let (a, b) = (Self.controller("a"), Self.controller("b"))
            try await window.push([a, b], on: root)
            await #expect(throws: SimulationError("pop /a", .popNotOnTop)) {
                try await window.pop([a], from: root)
            }
            await #expect(throws: SimulationError("push /a", .alreadyPushed)) {
                try await window.push([a], on: root)
            }
            let (sheet, cover) = (Self.controller("s"), Self.controller("c"))
            try await window.present(sheet, from: root, style: .sheet)
            await #expect(throws: SimulationError("present /c", .alreadyPresenting)) {
                try await window.present(cover, from: root, style: .cover)
            }
            await #expect(throws: SimulationError("present /c", .notInWindow)) {
                try await window.present(cover, from: a, style: .cover)
            }
            try await window.present(cover, from: sheet, style: .cover)
            await #expect(throws: SimulationError("dismiss /s", .dismissNotTopmost)) {
                try await window.dismiss(sheet)
            }
            await #expect(throws: SimulationError("dismiss ", .nothingPresented)) {
                try await window.dismissPresented(by: cover)
            }
            try await window.dismissPresented(by: root)
            try await window.pop([b, a], from: root)
            #expect(
                window.rejections.map(\.reason) == [
                    .popNotOnTop, .alreadyPushed, .alreadyPresenting, .notInWindow,
                    .dismissNotTopmost, .nothingPresented,
                ])
            #expect(
                window.log == [
                    "push /a, /b", "present /s", "present /c", "dismiss /c, /s", "pop /b, /a",
                ])
            #expect(window.structure == "window []\nroot / []")
        }

        /// A push takes 0.35 s on the clock; nothing else may start meanwhile, and a swipe
        /// back made during it happens when it ends.
        @Test func transitionsTakeTheirTimeAndGesturesWait() async throws {
            let clock = TestClock()
            let root = SimulatedNavigationController(
                container: .root, root: SimulatedViewController(title: "/"))
            let window = SimulatedWindow(root: root, clock: clock)
            var removed: [String] = []
            window.onUserRemoved = { removed.append($0.path.description) }
            let push = Task { try await window.push([Self.controller("a")], on: root) }
            await clock.waitForSleepers()
            #expect(window.isTransitioning)
            await #expect(throws: SimulationError("push /b", .transitionRunning)) {
                try await window.push([Self.controller("b")], on: root)
            }
            window.userSwipesBack()
            #expect(removed == [])
            clock.advance(by: .milliseconds(349))
            #expect(window.isTransitioning)
            clock.advance(by: .milliseconds(1))
            try await push.value
            #expect(!window.isTransitioning)
            #expect(removed == ["/a"])
            #expect(window.log == ["push /a", "gesture pop /a"])
            #expect(clock.now.offset == .milliseconds(350))
        }

        @Test func theDriverBuildsTheScreenOfItsState() throws {
            var state = AppSteps()
            try state.setStack(path: "profile/friends", ids: ["ann", "bob"])
            try state.select(path: "profile/friends/bob/settings")
            let driver = SimulatedUIKitDriver(showing: state, clock: TestClock())
            #expect(driver.window.matches(HeadlessScreen(state)))
            #expect(
                driver.window.tree == """
                    stack /: /
                      tab bar /: explore home *profile
                        stack /explore: /explore
                        stack /home: /home
                        stack /profile: /profile > /profile/friends/ann > /profile/friends/bob
                    presents sheet:
                      stack /profile/friends/bob/settings: /profile/friends/bob/settings
                    """)
            #expect(
                driver.screensBuilt.map(\.description) == [
                    "/profile/friends/bob/settings", "/profile/friends/ann", "/profile/friends/bob",
                ])
        }
    }
}
