import ExampleSteps
import TestSupport
import Testing

@testable import StepTree
@testable import StepTreeTools

/// Records each change an observer is told of: `will`/`did`, the cause and the events.
private final class ChangeLog: StepsObserver {
    private let log = Mutex<[String]>([])
    var lines: [String] { log.withLock { $0 } }

    func willChange(_ change: NavigationChange<any StepNode>) { record("will", change) }
    func didChange(_ change: NavigationChange<any StepNode>) { record("did", change) }

    private func record(_ phase: String, _ change: NavigationChange<any StepNode>) {
        let events = change.events.map(\.description).joined(separator: ", ")
        log.withLock { $0.append("\(phase) \(change.cause): \(events)") }
    }
}

@Suite struct FrameClosingTests {
    /// The screen at `path` in `state`, as a UI reads it.
    static func frame(
        _ path: StepPath, in state: some StepNode, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ScreenFrame {
        let screens = HeadlessScreen(state).screens
        return try #require(
            screens.first { $0.path == path }, "\(screens)", sourceLocation: sourceLocation)
    }

    /// A pushed step closes by deselection: the detail and the theme it showed go.
    @Test func closingAPushedStepDeselectsIt() throws {
        var app = AppSteps()
        try app.select(path: "profile/detail/dark")
        let old = app
        let detail = try Self.frame("/profile/detail", in: app)
        let closed1 = app.close(detail)
        #expect(closed1)
        #expect(
            NavigationDiff.events(from: old, to: app).map(\.description) == ["pop /profile/detail"])
        #expect(app.profile.value.selected.push == nil)
        #expect(app.profile.value.detail.value.selected.content == nil)
        #expect(app.visibleScreen == "/profile/main")
    }

    /// A stack element closes alone: the one above it stays, with its state.
    @Test func closingAStackElementRemovesThatElementOnly() throws {
        var app = FeedApp()
        try app.push(FeedDestination.thread(ThreadScreen(topic: "a")))
        try app.push(FeedDestination.about)
        try app.push(FeedDestination.thread(ThreadScreen(topic: "b")))
        let old = app
        let frame2 = try Self.frame("/feed/path/2", in: app)
        let closed2 = app.close(frame2)
        #expect(closed2)
        #expect(app.feed.value.path.value.ids == ["1", "3"])
        guard case .thread(let top)? = app.feed.value.path.value[id: "3"] else {
            Issue.record("element 3 is not a thread")
            return
        }
        #expect(top.topic == "b")
        #expect(app.visibleScreen == "/feed/path/3/thread/posts")
        // The events replay it as a stack would; the screens say only element 2 left.
        #expect(
            NavigationDiff.events(from: old, to: app).map(\.description) == [
                "pop /feed/path/3", "pop /feed/path/2", "push /feed/path/3",
            ])
        let screens = ScreenChanges(from: old, to: app)
        #expect(screens.disappeared.map(\.path) == ["/feed/path/2"])
        #expect(screens.appeared == [])
    }

    /// A presented step closes by dismissal, with what it presents and pushes.
    @Test func closingAPresentedStepDismissesItAndWhatItHolds() throws {
        var app = try FeedApp.replying()
        let old = app
        let frame3 = try Self.frame("/feed/path/1/thread/reply", in: app)
        let closed3 = app.close(frame3)
        #expect(closed3)
        #expect(
            NavigationDiff.events(from: old, to: app).map(\.description) == [
                "dismiss /feed/path/1/thread/reply sheet"
            ])
        #expect(app.visibleScreen == "/feed/path/1/thread/posts")
        try app.select(path: "feed/path/1/thread/reply")
        #expect(app.frames(in: "/feed/path/1/thread/reply").count == 0)
    }

    /// A frame that is gone closes nothing: popped, closed twice, renewed in place, a pushed
    /// step shown again with a new identity at the same path, a root or a tab, a request.
    @Test func aFrameThatIsGoneClosesNothing() throws {
        var app = FeedApp()
        try app.push(FeedDestination.thread(ThreadScreen(topic: "a")))
        let element = try Self.frame("/feed/path/1", in: app)
        try app.renew(path: "feed/path/1")
        var unchanged = app
        let closed4 = app.close(element)
        #expect(!closed4)  // renewed: another screen at the same path
        #expect(app == unchanged)
        let renewed = try Self.frame("/feed/path/1", in: app)
        let closed5 = app.close(renewed)
        #expect(closed5)
        let closed6 = app.close(renewed)
        #expect(!closed6)  // closed already: the path names nothing
        #expect(app.feed.value.path.value.ids == [])

        var profile = AppSteps()
        try profile.select(path: "profile/detail")
        let detail = try Self.frame("/profile/detail", in: profile)
        try profile.deselect(path: "profile/detail")
        let deselected = profile
        let closed7 = profile.close(detail)
        #expect(!closed7)  // not selected
        #expect(profile == deselected)
        try profile.select(path: "profile/detail", with: ThemeSteps())
        unchanged = app
        let shownAgain = profile
        let closed8 = profile.close(detail)
        #expect(!closed8)  // a new identity at the same path
        #expect(profile == shownAgain)
        let frame9 = try Self.frame(.root, in: profile)
        let closed9 = profile.close(frame9)
        #expect(!closed9)
        let frame10 = try Self.frame("/profile", in: profile)
        let closed10 = profile.close(frame10)
        #expect(!closed10)
        let closed11 = profile.close(ScreenFrame.push(path: "profile/detail"))
        #expect(!closed11)
        #expect(profile == shownAgain)
        #expect(app == unchanged)
    }

    /// The navigator closes in one change of cause `.programmatic` by default, or the
    /// transaction's; a frame that is gone tells no one.
    @Test func theNavigatorClosesInOneChangeOrTellsNoOne() throws {
        let log = ChangeLog()
        let navigator = Navigator(try FeedApp.replying())
        try StepsObservation.withObserver(log) {
            let reply = try Self.frame("/feed/path/1/thread/reply", in: navigator.root)
            let thread = try Self.frame("/feed/path/1", in: navigator.root)
            #expect(navigator.close(reply))
            #expect(navigator.close(thread, transaction: .userGesture))
            let closed = navigator.root
            #expect(!navigator.close(reply))
            #expect(!navigator.close(thread, transaction: .userGesture))
            #expect(navigator.root == closed)
            #expect(
                log.lines == [
                    "will programmatic: dismiss /feed/path/1/thread/reply sheet",
                    "did programmatic: dismiss /feed/path/1/thread/reply sheet",
                    "will userGesture: pop /feed/path/1",
                    "did userGesture: pop /feed/path/1",
                ])
        }
    }
}
