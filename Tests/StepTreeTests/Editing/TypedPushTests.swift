import StepTree
import TestSupport
import Testing

/// Destinations whose list leaves `hidden` out.
enum PartialDestination: StepDestination {
    case shown(StatusScreen)
    case hidden

    static let destinations: [StepDestinationCase<Self>] = [.init(Self.shown)]
}

/// A screen with three stacks, each of another element type.
struct ThreeStacks: StepsCollection {
    enum Key: String, StepKey { case timeline, path, accounts, partial }
    var selected = StepSelection<Key>(.timeline)
    var timeline = Step()
    var path = Step(StepStack<Destination>())
    var accounts = Step(StepStack<AccountScreen>())
    var partial = Step(StepStack<PartialDestination>())
    static let steps = StepTable<Self>(
        .inline(.timeline, \.timeline), .stack(.path, \.path), .stack(.accounts, \.accounts),
        .stack(.partial, \.partial))
}

/// `push(_:)` finds the stack of its element's type and builds the element once, for that stack.
@Suite struct TypedPushTests {
    @Test func eachElementGoesOntoTheStackOfItsType() throws {
        var root = ThreeStacks()
        var account = AccountScreen()
        account.name = "ann"
        #expect(try root.push(account) == StepPath(["accounts", "1"]))
        #expect(root.accounts.value.elements == [account])
        // The accounts stack is selected now, and comes first: it does not take a destination.
        // Selecting the other stack, in the same push layer, puts this one back as it started.
        #expect(try root.push(Destination.about) == StepPath(["path", "1"]))
        #expect(root.accounts.value.ids == [])
        #expect(root.path.value.elements == [.about])
        #expect(root.partial.value.ids == [])
        #expect(root.visibleScreen == StepPath(["path", "1", "about"]))
    }

    @Test func aDestinationItsListLeavesOutIsRefusedEverywhere() throws {
        var root = ThreeStacks()
        let before = root
        #expect(
            throws: StepPathError.noStack(of: "PartialDestination", near: StepPath(["timeline"]))
        ) {
            try root.push(PartialDestination.hidden)
        }
        #expect(
            throws: StepPathError.valueMismatch("PartialDestination", at: StepPath(["partial"]))
        ) {
            try root.push(PartialDestination.hidden, onto: "partial")
        }
        #expect(root == before)
        var screen = StatusScreen()
        screen.id = 7
        #expect(try root.push(PartialDestination.shown(screen)) == StepPath(["partial", "1"]))
        #expect(root.partial.value.elements == [.shown(screen)])
    }

    @Test func anExplicitStackMustHoldTheElementsType() throws {
        var root = ThreeStacks()
        let before = root
        #expect(throws: StepPathError.valueMismatch("Destination", at: StepPath(["accounts"]))) {
            try root.push(Destination.about, onto: "accounts")
        }
        #expect(throws: StepPathError.notAStack(StepPath(["timeline"]))) {
            try root.push(Destination.about, onto: "timeline")
        }
        #expect(throws: StepPathError.unknownStep("nowhere", in: .root)) {
            try root.push(Destination.about, onto: "nowhere")
        }
        #expect(root == before)
        #expect(try root.push(Destination.about, id: "a", onto: "path") == StepPath(["path", "a"]))
        #expect(root.path.value.ids == ["a"])
    }

    @Test func aPathEndingAtAStackPushesItsValueBuiltOnce() throws {
        var root = ThreeStacks()
        var account = AccountScreen()
        account.name = "bob"
        #expect(try root.push(path: "accounts", with: account) == StepPath(["accounts", "1"]))
        #expect(root.accounts.value.elements == [account])
        #expect(
            throws: StepPathError.valueMismatch("PartialDestination", at: StepPath(["partial"]))
        ) {
            try root.push(path: "partial", with: PartialDestination.hidden)
        }
        #expect(root.partial.value.ids == [])
    }
}
