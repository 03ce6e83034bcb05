import ExampleSteps
import Foundation
import StepTree
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
        let dismissed = steps.dismissAllModals()
        #expect(dismissed)
        #expect(
            NavigationDiff.events(from: before, to: steps).map(\.description) == [
                "dismiss /profile/friends/ann/settings sheet"
            ])
    }

    @Test func findsTheLowestModalOnTheActivePath() throws {
        #expect(AppSteps().firstPresentedModal == nil)
        let steps = try Self.stateWithSheet()
        #expect(steps.firstPresentedModal == StepPath(["profile", "friends", "ann", "settings"]))
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
        let dismissed = state.dismissAllModals()
        #expect(dismissed)
        #expect(
            NavigationDiff.events(from: before, to: state).map(\.description) == [
                "dismiss /home/compose/picker sheet", "dismiss /home/compose cover",
            ])
        let again = state.dismissAllModals()
        #expect(!again)
    }

    @Test func removingScreensByGesture() throws {
        var steps = try Self.stateWithSheet()
        try steps.setStack(path: "profile/friends", ids: ["ann", "bob", "cid"])
        let before = steps
        try steps.remove(path: "profile/friends/bob")
        #expect(steps.profile.friends.ids == ["ann"])
        #expect(
            NavigationDiff.events(from: before, to: steps).map(\.description) == [
                "pop /profile/friends/cid", "pop /profile/friends/bob",
                // ann is on top again, and her sheet was left open.
                "present /profile/friends/ann/settings sheet",
            ])
        try steps.select(path: "profile/detail")
        try steps.remove(path: "profile/detail")
        #expect(steps.profile.selected == nil)
        #expect(throws: StepPathError.cannotDeselectTab(StepPath(["profile"]))) {
            try steps.remove(path: "profile")
        }
    }

    @Test func staticConstructorsSelectAChild() {
        #expect(AppSteps.selecting(\.profile).selected == .profile)
        let explore = AppSteps.selecting(\.explore, with: ExploreData(query: "swift"))
        #expect(explore.selected == .explore)
        #expect(explore.explore.value.query == "swift")
        #expect(explore.explore.generation == 1)
    }
}
