import Foundation
import Testing

@testable import StepTree
@testable import StepTreeTools

extension ThreadSafety {
    /// Scenarios that ``SequencerPropertyTests`` once found broken, replayed step by step with
    /// the window they must end with.
    @MainActor @Suite struct SequencerRegressionTests {
        /// The part of seed 188's second schema that its failure went through: a tab `a0` with
        /// a push `c1`, and a push `b0` holding (inline) a push `c2` with a stack `b3`, whose
        /// elements are pushed on the root's stack above `c2`.
        static let seed188JSON = """
            {"children": [
              {"key": "a0", "kind": "tab", "children": [{"key": "c1", "kind": "push"}]},
              {"key": "b0", "kind": "push", "children": [
                {"key": "a1", "kind": "inline", "children": [
                  {"key": "c2", "kind": "push", "children": [
                    {"key": "b3", "kind": "stack", "element": {}}]}]}]}]}
            """

        /// Seed 188: one update pushes `/a0/c1` on the tab's stack, then three elements of
        /// `/b0/a1/c2/b3` on the root's stack. The user swipes back during the first push, which
        /// pops `/b0/a1/c2`, the top of the visible (root) stack, when that push ends. The
        /// elements are inside the screen the user removed, and the model drops them with it;
        /// the driver pushed them anyway, on top of `/b0`, and the sequencer went idle with
        /// three screens on the window that the model no longer had. Selecting `/b0/a1/c2`
        /// again later pushed it above them.
        @Test func aSwipeBackBetweenThePushesOfOneUpdateLeavesNoScreenOfThePoppedOne() async throws
        {
            var start = DynamicSteps(schema: try StepSchema(json: Data(Self.seed188JSON.utf8)))
            try start.select(path: "a0")
            try start.select(path: "b0/a1/c2")
            let navigator = Navigator(start)
            let simulation = Simulation(navigator.root)
            let following = simulation.sequencer.follow(navigator)
            defer { following.cancel() }
            #expect(simulation.window.structure == "window []\nroot / [/b0, /b0/a1/c2]\ntab /a0 []")

            try navigator.transaction { root throws(StepPathError) in
                try root.select(path: "a0/c1")
                try root.setStack(path: "b0/a1/c2/b3", ids: ["u3", "u2", "u4"])
            }
            await simulation.settle { simulation.sequencer.target == navigator.root }
            await simulation.advance(by: .milliseconds(117))
            #expect(simulation.window.log == ["push /a0/c1"])
            #expect(simulation.window.isTransitioning)
            simulation.window.userSwipesBack()  // happens when the push ends
            await simulation.finish()
            #expect(
                simulation.window.log == ["push /a0/c1", "gesture pop /b0/a1/c2"])
            #expect(simulation.window.structure == "window []\nroot / [/b0]\ntab /a0 [/a0/c1]")
            #expect(simulation.window.matches(HeadlessScreen(navigator.root)))
            #expect(simulation.sequencer.applied == navigator.root)

            // The model shows the parent again: it comes back alone, its stack gone with it.
            try navigator.select(path: "b0/a1/c2")
            await simulation.settle { simulation.sequencer.target == navigator.root }
            await simulation.finish()
            #expect(
                simulation.window.structure
                    == "window []\nroot / [/b0, /b0/a1/c2]\ntab /a0 [/a0/c1]")
            #expect(simulation.window.matches(HeadlessScreen(navigator.root)))
            #expect(simulation.window.rejections == [])
        }

        /// Seed 2797, found by checking the window at every idle moment: one update pushes
        /// `/a0/c1` on the tab's stack, then a new element `u2` of the stack `/b0/a1/c2/b3` above
        /// `u1` on the root's stack. The user swipes back during the first push, which pops
        /// `u1`; removing an element removes the ones above it, so the model has neither, but
        /// the driver pushed `u2` anyway and the sequencer went idle with it on the window.
        @Test func aSwipeBackBetweenThePushesOfOneUpdateLeavesNoScreenAboveThePoppedOne()
            async throws
        {
            var start = DynamicSteps(schema: try StepSchema(json: Data(Self.seed188JSON.utf8)))
            try start.select(path: "a0")
            try start.setStack(path: "b0/a1/c2/b3", ids: ["u1"])
            let navigator = Navigator(start)
            let simulation = Simulation(navigator.root)
            let following = simulation.sequencer.follow(navigator)
            defer { following.cancel() }
            #expect(
                simulation.window.structure
                    == "window []\nroot / [/b0, /b0/a1/c2, /b0/a1/c2/b3/u1]\ntab /a0 []")

            try navigator.transaction { root throws(StepPathError) in
                try root.select(path: "a0/c1")
                try root.setStack(path: "b0/a1/c2/b3", ids: ["u1", "u2"])
            }
            await simulation.settle { simulation.sequencer.target == navigator.root }
            await simulation.advance(by: .milliseconds(100))
            simulation.window.userSwipesBack()  // happens when the push ends
            await simulation.finish()
            #expect(simulation.window.log == ["push /a0/c1", "gesture pop /b0/a1/c2/b3/u1"])
            #expect(
                simulation.window.structure
                    == "window []\nroot / [/b0, /b0/a1/c2]\ntab /a0 [/a0/c1]")
            #expect(simulation.window.matches(HeadlessScreen(navigator.root)))
            #expect(simulation.sequencer.applied == navigator.root)
            #expect(simulation.window.rejections == [])
        }
    }
}
