import Foundation
import TestSupport
import Testing

@testable import StepTree

/// A presented flow: an inline page showing a payload, a destination stack over it, and a
/// pushed detail that takes the stack's place in the push layer.
struct FlowSteps: StepsCollection {
    enum Key: String, StepKey { case page, path, detail }
    var selected = StepSelection<Key>(.page)
    var page = Step(Note())
    var path = Step(StepStack<Destination>())
    var detail = Step(Note())
    static let steps = StepTable<Self>(
        .inline(.page, \.page), .stack(.path, \.path), .push(.detail, \.detail))
}

/// A root that presents the flow, and keeps a stack of its own.
struct FlowHost: StepsCollection {
    enum Key: String, StepKey { case main, flow, path }
    var selected = StepSelection<Key>(.main)
    var main = Step()
    var flow = Step(FlowSteps())
    var path = Step(StepStack<Destination>())
    static let steps = StepTable<Self>(
        .inline(.main, \.main), .present(.flow, \.flow, style: .sheet), .stack(.path, \.path))
}

/// A stack's identity over its whole life: a screen pushed after the stack was emptied, in any
/// way, is never taken for one it held before, and a frame names only its own element.
@Suite struct StackIdentityTests {
    static func events<Root: StepNode>(from old: Root, to new: Root) -> [String] {
        NavigationDiff.events(from: old, to: new).map(\.description)
    }

    /// The issue's link handler: one change shows the page with another payload, which empties
    /// the stack over it, and pushes the same destination again.
    @Test func aStackEmptiedByAShowMintsANewScreenInTheSameChange() throws {
        var host = FlowHost()
        try host.show(path: "flow/page", with: Note("A"))
        try host.push(path: "flow/path/about")
        #expect(host.flow.path.ids == ["1"])
        let old = host
        try host.show(path: "flow/page", with: Note("B"))
        try host.push(path: "flow/path/about")
        #expect(host.flow.path.ids == ["2"])
        #expect(
            Self.events(from: old, to: host) == [
                "pop /flow/path/1", "replace /flow/page", "push /flow/path/2",
            ])
    }

    /// Every way the engine empties a stack keeps its counter: the next push is another screen.
    @Test(arguments: [
        "show page", "select sibling", "dismiss flow", "close frame", "set ids", "pop to root",
        "restore",
    ])
    func aStackEmptiedInAnyWayNeverMintsAnIdItsScreensHad(_ reset: String) throws {
        var host = FlowHost()
        try host.select(path: "flow/page")
        let first = try host.push(Destination.about, onto: "flow/path")
        #expect(first == "/flow/path/1")
        let old = host
        switch reset {
        case "show page": try host.show(path: "flow/page")
        case "select sibling": try host.select(path: "flow/detail", with: Note("x"))
        case "dismiss flow": try host.deselect(path: "flow")
        case "close frame":
            let frame = try #require(host.frames(in: "/flow").last)
            let closed = host.close(frame)
            #expect(closed)
        case "set ids": try host.setStack(path: "flow/path", ids: [])
        case "restore": host.restore(FlowHost())
        default: host.flow.path.value.popToRoot()
        }
        try host.select(path: "flow/page")
        let again = try host.push(Destination.about, onto: "flow/path")
        #expect(again == "/flow/path/2")
        #expect(Self.events(from: old, to: host).contains("push /flow/path/2"))
        #expect(Self.events(from: old, to: host).contains("pop /flow/path/1"))
    }

    /// A frame read before its element was popped does not close the element pushed after it
    /// with the same id.
    @Test func aStaleFrameDoesNotCloseANewElementWithItsID() throws {
        var host = FlowHost()
        try host.push(Destination.about, id: "a", onto: "path")
        let stale = try #require(host.frames(in: "/").last)
        #expect(stale.path == "/path/a")
        host.path.value.pop()
        try host.push(Self.status(7), id: "a", onto: "path")
        let before = host
        let closedStale = host.close(stale)
        #expect(!closedStale)
        #expect(host == before)
        let fresh = try #require(host.frames(in: "/").last)
        #expect(fresh.identity != stale.identity)
        let closedFresh = host.close(fresh)
        #expect(closedFresh)
        #expect(host.path.ids.isEmpty)
    }

    /// Popped and pushed again with one id in one change, an element is another screen.
    @Test func anIDPushedAgainInOneChangeIsAPopAndAPush() throws {
        var stack = StepStack<Destination>()
        try stack.push(.about, id: "a")
        var host = FlowHost()
        host.path = Step(stack)
        try host.select(path: "path")
        let old = host
        host.path.value.pop()
        try host.path.value.push(.about, id: "a")
        #expect(Self.events(from: old, to: host) == ["pop /path/a", "push /path/a"])
    }

    /// A stack whose counter reached its last number refuses to push, by id or minted.
    @Test func aSaturatedCounterIsATypedError() throws {
        let saved = #"{"elements": [], "next": \#(Int64.max)}"#
        var stack = try JSONDecoder().decode(StepStack<Destination>.self, from: Data(saved.utf8))
        #expect(throws: StepPathError.duplicateElementID("9223372036854775807", in: nil)) {
            try stack.push(.about)
        }
        #expect(throws: StepPathError.duplicateElementID("9223372036854775807", in: nil)) {
            try stack.push(.about, id: "a")
        }
        var host = FlowHost()
        host.path = Step(stack)
        let before = host
        #expect(throws: StepPathError.duplicateElementID("9223372036854775807", in: "path")) {
            try host.push(path: "path/about")
        }
        #expect(host == before)
    }

    /// The last number is still taken once: the push before it works.
    @Test func theCounterTakesItsLastNumber() throws {
        let saved = #"{"elements": [], "next": \#(Int64.max - 1)}"#
        var stack = try JSONDecoder().decode(StepStack<Destination>.self, from: Data(saved.utf8))
        #expect(try stack.push(.about) == String(Int64.max - 1))
        #expect(throws: StepPathError.duplicateElementID("9223372036854775807", in: nil)) {
            try stack.push(.about)
        }
    }

    /// A push by path to an element the stack holds throws, as a duplicate id.
    @Test func pushingAPathToAnElementThatIsThereThrows() throws {
        var host = FlowHost()
        try host.push(path: "path/about")
        let before = host
        #expect(throws: StepPathError.duplicateElementID("1", in: "path")) {
            try host.push(path: "path/1")
        }
        #expect(host == before)
    }

    /// An id that is a destination's name would read as the destination in a path: refused.
    @Test func anIDThatIsADestinationsNameIsRefused() throws {
        var host = FlowHost()
        let before = host
        #expect(throws: StepPathError.invalidElementID("status", in: "path")) {
            try host.push(Destination.about, id: "status", onto: "path")
        }
        #expect(throws: StepPathError.invalidElementID("status", in: "path")) {
            try host.push(path: "path", id: "status", with: Destination.about)
        }
        #expect(host == before)
        var stack = StepStack<Destination>()
        #expect(throws: StepPathError.invalidElementID("about", in: nil)) {
            try stack.push(.about, id: "about")
        }
        try host.push(Destination.about, id: "carl", onto: "path")
        #expect(try host.push(path: "path/status", with: StatusScreen()) == "/path/2")
    }

    static func status(_ id: Int) -> Destination {
        var screen = StatusScreen()
        screen.id = id
        return .status(screen)
    }
}
