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
        steps.renew(\.login, \.signUp)
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

    /// A deep link on a copy of a tree (the root edited in place, its boxes shared with the
    /// original) copies exactly the boxes along its path: the original keeps its state, and
    /// the boxes off the path stay shared.
    @Test func aDeepLinkOnACopyCopiesOnlyItsPath() throws {
        var original = AppSteps()
        try original.select(path: "profile/detail/light")
        var copy = original
        try copy.select(path: "profile/detail/dark")
        #expect(original.profile.detail.value.selected.content == .light)
        #expect(copy.profile.detail.value.selected.content == .dark)
        #expect(copy.profile.storage !== original.profile.storage)
        #expect(copy.profile.detail.storage !== original.profile.detail.storage)
        #expect(copy.explore.storage === original.explore.storage)
        #expect(copy.login.storage === original.login.storage)
        #expect(copy.profile.friends.storage === original.profile.friends.storage)
        // Shown again on the copy: its boxes are its own now, and are edited in place (the box
        // is known by its identity only: a reference held here would make it shared).
        let detail = ObjectIdentifier(copy.profile.detail.storage)
        try copy.show(path: "profile/detail/light")
        #expect(ObjectIdentifier(copy.profile.detail.storage) == detail)
        #expect(original.profile.detail.value.selected.content == .light)
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
