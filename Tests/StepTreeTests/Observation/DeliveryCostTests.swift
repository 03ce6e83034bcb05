import ExampleSteps
import Foundation
import StepTree
import Testing

/// Records when the first and the last of the changes it is told about arrived.
@MainActor
private final class MainActorArrivals: MainActorNavigatorObserver {
    var count = 0
    var first = ContinuousClock.now
    var last = ContinuousClock.now

    func didChange(_ change: NavigatorChange<AppSteps>) {
        if count == 0 { first = .now }
        count += 1
        last = .now
    }

    /// Lets the main actor run until `count` changes arrived (or a bounded number of turns).
    func waitFor(_ count: Int) async {
        for _ in 0..<100_000 where self.count < count { await Task.yield() }
    }
}

/// Starts `count` transactions from its first `didChange`, so that they queue behind it, and
/// records when the first and the last of those queued changes were published.
private final class ReentrantArrivals: NavigatorObserver {
    private struct Log {
        var started = false
        var seen = 0
        var first = ContinuousClock.now
        var last = ContinuousClock.now
    }

    private let log = Mutex(Log())
    private let count: Int
    /// The navigator observed (the navigator holds its observers weakly: no cycle).
    let navigator = Mutex<Navigator<AppSteps>?>(nil)

    init(count: Int) { self.count = count }

    var seconds: Double {
        log.withLock { Self.seconds($0.last - $0.first) }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    func didChange(_ change: NavigatorChange<AppSteps>) {
        let start = log.withLock { log in
            defer { log.started = true }
            guard log.started else { return true }
            if log.seen == 0 { log.first = .now }
            log.seen += 1
            log.last = .now
            return false
        }
        guard start, let navigator = navigator.withLock({ $0 }) else { return }
        for index in 0..<count {
            navigator.transaction {
                index.isMultiple(of: 2) ? $0.select(\.explore) : $0.select(\.home)
            }
        }
    }
}

extension ThreadSafety {
    /// Delivering a queued change costs the same however many wait behind it: the time per
    /// change at 12n changes stays near the time at n, under 3 times it (a queue that shifts
    /// its elements on every removal takes several times as long per change there).
    ///
    /// A moment without the CPU while the smaller size runs only lowers the ratio; the larger
    /// one runs long enough (about half a second) for such a moment to matter little.
    @Suite("Delivery cost")
    struct DeliveryCostTests {
        static let small = 4_000
        static let large = 48_000

        /// The seconds the main actor takes to deliver `count` changes queued while it was
        /// busy.
        @MainActor
        static func mainActorDrain(_ count: Int) async -> Double {
            let arrivals = MainActorArrivals()
            let navigator = Navigator(AppSteps())
            navigator.addMainActorObserver(arrivals)
            // The main actor runs this loop: every change is queued before the first is
            // delivered.
            for index in 0..<count {
                navigator.transaction {
                    index.isMultiple(of: 2) ? $0.select(\.explore) : $0.select(\.home)
                }
            }
            await arrivals.waitFor(count)
            #expect(arrivals.count == count)
            return ReentrantArrivals.seconds(arrivals.last - arrivals.first)
        }

        /// The seconds a transaction takes to publish `count` changes its observer started.
        static func reentrantPublish(_ count: Int) -> Double {
            let arrivals = ReentrantArrivals(count: count)
            let navigator = Navigator(AppSteps())
            arrivals.navigator.withLock { $0 = navigator }
            navigator.addObserver(arrivals)
            navigator.transaction { $0.select(\.profile) }
            return arrivals.seconds
        }

        @MainActor
        @Test func mainActorObserversGetEachQueuedChangeAtTheSameCost() async {
            let small = await Self.mainActorDrain(Self.small)
            let large = await Self.mainActorDrain(Self.large)
            let ratio = (large / Double(Self.large)) / (small / Double(Self.small))
            #expect(ratio < 3, "per change, \(Self.large) cost \(ratio) times \(Self.small)")
        }

        @Test func changesStartedByObserversArePublishedAtTheSameCostEach() {
            let small = Self.reentrantPublish(Self.small)
            let large = Self.reentrantPublish(Self.large)
            let ratio = (large / Double(Self.large)) / (small / Double(Self.small))
            #expect(ratio < 3, "per change, \(Self.large) cost \(ratio) times \(Self.small)")
        }
    }
}
