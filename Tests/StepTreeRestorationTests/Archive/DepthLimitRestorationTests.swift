import ExampleSteps
import StepTree
import StepTreeRestoration
import TestSupport
import Testing

/// A save is held to the depth bound of paths, counted from the root (see the core's
/// `RootDepthTests`).
@Suite struct DepthLimitRestorationTests {
    @Test func aSaveDeeperFromTheRootThanAPathReachesIsRefused() throws {
        // Every stack within its own bound, the profile two steps below the root: its deepest
        // friend is 128 segments down, its screen 129.
        var steps = TwoLevels()
        steps.inner.value.profile.value = ProfileSteps.deepestFriendChain().profile
        let archive = StepArchive(version: 1, initial: TwoLevels())
        let data = try archive.encode(steps)
        #expect(
            throws: RestorationError.unrepairable(at: "/", StepPathError.tooDeep(129).description)
        ) { try archive.decode(data) }
        // One level less restores.
        steps.inner.value.profile.value = try ProfileSteps.friendChain(62)
        #expect(try archive.decode(archive.encode(steps)).state == steps)
    }
}

/// A profile two steps below the root.
private struct TwoLevels: StepsCollection {
    enum Key: String, StepKey { case inner }
    var selected = StepSelection<Key>(.inner)
    var inner = Step(OneLevel())
    static let steps = StepTable<Self>(.inline(.inner, \.inner))
}

private struct OneLevel: StepsCollection {
    enum Key: String, StepKey { case profile }
    var selected = StepSelection<Key>(.profile)
    var profile = Step(ProfileSteps())
    static let steps = StepTable<Self>(.inline(.profile, \.profile))
}
