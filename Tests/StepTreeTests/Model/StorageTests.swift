import ExampleSteps
import Foundation
import Testing

@testable import StepTree

/// The compact storage of steps: one pointer per step, one shared box for every leaf with no
/// payload until it is renewed, and renewal histories that do not depend on how they are stored.
@Suite struct StorageTests {
    @Test func aStepIsOnePointer() {
        #expect(MemoryLayout<Step<EmptyStep>>.size == MemoryLayout<Int>.size)
        #expect(MemoryLayout<Step<ProfileSteps>>.size == MemoryLayout<Int>.size)
    }

    @Test func leavesWithNoPayloadShareOneBox() {
        let steps = AppSteps()
        #expect(steps.home.storage === steps.login.value.form.storage)
        #expect(steps.home.storage === Step().storage)
    }

    /// Renewing a shared leaf gives it a box of its own; its twins keep the initial history.
    @Test func aRenewalLeavesTheSharedBoxAlone() {
        var steps = AppSteps()
        steps.select(\.login, \.signUp, fresh: true)
        #expect(steps.login.signUp.storage !== steps.home.storage)
        #expect(steps.login.signUp.renewal != .initial)
        #expect(steps.home.renewal == .initial)
        #expect(Step().renewal == .initial)
        #expect(AppSteps().login.signUp == Step())
    }

    /// A copy that is renewed does not renew the original (they shared a box).
    @Test func aRenewedCopyKeepsTheOriginal() {
        let original = AppSteps()
        var copy = original
        copy.select(\.explore, with: ExploreData(query: "swift"))
        #expect(original.explore.renewal == .initial)
        #expect(original.explore.query == "")
        #expect(copy.explore.renewal != .initial)
        #expect(copy.explore.query == "swift")
    }

    /// A plain `select(path:)` on a leaf does not copy its shared box.
    @Test func selectingALeafByPathKeepsItShared() throws {
        var steps = AppSteps()
        try steps.select(path: "profile/detail/dark")
        #expect(steps.profile.detail.value.dark.storage === steps.home.storage)
        try steps.show(path: "profile/detail/dark")
        #expect(steps.profile.detail.value.dark.storage === steps.home.storage)
    }
}
