import ExampleSteps
import Foundation
import TestSupport
import Testing

@testable import StepTree
@testable import StepTreeTools

@Suite struct ScreenChangesTests {
    static func paths(_ frames: [ScreenFrame]) -> [String] { frames.map(\.path.description) }

    /// Popping a thread takes its reply sheet and the two drafts in it along: four screens,
    /// innermost first, after the two events.
    @Test func poppingAnElementTellsTheSheetItPresentsAndTheStackInsideIt() throws {
        let old = try FeedApp.replying()
        var new = old
        #expect(new.pop(in: "feed")?.description == "/feed/path/1")
        #expect(
            NavigationDiff.events(from: old, to: new).map(\.description) == [
                "dismiss /feed/path/1/thread/reply sheet", "pop /feed/path/1",
            ])
        let changes = ScreenChanges(from: old, to: new)
        #expect(
            Self.paths(changes.disappeared) == [
                "/feed/path/1/thread/reply/drafts/2", "/feed/path/1/thread/reply/drafts/1",
                "/feed/path/1/thread/reply", "/feed/path/1",
            ])
        #expect(changes.appeared == [])
        // Each frame carries what it showed, the element its destination.
        let thread = try #require(changes.disappeared.last)
        #expect(thread.destination == "thread")
        guard case .thread(let shown)? = thread.value(as: FeedDestination.self) else {
            Issue.record("\(thread) shows no thread")
            return
        }
        #expect(shown.topic == "swift")
        #expect(shown.selected.modal == .reply)
        #expect(changes.disappeared[0].value(as: DraftScreen.self) == DraftScreen(text: "b"))
        #expect(changes.disappeared[0].destination == nil)
        // Back again: the same screens, outermost first, with new identities for the new ones.
        let back = ScreenChanges(from: new, to: old)
        #expect(back.disappeared == [])
        #expect(Self.paths(back.appeared) == Self.paths(changes.disappeared.reversed()))
    }

    /// The root and the tabs are screens too: the first state's screens all appear.
    @Test func theRootAndEveryTabAreScreens() throws {
        let app = try FeedApp.replying()
        let changes = ScreenChanges(from: EmptyRoot(), to: app)
        #expect(
            Self.paths(changes.appeared) == [
                "/inbox", "/feed", "/feed/path/1", "/feed/path/1/thread/reply",
                "/feed/path/1/thread/reply/drafts/1", "/feed/path/1/thread/reply/drafts/2",
            ])
        #expect(Self.paths(changes.disappeared) == [])
        #expect(
            Set(ScreenChanges(from: FeedApp(), to: app).appeared)
                == Set(HeadlessScreen(app).screens).subtracting(HeadlessScreen(FeedApp()).screens))
        #expect(Self.paths(HeadlessScreen(FeedApp()).screens) == ["/", "/feed", "/inbox"])
    }

    /// A tab switch moves no frame in or out, but a sheet is mounted only over the active
    /// path: leaving its tab takes it, and what it holds, off the window.
    @Test func aTabSwitchTakesTheSheetsOfTheTabItLeaves() throws {
        let old = try FeedApp.replying()
        var switched = old
        try switched.select(path: "inbox")
        #expect(
            NavigationDiff.events(from: old, to: switched).map(\.description) == [
                "dismiss /feed/path/1/thread/reply sheet", "select / feed -> inbox",
            ])
        let changes = ScreenChanges(from: old, to: switched)
        #expect(
            Self.paths(changes.disappeared) == [
                "/feed/path/1/thread/reply/drafts/2", "/feed/path/1/thread/reply/drafts/1",
                "/feed/path/1/thread/reply",
            ])
        #expect(changes.appeared == [])
        #expect(
            Self.paths(ScreenChanges(from: switched, to: old).appeared) == [
                "/feed/path/1/thread/reply", "/feed/path/1/thread/reply/drafts/1",
                "/feed/path/1/thread/reply/drafts/2",
            ])
        var pushedOnly = FeedApp()
        try pushedOnly.push(FeedDestination.about)
        var other = pushedOnly
        try other.select(path: "inbox")
        #expect(ScreenChanges(from: pushedOnly, to: other) == .none)
    }

    /// A renewed tab is another screen, with all it holds; renewed, it keeps its state.
    @Test func aRenewedTabReplacesItsScreens() throws {
        var old = try FeedApp.replying()
        try old.select(path: "inbox")
        var renewed = old
        try renewed.renew(path: "feed")  // selected again: its sheet is back
        let changes = ScreenChanges(from: old, to: renewed)
        #expect(Self.paths(changes.disappeared) == ["/feed/path/1", "/feed"])
        #expect(
            Self.paths(changes.appeared) == [
                "/feed", "/feed/path/1", "/feed/path/1/thread/reply",
                "/feed/path/1/thread/reply/drafts/1", "/feed/path/1/thread/reply/drafts/2",
            ])
    }

    /// A payload edited in place is the same screen; a push with the same payload is another.
    @Test func anEditInPlaceIsTheSameScreen() throws {
        var edited = try FeedApp.replying()
        let before = edited
        try edited.push(DraftScreen(text: "c"))
        let pushed = ScreenChanges(from: before, to: edited)
        #expect(Self.paths(pushed.appeared) == ["/feed/path/1/thread/reply/drafts/3"])
        var typed = edited
        guard case .thread(var thread)? = typed.feed.value.path.value[id: "1"] else {
            Issue.record("no thread")
            return
        }
        thread.topic = "rust"
        typed.feed.value.path.value[id: "1"] = .thread(thread)
        #expect(typed != edited)
        #expect(ScreenChanges(from: edited, to: typed).isEmpty)
    }

    /// Both change types read the lifecycle of their states, and a change with no events
    /// has none, without a rendering.
    @Test func changesReadTheirLifecycle() throws {
        let old = try FeedApp.replying()
        var new = old
        new.pop(in: "feed")
        let events = NavigationDiff.events(from: old, to: new)
        let change = NavigationChange(old: old, new: new, events: events, sequence: 1)
        #expect(change.disappeared.count == 4)
        #expect(change.appeared == [])
        #expect(change.screens == ScreenChanges(from: old, to: new))
        let erased = change.erased
        #expect(Self.paths(erased.disappeared) == Self.paths(change.disappeared))
        #expect(erased.screens == change.screens)
        let still = NavigationChange(old: old, new: new, events: [], sequence: 2)
        #expect(still.screens == .none)
    }
}

/// A root with nothing in it: the state before an app's first.
private struct EmptyRoot: StepsCollection {
    typealias Key = NoStepKey
}
