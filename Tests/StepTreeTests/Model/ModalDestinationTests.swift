import Foundation
import TestSupport
import Testing

@testable import StepTree

@Suite struct ModalDestinationTests {
    static func events<Root: StepNode>(_ old: Root, _ new: Root) -> [String] {
        NavigationDiff.events(from: old, to: new).map(\.description)
    }

    @Test func aModalDestinationIsPresentedAtItsCaseName() throws {
        var steps = ModalAppSteps()
        let old = steps
        steps.select(\.sheet, with: StepModal(.report("spam")))
        #expect(Self.events(old, steps) == ["present /sheet sheet"])
        #expect(steps.visibleScreen == StepPath(["sheet", "report"]))
        #expect(steps.sheet.value.destination == .report("spam"))
        #expect(steps.sheet.value.name == "report")
        #expect(steps.modal(at: .root)?.frame.value(as: AppSheet.self) == .report("spam"))
    }

    @Test func aPathOpensACaseFromItsDefault() throws {
        var steps = ModalAppSteps()
        try steps.select(path: "sheet/compose/drafts")
        #expect(steps.visibleScreen == StepPath(["sheet", "compose", "drafts"]))
        #expect(
            steps.sheet.value.destination
                == .compose(ModalComposeScreen(selected: .init(.editor, push: .drafts))))
        try steps.select(path: "sheet/report", with: "abuse")
        #expect(steps.sheet.value.destination == .report("abuse"))
    }

    /// SwiftUI's `.sheet(item:)` dismisses the sheet and presents the new item; so does the
    /// diff, whether the new case comes by value or by path.
    @Test(arguments: ["value", "path"])
    func openingAnotherCaseWhileOneIsUpDismissesThenPresents(_ how: String) throws {
        var steps = ModalAppSteps()
        steps.select(\.sheet, with: StepModal(.compose(ModalComposeScreen())))
        let old = steps
        if how == "value" {
            steps.select(\.sheet, with: StepModal(.settings))
        } else {
            try steps.select(path: "sheet/settings")
        }
        #expect(Self.events(old, steps) == ["dismiss /sheet sheet", "present /sheet sheet"])
        #expect(steps.visibleScreen == StepPath(["sheet", "settings"]))
    }

    @Test func aChangeInsideTheShownCaseKeepsTheSheet() throws {
        var steps = ModalAppSteps()
        steps.select(\.sheet, with: StepModal(.compose(ModalComposeScreen())))
        var old = steps
        try steps.select(path: "sheet/compose/drafts")
        #expect(Self.events(old, steps) == ["push /sheet/compose/drafts"])
        old = steps
        try steps.select(path: "sheet/compose")
        #expect(Self.events(old, steps) == [])
    }

    @Test func aSavedCaseTheEnumNoLongerListsIsADecodingError() throws {
        let text = #"{"value": {"poll": 0}}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Step<StepModal<AppSheet>>.self, from: Data(text.utf8))
        }
    }

    @Test func theDestinationBindingIsWhatSheetItemTakes() throws {
        let navigator = Navigator(ModalAppSteps())
        let sheet = navigator.destinationBinding(at: "sheet", as: AppSheet.self)
        #expect(sheet.get() == nil)
        sheet.set(.report("spam"))
        #expect(navigator.root.visibleScreen == StepPath(["sheet", "report"]))
        #expect(sheet.get() == .report("spam"))
        let old = navigator.root
        sheet.set(nil)
        #expect(sheet.get() == nil)
        #expect(ModalDestinationTests.events(old, navigator.root) == ["dismiss /sheet sheet"])
    }

    @Test func theBindingCannotSwipeAwayACoverNoGestureMayRemove() throws {
        let navigator = Navigator(ModalAppSteps())
        let gate = navigator.destinationBinding(at: "gate", as: AppSheet.self)
        gate.set(.settings)
        #expect(gate.get() == .settings)
        gate.set(nil)
        #expect(gate.get() == .settings)
        #expect(navigator.root.visibleScreen == StepPath(["gate", "settings"]))
    }

    @Test func theSheetBindingDoesNotDismissAnotherModal() throws {
        let navigator = Navigator(ModalAppSteps())
        let sheet = navigator.destinationBinding(at: "sheet", as: AppSheet.self)
        #expect(sheet.get() == nil)
        try navigator.select(path: "gate/settings")
        sheet.set(nil)
        #expect(navigator.root.visibleScreen == StepPath(["gate", "settings"]))
    }
}

@Suite struct PlainDataDestinationTests {
    @Test func aCaseHoldsPlainDataWithNoWrapper() throws {
        var steps = ModalAppSteps()
        let old = steps
        let frame = try steps.push(PlainDestination.hashtag("swift"))
        #expect(frame.description == "/path/1")
        try steps.push(PlainDestination.account(user: "ann"))
        try steps.push(PlainDestination.count(3))
        #expect(steps.path.value.elements == [.hashtag("swift"), .account(user: "ann"), .count(3)])
        #expect(
            ModalDestinationTests.events(old, steps)
                == ["push /path/1", "push /path/2", "push /path/3"])
        #expect(steps.visibleScreen == StepPath(["path", "3", "count"]))
        let frames = steps.frames(in: .root)
        #expect(
            frames.map { $0.value(as: PlainDestination.self) } == [
                .hashtag("swift"), .account(user: "ann"), .count(3),
            ])
    }

    @Test func aPathPushStartsFromTheDefaultAndAValueFillsIt() throws {
        var steps = ModalAppSteps()
        try steps.push(path: "path/hashtag")
        try steps.select(path: "path/1/account", with: "bob")
        #expect(steps.path.value.elements == [.account(user: "bob")])
        try steps.push(path: "path/count")
        #expect(steps.path.value.elements == [.account(user: "bob"), .count(0)])
        #expect(throws: StepPathError.self) {
            try steps.select(path: "path/2/count", with: "not a number")
        }
        #expect(steps.path.value.elements == [.account(user: "bob"), .count(0)])
    }

    @Test func plainDataHasNoStepsBelowIt() throws {
        var steps = ModalAppSteps()
        try steps.push(PlainDestination.hashtag("swift"))
        #expect(throws: StepPathError.unknownStep("x", in: StepPath(["path", "1", "hashtag"]))) {
            try steps.select(path: "path/1/hashtag/x")
        }
    }

    @Test func plainDataRoundTrips() throws {
        var steps = ModalAppSteps()
        try steps.push(PlainDestination.hashtag("swift"))
        try steps.push(PlainDestination.count(7))
        let data = try JSONEncoder().encode(steps)
        #expect(try JSONDecoder().decode(ModalAppSteps.self, from: data) == steps)
    }

    @Test func aModalShowsPlainData() throws {
        var steps = ModalAppSteps()
        steps.select(\.sheet, with: StepModal(.report("spam")))
        let modal = try #require(steps.modal(at: .root))
        #expect(modal.frame.value(as: AppSheet.self) == .report("spam"))
        #expect(modal.frame.value(as: StepModal<AppSheet>.self)?.destination == .report("spam"))
    }

    /// `NavigationLink(value:)` with plain data: the frames binding pushes it and reads it back.
    @Test func theFramesBindingPushesPlainData() throws {
        let navigator = Navigator(ModalAppSteps())
        let frames = navigator.framesBinding()
        frames.set(frames.get() + [ScreenFrame.push(PlainDestination.hashtag("swift"))])
        frames.set(frames.get() + [ScreenFrame.push(PlainDestination.count(2))])
        #expect(navigator.root.path.value.elements == [.hashtag("swift"), .count(2)])
        #expect(
            frames.get().map { $0.value(as: PlainDestination.self) } == [
                .hashtag("swift"), .count(2),
            ])
        frames.set(Array(frames.get().prefix(1)))  // the user goes back
        #expect(navigator.root.path.value.elements == [.hashtag("swift")])
    }
}

@Suite struct SchemaModalDestinationTests {
    /// The hand-written modal destination and its schema twin give the same events.
    @Test func aSchemaDeclaresAModalDestination() throws {
        let schema = try StepSchema(json: Data(ModalDestinationSchema.json.utf8))
        var dynamic = DynamicSteps(schema: schema)
        var typed = ModalAppSteps()
        var log: [[String]] = []
        for path in ["sheet/compose/drafts", "sheet/settings", "sheet/settings", "home", "sheet"] {
            let (oldDynamic, oldTyped) = (dynamic, typed)
            try dynamic.select(path: StepPath(parsing: path))
            try typed.select(path: StepPath(parsing: path))
            let events = ModalDestinationTests.events(oldTyped, typed)
            #expect(ModalDestinationTests.events(oldDynamic, dynamic) == events)
            log.append(events)
        }
        #expect(
            log == [
                ["present /sheet sheet"], ["dismiss /sheet sheet", "present /sheet sheet"], [], [],
                [],
            ])
    }

    @Test func destinationsAreOnlyForAnElementOrAPresentStep() {
        let json = #"{"children": [{"key": "a", "kind": "push", "destinations": [{"key": "b"}]}]}"#
        #expect(
            throws: StepSchemaError(
                path: "/a",
                problem: "'destinations' is only for a stack's element or a present step")
        ) {
            try StepSchema(json: Data(json.utf8))
        }
    }
}
