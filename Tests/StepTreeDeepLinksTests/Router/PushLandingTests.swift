import Foundation
import StepTree
import StepTreeDeepLinks
import TestSupport
import Testing

/// Two tabs, a sheet over both with no stack, and one over both with a stack of its own.
struct SheetOverTabs: StepsCollection {
    enum Key: String, StepKey { case home, search, compose, thread }
    var selected = StepSelection<Key>(.home)
    var home = Step(HomeTab())
    var search = Step(HomeTab())
    var compose = Step()
    var thread = Step(HomeTab())
    static let steps = StepTable<Self>(
        .tab(.home, \.home), .tab(.search, \.search), .present(.compose, \.compose),
        .present(.thread, \.thread))
}

/// One rule of where a push lands (`PushScope`), shared by `push(_:)`, a frames binding's
/// `ScreenFrame.push(_:)` and a link's `./…` target.
@Suite struct PushLandingTests {
    static func router() throws -> DeepLinkRouter<SheetOverTabs> {
        var router = DeepLinkRouter<SheetOverTabs>(origins: [.scheme("myapp")])
        try router.register("status/<int:id>", showing: "./path/status")
        return router
    }

    @Test func aSheetOverEveryTabLeavesPushesToTheSelectedTab() throws {
        let navigator = Navigator(SheetOverTabs())
        try navigator.select(path: "search")
        try navigator.select(path: "compose")
        #expect(try navigator.push(Destination.status(StatusScreen(id: 1))) == "/search/path/1")
        let frames = navigator.framesBinding(in: "search")
        frames.set(frames.get() + [ScreenFrame.push(Destination.about)])
        #expect(frames.get().map(\.description) == ["/search/path/1", "/search/path/2"])
        var root = navigator.root
        try Self.router().route("myapp://status/3", in: &root)
        #expect(root.search.value.path.value.ids == ["1", "2", "3"])
        #expect(
            root.search.value.path.value.elements.last == Destination.status(StatusScreen(id: 3)))
        // The sheet stays up over all three.
        #expect(root.visibleScreen == "/compose")
        #expect(navigator.root.visibleScreen == "/compose")
        #expect(root.home.value.path.value.ids == [])
    }

    @Test func aSheetWithAStackOfTheTypeTakesTheTypedPush() throws {
        var root = SheetOverTabs()
        try root.select(path: "thread")
        #expect(try root.push(Destination.about) == "/thread/path/1")
        #expect(root.home.value.path.value.ids == [])
        // A link's `./…` path names its stack, and is read under the selected tab.
        try Self.router().route("myapp://status/4", in: &root)
        #expect(root.home.value.path.value.ids == ["1"])
        #expect(root.visibleScreen == "/thread/path/1/about")
    }

    @Test func aTabsOwnSheetIsFollowedBeneathACoverOverEveryTab() throws {
        var root = TabsInAStack()
        try root.select(path: "second")
        try root.select(path: "sheet")
        // The sheet has tabs of its own: its selected tab takes the push.
        #expect(try root.push(Destination.about) == "/sheet/home/path/1")
        #expect(StepStorage.make(root).visibleTab == "/sheet/home")
    }

    @Test func noStackAnywhereNamesTheVisibleScreen() throws {
        var root = SheetOverTabs()
        try root.select(path: "compose")
        let before = root
        #expect(throws: StepPathError.noStack(of: "AccountScreen", near: "/compose")) {
            try root.push(AccountScreen())
        }
        #expect(root == before)
        #expect(
            StepPathError.noStack(of: "AccountScreen", near: "/compose").description
                == "no stack of AccountScreen elements from /compose up to the root or in the "
                + "selected tab")
    }
}
