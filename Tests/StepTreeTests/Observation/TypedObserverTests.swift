import ExampleSteps
import StepTree
import Testing

/// A typed observer: reads the new state without a cast.
final class ProfileRecorder: NavigatorObserver {
    private let log = Mutex<[String]>([])
    var lines: [String] { log.withLock { $0 } }

    func willChange(_ change: NavigatorChange<AppSteps>) {
        log.withLock { $0.append("will \(change)") }
    }

    func didChange(_ change: NavigatorChange<AppSteps>) {
        let profile = change.new.profile.selected.content.map(\.rawValue) ?? "-"
        let animated = change.transaction.animated ? "" : " not animated"
        log.withLock { $0.append("did \(change) profile=\(profile)\(animated)") }
    }
}

/// A view model on the main actor: no `@preconcurrency`, no `Sendable` of its own.
@MainActor
final class ScreenTitles: MainActorNavigatorObserver {
    var titles: [String] = []

    func didChange(_ change: NavigatorChange<AppSteps>) {
        titles.append("#\(change.sequence) \(change.visibleScreen)")
    }

    /// Lets the main actor run until `count` titles arrived (or a bounded number of turns).
    func waitFor(_ count: Int) async {
        for _ in 0..<10_000 where titles.count < count { await Task.yield() }
    }
}

/// Records which navigator made each change it sees.
final class NavigatorLog: StepsObserver {
    private let log = Mutex<[NavigatorID]>([])
    var navigators: [NavigatorID] { log.withLock { $0 } }
    func didChange(_ change: NavigationChange) { log.withLock { $0.append(change.navigator) } }
}

enum HapticKey: NavigationTransactionKey {
    static let defaultValue = false
}

extension ThreadSafety {
    @Suite("Typed observers")
    struct TypedObserverTests {
        @Test func typedObserverSeesTheRootTypeAndTheMetadata() throws {
            let recorder = ProfileRecorder()
            let navigator = Navigator(AppSteps())
            navigator.addObserver(recorder)
            try navigator.select(path: "profile/detail")
            navigator.transaction(NavigationTransaction(.userGesture, animated: false)) {
                $0.select(\.home)
            }
            #expect(
                recorder.lines == [
                    "will #1 programmatic: select / home -> profile, push /profile/detail",
                    "did #1 programmatic: select / home -> profile, push /profile/detail profile=main",
                    "will #2 userGesture: select / profile -> home",
                    "did #2 userGesture: select / profile -> home profile=main not animated",
                ])
        }

        @Test func transactionValuesReachObserversByKey() {
            let seen = Mutex<[Bool]>([])
            final class Haptics: NavigatorObserver {
                let seen: Mutex<[Bool]>
                init(_ seen: Mutex<[Bool]>) { self.seen = seen }
                func didChange(_ change: NavigatorChange<AppSteps>) {
                    seen.withLock { $0.append(change.transaction[HapticKey.self]) }
                }
            }
            let haptics = Haptics(seen)
            let navigator = Navigator(AppSteps())
            navigator.addObserver(haptics)
            var transaction = NavigationTransaction()
            transaction[HapticKey.self] = true
            navigator.transaction(transaction) { $0.select(\.explore) }
            navigator.transaction { $0.select(\.home) }
            #expect(seen.withLock { $0 } == [true, false])
        }

        /// Two navigators running side by side: a global observer tells their changes apart.
        @Test func everyChangeNamesItsNavigator() async throws {
            let log = NavigatorLog()
            let first = Navigator(AppSteps(), observer: log)
            let second = Navigator(AppSteps(), observer: log)
            #expect(first.id != second.id && first.id < second.id)
            await withTaskGroup(of: Void.self) { group in
                for navigator in [first, second] {
                    group.addTask {
                        for index in 0..<20 {
                            navigator.transaction {
                                index.isMultiple(of: 2) ? $0.select(\.explore) : $0.select(\.home)
                            }
                        }
                    }
                }
            }
            #expect(log.navigators.filter { $0 == first.id }.count == 20)
            #expect(log.navigators.filter { $0 == second.id }.count == 20)
        }

        @MainActor
        @Test func mainActorObserverGetsChangesOnTheMainActor() async throws {
            let titles = ScreenTitles()
            let navigator = Navigator(AppSteps())
            navigator.addMainActorObserver(titles)
            try navigator.select(path: "profile/detail/dark")
            navigator.transaction(.userGesture) { $0.select(\.login) }
            await titles.waitFor(2)
            #expect(titles.titles == ["#1 /profile/detail/dark", "#2 /login/form"])
        }

        @MainActor
        @Test func mainActorObserverGetsChangesFromOtherThreadsInOrder() async throws {
            let titles = ScreenTitles()
            let navigator = Navigator(AppSteps())
            navigator.addMainActorObserver(titles)
            await Task.detached {
                for index in 0..<10 {
                    navigator.transaction {
                        index.isMultiple(of: 2) ? $0.select(\.explore) : $0.select(\.home)
                    }
                }
            }.value
            await titles.waitFor(10)
            #expect(
                titles.titles
                    == (1...10).map { "#\($0) " + ($0.isMultiple(of: 2) ? "/home" : "/explore") })
        }

        @MainActor
        @Test func typedStreamFromTheMainActor() async throws {
            let navigator = Navigator(AppSteps())
            let changes = navigator.rootChanges
            try navigator.select(path: "profile/settings")
            try navigator.userDidRemove(path: "profile/settings")
            var seen: [String] = []
            for await change in changes {
                seen.append("\(change) modal=\(change.new.profile.selected.modal?.rawValue ?? "-")")
                if seen.count == 2 { break }
            }
            #expect(
                seen == [
                    "#1 programmatic: select / home -> profile, present /profile/settings sheet "
                        + "modal=settings",
                    "#2 userGesture: dismiss /profile/settings sheet modal=-",
                ])
        }

        @Test func removedObserverIsNotCalled() {
            let recorder = ProfileRecorder()
            let navigator = Navigator(AppSteps())
            navigator.addObserver(recorder)
            navigator.transaction { $0.select(\.explore) }
            navigator.removeObserver(recorder)
            navigator.transaction { $0.select(\.home) }
            #expect(recorder.lines.count == 2)
        }
    }
}
