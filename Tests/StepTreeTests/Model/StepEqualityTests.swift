import ExampleSteps
import Foundation
import StepTree
import Testing

/// A step's `==` reads its box and renewal history where the step stores them: histories made
/// apart, decoded ones and the initial one compare as their fingerprints do.
@Suite struct StepEqualityTests {
    @Test func historiesMadeApartCompareByFingerprint() {
        var first = AppSteps()
        first.renew(\.home)
        var second = AppSteps()
        second.renew(\.home)
        #expect(first == second)
        second.renew(\.home)
        #expect(first != second)
        #expect(second != first)
    }

    @Test func theInitialHistoryEqualsNoRenewedOne() {
        var renewed = AppSteps()
        renewed.renew(\.home)
        #expect(AppSteps() != renewed)
        #expect(renewed != AppSteps())
        #expect(AppSteps() == AppSteps())
    }

    @Test func aDecodedHistoryEqualsTheOneItWasEncodedFrom() throws {
        var renewed = AppSteps()
        renewed.renew(\.home)
        renewed.renew(\.home)
        let decoded = try JSONDecoder().decode(
            AppSteps.self, from: try JSONEncoder().encode(renewed))
        #expect(decoded == renewed)
        #expect(renewed == decoded)
        var longer = renewed
        longer.renew(\.home)
        #expect(decoded != longer)
        #expect(longer != decoded)
    }
}
