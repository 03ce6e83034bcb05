import ExampleSteps
import TestSupport
import Testing

@testable import StepTree

/// Counts the changes an observer is told of.
private final class ChangeCount: StepsObserver {
    private let count = Mutex(0)
    var changes: Int { count.withLock { $0 } }
    func didChange(_ change: NavigationChange<any StepNode>) { count.withLock { $0 += 1 } }
}

/// `pop(from:)`: a frame and every frame above it go; `close(_:)` takes the frame alone.
@Suite struct PopFromFrameTests {
    static func threeThreads() throws -> FeedApp {
        var app = FeedApp()
        for topic in ["a", "b", "c"] {
            try app.push(FeedDestination.thread(ThreadScreen(topic: topic)))
        }
        return app
    }

    @Test func aStackElementGoesWithTheElementsAboveIt() throws {
        var app = try Self.threeThreads()
        let old = app
        try app.pop(from: try FrameClosingTests.frame("/feed/path/2", in: app))
        #expect(app.feed.value.path.value.ids == ["1"])
        #expect(
            NavigationDiff.events(from: old, to: app).map(\.description)
                == ["pop /feed/path/3", "pop /feed/path/2"])
        #expect(app.visibleScreen == "/feed/path/1/thread/posts")
        // `close` on the same state keeps the element above.
        var closed = old
        #expect(closed.close(try FrameClosingTests.frame("/feed/path/2", in: old)))
        #expect(closed.feed.value.path.value.ids == ["1", "3"])
    }

    @Test func theBottomElementEmptiesTheStack() throws {
        var app = try Self.threeThreads()
        try app.pop(from: try FrameClosingTests.frame("/feed/path/1", in: app))
        #expect(app.feed.value.path.value.ids == [])
        #expect(app.visibleScreen == "/feed/timeline")
    }

    @Test func aPushedStepIsDeselectedWithWhatItShows() throws {
        var app = AppSteps()
        try app.select(path: "profile/detail/dark")
        try app.pop(from: try FrameClosingTests.frame("/profile/detail", in: app))
        #expect(app.profile.value.selected.push == nil)
        #expect(app.visibleScreen == "/profile/main")
    }

    @Test func aStaleFrameIsATypedErrorWithNoChangeAndNoObserverCall() throws {
        let navigator = Navigator(try Self.threeThreads())
        let frame = try FrameClosingTests.frame("/feed/path/3", in: navigator.root)
        let tab = try FrameClosingTests.frame("/feed", in: navigator.root)
        try navigator.pop(from: frame)
        let popped = navigator.root
        let counter = ChangeCount()
        StepsObservation.withObserver(counter) {
            // Popped already, a container root, a request: none is a frame on screen.
            #expect(throws: StaleFrameError(path: "/feed/path/3")) {
                try navigator.pop(from: frame)
            }
            #expect(throws: StaleFrameError(path: "/feed")) { try navigator.pop(from: tab) }
            #expect(throws: StaleFrameError(path: "/feed/path")) {
                try navigator.pop(from: ScreenFrame.push(FeedDestination.about, onto: "feed/path"))
            }
        }
        #expect(counter.changes == 0)
        #expect(navigator.root == popped)
        #expect(navigator.root.feed.value.path.value.ids == ["1", "2"])
    }

    @Test func aFrameRenewedAtTheSamePathIsStale() throws {
        var app = FeedApp()
        try app.setStack(path: "feed/path", ids: ["a", "b"])
        let frame = try FrameClosingTests.frame("/feed/path/a", in: app)
        try app.renew(path: "feed/path/a")
        let before = app
        #expect(throws: StaleFrameError(path: "/feed/path/a")) { try app.pop(from: frame) }
        #expect(app == before)
        #expect(
            StaleFrameError(path: "/feed/path/a").description
                == "/feed/path/a is not a frame on screen")
    }
}
