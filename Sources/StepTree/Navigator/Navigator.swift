import Foundation

/// Owns the root of a step tree and runs every change to it as one transaction: the events are
/// computed with ``NavigationDiff``, observers are told, and the new state is published.
///
/// ```swift
/// let navigator = Navigator(AppSteps())
/// try navigator.select(path: "profile/detail/dark")
/// navigator.transaction(.userGesture) { $0.select(\.home) }
/// ```
///
/// ## Observing
///
/// Three ways, one change type (``NavigationChange``, carrying ``id`` and its
/// ``NavigationTransaction``):
///
/// - the global ``StepsObservation/observer`` sees every transaction of every navigator, before
///   and after it is published (analytics, logging, recording);
/// - ``changes`` is this navigator's `AsyncStream` of changes typed by `Root` (a view model, a
///   sequencer following it);
/// - a navigator is `Observable`, fine-grained: SwiftUI or `withObservationTracking` code that
///   reads ``frames(in:)``, ``selectedKey(in:at:)`` or ``modal(at:)`` is invalidated only when
///   that part changes.
///
/// ## Threading
///
/// A navigator is `Sendable` and thread-safe. Transactions are serialized by a lock held for the
/// whole transaction, including the observer calls, so observers see changes one at a time and
/// in commit order (``NavigationChange/sequence`` counts them without gaps). ``root`` takes a
/// separate lock and never waits for an observer.
///
/// An observer may start a transaction on the same navigator from ``StepsObserver/didChange(_:)``:
/// it runs at once, on top of the published state, and its observer calls follow the current
/// ones. A transaction started from a transaction body or from
/// ``StepsObserver/willChange(_:)`` of the same navigator would work on a state that is about to
/// be replaced; it is ignored and returns no events.
///
/// Observers run while the transaction holds its lock: an observer must not wait for another
/// navigator whose own observers call back into this one from another thread (two navigators
/// waiting for each other would deadlock). A task started from an observer is not re-entrant;
/// it waits for the lock like any other caller.
public final class Navigator<Root: StepNode>: Sendable {
    private let state: Locked<Root>
    private let sequence = Locked<UInt64>(0)
    private let streams = Locked(Streams())
    let observation = NavigatorObservation()
    /// Which navigator this is; every change it makes carries it.
    public let id = NavigatorID.next()
    /// The key path of ``root``, made once: a key path into a generic class is instantiated at
    /// run time on every use.
    let rootKeyPath: KeyPath<Navigator, Root> & Sendable = \.root

    /// The continuations of the ``changes`` streams, and the last change they were given.
    private struct Streams {
        var next = 0
        var continuations: [Int: AsyncStream<NavigationChange<Root>>.Continuation] = [:]
        /// The ``NavigationChange/sequence`` of the last change being published; 0 before the
        /// first.
        var published: UInt64 = 0
    }

    /// Creates a navigator for `root`.
    /// - Parameter root: The initial state.
    public init(_ root: Root) {
        self.state = Locked(root)
    }

    deinit {
        // End every `for await` loop over the streams: no change can come any more.
        for continuation in streams.withLock({ $0.continuations.values }) { continuation.finish() }
    }

    /// The sequence of the last change committed and being published, or published.
    ///
    /// Its streams are given it or about to be; 0 before the first. What a follower waits to
    /// have seen.
    package var publishedSequence: UInt64 { streams.withLock { $0.published } }

    /// The current state.
    ///
    /// Reading it inside `withObservationTracking` (or a SwiftUI view) tracks every change; read
    /// ``frames(in:)``, ``selectedKey(in:at:)`` or ``modal(at:)`` to track one part only.
    public var root: Root {
        observation.registrar.access(self, keyPath: rootKeyPath)
        return state.withLock { $0 }
    }

    /// The current state, without registering an access for observation.
    var currentRoot: Root { state.withLock { $0 } }

    /// Runs `body` on a copy of the root as one transaction and, if the root changed, commits
    /// it: `willChange`, publish, `didChange`, then the ``changes`` streams.
    ///
    /// ```swift
    /// let events = try navigator.transaction { try $0.select(path: "profile/detail") }
    /// navigator.transaction(NavigationTransaction(animated: false)) { $0.select(\.home) }
    /// ```
    ///
    /// `transaction` (its cause, `animated`, values of your own keys) reaches every observer and
    /// driver with the change. A body that throws changes nothing and tells no one. A body that
    /// leaves the root equal to what it was is a no-op: no observer call.
    /// - Parameters:
    ///   - transaction: The metadata every observer gets with the change.
    ///   - body: Edits the root.
    /// - Returns: The events between the old and the new screen.
    /// - Throws: What `body` throws.
    /// - Complexity: The cost of `body`, a comparison and a diff of the two states: both follow
    ///   what changed, not the size of the tree.
    @discardableResult
    public func transaction<E: Error>(
        _ transaction: NavigationTransaction = .programmatic,
        _ body: (inout Root) throws(E) -> Void
    ) throws(E) -> [NavigationEvent] {
        try commit(transaction) { root throws(E) in
            try body(&root)
            return false
        }
    }

    /// ``transaction(_:_:)``, with a `body` that returns whether the change is reported even
    /// when it leaves the root as it was: a tab re-tap, which observers are told of with no
    /// events.
    @discardableResult
    func commit<E: Error>(
        _ transaction: NavigationTransaction, _ body: (inout Root) throws(E) -> Bool
    ) throws(E) -> [NavigationEvent] {
        let id = ObjectIdentifier(self)
        let contexts = TransactionScope.contexts
        if let open = contexts.last(where: { $0.navigator == id && $0.isOpenOnCurrentThread }),
            let context = open as? Transaction
        {
            // Re-entrant: this thread already holds the lock.
            guard context.phase == .didChange else { return [] }
            guard let change = try compute(transaction, body, from: context.latest, context)
            else { return [] }
            context.queue.append(change)
            context.latest = change.new
            return change.events
        }
        let outcome: Result<[NavigationEvent], E> = sequence.withLock { sequence in
            // Read once: the state lock is taken again only to publish.
            let old = currentRoot
            let context = Transaction(navigator: id, sequence: sequence, root: old)
            defer {
                sequence = context.sequence
                context.isOpen = false
            }
            return TaskScopes.opening {
                TransactionScope.$contexts.withValue(contexts + [context]) {
                    do throws(E) {
                        guard let change = try compute(transaction, body, from: old, context)
                        else { return .success([]) }
                        context.latest = change.new
                        publish(change, context: context)
                        // Taken whole, not with `removeFirst()` per change (O(n²) for n):
                        // what these observers start is queued behind them, in commit order.
                        while !context.queue.isEmpty {
                            let batch = context.queue
                            context.queue = []
                            for queued in batch { publish(queued, context: context) }
                        }
                        return .success(change.events)
                    } catch {
                        return .failure(error)
                    }
                }
            }
        }
        return try outcome.get()
    }

    /// One open transaction of this navigator, with the changes its observers started.
    ///
    /// (`@unchecked Sendable` restated from ``ThreadOwned``, as Swift requires of a subclass.)
    private final class Transaction: TransactionContext, @unchecked Sendable {
        /// Changes made by re-entrant transactions, published after the current one.
        var queue: [NavigationChange<Root>] = []
        /// The root the next re-entrant transaction starts from.
        var latest: Root

        init(navigator: ObjectIdentifier, sequence: UInt64, root: Root) {
            latest = root
            super.init(navigator: navigator, sequence: sequence)
        }
    }

    /// Runs `body` on a copy of `old`; the change, or `nil` for a no-op.
    private func compute<E: Error>(
        _ transaction: NavigationTransaction, _ body: (inout Root) throws(E) -> Bool,
        from old: Root, _ context: TransactionContext
    ) throws(E) -> NavigationChange<Root>? {
        var new = old
        let phase = context.phase
        context.phase = .body
        defer { context.phase = phase }
        let reported = try body(&new)
        guard reported || new != old else { return nil }
        context.sequence += 1
        return NavigationChange(
            old: old, new: new, events: NavigationDiff.events(from: old, to: new),
            transaction: transaction, sequence: context.sequence, navigator: self.id)
    }

    /// The global observer's `willChange`, publish, its `didChange`, then the streams.
    ///
    /// The observer is read once for both calls; the type-erased change is built only when one
    /// is installed.
    private func publish(_ change: NavigationChange<Root>, context: TransactionContext) {
        let observer = StepsObservation.current()?.observer
        // The streams made before the change get it; one made by an observer starts after it.
        let continuations = streams.withLock { streams in
            streams.published = change.sequence
            return streams.continuations
        }
        let erased = observer.map { _ in change.erased }
        context.phase = .willChange
        if let observer, let erased { observer.willChange(erased) }
        observation.publish(change, of: self) { state.withLock { $0 = change.new } }
        context.phase = .didChange
        if let observer, let erased { observer.didChange(erased) }
        for continuation in continuations.values { continuation.yield(change) }
    }

    /// The changes a stream of ``changes`` keeps for a consumer that has not read them yet,
    /// when it is made without a policy: the newest 64.
    ///
    /// A stream's buffer holds every change its consumer has not read, each with the old and
    /// the new state, so a kept stream that is read slowly or not at all would grow without
    /// bound (hundreds of bytes per change for a small tree, more when the states share little).
    /// Keeping the newest changes, not the oldest, keeps what a follower needs: the latest
    /// change carries the current state. A consumer that must see every change can tell that
    /// some were dropped by a gap in ``NavigationChange/sequence``, or ask for `.unbounded`.
    public static var defaultStreamBufferLimit: Int { 64 }

    /// Every committed change from now on, typed by `Root`, in commit order, for `for await`
    /// loops: a `@MainActor` view model can follow its navigator with it.
    ///
    /// ```swift
    /// for await change in navigator.changes { title = "\(change.new.selected)" }
    /// ```
    ///
    /// The same as ``changes(buffering:)`` with its default policy, which keeps the newest
    /// ``defaultStreamBufferLimit`` changes its consumer has not read. The stream ends when
    /// the loop stops iterating or the navigator goes.
    public var changes: AsyncStream<NavigationChange<Root>> { changes() }

    /// Every committed change from now on, typed by `Root`, in commit order, keeping at most
    /// what `buffering` allows for a consumer that falls behind.
    ///
    /// ```swift
    /// for await change in navigator.changes(buffering: .unbounded) { log(change) }
    /// ```
    /// - Parameter buffering: What the stream keeps while its consumer has not read it:
    ///   `.bufferingNewest(n)` (the default, with ``defaultStreamBufferLimit``) drops the
    ///   oldest changes beyond *n*, `.bufferingOldest(n)` the newest, and `.unbounded` keeps
    ///   every change, at a cost in memory that grows with each change its consumer has not
    ///   read. A consumer that keeps up never loses a change.
    /// - Returns: A stream that ends when the loop stops iterating or the navigator goes.
    /// - Complexity: O(1) per change and stream.
    public func changes(
        buffering: AsyncStream<NavigationChange<Root>>.Continuation.BufferingPolicy =
            .bufferingNewest(defaultStreamBufferLimit)
    ) -> AsyncStream<NavigationChange<Root>> {
        let (stream, continuation) = AsyncStream<NavigationChange<Root>>.makeStream(
            bufferingPolicy: buffering)
        let id = streams.withLock { streams in
            defer { streams.next += 1 }
            streams.continuations[streams.next] = continuation
            return streams.next
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.streams.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }
}
