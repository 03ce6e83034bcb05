import ExampleSteps
import StepTree
import StepTreeAnalytics
import StepTreeTools
import TestSupport
import Testing

extension ThreadSafety {
    @Suite("Screen analytics")
    struct ScreenTrackerTests {
        /// The history is bounded: it keeps the latest views, oldest first, while `onView` sees all.
        @Test(arguments: [0, 1, 3, 10])
        func historyKeepsTheLatestViews(limit: Int) {
            let seen = Mutex<[String]>([])
            let tracker = ScreenTracker(clock: TestClock(), historyLimit: limit) { view in
                seen.withLock { $0.append(view.screen.description) }
            }
            let navigator = Navigator(AppSteps())
            StepsObservation.withObserver(tracker) {
                for index in 0..<7 {
                    navigator.transaction {
                        index.isMultiple(of: 2) ? $0.select(\.explore) : $0.select(\.home)
                    }
                }
                let all = (0..<7).map { $0.isMultiple(of: 2) ? "/explore" : "/home" }
                #expect(seen.withLock { $0 } == all)
                #expect(tracker.views.map(\.screen.description) == Array(all.suffix(limit)))
            }
        }

        @Test func scriptedSessionReportsExactViewsAndDurations() throws {
            let clock = TestClock()
            let tracker = ScreenTracker(clock: clock, initialScreen: StepPath(["home"]))
            let navigator = Navigator(AppSteps())
            try StepsObservation.withObserver(tracker) {

                clock.advance(by: .seconds(5))
                try navigator.select(path: "profile/detail/dark")  // a multi-step deep link
                clock.advance(by: .seconds(3))
                navigator.transaction(.userGesture) { $0.select(\.explore) }  // tab switch
                clock.advance(by: .seconds(2))
                // Back: the detail is still there.
                navigator.transaction(.userGesture) { $0.select(\.profile) }
                clock.advance(by: .seconds(7))
                try navigator.select(path: "profile/settings")  // over the pushed detail
                clock.advance(by: .seconds(1))
                try navigator.userDidRemove(path: "profile/settings")  // sheet swiped away
                navigator.transaction { $0.explore.value.query = "x" }  // off screen: no view
                clock.advance(by: .seconds(4))
                try navigator.select(path: "login")  // the cover over the tab bar
                clock.advance(by: .seconds(6))
                try navigator.userDidRemove(path: "login")

                #expect(
                    tracker.views.map(\.withoutIdentity) == [
                        ScreenView(
                            screen: StepPath(["profile", "detail", "dark"]),
                            previous: StepPath(["home"]),
                            previousDuration: .seconds(5), cause: .programmatic),
                        ScreenView(
                            screen: StepPath(["explore"]),
                            previous: StepPath(["profile", "detail", "dark"]),
                            previousDuration: .seconds(3), cause: .userGesture),
                        ScreenView(
                            screen: StepPath(["profile", "detail", "dark"]),
                            previous: StepPath(["explore"]),
                            previousDuration: .seconds(2), cause: .userGesture),
                        ScreenView(
                            screen: StepPath(["profile", "settings"]),
                            previous: StepPath(["profile", "detail", "dark"]),
                            previousDuration: .seconds(7), cause: .programmatic),
                        ScreenView(
                            screen: StepPath(["profile", "detail", "dark"]),
                            previous: StepPath(["profile", "settings"]),
                            previousDuration: .seconds(1), cause: .userGesture),
                        ScreenView(
                            screen: StepPath(["login", "form"]),
                            previous: StepPath(["profile", "detail", "dark"]),
                            previousDuration: .seconds(4), cause: .programmatic),
                        ScreenView(
                            screen: StepPath(["profile", "detail", "dark"]),
                            previous: StepPath(["login", "form"]),
                            previousDuration: .seconds(6), cause: .userGesture),
                    ])
                #expect(tracker.currentScreen == StepPath(["profile", "detail", "dark"]))
            }
        }

        /// A screen exits when it leaves the window, not when it is covered or its tab is left:
        /// its time adds up every stint on top, and a view inside a frame (the detail's dark
        /// theme) is time on that frame.
        @Test func aScreenExitsWhenItLeavesTheWindowWithItsWholeVisibleTime() throws {
            let clock = TestClock()
            let tracker = ScreenTracker(clock: clock, initialScreen: StepPath(["home"]))
            let navigator = Navigator(AppSteps())
            try StepsObservation.withObserver(tracker) {
                clock.advance(by: .seconds(5))
                try navigator.select(path: "profile/detail/dark")
                clock.advance(by: .seconds(3))
                navigator.transaction(.userGesture) { $0.select(\.explore) }  // the detail stays
                clock.advance(by: .seconds(2))
                navigator.transaction(.userGesture) { $0.select(\.profile) }
                clock.advance(by: .seconds(7))
                try navigator.select(path: "profile/detail/light")  // the same frame
                clock.advance(by: .seconds(1))
                try navigator.select(path: "profile/settings")  // covers the detail
                clock.advance(by: .seconds(1))
                try navigator.userDidRemove(path: "profile/settings")
                clock.advance(by: .seconds(4))
                try navigator.select(path: "login")  // the cover over the tab bar
                clock.advance(by: .seconds(6))
                try navigator.userDidRemove(path: "login")
                clock.advance(by: .seconds(2))
                navigator.pop(in: "profile")
                #expect(
                    tracker.exits.map(\.description) == [
                        "/profile/settings left after 1.0 seconds [userGesture]",
                        "/login left after 6.0 seconds [userGesture]",
                        "/profile/detail left after 17.0 seconds [programmatic]",
                    ])
                let detail = tracker.exits.last?.screen.value(as: ThemeSteps.self)
                #expect(detail?.selected.content == .light)
                #expect(tracker.currentScreen == StepPath(["profile", "main"]))
                // The tabs never left: no exit for them.
                navigator.transaction { $0.select(\.home) }
                #expect(tracker.exits.count == 3)
            }
        }

        /// The screens a pop takes along exit innermost first, each with its own time, before
        /// the view of the screen the pop shows.
        @Test func nestedScreensExitInnermostFirst() throws {
            let clock = TestClock()
            let seen = Mutex<[String]>([])
            let tracker = ScreenTracker(clock: clock) { view in
                seen.withLock { $0.append("view \(view.screen)") }
            } onExit: { exit in
                seen.withLock { $0.append("exit \(exit.screen.path) \(exit.visibleDuration)") }
            }
            let navigator = Navigator(FeedApp())
            try StepsObservation.withObserver(tracker) {
                try navigator.push(FeedDestination.thread(ThreadScreen(topic: "swift")))
                clock.advance(by: .seconds(1))
                try navigator.select(path: "feed/path/1/thread/reply")
                clock.advance(by: .seconds(2))
                try navigator.push(DraftScreen(text: "a"))
                clock.advance(by: .seconds(3))
                try navigator.push(DraftScreen(text: "b"))
                clock.advance(by: .seconds(4))
                seen.withLock { $0 = [] }
                navigator.pop(in: "feed")
                #expect(
                    seen.withLock { $0 } == [
                        "exit /feed/path/1/thread/reply/drafts/2 4.0 seconds",
                        "exit /feed/path/1/thread/reply/drafts/1 3.0 seconds",
                        "exit /feed/path/1/thread/reply 2.0 seconds",
                        "exit /feed/path/1 1.0 seconds",
                        "view /feed/timeline",
                    ])
            }
        }

        /// Every screen that leaves exits, also one never on top: a thread and its sheet shown by
        /// one change, then dismissed with the tab's stack, exit after no time and 2 seconds.
        @Test func screensNeverOnTopExitAfterNoTime() throws {
            let clock = TestClock()
            let tracker = ScreenTracker(clock: clock)
            let navigator = Navigator(FeedApp())
            StepsObservation.withObserver(tracker) {
                navigator.transaction { app in
                    _ = try? app.push(FeedDestination.thread(ThreadScreen(topic: "swift")))
                    _ = try? app.select(path: "feed/path/1/thread/reply")
                }
                clock.advance(by: .seconds(2))
                navigator.popToRoot(in: "feed")
                #expect(
                    tracker.exits.map(\.description) == [
                        "/feed/path/1/thread/reply left after 2.0 seconds [programmatic]",
                        "/feed/path/1 left after 0.0 seconds [programmatic]",
                    ])
            }
        }

        /// The same path with another identity is another screen: a product restored with another
        /// id is a new screen view.
        @Test func renewedScreenAtTheSamePathIsANewView() throws {
            let clock = TestClock()
            let tracker = ScreenTracker(clock: clock)
            let navigator = Navigator(AppSteps())
            try StepsObservation.withObserver(tracker) {
                try navigator.select(path: "profile/detail")
                clock.advance(by: .seconds(2))
                let events = try navigator.transaction { try $0.renew(path: "profile/detail") }
                #expect(
                    events.map(\.description) == ["pop /profile/detail", "push /profile/detail"])
                navigator.transaction { $0.explore.value.query = "y" }  // off screen: no view
                #expect(
                    tracker.views.map(\.withoutIdentity) == [
                        ScreenView(
                            screen: StepPath(["profile", "detail"]), previous: StepPath(["home"]),
                            previousDuration: nil, cause: .programmatic),
                        ScreenView(
                            screen: StepPath(["profile", "detail"]),
                            previous: StepPath(["profile", "detail"]),
                            previousDuration: .seconds(2), cause: .programmatic),
                    ])
            }
        }

        @Test func firstViewWithoutInitialScreenHasNoDuration() throws {
            let tracker = ScreenTracker(clock: TestClock())
            let navigator = Navigator(AppSteps())
            try StepsObservation.withObserver(tracker) {
                try navigator.select(path: "explore")
                #expect(
                    tracker.views.map(\.withoutIdentity) == [
                        ScreenView(
                            screen: StepPath(["explore"]), previous: StepPath(["home"]),
                            previousDuration: nil, cause: .programmatic)
                    ])
            }
        }

        @Test(arguments: [
            ("home", ["home"]),
            ("profile", ["profile", "main"]),
            // An empty stack shows what its parent shows beneath it.
            ("profile/friends", ["profile", "main"]),
            ("profile/detail", ["profile", "detail"]),
            ("profile/detail/light", ["profile", "detail", "light"]),
            ("profile/settings", ["profile", "settings"]),
            ("login", ["login", "form"]),
            ("login/signUp", ["login", "signUp"]),
        ])
        func visibleScreenFollowsTheActivePath(path: String, expected: [String]) throws {
            var steps = AppSteps()
            try steps.select(path: StepPath(parsing: path))
            #expect(steps.visibleScreen == StepPath(expected))
        }

        @Test func visibleScreenOfAStackIsItsTopElement() throws {
            var steps = AppSteps()
            try steps.setStack(path: "profile/friends", ids: ["ann", "bob"])
            #expect(steps.visibleScreen == StepPath(["profile", "friends", "bob", "main"]))
        }
    }

    @Suite("Screen view text")
    struct ScreenViewTests {
        @Test func describesScreenPreviousAndDuration() {
            let full = ScreenView(
                screen: StepPath(["explore"]), previous: StepPath(["home"]),
                previousDuration: .seconds(2), cause: .userGesture)
            #expect(full.description == "/explore (after /home, 2.0 seconds) [userGesture]")
            let first = ScreenView(
                screen: StepPath(["home"]), previous: nil, previousDuration: nil, cause: .deepLink)
            #expect(first.description == "/home [deepLink]")
        }
    }

    @Suite("Logging observer")
    struct LoggingObserverTests {
        @Test func writesBareSelectionsAsOneLine() {
            let lines = LineSink()
            LoggingStepsObserver(write: lines.append).didSelect(
                SelectionChange(
                    nodeType: "AppSteps", path: .root, layer: .content, oldKey: "home",
                    newKey: "profile", value: nil))
            LoggingStepsObserver(write: lines.append).didSelect(
                SelectionChange(
                    nodeType: "ProfileSteps", path: StepPath(["profile"]), layer: .modal,
                    oldKey: "settings", newKey: nil, value: nil))
            #expect(
                lines.all == [
                    "select AppSteps / content: home -> profile",
                    "select ProfileSteps /profile modal: settings -> -",
                ])
        }

        @Test func writesAHeaderAndOneLinePerEvent() throws {
            let lines = LineSink()
            let navigator = Navigator(AppSteps())
            try StepsObservation.withObserver(LoggingStepsObserver(write: lines.append)) {
                try navigator.select(path: "profile/detail/dark")
                #expect(
                    lines.all == [
                        "#1 programmatic -> /profile/detail/dark",
                        "  select / home -> profile",
                        "  push /profile/detail",
                    ])
            }
        }
    }
}
