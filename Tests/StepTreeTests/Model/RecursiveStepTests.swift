import Foundation
import StepTree
import StepTreeTools
import TestSupport
import Testing

/// A root whose tab is a recursive profile, reached through a node of another type.
struct FriendApp: StepsCollection {
    enum Key: String, StepKey { case people, about }
    var selected = StepSelection<Key>(.people)
    var people = Step(FriendProfile())
    var about = Step<AboutScreen>()
    static let steps = StepTable<Self>(.tab(.people, \.people), .tab(.about, \.about))
}

/// A screen whose sheet leads back to the app's profiles: recursion through two types.
struct AboutScreen: StepsCollection {
    enum Key: String, StepKey { case text, credits }
    var selected = StepSelection<Key>(.text)
    var text = Step()
    var credits = Step<FriendProfile>()
    static let steps = StepTable<Self>(.inline(.text, \.text), .present(.credits, \.credits))
}

@Suite struct RecursiveStepTests {
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func aNodeOfItsOwnTypeIsPushedAndPresentedToAnyDepth() throws {
        var profile = FriendProfile()
        let before = profile
        try profile.select(path: "friend/friend/card/friend")
        #expect(profile.visibleScreen == "/friend/friend/card/friend/main")
        #expect(
            NavigationDiff.events(from: before, to: profile).map(\.description) == [
                // The card's own pushed screen comes with it, as any modal's does.
                "push /friend", "push /friend/friend", "present /friend/friend/card sheet",
            ])
        #expect(profile.friend.value.friend.value.isSelected(.card))
        #expect(profile.friend.selected.push == .friend)
        try profile.deselect(path: "friend")
        #expect(profile == FriendProfile())
        #expect(profile.visibleScreen == "/main")
    }

    @Test func typedSelectionWalksThroughStepsOfTheNodesOwnType() {
        var profile = FriendProfile()
        profile.select(\.friend, \.card, \.friend)
        #expect(profile.visibleScreen == "/friend/card/friend/main")
        profile.deselect(\.friend)
        #expect(profile == FriendProfile())
    }

    @Test func twoInitialNodesAreEqualHashAlikeAndShareTheirSteps() {
        var edited = FriendProfile()
        // A change that leaves the value as it was: the step gets a box of its own.
        edited.friend.value.selected = StepSelection(.main)
        let fresh = FriendProfile()
        #expect(edited == fresh)
        #expect(edited.hashValue == fresh.hashValue)
        #expect(edited.friend.hashValue == fresh.friend.hashValue)
        #expect(Set([edited, fresh, FriendProfile()]).count == 1)
        var other = FriendProfile()
        other.select(\.friend)
        #expect(other != fresh)
        #expect(Set([other, fresh]).count == 2)
    }

    @Test func anInitialRecursiveStepIsWrittenAsZeroAndReadBack() throws {
        var profile = FriendProfile()
        #expect(
            try Self.json(profile)
                == #"{"card":0,"friend":0,"main":0,"pals":[],"selected":"main"}"#)
        try profile.select(path: "friend/card")
        try profile.pals.value.push(FriendProfile())
        let text = try Self.json(profile)
        #expect(
            text == #"{"card":0,"friend":{"card":0,"friend":0,"main":0,"pals":[],"#
                + #""selected":["main","","card"]},"main":0,"pals":[{"id":"1","value":{"card":0,"#
                + #""friend":0,"main":0,"pals":[],"selected":"main"}}],"selected":["main","friend"]}"#
        )
        let decoded = try JSONDecoder().decode(FriendProfile.self, from: Data(text.utf8))
        #expect(decoded == profile)
        #expect(decoded.visibleScreen == "/friend/card/main")
        // A step edited back to the initial value is written as the initial step is.
        var edited = FriendProfile()
        edited.card.value.selected = StepSelection(.main)
        #expect(try Self.json(edited) == (try Self.json(FriendProfile())))
    }

    @Test func anyNodeStepIsReadFromZeroAsItsInitialValue() throws {
        let step = try JSONDecoder().decode(Step<StatusScreen>.self, from: Data("0".utf8))
        #expect(step == Step(StatusScreen()))
        #expect(
            throws: DecodingError.self,
            performing: { try JSONDecoder().decode(Step<StatusScreen>.self, from: Data("1".utf8)) })
    }

    @Test func renewalsWithEqualValuesGiveEqualIdentities() throws {
        var edited = FriendProfile()
        edited.friend.value.selected = StepSelection(.main)
        var first = FriendProfile()
        first.select(\.friend, with: FriendProfile())
        var second = FriendProfile()
        second.select(\.friend, with: edited)
        var friendly = FriendProfile()
        friendly.select(\.card)
        var third = FriendProfile()
        third.select(\.friend, with: friendly)
        #expect(first == second)
        #expect(third != first)
        let identity = { (state: FriendProfile) in state.frames(in: "/").map(\.identity) }
        #expect(identity(first) == identity(second))
        #expect(identity(first).count == 1)
        #expect(identity(first) != identity(third))
        #expect(identity(first) != identity(FriendProfile.selecting(\.friend)))
    }

    @Test func recursionThroughAnotherTypeIsLazyToo() throws {
        var app = FriendApp()
        try app.select(path: "about/credits/friend/card")
        #expect(app.visibleScreen == "/about/credits/friend/card/main")
        let text = try Self.json(app)
        let decoded = try JSONDecoder().decode(FriendApp.self, from: Data(text.utf8))
        #expect(decoded == app)
        #expect(try Self.json(FriendApp()).contains(#""credits":0"#))
    }

    @Test func theDiagramDrawsAnInitialRecursiveStepWithoutItsChildren() throws {
        var profile = FriendProfile()
        try profile.select(path: "friend")
        #expect(
            profile.diagram.description == """
                /             FriendProfile
                ├─● main      inline · content
                ├─● friend    push · push
                │  ├─● main   inline · content  ◀ visible
                │  ├─ friend  push · push
                │  ├─ card    present sheet · modal
                │  └─ pals    stack · push
                ├─ card       present sheet · modal
                └─ pals       stack · push
                """)
    }

    @Test func stacksOfTheRecursiveTypeKeepTheirDepth() throws {
        var profile = FriendProfile()
        try profile.pals.value.push(FriendProfile())
        #expect(profile.pals.value.depth == 1)
        try profile.select(path: "pals/1/pals")
        try profile.push(path: "pals/1/pals", id: "x")
        #expect(profile.pals.value.depth == 3)
        #expect(profile.visibleScreen == "/pals/1/pals/x/main")
    }

    @Test func aNavigatorPushesAndPopsStepsOfTheRootsOwnType() throws {
        let navigator = Navigator(FriendProfile())
        let events = try navigator.transaction { try $0.select(path: "friend/friend") }
        #expect(events.map(\.description) == ["push /friend", "push /friend/friend"])
        #expect(navigator.pop() == "/friend/friend")
        #expect(navigator.root.visibleScreen == "/friend/main")
    }

    @Test func aTypeWhoseInitialStateMountsItselfStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            _ = SelfMounting().visibleScreen
        }
    }
}

/// A node whose initial state pushes a step of its own type: its screens would never end.
struct SelfMounting: StepsCollection {
    enum Key: String, StepKey { case main, again }
    var selected = StepSelection<Key>(.main, push: .again)
    var main = Step()
    var again = Step<SelfMounting>()
    static let steps = StepTable<Self>(.inline(.main, \.main), .push(.again, \.again))
}
