import ExampleSteps
import StepTree
import TestSupport
import Testing

/// Counts notifications and checks they arrive in commit order.
private final class SequenceCounter: StepsObserver {
    private let seen = Mutex<[UInt64]>([])
    var sequences: [UInt64] { seen.withLock { $0 } }
    func didChange(_ change: NavigationChange<any StepNode>) {
        seen.withLock { $0.append(change.sequence) }
    }
}

extension ThreadSafety {
    @Suite("Concurrency")
    struct ConcurrencyTests {
        @Test func manyTasksLoseAndDuplicateNoNotification() async throws {
            let counter = SequenceCounter()
            let navigator = Navigator(AppSteps())
            await StepsObservation.withObserver(counter) {
                let tasks = 8
                let transactionsPerTask = 150
                let committed = await withTaskGroup(of: Int.self) { group in
                    for task in 0..<tasks {
                        group.addTask {
                            var committed = 0
                            for step in 0..<transactionsPerTask {
                                // Every transaction changes the state: the query is unique.
                                let events = navigator.transaction { root in
                                    root.explore.value.query = "\(task)-\(step)"
                                    root.select(\.profile)
                                    try? root.select(
                                        path: step.isMultiple(of: 2)
                                            ? "profile/settings" : "profile/main")
                                }
                                _ = events
                                committed += 1
                                _ = navigator.root.selected  // readers run alongside writers
                            }
                            return committed
                        }
                    }
                    group.addTask {
                        for _ in 0..<500 { _ = navigator.root.profile.selected }
                        return 0
                    }
                    return await group.reduce(0, +)
                }
                let total = tasks * transactionsPerTask
                #expect(committed == total)
                #expect(counter.sequences == Array(1...UInt64(total)))
            }
        }
    }
}
