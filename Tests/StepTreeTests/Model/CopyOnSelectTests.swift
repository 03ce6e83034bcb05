import ExampleSteps
import Testing

@testable import StepTree

/// A node with a stored property besides its steps: its value is not copied as its bytes.
private struct NotedNode: StepsCollection {
    enum Key: String, StepKey { case theme, other }
    var selected = StepSelection<Key>(.other)
    var note = "kept"
    var theme = Step(ThemeSteps())
    var other = Step()
    static let steps = StepTable<Self>(.inline(.theme, \.theme), .inline(.other, \.other))
    init() {}
}

/// The root of a path through `NotedNode`.
private struct NotedRoot: StepsCollection {
    enum Key: String, StepKey { case noted }
    var selected = StepSelection<Key>(.noted)
    var noted = Step(NotedNode())
    static let steps = StepTable<Self>(.tab(.noted, \.noted))
    init() {}
}

/// A level of a four-step path, pure: its `inner` leads on to `Level`.
private struct Outer<Level: StepsCollection>: StepsCollection {
    enum Key: String, StepKey { case inner, other }
    var selected = StepSelection<Key>(.other)
    var inner = Step(Level())
    var other = Step()
    static var steps: StepTable<Self> {
        StepTable(.inline(.inner, \.inner), .inline(.other, \.other))
    }
    init() {}
}

/// A deep select on a copy of a shared tree copies each box on its path once, the next one
/// given its own copy at once (see `StepNodeStorage.copyNode(descendingTo:)`), and leaves the
/// shared tree and every box off the path as they were.
@Suite struct CopyOnSelectTests {
    @Test func aDeepSelectOnACopyLeavesTheSharedTreeAndSharesWhatItDoesNotChange() {
        var shared = AppSteps()
        shared.select(\.profile, \.detail, \.dark)
        let before = shared
        var copy = shared
        copy.select(\.profile, \.detail, \.light)
        #expect(shared == before)
        #expect(shared.profile.detail.selected.content == .dark)
        #expect(copy.profile.detail.selected.content == .light)
        var direct = AppSteps()
        direct.select(\.profile, \.detail, \.light)
        #expect(copy == direct)
        // The path's boxes are new; the steps off it still share their boxes.
        #expect(copy.profile.box !== shared.profile.box)
        #expect(copy.profile.detail.box !== shared.profile.detail.box)
        #expect(copy.explore.box === shared.explore.box)
        #expect(copy.profile.friends.box === shared.profile.friends.box)
        #expect(copy.profile.detail.dark.box === shared.profile.detail.dark.box)
        #expect(Contents.of(ProfileSteps.self).copiesBitwise)
    }

    @Test func aRenewedStepOnThePathKeepsItsHistoryInTheCopy() {
        var shared = AppSteps()
        shared.renew(\.profile)
        shared.select(\.profile, \.detail, \.dark)
        var copy = shared
        copy.select(\.profile, \.detail, \.light)
        #expect(copy.profile.renewal == shared.profile.renewal)
        #expect(!copy.profile.renewal.isInitial)
        #expect(copy.profile.detail.selected.content == .light)
        #expect(shared.profile.detail.selected.content == .dark)
    }

    @Test func aFourStepSelectOnACopyCopiesTheThreeBoxesOnItsPath() {
        typealias Root = Outer<Outer<Outer<ThemeSteps>>>
        var shared = Root()
        shared.select(\.inner, \.inner, \.inner, \.dark)
        var copy = shared
        copy.select(\.inner, \.inner, \.inner, \.light)
        #expect(shared.inner.inner.inner.selected.content == .dark)
        #expect(copy.inner.inner.inner.selected.content == .light)
        var direct = Root()
        direct.select(\.inner, \.inner, \.inner, \.light)
        #expect(copy == direct)
        #expect(copy.inner.inner.box !== shared.inner.inner.box)
        #expect(copy.inner.inner.inner.box !== shared.inner.inner.inner.box)
        #expect(copy.inner.inner.other.box === shared.inner.inner.other.box)
        #expect(copy.inner.other.box === shared.inner.other.box)
    }

    @Test func aNodeWithOtherStoredPropertiesIsCopiedWhole() {
        var shared = NotedRoot()
        shared.noted.note = "shared"
        shared.select(\.noted, \.theme, \.dark)
        var copy = shared
        copy.select(\.noted, \.theme, \.light)
        #expect(!Contents.of(NotedNode.self).copiesBitwise)
        #expect(copy.noted.note == "shared")
        #expect(copy.noted.theme.selected.content == .light)
        #expect(shared.noted.theme.selected.content == .dark)
        #expect(copy.noted.other.box === shared.noted.other.box)
    }
}

/// The table contents of a node type.
private enum Contents {
    static func of<Node: StepsCollection>(_ type: Node.Type) -> StepTable<Node>.Contents {
        Node.steps.contents
    }
}
