import ExampleSteps
import Testing

@testable import StepTree
@testable import StepTreeDrivers

/// The controller operations both UIKit drivers carry out, planned from an update's events and
/// the screen they lead to.
@Suite struct ControllerPlanTests {
    static func plan(from old: AppSteps, to new: AppSteps) -> [ControllerPlan.Operation] {
        ControllerPlan(NavigationDiff.events(from: old, to: new), after: ScreenState(new))
            .operations
    }

    static func frames(_ paths: [StepPath], in state: AppSteps) -> [ScreenFrame] {
        let screen = ScreenState(state)
        return screen.screens.filter { paths.contains($0.path) }
    }

    static func deepLinked() throws -> AppSteps {
        var state = AppSteps()
        try state.setStack(path: "profile/friends", ids: ["ann", "bob"])
        try state.select(path: "profile/friends/bob/settings")
        return state
    }

    @Test func aDeepLinkSwitchesTabPushesTheStackAtOnceAndPresents() throws {
        let state = try Self.deepLinked()
        let sheet = try #require(ScreenState(state).modals.first)
        #expect(
            Self.plan(from: AppSteps(), to: state) == [
                .selectTab(owner: .root, key: "profile"),
                .push(
                    Self.frames(["profile/friends/ann", "profile/friends/bob"], in: state),
                    onto: .tab("profile")),
                .present(sheet),
            ])
    }

    @Test func goingBackDismissesThenPopsTheStackInOneChange() throws {
        #expect(
            Self.plan(from: try Self.deepLinked(), to: AppSteps()) == [
                .dismiss(["profile/friends/bob/settings"]),
                .pop(["profile/friends/bob", "profile/friends/ann"], from: .tab("profile")),
                .selectTab(owner: .root, key: "home"),
            ])
    }

    /// One run of pops in two stacks (a cover's and a tab's) is one change per stack.
    @Test func popsInTwoContainersAreTwoOperations() throws {
        var old = AppSteps()
        try old.select(path: "profile/detail")
        try old.select(path: "login/signUp")
        var new = old
        try new.close(path: "login/signUp")
        try new.close(path: "profile/detail")
        #expect(
            Self.plan(from: old, to: new) == [
                .pop(["login/signUp"], from: .modal("login")),
                .pop(["profile/detail"], from: .tab("profile")),
            ])
    }

    @Test func aRenewedTabIsRebuilt() throws {
        var old = AppSteps()
        try old.select(path: "profile/detail")
        var new = old
        try new.renew(path: "profile")
        #expect(Self.plan(from: old, to: new) == [.rebuild("profile")])
    }

    /// Events whose frame or modal the screen does not have are left for the driver to refuse.
    @Test func eventsWithNoPlaceOnTheScreenAreUnplaced() {
        let push = NavigationEvent(.push, "profile/detail", identity: .root)
        let present = NavigationEvent(.present(.sheet), "profile/settings", identity: .root)
        #expect(
            ControllerPlan([push, present], after: ScreenState(AppSteps())).operations == [
                .unplaced(push), .unplaced(present),
            ])
    }
}
