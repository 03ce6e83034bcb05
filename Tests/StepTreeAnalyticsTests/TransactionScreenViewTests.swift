import Foundation
import StepTree
import StepTreeAnalytics
import StepTreeTools
import TestSupport
import Testing

/// A screen view for each screen that a transaction replaces (SPEC semantics v2), on the
/// shop of the core's `SemanticsV2Tests` (`ShopSteps`, TestSupport).
@Suite struct TransactionScreenViewTests {
    @Test func assignmentInATransactionIsARestoreToo() throws {
        let clock = TestClock()
        let tracker = ScreenTracker(clock: clock)
        let nav = Navigator(ShopSteps())
        try StepsObservation.withObserver(tracker) {
            nav.transaction { $0.select(\.home, \.product, with: ProductSteps(productID: 123)) }
            clock.advance(by: .seconds(3))
            var target = ShopSteps()
            target.select(\.home, \.product, with: ProductSteps(productID: 456))
            let events = nav.transaction { $0 = target }
            #expect(events.map(\.description) == ["pop /home/product", "push /home/product"])
            // The tracker logs the new product as a new screen view, though the path is the same.
            let product = StepPath(["home", "product", "overview"])
            #expect(
                tracker.views.map(\.withoutIdentity) == [
                    ScreenView(
                        screen: product, previous: StepPath(["home", "feed"]),
                        previousDuration: nil,
                        cause: .programmatic),
                    ScreenView(
                        screen: product, previous: product, previousDuration: .seconds(3),
                        cause: .programmatic),
                ])

            let schema = try shopSchema()
            let dynamicNav = Navigator(DynamicSteps(schema: schema))
            try dynamicNav.select(path: "home/product")
            try dynamicNav.transaction { root throws(StepPathError) in
                try root.select(path: "home/product", with: "123")
            }
            var dynamicTarget = DynamicSteps(schema: schema)
            try dynamicTarget.select(path: "home/product", with: "456")
            #expect(
                dynamicNav.transaction { $0 = dynamicTarget }.map(\.description) == [
                    "pop /home/product", "push /home/product",
                ])
        }
    }
}
