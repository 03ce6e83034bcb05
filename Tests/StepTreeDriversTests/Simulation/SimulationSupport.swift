import Foundation
import TestSupport
import Testing

@testable import StepTree
@testable import StepTreeDrivers
@testable import StepTreeTools

/// Trees and helpers for the simulated UIKit's tests.
enum SimulationTrees {
    /// A tab with three nested modals (two sheets and a cover) and a tab with a push.
    static let modalsJSON = """
        {"initial": "home", "children": [
          {"key": "home", "kind": "tab", "children": [
            {"key": "list", "kind": "push"},
            {"key": "a", "kind": "present", "children": [
              {"key": "b", "kind": "present", "children": [
                {"key": "c", "kind": "present", "style": "cover"}]}]}]},
          {"key": "inbox", "kind": "tab", "children": [{"key": "thread", "kind": "push"}]}]}
        """

    static func modals() throws -> DynamicSteps {
        DynamicSteps(schema: try StepSchema(json: Data(modalsJSON.utf8)))
    }
}

extension SimulatedWindow {
    /// The window's containers in ``HeadlessScreen``'s form, to compare with a state's screen.
    func matches(_ screen: HeadlessScreen) -> Bool {
        structure == screen.description.split(separator: "\n").dropFirst().joined(separator: "\n")
    }
}

/// A sequencer over a fresh simulated UIKit driver on a test clock.
@MainActor
struct Simulation<Root: StepNode> {
    let clock = TestClock()
    let sequencer: NavigationSequencer<SimulatedUIKitDriver<Root>>

    init(_ state: Root, coalescing: NavigationPlan.Coalescing = .dismissals) {
        let driver = SimulatedUIKitDriver(showing: state, clock: clock)
        driver.coalescing = coalescing
        sequencer = NavigationSequencer(driver: driver, showing: state)
        driver.onUserRemoved = { [weak sequencer] path, identity in
            sequencer?.userDidRemove(path: path, identity: identity)
        }
    }

    var driver: SimulatedUIKitDriver<Root> { sequencer.driver }
    var window: SimulatedWindow { sequencer.driver.window }

    /// Waits until the simulation has nothing left to do at this instant: an animation sleeps
    /// on the clock, or the sequencer is idle, and `condition` holds. The woken tasks hop
    /// through the global executor, so this yields as long as it takes rather than a fixed
    /// number of times.
    func settle(until condition: () -> Bool = { true }) async {
        for _ in 0..<1_000_000 {
            if condition(), clock.sleepers > 0 || (sequencer.isIdle && !window.isTransitioning) {
                return
            }
            await Task.yield()
        }
        Issue.record("the simulation did not settle")
    }

    /// Lets the main actor's ready jobs run (the woken animations, the sequencer after them).
    static func letTasksRun() async {
        for _ in 0..<30 { await Task.yield() }
    }

    /// Moves the clock forward by `duration`, waking each animation that ends and letting the
    /// sequencer go on before the next.
    func advance(by duration: Duration) async {
        await settle()
        let end = clock.now.advanced(by: duration)
        while clock.advance(toNextDeadlineNotAfter: end) { await settle() }
        clock.advance(to: end)
    }

    /// Advances the clock in steps of `step` until the sequencer is idle (at most a minute).
    func finish(step: Duration = .milliseconds(50)) async {
        await settle()
        for _ in 0..<1200 where !sequencer.isIdle {
            await advance(by: step)
        }
    }
}
