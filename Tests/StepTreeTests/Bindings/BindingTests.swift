import ExampleSteps
import StepTree
import TestSupport
import Testing

/// Each binding played the way SwiftUI calls it: `get` while rendering, `set` when the user
/// acts. Every write is a gesture the UI already made (a driver sends nothing back), and a
/// write about a screen that is gone is ignored.
@Suite struct BindingTests {
    private static let profile = StepPath(["profile"])

    private func navigator(_ root: AppSteps = AppSteps()) -> (Navigator<AppSteps>, UIChangeRecorder)
    {
        let navigator = Navigator(root)
        return (navigator, UIChangeRecorder())
    }

    @Test func tabViewSelection() {
        let (navigator, recorder) = navigator()
        StepsObservation.withObserver(recorder) {
            let tab = navigator.selectionBinding()
            #expect(tab.get() == .home)
            tab.set(.explore)  // the user taps the explore tab
            #expect(navigator.root.selected == StepSelection(.explore))
            #expect(tab.get() == .explore)
            tab.set(.explore)  // the same tab again: a reselection, with no events
            tab.set(nil)  // content is not cleared from the UI
            tab.set(.login)  // not a content child
            #expect(
                recorder.lines == [
                    "#1 userGesture: select / home -> explore [UI]",
                    "#2 userGesture:  [reselect /explore]",
                ])
        }
    }

    @Test func pickerWriteAfterTheNodeWasRenewedIsIgnored() throws {
        let (navigator, recorder) = navigator()
        try StepsObservation.withObserver(recorder) {
            try navigator.select(path: "profile/detail")
            let theme = navigator.selectionBinding(at: StepRoute(\AppSteps.profile).then(\.detail))
            theme.set(.dark)
            #expect(navigator.root.profile.detail.selected == StepSelection(.dark))
            let late = navigator.selectionBinding(at: StepPath(["profile", "detail"]))
            try navigator.renew(path: "profile/detail")  // a new detail screen
            late.set("light")  // from the old screen
            #expect(navigator.root.profile.detail.selected == StepSelection(.dark))
            #expect(
                recorder.lines == [
                    "#1 programmatic: select / home -> profile, push /profile/detail",
                    "#2 userGesture: select /profile/detail - -> dark [UI]",
                    "#3 programmatic: pop /profile/detail, push /profile/detail",
                ])
        }
    }

    @Test func navigationStackPathGoesBackAndPushes() throws {
        let (navigator, recorder) = navigator()
        try StepsObservation.withObserver(recorder) {
            try navigator.setStack(path: "profile/friends", ids: ["ann", "bob"])
            let path = navigator.framesBinding(in: Self.profile)
            let shown = path.get()
            #expect(
                shown.map(\.path.description) == ["/profile/friends/ann", "/profile/friends/bob"])
            #expect(shown.allSatisfy { $0.identity != nil })

            path.set(Array(shown.dropLast()))  // the user swipes back
            #expect(navigator.root.profile.friends.ids == ["ann"])

            // A NavigationLink(value:) appends a frame to push.
            path.set(
                path.get() + [ScreenFrame.push(path: StepPath(["profile", "friends", "carl"]))])
            #expect(navigator.root.profile.friends.ids == ["ann", "carl"])
            #expect(
                recorder.lines == [
                    "#1 programmatic: select / home -> profile, push /profile/friends/ann, "
                        + "push /profile/friends/bob",
                    "#2 userGesture: pop /profile/friends/bob [UI]",
                    "#3 userGesture: push /profile/friends/carl [UI]",
                ])

            path.set([])  // the back button held down: back to the root
            #expect(navigator.root.profile.friends.ids == [])
            #expect(
                recorder.lines.last
                    == "#4 userGesture: pop /profile/friends/carl, pop /profile/friends/ann [UI]")
        }
    }

    /// A NavigationLink(value:) appends a destination with its payload: pushed with a minted
    /// id, read back as a frame that names its destination and shows the payload.
    @Test func navigationStackPathPushesDestinationsWithTheirPayload() throws {
        let navigator = Navigator(FeedApp())
        let path = navigator.framesBinding(in: "feed")
        let thread = FeedDestination.thread(ThreadScreen(topic: "swift"))
        path.set(path.get() + [ScreenFrame.push(thread, onto: "feed/path")])
        path.set(path.get() + [ScreenFrame.push(FeedDestination.about)])  // the nearest stack
        let frames = path.get()
        #expect(frames.map(\.description) == ["/feed/path/1", "/feed/path/2"])
        #expect(frames.map(\.destination) == ["thread", "about"])
        guard case .thread(let shown)? = frames[0].value(as: FeedDestination.self) else {
            Issue.record("\(frames[0]) shows no thread")
            return
        }
        #expect(shown.topic == "swift")
        #expect(navigator.root.visibleScreen == "/feed/path/2/about")
        // A write with a push that cannot be made changes nothing, the pop in it included.
        let before = navigator.root
        path.set([frames[0], ScreenFrame.push(DraftScreen(text: "a"), onto: "feed/path")])
        #expect(navigator.root == before)
    }

    @Test func lateSwipeAfterADeepLinkIsIgnored() throws {
        let (navigator, recorder) = navigator()
        try StepsObservation.withObserver(recorder) {
            try navigator.setStack(path: "profile/friends", ids: ["ann", "bob"])
            let path = navigator.framesBinding(in: Self.profile)
            let shown = path.get()
            try navigator.setStack(path: "profile/friends", ids: ["dan"])  // a deep link
            path.set(Array(shown.dropLast()))  // the swipe from before: keeps ann, who is gone
            path.set([])  // leaves out ann and bob, both gone already
            #expect(navigator.root.profile.friends.ids == ["dan"])
            #expect(recorder.lines.count == 2)
            // A push of a step that does not exist changes nothing either.
            path.set([ScreenFrame.push(path: StepPath(["profile", "nope"]))])
            #expect(recorder.lines.count == 2)
        }
    }

    @Test func sheetItemDismissedBySwipe() throws {
        let (navigator, recorder) = navigator()
        try StepsObservation.withObserver(recorder) {
            try navigator.select(path: "profile/settings")
            let sheet = navigator.modalBinding(at: Self.profile)
            #expect(sheet.get()?.description == "/profile/settings sheet")
            #expect(navigator.modalBinding().get() == nil)  // the root presents nothing
            sheet.set(nil)  // swiped away
            #expect(navigator.root.profile.selected == StepSelection(.main))
            #expect(sheet.get() == nil)
            #expect(recorder.lines.last == "#2 userGesture: dismiss /profile/settings sheet [UI]")
        }
    }

    /// `.sheet(item:)` and `.fullScreenCover(item:)` on one view each see their own style.
    @Test func sheetAndCoverBindingsOfOneNode() throws {
        let (navigator, recorder) = navigator()
        try StepsObservation.withObserver(recorder) {
            let modal = navigator.modalBinding()
            let sheet = modal.presented(as: .sheet)
            let cover = modal.presented(as: .cover)
            try navigator.select(path: "login")
            #expect(cover.get()?.description == "/login cover")
            #expect(sheet.get() == nil)
            sheet.set(nil)  // SwiftUI sets the sheet's item to nil: not this modal's business
            #expect(navigator.root.selected == StepSelection(.home, modal: .login))
            #expect(recorder.lines.count == 1)
            cover.set(nil)  // the cover swiped away
            #expect(navigator.root.selected == StepSelection(.home))
            #expect(recorder.lines.last == "#2 userGesture: dismiss /login cover [UI]")
        }
    }

    @Test func lateDismissOfARenewedSheetIsIgnored() throws {
        let (navigator, recorder) = navigator()
        try StepsObservation.withObserver(recorder) {
            try navigator.select(path: "login")
            let cover = navigator.modalBinding()
            let first = cover.get()
            #expect(first?.style == .cover)
            try navigator.renew(path: "login")  // a deep link renews the cover
            cover.set(nil)  // the dismissal of the first one
            #expect(navigator.root.selected == StepSelection(.home, modal: .login))
            #expect(cover.get()?.id != first?.id)
            #expect(recorder.lines.count == 2)
        }
    }

    @Test func bindingsHoldTheNavigatorWeakly() {
        var navigator: Navigator<AppSteps>? = Navigator(AppSteps())
        weak let weakNavigator = navigator
        let tab = navigator?.selectionBinding()
        let path = navigator?.framesBinding()
        let sheet = navigator?.modalBinding()
        navigator = nil
        #expect(weakNavigator == nil)
        #expect(tab?.get() == nil && path?.get() == [] && sheet?.get() == nil)
        tab?.set(.explore)  // nothing to write to
    }
}
