import StepTree
import TestSupport
import Testing

/// A recording sheet the user must not swipe away, over a pushed list with its own sheet.
struct RecorderSteps: StepsCollection {
    enum Key: String, StepKey { case list, record, help, detail }
    var selected = StepSelection<Key>(.list)
    var list = Step()
    var record = Step()
    var help = Step()
    var detail = Step(DetailSteps())
    static let steps = StepTable<Self>(
        .inline(.list, \.list), .present(.record, \.record, style: .cover, userDismissible: false),
        .present(.help, \.help), .push(.detail, \.detail))
}

@Suite struct UserDismissibleTests {
    @Test func aGestureCannotDismissAModalDeclaredSo() throws {
        let navigator = Navigator(RecorderSteps())
        try navigator.select(path: "record")
        let before = navigator.root
        #expect(throws: StepPathError.notUserDismissible(StepPath(["record"]))) {
            try navigator.userDidRemove(path: "record")
        }
        #expect(navigator.root == before)
        // The app dismisses it itself.
        try navigator.deselect(path: "record")
        #expect(navigator.root.selected.modal == nil)
    }

    @Test func otherModalsStillGoByGesture() throws {
        let navigator = Navigator(RecorderSteps())
        try navigator.select(path: "help")
        let events = try navigator.transaction(.appliedGesture) { try $0.close(path: "help") }
        #expect(events.map(\.description) == ["dismiss /help sheet"])
    }

    @Test func aGestureCannotTakeAwayAModalNestedInWhatItRemoves() throws {
        let navigator = Navigator(RecorderSteps())
        try navigator.select(path: "detail/record")
        #expect(throws: StepPathError.notUserDismissible(StepPath(["detail", "record"]))) {
            try navigator.userDidRemove(path: "detail")
        }
        #expect(navigator.root.isSelected(path: "detail/record"))
    }

    @Test func theModalBindingRefusesToDismissIt() throws {
        let navigator = Navigator(RecorderSteps())
        try navigator.select(path: "record")
        let binding = navigator.modalBinding()
        let modal = try #require(binding.get())
        #expect(!modal.isUserDismissible)
        binding.set(nil)
        #expect(navigator.root.selected.modal == .record)
    }
}
