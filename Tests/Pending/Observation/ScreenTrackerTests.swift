import ExampleSteps
import StepTree
import Synchronization
import Testing

@Suite("Screen analytics")
struct ScreenTrackerTests {
    @Test func scriptedSessionReportsExactViewsAndDurations() throws {
        let clock = ManualClock()
        let tracker = ScreenTracker(clock: clock, initialScreen: StepPath(["home"]))
        let navigator = Navigator(AppSteps(), observer: tracker)

        clock.advance(by: .seconds(5))
        try navigator.select(path: "profile/detail/dark")  // a multi-step deep link
        clock.advance(by: .seconds(3))
        navigator.transaction(.userGesture) { $0.select(\.explore) }  // tab switch
        clock.advance(by: .seconds(2))
        navigator.transaction(.userGesture) { $0.select(\.profile) }  // back: detail still there
        clock.advance(by: .seconds(7))
        try navigator.select(path: "profile/settings")
        clock.advance(by: .seconds(1))
        try navigator.userDidRemove(path: "profile/settings")  // sheet swiped away
        navigator.transaction { $0.explore.value.query = "x" }  // off screen: no view

        #expect(
            tracker.views == [
                ScreenView(
                    screen: StepPath(["profile", "detail", "dark"]), previous: StepPath(["home"]),
                    previousDuration: .seconds(5), cause: .deepLink),
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
                    previousDuration: .seconds(7), cause: .deepLink),
                ScreenView(
                    screen: StepPath(["profile"]), previous: StepPath(["profile", "settings"]),
                    previousDuration: .seconds(1), cause: .userGesture),
            ])
        #expect(tracker.currentScreen == StepPath(["profile"]))
    }

    @Test func firstViewWithoutInitialScreenHasNoDuration() throws {
        let tracker = ScreenTracker(clock: ManualClock())
        let navigator = Navigator(AppSteps(), observer: tracker)
        try navigator.select(path: "explore")
        #expect(
            tracker.views == [
                ScreenView(
                    screen: StepPath(["explore"]), previous: StepPath(["home"]),
                    previousDuration: nil, cause: .deepLink)
            ])
    }

    @Test(arguments: [
        ("home", ["home"]),
        ("profile", ["profile", "main"]),
        ("profile/friends", ["profile"]),
        ("profile/detail", ["profile", "detail"]),
    ])
    func visibleScreenFollowsTheActivePath(path: String, expected: [String]) throws {
        var steps = AppSteps()
        try steps.select(path: path)
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
                nodeType: "AppSteps", path: .root, from: "home", to: "profile", value: nil))
        #expect(lines.all == ["select AppSteps /: home -> profile"])
    }

    @Test func writesAHeaderAndOneLinePerEvent() throws {
        let lines = LineSink()
        let navigator = Navigator(AppSteps(), observer: LoggingStepsObserver(write: lines.append))
        try navigator.select(path: "profile/detail/dark")
        #expect(
            lines.all == [
                "#1 deepLink -> /profile/detail/dark",
                "  select / home -> profile",
                "  push /profile/detail",
            ])
    }
}

final class LineSink: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func append(_ line: String) { lines.withLock { $0.append(line) } }
}
