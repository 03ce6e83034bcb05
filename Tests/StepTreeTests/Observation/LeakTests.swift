import ExampleSteps
import Foundation
import TestSupport
import Testing

@testable import StepTree
@testable import StepTreeTools

/// An object whose lifetime the tests watch, carried in a step's payload.
private final class Marker: Sendable, Hashable, Codable {
    let name: String
    init(_ name: String) { self.name = name }
    convenience init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
    static func == (lhs: Marker, rhs: Marker) -> Bool { lhs.name == rhs.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

private struct Marked: StepValue {
    var marker: Marker?
}

/// A root whose `main` step carries a marker, and a pushed screen.
private struct MarkedRoot: StepsCollection {
    enum Key: String, StepKey { case main, other }
    var selected = StepSelection<Key>(.main)
    var main = Step(Marked())
    var other = Step()
    static let steps = StepTable<Self>(.inline(.main, \.main), .push(.other, \.other))
    init() {}
}

/// A class observer that records how many changes it saw.
private final class CountingObserver: StepsObserver {
    private let count = Locked(0)
    var changes: Int { count.withLock { $0 } }
    func didChange(_ change: NavigationChange<any StepNode>) { count.withLock { $0 += 1 } }
}

/// Sets the marker of `navigator`'s main step to a new one named `name`; a weak reference to it.
private func mark(_ navigator: Navigator<MarkedRoot>, _ name: String) -> Weak<Marker> {
    let marker = Marker(name)
    navigator.transaction { $0.main.value.marker = marker }
    return Weak(marker)
}

/// Navigators, observers, `changes` streams and drivers are freed when their owners let go:
/// nothing in the library keeps a strong reference to them once its user has none.
extension ThreadSafety {
    @Suite struct LeakTests {
        /// A navigator holds no observer: it goes when its owner lets go, and the observer
        /// installed for a scope goes when the scope ends.
        @Test func navigatorAndScopedObserverGoWithTheirOwners() throws {
            var navigator: Navigator<AppSteps>? = Navigator(AppSteps())
            let weakNavigator = Weak(navigator)
            var observer: CountingObserver? = CountingObserver()
            let weakObserver = Weak(observer)
            if let counting = observer {
                try StepsObservation.withObserver(counting) {
                    try navigator?.select(path: "profile/detail/dark")
                    navigator?.transaction(.userGesture) { $0.select(\.login) }
                    _ = navigator?.changes  // a stream made and dropped
                }
            }
            #expect(observer?.changes == 2)
            observer = nil
            #expect(!weakObserver.isAlive)  // neither the navigator nor the scope holds it
            navigator = nil
            #expect(!weakNavigator.isAlive)
        }

        /// An observer that holds its navigator weakly and starts a transaction from
        /// `didChange` leaves nothing behind.
        @Test func reentrantObserverLeavesNothingBehind() {
            final class Follower: StepsObserver {
                let navigator = Locked<Weak<Navigator<AppSteps>>>(Weak(nil))
                func didChange(_ change: NavigationChange<any StepNode>) {
                    guard change.sequence == 1 else { return }
                    navigator.withLock { $0.object }?.transaction { $0.select(\.explore) }
                }
            }
            let follower = Follower()
            var navigator: Navigator<AppSteps>? = Navigator(AppSteps())
            follower.navigator.withLock { $0 = Weak(navigator) }
            let weakNavigator = Weak(navigator)
            StepsObservation.withObserver(follower) {
                navigator?.transaction { $0.select(\.profile) }
            }
            #expect(navigator?.root.selected == StepSelection(.explore))
            navigator = nil
            #expect(!weakNavigator.isAlive)
        }

        /// A stream that nobody iterates keeps the changes it buffers, and only those; dropping
        /// it frees them, while the navigator lives on.
        @Test func droppedStreamFreesWhatItBuffered() {
            let navigator = Navigator(MarkedRoot())
            var stream: AsyncStream<NavigationChange<MarkedRoot>>? = navigator.changes
            let first = mark(navigator, "first")
            let second = mark(navigator, "second")
            let third = mark(navigator, "third")
            // The stream buffers first → second → third; the navigator holds the third.
            #expect(first.isAlive && second.isAlive && third.isAlive)
            #expect(stream != nil)
            stream = nil
            #expect(!first.isAlive && !second.isAlive)
            #expect(third.isAlive)
            // With no stream, nothing but the root holds a marker.
            let fourth = mark(navigator, "fourth")
            #expect(!third.isAlive && fourth.isAlive)
        }

        /// A `for await` loop over `changes` ends when the navigator is freed, mid-iteration,
        /// and nothing the loop held keeps the navigator alive.
        @Test func loopEndsWhenTheNavigatorGoes() async {
            var navigator: Navigator<MarkedRoot>? = Navigator(MarkedRoot())
            let weakNavigator = Weak(navigator)
            guard let stream = navigator?.changes else { return }
            let (received, signal) = AsyncStream<UInt64>.makeStream()
            let loop = Task {
                var sequences: [UInt64] = []
                for await change in stream {
                    sequences.append(change.sequence)
                    signal.yield(change.sequence)
                }
                signal.finish()
                return sequences
            }
            var signals = received.makeAsyncIterator()
            let marker = navigator.map { mark($0, "first") }
            #expect(await signals.next() == 1)
            navigator = nil  // the loop is waiting for its next change
            #expect(!weakNavigator.isAlive)
            #expect(await loop.value == [1])
            #expect(await signals.next() == nil)
            #expect(marker?.isAlive == false)
        }

        /// Cancelling the task of a `for await` loop mid-iteration ends the loop once it has
        /// taken what was buffered, and the navigator stops buffering changes for it: nothing of
        /// the stream outlives the loop.
        @Test func cancelledLoopFreesItsStream() async {
            let navigator = Navigator(MarkedRoot())
            let stream = navigator.changes
            let (gate, open) = AsyncStream<Void>.makeStream()
            let (received, signal) = AsyncStream<UInt64>.makeStream()
            let loop = Task {
                var sequences: [UInt64] = []
                for await change in stream {
                    sequences.append(change.sequence)
                    signal.yield(change.sequence)
                    // Waits until the test cancels it: the changes that come meanwhile are
                    // buffered.
                    for await _ in gate {}
                }
                signal.finish()
                return sequences
            }
            var signals = received.makeAsyncIterator()
            let first = mark(navigator, "first")
            #expect(await signals.next() == 1)
            let second = mark(navigator, "second")
            let third = mark(navigator, "third")
            #expect(first.isAlive && second.isAlive && third.isAlive)  // buffered
            loop.cancel()
            // What was buffered before the cancellation is still delivered, then the loop ends.
            #expect(await loop.value == [1, 2, 3])
            open.finish()
            #expect(!first.isAlive && !second.isAlive)
            #expect(third.isAlive)
            let fourth = mark(navigator, "fourth")
            #expect(!third.isAlive && fourth.isAlive)
        }

        /// The boxes of a hand-written tree are freed with the last value that shares them,
        /// whoever held the value: a navigator, its changes, or the driver.
        @Test func boxesGoWithTheLastValue() throws {
            var state: AppSteps? = AppSteps()
            try state?.select(path: "profile/detail/dark")
            let profile = Weak(state?.profile.storage)
            let detail = Weak(state?.profile.detail.storage)
            var navigator: Navigator<AppSteps>? = state.map { Navigator($0) }
            var screen = state.map { HeadlessScreen($0) }
            state = nil
            #expect(profile.isAlive && detail.isAlive)  // the navigator's root shares them
            let events = try navigator?.transaction { try $0.show(path: "explore") } ?? []
            if let root = navigator?.root { try screen?.apply(events, reaching: root) }
            #expect(screen?.visibleScreen == StepPath(["explore"]))
            #expect(profile.isAlive)  // the profile tab keeps its state
            navigator = nil
            screen = nil
            #expect(!profile.isAlive && !detail.isAlive)
        }
    }
}
