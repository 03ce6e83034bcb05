import ExampleSteps
import Foundation
import TestSupport
import Testing

@testable import StepTree
@testable import StepTreeAnalytics
@testable import StepTreeTools

/// What a reader thread found.
private struct ReaderReport: Sendable {
    var reads = 0
    var problems: [String] = []
}

/// Readers of `navigator.root`, of the tracker and of `changes` streams, on threads of their
/// own, while other threads run transactions on the same navigator.
///
/// Writer `w` runs transactions `0..<transactions`; transaction `i` writes the query `"w-i"` and
/// shows `/profile/settings` when `i` is even, `/explore` when it is odd. Every snapshot a
/// reader takes must therefore be a committed state: its query names a transaction whose screen
/// is the visible one, and the transactions of each writer appear in order.
extension ThreadSafety {
    @Suite struct ReadersDuringTransactionsTests {
        static let writers = 3
        static let readers = 3
        static let transactions = 200

        private static func write(_ navigator: Navigator<AppSteps>, writer: Int) {
            for index in 0..<transactions {
                navigator.transaction { root in
                    root.explore.value.query = "\(writer)-\(index)"
                    if index.isMultiple(of: 2) {
                        try? root.select(path: "profile/settings")
                    } else {
                        try? root.show(path: "explore")
                    }
                }
            }
        }

        /// The problems of one snapshot; `last[w]` is the last transaction of writer `w` seen.
        private static func problems(
            _ root: AppSteps, previous: AppSteps, last: inout [Int]
        ) -> [String] {
            let query = root.explore.value.query
            if query.isEmpty { return root == AppSteps() ? [] : ["an uncommitted start"] }
            let parts = query.split(separator: "-").compactMap { Int($0) }
            guard parts.count == 2, parts[0] < writers else { return ["query \(query)"] }
            let (writer, index) = (parts[0], parts[1])
            var problems: [String] = []
            if index < last[writer] { problems.append("\(query) after \(writer)-\(last[writer])") }
            last[writer] = index
            let even = index.isMultiple(of: 2)
            let screen = even ? StepPath(["profile", "settings"]) : StepPath(["explore"])
            if root.visibleScreen != screen {
                problems.append("\(query) shows \(root.visibleScreen)")
            }
            if even && !root.isSelected(path: "profile/settings") {
                problems.append("\(query) without its sheet")
            }
            if root.selected != StepSelection(even ? .profile : .explore) {
                problems.append("\(query) selects \(root.selected)")
            }
            // A diff between two snapshots reads boxes that the navigator shares with its writers.
            let back = NavigationDiff.events(from: root, to: previous)
            let forth = NavigationDiff.events(from: previous, to: root)
            if back.isEmpty != forth.isEmpty { problems.append("\(query): one-sided diff") }
            return problems
        }

        private static func read(
            _ navigator: Navigator<AppSteps>, tracker: ScreenTracker<TestClock>,
            finished: Locked<Int>, reader: Int
        ) -> ReaderReport {
            var report = ReaderReport()
            var last = Array(repeating: -1, count: writers)
            var previous = navigator.root
            var done = false
            while !done {
                done = finished.withLock { $0 } == writers  // one more read after the end
                let root = navigator.root
                report.problems += problems(root, previous: previous, last: &last)
                report.reads += 1
                switch reader {
                case 0:
                    var hasher = Hasher()
                    root.hash(into: &hasher)
                    _ = hasher.finalize()
                    if (try? JSONEncoder().encode(root)) == nil { report.problems.append("encode") }
                case 1:
                    _ = tracker.views.count
                    _ = tracker.currentScreen
                default:
                    _ = navigator.changes  // a stream made and dropped while changes are published
                }
                previous = root
            }
            return report
        }

        @Test func readersSeeOnlyCommittedStatesInOrder() async {
            let clock = TestClock()
            let tracker = ScreenTracker(clock: clock)
            let navigator = Navigator(AppSteps())
            let total = Self.writers * Self.transactions
            // Every change, however far the consumer falls behind the writers.
            let stream = navigator.changes(buffering: .unbounded)
            let consumer = Task {
                var changes: [NavigationChange<AppSteps>] = []
                for await change in stream {
                    changes.append(change)
                    if changes.count == total { break }
                }
                return changes
            }
            let finished = Locked(0)
            let reports = await onThreadsAsync(Self.writers + Self.readers) { index in
                guard index >= Self.writers else {
                    // A thread is in no task's scope: each writer installs the tracker.
                    StepsObservation.withObserver(tracker) { Self.write(navigator, writer: index) }
                    finished.withLock { $0 += 1 }
                    return ReaderReport()
                }
                return Self.read(
                    navigator, tracker: tracker, finished: finished, reader: index - Self.writers)
            }
            let readers = reports.dropFirst(Self.writers)
            #expect(readers.map(\.problems) == Array(repeating: [], count: Self.readers))
            #expect(readers.allSatisfy { $0.reads > 0 })

            let changes = await consumer.value
            #expect(changes.map(\.sequence) == Array(1...UInt64(total)))
            // The last committed state is the navigator's, and each writer's last transaction is
            // in it or before it.
            let final = navigator.root
            #expect(changes.last?.new == final)
            let queries = changes.map(\.new.explore.value.query)
            for writer in 0..<Self.writers {
                let own = queries.filter { $0.hasPrefix("\(writer)-") }
                #expect(own == (0..<Self.transactions).map { "\(writer)-\($0)" })
            }
            // The tracker saw the same commits in the same order: a view for each change that
            // moved the visible screen or renewed it.
            let moved = changes.filter {
                $0.old.visibleScreen != $0.new.visibleScreen
                    || $0.old.visibleIdentity != $0.new.visibleIdentity
            }
            #expect(tracker.views.map(\.screen) == moved.map(\.visibleScreen))
            #expect(tracker.currentScreen == final.visibleScreen)
        }
    }
}
