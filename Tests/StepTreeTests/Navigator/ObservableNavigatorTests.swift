import ExampleSteps
import Observation
import StepTree
import TestSupport
import Testing

/// Counts how often an observation's `onChange` fired.
final class FireCount: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func fire() { count.withLock { $0 += 1 } }
}

/// Tracks what `read` reads; the count of invalidations, one at most per tracking.
func track(_ read: () -> Void) -> FireCount {
    let fired = FireCount()
    withObservationTracking(read) { fired.fire() }
    return fired
}

extension ThreadSafety {
    /// The navigator is `Observable` by hand: each accessor registers only its own part, so a
    /// change elsewhere in the tree invalidates nothing that did not read it.
    @Suite("Observable navigator")
    struct ObservableNavigatorTests {
        private static let profile = StepPath(["profile"])

        @Test func containerFramesAreTrackedOnTheirOwn() throws {
            let navigator = Navigator(AppSteps())
            var profileFrames: [ScreenFrame] = []
            let profile = track { profileFrames = navigator.frames(in: Self.profile) }
            let root = track { _ = navigator.frames() }
            #expect(profileFrames == [])

            navigator.transaction { $0.select(\.explore) }  // a tab switch: no frame moves
            navigator.transaction { $0.explore.value.query = "swift" }  // a payload, in place
            #expect(profile.value == 0 && root.value == 0)

            try navigator.select(path: "profile/detail")  // a push in the profile tab
            #expect(profile.value == 1 && root.value == 0)
            #expect(
                navigator.frames(in: Self.profile).map(\.path)
                    == [StepPath(["profile", "detail"])])

            // Read again, it is tracked again; the root container still never moved.
            let again = track { _ = navigator.frames(in: Self.profile) }
            try navigator.setStack(path: "profile/friends", ids: ["ann"])
            #expect(again.value == 1 && root.value == 0)
        }

        @Test func nodeSelectionsAreTrackedOnTheirOwn() throws {
            let navigator = Navigator(AppSteps.selecting(\.profile))
            let route = StepRoute(\AppSteps.profile)
            var selections: [StepSelection<ProfileSteps.Key>?] = []
            let root = track { _ = navigator.selection }
            let profile = track { selections.append(navigator.selection(at: route)) }
            let detail = track {
                _ = navigator.selectedKey(in: .content, at: StepPath(["profile", "detail"]))
            }

            navigator.transaction { $0.explore.value.query = "swift" }  // another tab's data
            #expect([root.value, profile.value, detail.value] == [0, 0, 0])

            navigator.transaction { $0.profile.value.select(\.settings) }  // the profile's modal
            #expect([root.value, profile.value, detail.value] == [0, 1, 0])  // the root's did not
            #expect(selections == [StepSelection(.main)])
            #expect(navigator.selection(at: route) == StepSelection(.main, modal: .settings))
            #expect(
                navigator.modal(at: Self.profile)?.description == "/profile/settings sheet")
        }

        /// A node's modal is mounted only while the node is active: covering the node by a
        /// push changes what `modal(at:)` reads, and invalidates it.
        @Test func modalReadIsInvalidatedWhenItsNodeIsCovered() throws {
            let navigator = Navigator(AppSteps.selecting(\.profile))
            try navigator.setStack(path: "profile/friends", ids: ["ann"])
            try navigator.select(path: "profile/friends/ann/settings")
            let ann = StepPath(["profile", "friends", "ann"])
            #expect(navigator.modal(at: ann)?.description == "/profile/friends/ann/settings sheet")
            let modal = track { _ = navigator.modal(at: ann) }
            let root = track { _ = navigator.selection }
            try navigator.setStack(path: "profile/friends", ids: ["ann"])  // no change: no call
            #expect(modal.value == 0)
            try navigator.push(path: StepPath(["profile", "friends"]), id: "bob")  // covers ann
            #expect(modal.value == 1 && root.value == 0)
            #expect(navigator.modal(at: ann) == nil)
        }

        @Test func readingTheRootTracksEveryChange() {
            let navigator = Navigator(AppSteps())
            let root = track { _ = navigator.root }
            navigator.transaction { $0.explore.value.query = "swift" }
            #expect(root.value == 1)
        }

        @Test func aNoOpTransactionInvalidatesNothing() {
            let navigator = Navigator(AppSteps())
            let root = track { _ = navigator.root }
            navigator.transaction { $0.select(\.home) }  // already selected
            #expect(root.value == 0)
        }
    }
}
