import StepTree
import StepTreeRestoration
import TestSupport
import Testing

/// Saves of a tree whose nodes hold steps of their own type (`FriendProfile`).
@Suite struct RecursiveStepRestorationTests {
    @Test func aSavedRecursiveStateIsRestoredAsItWas() throws {
        let archive = StepArchive(version: 1, initial: FriendProfile())
        var profile = FriendProfile()
        try profile.select(path: "card/friend/friend")
        let (restored, report) = try archive.decode(try archive.encode(profile))
        #expect(restored == profile)
        #expect(report.isClean)
        #expect(restored.frames(in: "/card") == profile.frames(in: "/card"))
    }
}
