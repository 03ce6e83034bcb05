import ExampleSteps
import Foundation
import StepTree
import StepTreeDrivers
import Testing

@Suite("Navigation plans")
struct NavigationPlanTests {
    @Test func deepLinkOutOfTwoModalsTakesOneUpdatePerModal() throws {
        let schema = try StepSchema(
            json: Data(
                #"""
                {"initial": "home", "children": [
                  {"key": "home", "kind": "tab", "children": [
                    {"key": "list", "kind": "push", "children": [
                      {"key": "item", "kind": "push", "children": [
                        {"key": "compose", "kind": "present", "style": "cover", "children": [
                          {"key": "picker", "kind": "present"}]}]}]}]},
                  {"key": "inbox", "kind": "tab", "children": [
                    {"key": "thread", "kind": "push", "children": [
                      {"key": "reply", "kind": "push"}]}]}]}
                """#.utf8))
        var state = DynamicSteps(schema: schema)
        try state.select(path: "home/list/item/compose/picker")
        let before = state
        try state.select(path: "home")
        try state.deselect(path: "home/list")
        try state.select(path: "inbox/thread/reply")
        let plan = NavigationPlan(NavigationDiff.events(from: before, to: state))
        #expect(
            plan.description == """
                dismiss /home/list/item/compose/picker sheet
                dismiss /home/list/item/compose cover
                pop /home/list/item; pop /home/list
                select / home -> inbox
                push /inbox/thread; push /inbox/thread/reply
                """)
    }

    @Test func presentsAreAppliedOneAtATime() throws {
        let schema = try StepSchema(
            json: Data(
                #"""
                {"children": [{"key": "a", "kind": "present", "children": [
                  {"key": "b", "kind": "present", "style": "cover"}]}]}
                """#.utf8))
        var state = DynamicSteps(schema: schema)
        let before = state
        try state.select(path: "a/b")
        #expect(
            NavigationPlan(NavigationDiff.events(from: before, to: state)).updates.map {
                $0.map(\.description)
            } == [["present /a sheet"], ["present /a/b cover"]])
    }

    /// `select` and `replace` events are one update: a tab switch to a renewed tab rebuilds
    /// that tab in the same UI transaction.
    @Test func replacesAreGroupedWithSelects() throws {
        var old = AppSteps()
        try old.select(path: "profile/detail")
        try old.select(path: "profile/settings")
        var new = old
        try new.select(path: "explore", with: ExploreData(query: "swift"))
        try new.deselect(path: "profile/detail")
        let plan = NavigationPlan(NavigationDiff.events(from: old, to: new))
        #expect(
            plan.description == """
                dismiss /profile/settings sheet
                pop /profile/detail
                select / profile -> explore; replace /explore
                """)
        #expect(plan.updates.map(\.count) == [1, 1, 2])
    }

    @Test func replacesAloneAndBetweenFramesKeepTheirOrder() throws {
        let schema = try StepSchema(
            json: Data(
                #"""
                {"initial": "a", "children": [
                  {"key": "a", "kind": "inline", "initial": "x", "children": [
                    {"key": "x", "kind": "inline"}, {"key": "y", "kind": "inline"},
                    {"key": "p", "kind": "push"}]},
                  {"key": "m", "kind": "present"}]}
                """#.utf8))
        var state = DynamicSteps(schema: schema)
        try state.select(path: "a/p")
        try state.select(path: "m")
        let before = state
        // A renewal of a variant that is then switched away is not on screen.
        try state.select(path: "a/x", with: "new")
        try state.select(path: "a/y")
        try state.renew(path: "a")
        #expect(
            NavigationPlan(NavigationDiff.events(from: before, to: state)).updates.map {
                $0.map(\.description)
            } == [["pop /a/p"], ["replace /a"], ["push /a/p"]])
        // The root's sheet is presented from the root, which stays: it is kept.
        #expect(state.presentedModals == [StepPath(["m"])])
    }

    @Test func noEventsMeanNoUpdates() {
        #expect(NavigationPlan([]).updates == [])
    }
}
