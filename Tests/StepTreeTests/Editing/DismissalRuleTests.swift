import Observation
import TestSupport
import Testing

@testable import StepTree

/// Counts the changes an observer is told of.
private final class Changes: StepsObserver {
    private let told = Mutex(0)
    var count: Int { told.withLock { $0 } }
    func didChange(_ change: NavigationChange<any StepNode>) { told.withLock { $0 += 1 } }
}

/// `.present(…, userDismissible: { … })`: whether a gesture may remove the modal follows its
/// current value, everywhere the `Bool` form is read.
@Suite struct DismissalRuleTests {
    static func composing(_ text: String) throws -> Navigator<ComposeApp> {
        let navigator = Navigator(ComposeApp())
        try navigator.select(path: "compose")
        navigator.transaction { $0.compose.value.text = text }
        return navigator
    }

    @Test func aGestureRemovesTheSheetOnlyWhileTheRuleHolds() throws {
        let navigator = try Self.composing("half a thought")
        let before = navigator.root
        let changes = Changes()
        try StepsObservation.withObserver(changes) { () throws in
            #expect(throws: StepPathError.notUserDismissible("/compose")) {
                try navigator.userDidRemove(path: "compose")
            }
            navigator.modalBinding().set(nil)  // a swipe the adapter should have disabled
            #expect(changes.count == 0)
            #expect(navigator.root == before)
            navigator.transaction { $0.compose.value.text = "" }
            try navigator.userDidRemove(path: "compose")
        }
        #expect(changes.count == 2)
        #expect(navigator.root.selected.modal == nil)
    }

    @Test func theModalSaysWhatTheRuleSaysOfTheCurrentValue() throws {
        let navigator = try Self.composing("")
        #expect(navigator.modal()?.isUserDismissible == true)
        navigator.transaction { $0.compose.value.text = "a" }
        #expect(navigator.modal()?.isUserDismissible == false)
        // The Bool form still works.
        try navigator.select(path: "login")
        #expect(navigator.modal()?.isUserDismissible == false)
        #expect(navigator.modal()?.style == .cover)
    }

    @Test func aViewReadingTheModalIsToldWhenTheRuleFlips() throws {
        let navigator = try Self.composing("")
        let told = Mutex(0)
        withObservationTracking {
            _ = navigator.modal()
        } onChange: {
            told.withLock { $0 += 1 }
        }
        navigator.transaction { $0.compose.value.text = "a" }
        #expect(told.withLock { $0 } == 1)
        // A value change that leaves the rule's answer as it was tells no one.
        withObservationTracking {
            _ = navigator.modal()
        } onChange: {
            told.withLock { $0 += 1 }
        }
        navigator.transaction { $0.compose.value.text = "ab" }
        #expect(told.withLock { $0 } == 1)
    }
}
