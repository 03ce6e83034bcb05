import StepTree
import StepTreeTools
import TestSupport
import Testing

extension ThreadSafety {
    /// The simulated UIKit follows the rule on every update, a value edited in place included.
    @MainActor @Suite struct DismissalRuleSimulationTests {
        @Test func theSwipeFollowsTheDraft() async throws {
            let navigator = Navigator(ComposeApp())
            let simulation = Simulation(navigator.root)
            let following = simulation.sequencer.follow(navigator)
            defer { following.cancel() }
            func settle() async {
                await simulation.settle { simulation.sequencer.target == navigator.root }
                await simulation.finish()
            }
            try navigator.select(path: "compose")
            await settle()
            let sheet = try #require(simulation.window.topmostPresented)
            #expect(sheet.isModalInPresentation == false)
            navigator.transaction { $0.compose.value.text = "draft" }
            await settle()
            #expect(sheet.isModalInPresentation == true)
            simulation.window.userSwipesDown()
            await settle()
            #expect(navigator.root.selected.modal == .compose)
            navigator.transaction { $0.compose.value.text = "" }
            await settle()
            #expect(sheet.isModalInPresentation == false)
            simulation.window.userSwipesDown()
            await settle()
            #expect(navigator.root.selected.modal == nil)
            #expect(
                simulation.window.log == [
                    "present /compose", "gesture refused /compose", "gesture dismiss /compose",
                ])
            #expect(simulation.window.matches(HeadlessScreen(navigator.root)))
        }
    }
}
