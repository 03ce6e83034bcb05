import ExampleSteps
import Foundation
import StepTree
import TestSupport
import Testing

@Suite("Dismissing modals")
struct ModalDismissalTests {
    /// A friend's settings sheet presented from a profile that is itself inside the profile tab.
    static func stateWithSheet() throws -> AppSteps {
        var steps = AppSteps()
        try steps.setStack(path: "profile/friends", ids: ["ann"])
        try steps.select(path: "profile/friends/ann/settings")
        return steps
    }

    @Test func dismissAllOnTheExampleTree() throws {
        var steps = try Self.stateWithSheet()
        let before = steps
        #expect(steps.dismissAll() == [StepPath(["profile", "friends", "ann", "settings"])])
        #expect(
            NavigationDiff.events(from: before, to: steps).map(\.description) == [
                "dismiss /profile/friends/ann/settings sheet"
            ])
    }

    @Test func findsTheLowestModalOnTheActivePath() throws {
        #expect(AppSteps().presentedModals.first == nil)
        #expect(AppSteps().presentedModals == [])
        var steps = try Self.stateWithSheet()
        #expect(steps.presentedModals.first == StepPath(["profile", "friends", "ann", "settings"]))
        // The root's own cover comes above every modal presented from its content.
        steps.select(\.login)
        #expect(
            steps.presentedModals == [
                StepPath(["profile", "friends", "ann", "settings"]), StepPath(["login"]),
            ])
        #expect(steps.presentedModals.first == StepPath(["profile", "friends", "ann", "settings"]))
    }

    /// Every modal is dismissed, topmost first, and each one is deselected: presented again,
    /// it starts afresh.
    @Test func dismissAllDismissesTopmostFirstAndResets() throws {
        var steps = try Self.stateWithSheet()
        steps.select(\.login)
        steps.login.value.select(.signUp)
        let before = steps
        #expect(
            steps.dismissAll() == [
                StepPath(["profile", "friends", "ann", "settings"]), StepPath(["login"]),
            ])
        #expect(
            eventText(from: before, to: steps) == [
                "dismiss /login cover", "dismiss /profile/friends/ann/settings sheet",
            ])
        #expect(steps.presentedModals == [])
        #expect(steps.selected == StepSelection(.profile))
        #expect(steps.login.value == LoginSteps())
        // The screens below the modals stay.
        #expect(steps.profile.friends.ids == ["ann"])
        #expect(steps.visibleScreen == StepPath(["profile", "friends", "ann", "main"]))
        let bare = steps
        steps.select(\.login)
        #expect(eventText(from: bare, to: steps) == ["present /login cover"])
        #expect(steps.login.selected == StepSelection(.form))
    }

    @Test func dismissAllEmitsOneDismissPerModal() throws {
        let schema = try StepSchema(
            json: Data(
                #"""
                {"initial": "home", "children": [
                  {"key": "home", "kind": "tab", "children": [
                    {"key": "compose", "kind": "present", "style": "cover", "children": [
                      {"key": "picker", "kind": "present", "children": [
                        {"key": "album", "kind": "push"}]}]}]},
                  {"key": "inbox", "kind": "tab"}]}
                """#.utf8))
        var state = DynamicSteps(schema: schema)
        try state.select(path: "home/compose/picker/album")
        let before = state
        #expect(
            state.dismissAll() == [
                StepPath(["home", "compose"]), StepPath(["home", "compose", "picker"]),
            ])
        #expect(
            NavigationDiff.events(from: before, to: state).map(\.description) == [
                "dismiss /home/compose/picker sheet", "dismiss /home/compose cover",
            ])
        #expect(state.dismissAll() == [])
    }

    @Test func removingScreensByGesture() throws {
        var steps = try Self.stateWithSheet()
        try steps.setStack(path: "profile/friends", ids: ["ann", "bob", "cid"])
        let before = steps
        try steps.close(path: "profile/friends/bob")
        #expect(steps.profile.friends.ids == ["ann"])
        #expect(
            NavigationDiff.events(from: before, to: steps).map(\.description) == [
                "pop /profile/friends/cid", "pop /profile/friends/bob",
                // ann is on top again, and her sheet was left open.
                "present /profile/friends/ann/settings sheet",
            ])
        // The detail replaces the stack in the push layer; removed, it leaves the main content.
        try steps.select(path: "profile/detail")
        #expect(steps.profile.friends.ids == [])
        try steps.close(path: "profile/detail")
        #expect(steps.profile.selected == StepSelection(.main))
        try steps.select(path: "login")
        let covered = steps
        try steps.close(path: "login")
        #expect(eventText(from: covered, to: steps) == ["dismiss /login cover"])
        #expect(throws: StepPathError.cannotDeselectTab(StepPath(["profile"]))) {
            try steps.close(path: "profile")
        }
    }

    @Test func staticConstructorsSelectAChild() {
        #expect(AppSteps.selecting(\.profile).selected == StepSelection(.profile))
        #expect(AppSteps.selecting(\.login).selected == StepSelection(.home, modal: .login))
        let explore = AppSteps.selecting(\.explore, with: ExploreData(query: "swift"))
        #expect(explore.selected == StepSelection(.explore))
        #expect(explore.explore.value.query == "swift")
        #expect(!explore.explore.renewal.isInitial)
        var twice = AppSteps()
        twice.select(\.explore, with: ExploreData(query: "swift"))
        #expect(explore == twice)
    }
}
