import ExampleSteps
import Foundation
import StepTree
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

    @Test func noEventsMeanNoUpdates() {
        #expect(NavigationPlan([]).updates == [])
    }
}
