import Foundation
import StepTree
import StepTreeDeepLinks
import TestSupport
import Testing

/// What a route tells the observer of the task that routes it: the core's global observer
/// suite checks the same reports of edits made outside a router.
@Suite struct DeepLinkRouterObservationTests {
    /// A router handler that selects and then throws leaves the value unchanged, and so must
    /// tell no one; a handler that succeeds reports its selections once it has.
    @Test func aRefusedRouteTellsNoOne() throws {
        struct Refusal: Error {}
        var router = DeepLinkRouter<ObservedRoot>(fallbackToPath: false)
        try router.register("refused") { root, _ in
            root.select(\.account, \.edit)
            throw Refusal()
        }
        try router.register("accepted") { root, _ in root.select(\.account, \.edit) }
        let log = SelectionLog()
        var steps = ObservedRoot()
        let refused = try #require(URL(string: "app://refused"))
        let accepted = try #require(URL(string: "app://accepted"))
        _ = StepsObservation.withObserver(log) {
            #expect(throws: Refusal.self) {
                try router.route(refused, in: &steps)
            }
        }
        #expect(log.lines == [])
        #expect(steps == ObservedRoot())
        try StepsObservation.withObserver(log) { try router.route(accepted, in: &steps) }
        #expect(
            log.lines == [
                "ObservedRoot / content: feed -> account value ObservedAccount",
                "ObservedAccount /account push: - -> edit value ObservedForm",
            ])
    }
}
