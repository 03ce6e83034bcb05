import ExampleSteps
import StepTree
import Testing

/// Keys and ids are the same when their Unicode scalars are, never by canonical equivalence:
/// `café` written with `é` (U+00E9) and with `e` + U+0301 are two ids of one stack, and every
/// comparison says so, the diff, `==` and hashing alike, so that a state the diff sees change
/// is never taken for the same one.
@Suite struct ScalarEqualityTests {
    static let composed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    @Test func pathsCompareAndHashBySegmentScalars() {
        let composed = StepPath(["profile", "friends", Self.composed])
        let decomposed = StepPath(["profile", "friends", Self.decomposed])
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed]).count == 2)
        #expect(composed == StepPath(["profile", "friends", "caf\u{E9}"]))
        #expect(StepPath(["ab", "c"]) != StepPath(["a", "bc"]))
    }

    @Test func statesWhoseIdsDifferOnlyCanonicallyDifferAndDiff() throws {
        var before = AppSteps()
        try before.setStack(path: "profile/friends", ids: [Self.composed])
        var after = before
        try after.setStack(path: "profile/friends", ids: [Self.decomposed])
        #expect(before != after)
        #expect(Set([before.profile.friends, after.profile.friends]).count == 2)
        let events = NavigationDiff.events(from: before, to: after)
        #expect(events.map(\.kind) == [.pop, .push])
        #expect(events.map(\.path.last) == [Self.composed, Self.decomposed].map { $0 })
        #expect(events.last?.path == StepPath(["profile", "friends", Self.decomposed]))
    }

    /// A navigator publishes a change that only swaps an id for its canonical twin: it compares
    /// its states with `==`, and a change it took for none left the screen on the old id.
    @Test func aNavigatorPublishesAnIdSwappedForItsCanonicalTwin() throws {
        let navigator = Navigator(AppSteps())
        try navigator.setStack(path: "profile/friends", ids: [Self.composed])
        let events = try navigator.transaction {
            try $0.setStack(path: "profile/friends", ids: [Self.decomposed])
        }
        #expect(events.map(\.kind) == [.pop, .push])
        #expect(
            navigator.root.profile.friends.ids.map { Array($0.unicodeScalars) } == [
                Array(Self.decomposed.unicodeScalars)
            ])
    }

    @Test func tabsCompareTheirSelectionByScalars() throws {
        var composed = StepTabs<ListTab>()
        try composed.append(ListTab(), id: Self.composed)
        try composed.append(ListTab(), id: Self.decomposed)
        var decomposed = composed
        try decomposed.select(id: Self.decomposed)
        #expect(composed != decomposed)
        // Removing the tab that is not selected keeps the selection.
        #expect(composed.remove(id: Self.decomposed) != nil)
        #expect(
            composed.selectedID.map { Array($0.unicodeScalars) }
                == Array(Self.composed.unicodeScalars))
    }
}
