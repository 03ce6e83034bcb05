import ExampleSteps
import StepTree
import TestSupport
import Testing

/// Records which navigator made each change it sees.
final class NavigatorLog: StepsObserver {
    private let log = Mutex<[NavigatorID]>([])
    var navigators: [NavigatorID] { log.withLock { $0 } }
    func didChange(_ change: NavigationChange<any StepNode>) {
        log.withLock { $0.append(change.navigator) }
    }
}

enum HapticKey: NavigationTransactionKey {
    static let defaultValue = false
}

/// A view model on the main actor that follows its navigator's stream: no `@preconcurrency`, no
/// `Sendable` of its own, no cast.
@MainActor
final class ScreenTitles {
    var titles: [String] = []

    /// Appends a title for each of the first `count` changes of `changes`.
    func follow(_ changes: AsyncStream<NavigationChange<AppSteps>>, count: Int) async {
        for await change in changes.prefix(count) {
            titles.append("#\(change.sequence) \(change.visibleScreen)")
        }
    }
}

extension ThreadSafety {
    /// One change type, `NavigationChange<Root>`: typed by the root in a navigator's stream,
    /// `NavigationChange<any StepNode>` for the global observer.
    @Suite("The change type")
    struct ChangeTypeTests {
        /// The stream's changes read the new state with no cast, and carry the metadata.
        @Test func theStreamSeesTheRootTypeAndTheMetadata() async throws {
            let navigator = Navigator(AppSteps())
            let changes = navigator.changes
            try navigator.select(path: "profile/detail")
            navigator.transaction(NavigationTransaction(.userGesture, animated: false)) {
                $0.select(\.home)
            }
            var lines: [String] = []
            for await change in changes.prefix(2) {
                let profile = change.new.profile.selected.content.map(\.rawValue) ?? "-"
                let animated = change.transaction.animated ? "" : " not animated"
                lines.append("\(change) profile=\(profile)\(animated)")
            }
            #expect(
                lines == [
                    "#1 programmatic: select / home -> profile, push /profile/detail profile=main",
                    "#2 userGesture: select / profile -> home profile=main not animated",
                ])
        }

        /// The global observer gets the same change, its root erased; `erased` makes it.
        @Test func theGlobalObserverGetsTheChangeErased() throws {
            let observer = RecordingObserver()
            let navigator = Navigator(AppSteps())
            try StepsObservation.withObserver(observer) {
                try navigator.select(path: "profile/settings")
            }
            #expect(
                observer.lines == [
                    "will #1 programmatic: select / home -> profile, present /profile/settings sheet",
                    "did #1 programmatic: select / home -> profile, present /profile/settings sheet",
                ])
            let change = NavigationChange(
                old: AppSteps(), new: navigator.root, events: [], sequence: 7)
            let erased: NavigationChange<any StepNode> = change.erased
            #expect(erased.new as? AppSteps == navigator.root)
            #expect(erased.visibleScreen == StepPath(["profile", "settings"]))
            #expect(erased.navigator == .none)
            #expect(erased.cause == .programmatic)
        }

        @Test func transactionValuesReachObserversByKey() {
            final class Haptics: StepsObserver {
                let seen = Mutex<[Bool]>([])
                func didChange(_ change: NavigationChange<any StepNode>) {
                    seen.withLock { $0.append(change.transaction[HapticKey.self]) }
                }
            }
            let haptics = Haptics()
            let navigator = Navigator(AppSteps())
            StepsObservation.withObserver(haptics) {
                var transaction = NavigationTransaction()
                transaction[HapticKey.self] = true
                navigator.transaction(transaction) { $0.select(\.explore) }
                navigator.transaction { $0.select(\.home) }
            }
            #expect(haptics.seen.withLock { $0 } == [true, false])
        }

        /// Two navigators running side by side: the global observer tells their changes apart.
        @Test func everyChangeNamesItsNavigator() async throws {
            let log = NavigatorLog()
            let first = Navigator(AppSteps())
            let second = Navigator(AppSteps())
            #expect(first.id != second.id && first.id < second.id)
            await StepsObservation.withObserver(log) {
                await withTaskGroup(of: Void.self) { group in
                    for navigator in [first, second] {
                        group.addTask {
                            for index in 0..<20 {
                                navigator.transaction {
                                    index.isMultiple(of: 2)
                                        ? $0.select(\.explore) : $0.select(\.home)
                                }
                            }
                        }
                    }
                }
            }
            #expect(log.navigators.filter { $0 == first.id }.count == 20)
            #expect(log.navigators.filter { $0 == second.id }.count == 20)
        }

        /// Changes made on other threads reach a main-actor view model through the stream in
        /// commit order.
        @MainActor
        @Test func aMainActorViewModelFollowsTheStreamInOrder() async throws {
            let titles = ScreenTitles()
            let navigator = Navigator(AppSteps())
            let changes = navigator.changes
            await Task.detached {
                for index in 0..<10 {
                    navigator.transaction {
                        index.isMultiple(of: 2) ? $0.select(\.explore) : $0.select(\.home)
                    }
                }
            }.value
            await titles.follow(changes, count: 10)
            #expect(
                titles.titles
                    == (1...10).map { "#\($0) " + ($0.isMultiple(of: 2) ? "/home" : "/explore") })
        }

        @MainActor
        @Test func typedStreamFromTheMainActor() async throws {
            let navigator = Navigator(AppSteps())
            let changes = navigator.changes
            try navigator.select(path: "profile/settings")
            try navigator.userDidRemove(path: "profile/settings")
            var seen: [String] = []
            for await change in changes.prefix(2) {
                seen.append("\(change) modal=\(change.new.profile.selected.modal?.rawValue ?? "-")")
            }
            #expect(
                seen == [
                    "#1 programmatic: select / home -> profile, present /profile/settings sheet "
                        + "modal=settings",
                    "#2 userGesture: dismiss /profile/settings sheet modal=-",
                ])
        }

        /// A stream ends when its navigator goes, after the changes it kept.
        @Test func typedStreamEndsWithItsNavigator() async {
            var navigator: Navigator<AppSteps>? = Navigator(AppSteps())
            weak let weakNavigator = navigator
            guard let stream = navigator?.changes else { return }
            navigator?.transaction { $0.select(\.explore) }
            navigator = nil
            #expect(weakNavigator == nil)
            var sequences: [UInt64] = []
            for await change in stream { sequences.append(change.sequence) }
            #expect(sequences == [1])
        }
    }
}
