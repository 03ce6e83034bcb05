import ExampleSteps
import StepTree
import TestSupport
import Testing

extension ThreadSafety {
    @Suite("Navigator transactions")
    struct NavigatorTests {
        @Test func deepLinkIsOneTransactionWithExactCalls() throws {
            let observer = RecordingObserver()
            let navigator = Navigator(AppSteps())
            try StepsObservation.withObserver(observer) {
                let events = try navigator.transaction(.deepLink) {
                    try $0.select(path: "profile/detail/dark")
                }
                #expect(
                    events.map(\.description) == [
                        "select / home -> profile", "push /profile/detail",
                    ])
                #expect(
                    observer.lines == [
                        "will #1 deepLink: select / home -> profile, push /profile/detail",
                        "did #1 deepLink: select / home -> profile, push /profile/detail",
                    ])
                #expect(navigator.root.profile.detail.selected == StepSelection(.dark))
                #expect(navigator.root.profile.selected == StepSelection(.main, push: .detail))
            }
        }

        @Test func tabSwitchAndStackOperations() throws {
            let observer = RecordingObserver()
            let navigator = Navigator(AppSteps())
            try StepsObservation.withObserver(observer) {
                navigator.transaction(.userGesture) { $0.select(\.explore) }
                try navigator.setStack(path: "profile/friends", ids: ["ann", "bob"])
                try navigator.userDidRemove(path: "profile/friends/bob")
                #expect(
                    observer.lines == [
                        "will #1 userGesture: select / home -> explore",
                        "did #1 userGesture: select / home -> explore",
                        "will #2 programmatic: select / explore -> profile, push /profile/friends/ann, "
                            + "push /profile/friends/bob",
                        "did #2 programmatic: select / explore -> profile, push /profile/friends/ann, "
                            + "push /profile/friends/bob",
                        "will #3 userGesture: pop /profile/friends/bob",
                        "did #3 userGesture: pop /profile/friends/bob",
                    ])
                #expect(navigator.root.profile.friends.ids == ["ann"])
            }
        }

        @Test func failedPathChangesNothingAndTellsNoOne() {
            let observer = RecordingObserver()
            let navigator = Navigator(AppSteps())
            StepsObservation.withObserver(observer) {
                #expect(throws: StepPathError.unknownStep("nope", in: StepPath(["profile"]))) {
                    try navigator.select(path: "profile/nope")
                }
                #expect(observer.lines == [])
                #expect(navigator.root == AppSteps())
            }
        }

        @Test func throwingBodyChangesNothing() {
            struct Refused: Error, Equatable {}
            let observer = RecordingObserver()
            let navigator = Navigator(AppSteps())
            StepsObservation.withObserver(observer) {
                #expect(throws: Refused()) {
                    try navigator.transaction { root throws(Refused) in
                        root.select(\.profile)
                        throw Refused()
                    }
                }
                #expect(observer.lines == [])
                #expect(navigator.root.selected == StepSelection(.home))
            }
        }

        @Test func noOpTellsNoOne() throws {
            let observer = RecordingObserver()
            let navigator = Navigator(AppSteps())
            try StepsObservation.withObserver(observer) { () throws in
                #expect(try navigator.transaction { try $0.select(path: "home") } == [])
                #expect(navigator.transaction { _ in } == [])
                #expect(observer.lines == [])
            }
        }

        @Test func offScreenChangeIsCommittedWithNoEvents() {
            let observer = RecordingObserver()
            let navigator = Navigator(AppSteps())
            StepsObservation.withObserver(observer) {
                navigator.transaction { $0.explore.value.query = "swift" }
                #expect(observer.lines == ["will #1 programmatic: ", "did #1 programmatic: "])
                #expect(navigator.root.explore.value.query == "swift")
            }
        }

        @Test func restorationGoesStraightToTheSavedScreen() {
            var saved = AppSteps()
            saved.select(\.profile, \.detail, \.dark)
            let navigator = Navigator(AppSteps())
            let events = navigator.transaction(.restoration) { $0.restore(saved) }
            #expect(
                events.map(\.description) == ["select / home -> profile", "push /profile/detail"])
            #expect(navigator.root == saved)
        }

        /// A saved state presenting the login cover over a pushed screen: restored in one
        /// transaction, straight to it.
        @Test func restorationOfACoverOverAPush() {
            var saved = AppSteps()
            saved.select(\.profile, \.detail, \.dark)
            saved.select(\.login, \.signUp)
            let observer = RecordingObserver()
            let navigator = Navigator(AppSteps())
            StepsObservation.withObserver(observer) {
                navigator.restore(saved)
                #expect(
                    observer.lines == [
                        "will #1 restoration: select / home -> profile, push /profile/detail, "
                            + "present /login cover",
                        "did #1 restoration: select / home -> profile, push /profile/detail, "
                            + "present /login cover",
                    ])
                #expect(navigator.root == saved)
                #expect(navigator.root.visibleScreen == StepPath(["login", "signUp"]))
                // Restoring the same state again is a no-op.
                #expect(navigator.transaction(.restoration) { $0.restore(saved) } == [])
                #expect(observer.lines.count == 2)
            }
        }

        /// `show` is one deep-link transaction that lands on exactly its screen.
        @Test func showLandsOnItsScreen() throws {
            let observer = RecordingObserver()
            let navigator = Navigator(AppSteps())
            try StepsObservation.withObserver(observer) {
                try navigator.select(path: "profile/detail/dark")
                try navigator.select(path: "profile/settings")
                let events = try navigator.transaction { try $0.show(path: "profile") }
                #expect(
                    events.map(\.description) == [
                        "dismiss /profile/settings sheet", "pop /profile/detail",
                    ])
                #expect(
                    observer.lines.suffix(2) == [
                        "will #3 programmatic: dismiss /profile/settings sheet, pop /profile/detail",
                        "did #3 programmatic: dismiss /profile/settings sheet, pop /profile/detail",
                    ])
                #expect(navigator.root.profile.selected == StepSelection(.main))
                #expect(navigator.root.visibleScreen == StepPath(["profile", "main"]))
                #expect(
                    try navigator.transaction { try $0.show(path: StepPath(["profile"])) } == [])
                #expect(
                    try navigator.transaction(.userGesture) {
                        try $0.show(path: StepPath(["login"]))
                    }.map(
                        \.description)
                        == ["present /login cover"])
                #expect(observer.lines.last == "did #4 userGesture: present /login cover")
                #expect(throws: StepPathError.emptyPath) { try navigator.show(path: "/") }
                #expect(observer.lines.count == 8)
            }
        }

        /// A swipe back from a pushed screen: the variant under it is shown again.
        @Test func userGestureRemovesOnlyTheFrame() throws {
            let observer = RecordingObserver()
            let navigator = Navigator(AppSteps())
            try StepsObservation.withObserver(observer) {
                try navigator.select(path: "profile/detail")
                try navigator.select(path: "profile/settings")
                #expect(
                    try navigator.transaction(.appliedGesture) {
                        try $0.close(path: "profile/settings")
                    }.map(\.description) == [
                        "dismiss /profile/settings sheet"
                    ])
                #expect(
                    try navigator.transaction(.appliedGesture) {
                        try $0.close(path: "/profile/detail")
                    }
                    .map(\.description) == [
                        "pop /profile/detail"
                    ])
                #expect(navigator.root.profile.selected == StepSelection(.main))
                #expect(
                    observer.lines.suffix(2) == [
                        "will #4 userGesture: pop /profile/detail",
                        "did #4 userGesture: pop /profile/detail",
                    ])
                #expect(navigator.dismissAll() == [])
            }
        }

        @Test func reentrantTransactionFromDidChangeRunsAfterIt() throws {
            final class Redirect: StepsObserver {
                let navigator = Mutex<Navigator<AppSteps>?>(nil)
                func didChange(_ change: NavigationChange<any StepNode>) {
                    guard change.sequence == 1, let navigator = navigator.withLock({ $0 }) else {
                        return
                    }
                    let events = navigator.transaction(.programmatic) { $0.select(\.home) }
                    #expect(events.map(\.description) == ["select / explore -> home"])
                }
            }
            let redirect = Redirect()
            let log = RecordingObserver()
            let navigator = Navigator(AppSteps())
            StepsObservation.withObserver(CombinedStepsObserver(redirect, log)) {
                redirect.navigator.withLock { $0 = navigator }
                defer { redirect.navigator.withLock { $0 = nil } }  // it holds its navigator
                navigator.transaction { $0.select(\.explore) }
                #expect(
                    log.lines == [
                        "will #1 programmatic: select / home -> explore",
                        "did #1 programmatic: select / home -> explore",
                        "will #2 programmatic: select / explore -> home",
                        "did #2 programmatic: select / explore -> home",
                    ])
                #expect(navigator.root.selected == StepSelection(.home))
            }
        }

        @Test func reentrantChangeIsAnnouncedBeforeItIsPublished() {
            final class Probe: StepsObserver {
                let navigator = Mutex<Navigator<AppSteps>?>(nil)
                let seen = Mutex<[String]>([])
                func willChange(_ change: NavigationChange<any StepNode>) {
                    guard let navigator = navigator.withLock({ $0 }) else { return }
                    let shown = navigator.root.selected.content.map(\.rawValue) ?? "-"
                    seen.withLock { $0.append("will #\(change.sequence) sees \(shown)") }
                }
                func didChange(_ change: NavigationChange<any StepNode>) {
                    guard change.sequence == 1, let navigator = navigator.withLock({ $0 }) else {
                        return
                    }
                    navigator.transaction { $0.select(\.profile) }
                }
            }
            let probe = Probe()
            let navigator = Navigator(AppSteps())
            StepsObservation.withObserver(probe) {
                probe.navigator.withLock { $0 = navigator }
                defer { probe.navigator.withLock { $0 = nil } }  // it holds its navigator
                navigator.transaction { $0.select(\.explore) }
                #expect(
                    probe.seen.withLock { $0 } == ["will #1 sees home", "will #2 sees explore"])
                #expect(navigator.root.selected == StepSelection(.profile))
            }
        }

        @Test func aTaskStartedByAnObserverWaitsForTheLock() async {
            final class Spawner: StepsObserver {
                let navigator = Mutex<Navigator<AppSteps>?>(nil)
                let log = Mutex<[UInt64]>([])
                let spawned = Mutex<Task<Void, Never>?>(nil)
                func didChange(_ change: NavigationChange<any StepNode>) {
                    log.withLock { $0.append(change.sequence) }
                    guard change.sequence == 1, let navigator = navigator.withLock({ $0 }) else {
                        return
                    }
                    let task = Task { _ = navigator.transaction { $0.select(\.profile) } }
                    spawned.withLock { $0 = task }
                }
            }
            let spawner = Spawner()
            let navigator = Navigator(AppSteps())
            await StepsObservation.withObserver(spawner) {
                spawner.navigator.withLock { $0 = navigator }
                defer { spawner.navigator.withLock { $0 = nil } }  // it holds its navigator
                navigator.transaction { $0.select(\.explore) }
                await spawner.spawned.withLock { $0 }?.value
                #expect(spawner.log.withLock { $0 } == [1, 2])
                #expect(navigator.root.selected == StepSelection(.profile))
            }
        }

        @Test func changesStreamEndsWithTheNavigator() async {
            var navigator: Navigator<AppSteps>? = Navigator(AppSteps())
            guard let stream = navigator?.changes else { return }
            navigator = nil
            var count = 0
            for await _ in stream { count += 1 }
            #expect(count == 0)
        }

        @Test func reentrantTransactionFromWillChangeIsIgnored() {
            final class Meddler: StepsObserver {
                let navigator = Mutex<Navigator<AppSteps>?>(nil)
                func willChange(_ change: NavigationChange<any StepNode>) {
                    guard let navigator = navigator.withLock({ $0 }) else { return }
                    #expect(navigator.transaction { $0.select(\.profile) } == [])
                }
            }
            let meddler = Meddler()
            let navigator = Navigator(AppSteps())
            StepsObservation.withObserver(meddler) {
                meddler.navigator.withLock { $0 = navigator }
                defer { meddler.navigator.withLock { $0 = nil } }  // it holds its navigator
                navigator.transaction { $0.select(\.explore) }
                #expect(navigator.root.selected == StepSelection(.explore))
            }
        }

        @Test func changesStreamYieldsInCommitOrder() async throws {
            let navigator = Navigator(AppSteps())
            let stream = navigator.changes
            try navigator.select(path: "explore", transaction: .deepLink)
            try navigator.select(path: "profile/settings", transaction: .deepLink)
            var iterator = stream.makeAsyncIterator()
            let first = try #require(await iterator.next())
            let second = try #require(await iterator.next())
            #expect(first.description == "#1 deepLink: select / home -> explore")
            #expect(
                second.description
                    == "#2 deepLink: select / explore -> profile, present /profile/settings sheet")
            #expect(second.visibleScreen == StepPath(["profile", "settings"]))
        }
    }
}
