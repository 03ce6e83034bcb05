import ExampleSteps
import Foundation
import StepTree
import TestSupport
import Testing

/// Starts `count` transactions from its first `didChange`, so that they queue behind it, and
/// records when the first and the last of those queued changes were published.
private final class ReentrantArrivals: StepsObserver {
    private struct Log {
        var started = false
        var seen = 0
        var first = ContinuousClock.now
        var last = ContinuousClock.now
    }

    private let log = Mutex(Log())
    private let count: Int
    /// The navigator observed.
    let navigator = Mutex<Navigator<AppSteps>?>(nil)

    init(count: Int) { self.count = count }

    var seconds: Double {
        log.withLock { Self.seconds($0.last - $0.first) }
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    func didChange(_ change: NavigationChange<any StepNode>) {
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
    /// one runs long enough (about half a second) for such a moment to matter little, and the
    /// fastest of three runs counts.
    @Suite("Delivery cost")
    struct DeliveryCostTests {
        static let small = 4_000
        static let large = 48_000

        /// The seconds a transaction takes to publish `count` changes its observer started.
        static func reentrantPublish(_ count: Int) -> Double {
            let arrivals = ReentrantArrivals(count: count)
            let navigator = Navigator(AppSteps())
            arrivals.navigator.withLock { $0 = navigator }
            defer { arrivals.navigator.withLock { $0 = nil } }  // the observer holds its navigator
            StepsObservation.withObserver(arrivals) {
                navigator.transaction { $0.select(\.profile) }
            }
            return arrivals.seconds
        }

        @Test func changesStartedByObserversArePublishedAtTheSameCostEach() {
            // The fastest of three runs of each size, taken in turn: the tests beside this one
            // share the machine's cores, and a run slowed by them reads as a higher cost.
            var small = Double.infinity
            var large = Double.infinity
            for _ in 0..<3 {
                small = min(small, Self.reentrantPublish(Self.small))
                large = min(large, Self.reentrantPublish(Self.large))
            }
            let ratio = (large / Double(Self.large)) / (small / Double(Self.small))
            #expect(ratio < 3, "per change, \(Self.large) cost \(ratio) times \(Self.small)")
        }
    }
}
