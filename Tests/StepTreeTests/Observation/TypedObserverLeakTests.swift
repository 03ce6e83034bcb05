import ExampleSteps
import StepTree
import Testing

/// A typed observer that can hold its navigator, as a coordinator does.
private final class Coordinator: NavigatorObserver {
    let navigator = Mutex<Navigator<AppSteps>?>(nil)
    let count = Mutex(0)
    func didChange(_ change: NavigatorChange<AppSteps>) { count.withLock { $0 += 1 } }
}

/// A view model on the main actor that owns its navigator and observes it.
@MainActor
private final class ViewModel: MainActorNavigatorObserver {
    let navigator = Navigator(AppSteps())
    var seen: [UInt64] = []
    init() { navigator.addMainActorObserver(self) }
    func didChange(_ change: NavigatorChange<AppSteps>) { seen.append(change.sequence) }
}

extension ThreadSafety {
    /// Typed observers are held weakly, so an owner that observes its own navigator forms no
    /// cycle: both go when the owner lets go, also with changes still on their way.
    @Suite struct TypedObserverLeakTests {
        @Test func typedObserverOwningItsNavigatorLeavesNoCycle() {
            var coordinator: Coordinator? = Coordinator()
            weak let weakCoordinator = coordinator
            weak var weakNavigator: Navigator<AppSteps>?
            do {
                let navigator = Navigator(AppSteps())
                weakNavigator = navigator
                coordinator?.navigator.withLock { $0 = navigator }
                if let coordinator { navigator.addObserver(coordinator) }
                navigator.transaction { $0.select(\.explore) }
            }
            #expect(coordinator?.count.withLock { $0 } == 1)
            #expect(weakNavigator != nil)  // the coordinator holds it
            coordinator = nil
            #expect(weakCoordinator == nil)
            #expect(weakNavigator == nil)
        }

        @Test func releasedObserverIsForgotten() {
            let navigator = Navigator(AppSteps())
            var coordinator: Coordinator? = Coordinator()
            weak let weakCoordinator = coordinator
            if let coordinator { navigator.addObserver(coordinator) }
            coordinator = nil
            #expect(weakCoordinator == nil)  // the navigator did not keep it
            navigator.transaction { $0.select(\.explore) }  // no one to call
            #expect(navigator.root.selected == StepSelection(.explore))
        }

        /// Changes still queued for the main actor do not keep the view model or its
        /// navigator alive.
        @MainActor
        @Test func viewModelGoesWithChangesStillQueued() async {
            var model: ViewModel? = ViewModel()
            weak let weakModel = model
            weak let weakNavigator = model?.navigator
            model?.navigator.transaction { $0.select(\.explore) }
            model?.navigator.transaction { $0.select(\.home) }
            model = nil  // before the main actor ran the deliveries
            #expect(weakModel == nil)
            #expect(weakNavigator == nil)
            for _ in 0..<100 { await Task.yield() }  // the queued deliveries find no one
        }

        @MainActor
        @Test func viewModelSeesItsChangesInOrder() async {
            let model = ViewModel()
            for index in 0..<6 {
                model.navigator.transaction {
                    index.isMultiple(of: 2) ? $0.select(\.explore) : $0.select(\.home)
                }
            }
            for _ in 0..<10_000 where model.seen.count < 6 { await Task.yield() }
            #expect(model.seen == [1, 2, 3, 4, 5, 6])
        }

        /// A typed stream ends when its navigator goes.
        @Test func typedStreamEndsWithItsNavigator() async {
            var navigator: Navigator<AppSteps>? = Navigator(AppSteps())
            weak let weakNavigator = navigator
            guard let stream = navigator?.rootChanges else { return }
            navigator?.transaction { $0.select(\.explore) }
            navigator = nil
            #expect(weakNavigator == nil)
            var sequences: [UInt64] = []
            for await change in stream { sequences.append(change.sequence) }
            #expect(sequences == [1])
        }
    }
}
