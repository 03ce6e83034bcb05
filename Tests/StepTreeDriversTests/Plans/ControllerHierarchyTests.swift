import ExampleSteps
import Foundation
import TestSupport
import Testing

@testable import StepTree
@testable import StepTreeDrivers

/// The changes both UIKit drivers make to their controllers, decided by the core's controller
/// hierarchy: tab bars embedded where their nodes sit, tabs selected by key, renewed tabs
/// rebuilt, unplaced events refused, and what a gesture made during an update takes along.
@Suite struct ControllerHierarchyTests {
    typealias Change = ControllerHierarchy<AppSteps>.Change

    /// A pushed step `p` whose content is two tabs, `x` and `y`, and `y` pushes `q`.
    static let nestedTabsJSON = """
        {"children": [
          {"key": "p", "kind": "push", "initial": "x", "children": [
            {"key": "x", "kind": "tab"},
            {"key": "y", "kind": "tab", "children": [{"key": "q", "kind": "push"}]}]}]}
        """

    /// The frame at `path` on the screen of `state`.
    static func frame(_ path: StepPath, in state: some StepNode) throws -> ScreenFrame {
        try #require(ScreenState(state).screens.first { $0.path == path })
    }

    /// The changes of every update from `old` to `new`, each begun and drained in turn.
    static func changes<Root: StepNode>(
        _ hierarchy: inout ControllerHierarchy<Root>, from old: Root, to new: Root
    ) -> [ControllerHierarchy<Root>.Change] {
        var changes: [ControllerHierarchy<Root>.Change] = []
        for update in NavigationUpdate.plan(from: old, to: new, coalescing: .dismissals) {
            hierarchy.begin(update)
            while let change = hierarchy.next() { changes.append(change) }
        }
        return changes
    }

    /// A hierarchy built for `state`.
    static func built<Root: StepNode>(_ state: Root) -> ControllerHierarchy<Root> {
        var hierarchy = ControllerHierarchy<Root>()
        _ = hierarchy.build(state)
        return hierarchy
    }

    @Test func theRootsTabBarIsEmbeddedInTheRootsContentWithItsTabsByKey() {
        var hierarchy = ControllerHierarchy<AppSteps>()
        #expect(
            hierarchy.build(AppSteps()) == [
                .embedTabBar(owner: .root, in: .content(.root)),
                .buildTab("explore", frames: []), .buildTab("home", frames: []),
                .buildTab("profile", frames: []),
                .setTabs(owner: .root, tabs: ["explore", "home", "profile"], selected: "home"),
            ])
        #expect(
            hierarchy.tabBars == [
                .root: .init(
                    host: .content(.root), tabs: ["explore", "home", "profile"],
                    selected: "home")
            ])
    }

    @Test func buildingPushesTheRootsFramesAndPresentsTheModalsWithTheirs() throws {
        var state = AppSteps()
        try state.setStack(path: "profile/friends", ids: ["ann"])
        try state.select(path: "profile/friends/ann/settings")
        var hierarchy = ControllerHierarchy<AppSteps>()
        let modal = try #require(ScreenState(state).modals.first)
        #expect(
            hierarchy.build(state) == [
                .present(modal, frames: []),
                .embedTabBar(owner: .root, in: .content(.root)),
                .buildTab("explore", frames: []), .buildTab("home", frames: []),
                .buildTab(
                    "profile", frames: [try Self.frame("profile/friends/ann", in: state)]),
                .setTabs(owner: .root, tabs: ["explore", "home", "profile"], selected: "profile"),
            ])
        #expect(hierarchy.modals == [modal])
    }

    @Test func aTabIsSelectedByKey() {
        var hierarchy = Self.built(AppSteps())
        var new = AppSteps()
        new.select(\.profile)
        #expect(
            Self.changes(&hierarchy, from: AppSteps(), to: new) == [
                .selectTab(owner: .root, key: "profile")
            ])
        #expect(hierarchy.tabBars[.root]?.selected == "profile")
    }

    /// A renewed tab gets a new stack at once, with its frames (new screens: their identities
    /// changed with the renewal), in its place in the tab bar.
    @Test func aRenewedTabIsBuiltAgainInItsPlace() throws {
        var old = AppSteps()
        try old.select(path: "profile/detail")
        var hierarchy = Self.built(old)
        var new = old
        try new.renew(path: "profile")
        let detail = try Self.frame("profile/detail", in: new)
        #expect(detail != (try Self.frame("profile/detail", in: old)))
        #expect(
            Self.changes(&hierarchy, from: old, to: new) == [
                .forget(.tab("profile")), .buildTab("profile", frames: [detail]),
                .setTabs(owner: .root, tabs: ["explore", "home", "profile"], selected: "profile"),
            ])
        #expect(hierarchy.stacks[.tab("profile")] == [detail])
    }

    /// Events with no place on the window change nothing and are refused, so that the driver
    /// reports them.
    @Test func unplacedEventsAreRefused() {
        var hierarchy = Self.built(AppSteps())
        let push = NavigationEvent(.push, "profile/detail", identity: .root)
        let present = NavigationEvent(.present(.sheet), "profile/settings", identity: .root)
        hierarchy.begin(NavigationUpdate(events: [push, present], state: AppSteps(), isLast: true))
        var changes: [Change] = []
        while let change = hierarchy.next() { changes.append(change) }
        #expect(
            changes == [
                .refuse(operation: "push /profile/detail"),
                .refuse(operation: "present /profile/settings sheet"),
            ])
        #expect(hierarchy.stacks[.tab("profile")] == [])
    }

    /// A dismissal of a modal the window does not show is refused when no gesture explains it.
    @Test func aDismissalOfAModalTheWindowLacksIsRefused() throws {
        var state = AppSteps()
        try state.select(path: "profile/settings")
        var hierarchy = Self.built(AppSteps())
        let dismiss = NavigationEvent(.dismiss(.sheet), "profile/settings", identity: .root)
        hierarchy.begin(NavigationUpdate(events: [dismiss], state: AppSteps(), isLast: true))
        #expect(hierarchy.next() == .refuse(operation: "dismiss /profile/settings"))
        #expect(hierarchy.next() == nil)
    }

    /// A tab bar in a pushed frame is embedded in that frame's controller once it is pushed,
    /// switches by key, and goes with the frame.
    @Test func aNestedTabBarLivesInItsFrame() throws {
        let start = DynamicSteps(schema: try StepSchema(json: Data(Self.nestedTabsJSON.utf8)))
        var hierarchy = Self.built(start)
        var pushed = start
        try pushed.select(path: "p")
        let p = try Self.frame("p", in: pushed)
        #expect(
            Self.changes(&hierarchy, from: start, to: pushed) == [
                .push([p], onto: .root), .embedTabBar(owner: "p", in: .frame(p)),
                .buildTab("p/x", frames: []), .buildTab("p/y", frames: []),
                .setTabs(owner: "p", tabs: ["p/x", "p/y"], selected: "x"),
            ])
        var deeper = pushed
        try deeper.select(path: "p/y/q")
        let q = try Self.frame("p/y/q", in: deeper)
        #expect(
            Self.changes(&hierarchy, from: pushed, to: deeper) == [
                .selectTab(owner: "p", key: "y"), .push([q], onto: .tab("p/y")),
            ])
        var closed = deeper
        try closed.close(path: "p")
        #expect(
            Self.changes(&hierarchy, from: deeper, to: closed) == [
                .pop([p], from: .root), .forget(.tab("p/x")), .forget(.tab("p/y")),
                .removeTabBar(owner: "p"),
            ])
        #expect(hierarchy.tabBars.isEmpty)
        #expect(hierarchy.stacks == [.root: []])
    }

    /// Seed 188's schema (SequencerRegressionTests): a tab `a0` pushing `c1`, and a push `b0`
    /// holding a push `c2`, whose stack `b3` pushes its elements on the root's stack.
    static let seed188JSON = """
        {"children": [
          {"key": "a0", "kind": "tab", "children": [{"key": "c1", "kind": "push"}]},
          {"key": "b0", "kind": "push", "children": [
            {"key": "a1", "kind": "inline", "children": [
              {"key": "c2", "kind": "push", "children": [
                {"key": "b3", "kind": "stack", "element": {}}]}]}]}]}
        """

    /// The user swipes back `c2` during the first push of an update: the second push's
    /// element, above `c2` on the root's stack, is not pushed, as the model drops it with it.
    @Test func aPushAfterAGestureSkipsTheFramesTheGestureTookAlong() throws {
        var start = DynamicSteps(schema: try StepSchema(json: Data(Self.seed188JSON.utf8)))
        try start.select(path: "a0")
        try start.select(path: "b0/a1/c2")
        var target = start
        try target.select(path: "a0/c1")
        try target.setStack(path: "b0/a1/c2/b3", ids: ["u3"])
        let updates = NavigationUpdate.plan(from: start, to: target, coalescing: .dismissals)
        #expect(updates.map(\.description) == ["push /a0/c1; push /b0/a1/c2/b3/u3"])
        var hierarchy = Self.built(start)
        hierarchy.begin(updates[0])
        #expect(hierarchy.next() == .push([try Self.frame("a0/c1", in: target)], onto: .tab("a0")))
        let c2 = try Self.frame("b0/a1/c2", in: start)
        #expect(
            hierarchy.poppedByUser(from: .root, showing: [try Self.frame("b0", in: start)]) == c2)
        #expect(hierarchy.userRemoved(c2) == [])
        #expect(hierarchy.next() == nil)
        #expect(hierarchy.stacks[.root] == [try Self.frame("b0", in: start)])
    }

    /// A frame holding a tab bar is swiped back during an update that then pops in one of its
    /// tabs: the tabs went with the frame, and the pop is skipped (not refused).
    @Test func aPopFromAContainerAGestureRemovedIsSkipped() throws {
        var start = DynamicSteps(schema: try StepSchema(json: Data(Self.nestedTabsJSON.utf8)))
        try start.select(path: "p/y/q")
        var closed = start
        try closed.close(path: "p/y/q")
        let pop = try #require(NavigationDiff.events(from: start, to: closed).first)
        var hierarchy = Self.built(start)
        hierarchy.begin(NavigationUpdate(events: [pop], state: closed, isLast: true))
        let p = try Self.frame("p", in: start)
        #expect(hierarchy.poppedByUser(from: .root, showing: [p]) == nil)
        #expect(hierarchy.poppedByUser(from: .root, showing: []) == p)
        #expect(
            hierarchy.userRemoved(p) == [
                .forget(.tab("p/x")), .forget(.tab("p/y")), .removeTabBar(owner: "p"),
            ])
        #expect(hierarchy.next() == nil)
        #expect(hierarchy.stacks == [.root: []])
    }

    /// The user swipes back the frame a modal is presented from, during the pushes before the
    /// presentation in the same update: the modal is not presented.
    @Test func aPresentationAfterAGestureThatTookItsPresenterIsSkipped() throws {
        var target = AppSteps()
        try target.setStack(path: "profile/friends", ids: ["ann", "bob"])
        try target.select(path: "profile/friends/bob/settings")
        let events = NavigationDiff.events(from: AppSteps(), to: target)
        #expect(
            events.map(\.description) == [
                "select / home -> profile", "push /profile/friends/ann",
                "push /profile/friends/bob", "present /profile/friends/bob/settings sheet",
            ])
        let (ann, bob) = (
            try Self.frame("profile/friends/ann", in: target),
            try Self.frame("profile/friends/bob", in: target)
        )
        var hierarchy = Self.built(AppSteps())
        hierarchy.begin(NavigationUpdate(events: events, state: target, isLast: true))
        #expect(hierarchy.next() == .selectTab(owner: .root, key: "profile"))
        #expect(hierarchy.next() == .push([ann, bob], onto: .tab("profile")))
        #expect(hierarchy.userRemoved(bob) == [])
        #expect(hierarchy.next() == nil)
        #expect(hierarchy.stacks[.tab("profile")] == [ann])
        #expect(hierarchy.modals == [])
    }

    /// A sheet swiped down goes with its container; a frame the window does not show is no
    /// gesture.
    @Test func aSheetSwipedDownGoesWithItsContainer() throws {
        var state = AppSteps()
        try state.select(path: "profile/settings")
        var hierarchy = Self.built(state)
        let sheet = try #require(ScreenState(state).modals.first)
        #expect(hierarchy.userRemoved(try Self.frame("home", in: state)) == nil)
        #expect(hierarchy.userRemoved(sheet.frame) == [.forget(.modal("profile/settings"))])
        #expect(hierarchy.modals == [])
        #expect(hierarchy.stacks[.modal("profile/settings")] == nil)
        #expect(hierarchy.userRemoved(sheet.frame) == nil)
    }
}
