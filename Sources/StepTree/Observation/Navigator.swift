import Foundation

/// Owns the root of a step tree and runs every change to it as one transaction: the events are
/// computed with ``NavigationDiff``, observers are told, and the new state is published.
///
/// ```swift
/// let navigator = Navigator(AppSteps())
/// let events = try navigator.select(path: "profile/detail/dark")
/// navigator.transaction(.userGesture) { $0.select(\.home) }
/// ```
///
/// ## Observing
///
/// A navigator is `Observable`, fine-grained: SwiftUI or `withObservationTracking` code that
/// reads ``frames(in:)``, ``selectedKey(in:at:)`` or ``modal(at:)`` is invalidated only when
/// that part changes. Typed observers (``addObserver(_:)``, ``addMainActorObserver(_:)``) and
/// ``rootChanges`` get ``NavigatorChange`` values typed by `Root`; every change carries ``id``
/// and its ``NavigationTransaction``.
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
    private let observer: (any StepsObserver)?
    let typedObservers = NavigatorObservers<Root>()
    let observation = NavigatorObservation()
    /// Which navigator this is; every change it makes carries it.
    public let id = NavigatorID.next()
    /// The key path of ``root``, made once: a key path into a generic class is instantiated at
    /// run time on every use.
    let rootKeyPath: KeyPath<Navigator, Root> & Sendable = \.root

    /// The continuations of the ``changes`` and ``rootChanges`` streams.
    private struct Streams {
        var next = 0
        var erased: [Int: AsyncStream<NavigationChange>.Continuation] = [:]
        var typed: [Int: AsyncStream<NavigatorChange<Root>>.Continuation] = [:]
    }

    /// Where ``Streams`` keeps the continuations of one kind of stream.
    private typealias ContinuationsPath<Change> =
        WritableKeyPath<Streams, [Int: AsyncStream<Change>.Continuation]> & Sendable

    /// Creates a navigator for `root`.
    /// - Parameters:
    ///   - root: The initial state.
    ///   - observer: An observer for this navigator only, called after the global
    ///     ``StepSystem/observer``. For changes typed by `Root`, add a ``NavigatorObserver``.
    public init(_ root: Root, observer: (any StepsObserver)? = nil) {
        self.state = Locked(root)
        self.observer = observer
    }

    deinit {
        // End every `for await` loop over the streams: no change can come any more.
        let streams = streams.withLock { $0 }
        for continuation in streams.erased.values { continuation.finish() }
        for continuation in streams.typed.values { continuation.finish() }
    }

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
    /// `@unchecked Sendable` for the reason given on ``TransactionContext``.
    private final class Transaction: TransactionContext, @unchecked Sendable {
        /// Changes made by re-entrant transactions, published after the current one.
        var queue: [NavigatorChange<Root>] = []
        /// The root the next re-entrant transaction starts from.
        var latest: Root

        init(navigator: ObjectIdentifier, sequence: UInt64, root: Root) {
            latest = root
            super.init(navigator: navigator, sequence: sequence)
        }
    }

    /// Runs `body` on a copy of `old`; the change, or `nil` for a no-op.
    private func compute<E: Error>(
        _ transaction: NavigationTransaction, _ body: (inout Root) throws(E) -> Void,
        from old: Root, _ context: TransactionContext
    ) throws(E) -> NavigatorChange<Root>? {
        var new = old
        let phase = context.phase
        context.phase = .body
        defer { context.phase = phase }
        try body(&new)
        guard new != old else { return nil }
        context.sequence += 1
        return NavigatorChange(
            old: old, new: new, events: NavigationDiff.events(from: old, to: new),
            transaction: transaction, sequence: context.sequence, navigator: self.id)
    }

    /// `willChange`, publish, `didChange`, then the streams.
    ///
    /// The type-erased change is built only when an erased observer or stream wants it.
    private func publish(_ change: NavigatorChange<Root>, context: TransactionContext) {
        let erasedObservers = [StepSystem.observer, observer].compactMap { $0 }
        let (typed, hasMainEntries) = typedObservers.current
        let streams = streams.withLock { $0 }
        let erased =
            erasedObservers.isEmpty && streams.erased.isEmpty ? nil : change.erased
        context.phase = .willChange
        if let erased { for observer in erasedObservers { observer.willChange(erased) } }
        for observer in typed { observer.willChange(change) }
        observation.publish(change, of: self) { state.withLock { $0 = change.new } }
        context.phase = .didChange
        if let erased { for observer in erasedObservers { observer.didChange(erased) } }
        for observer in typed { observer.didChange(change) }
        if hasMainEntries { typedObservers.deliverOnMainActor(change) }
        if let erased { for continuation in streams.erased.values { continuation.yield(erased) } }
        for continuation in streams.typed.values { continuation.yield(change) }
    }

    /// The changes a stream of ``changes`` or ``rootChanges`` keeps for a consumer that has not
    /// read them yet, when it is made without a policy: the newest 64.
    ///
    /// A stream's buffer holds every change its consumer has not read, each with the old and
    /// the new state, so a kept stream that is read slowly or not at all would grow without
    /// bound (hundreds of bytes per change for a small tree, more when the states share little).
    /// Keeping the newest changes, not the oldest, keeps what a follower needs: the latest
    /// change carries the current state. A consumer that must see every change can tell that
    /// some were dropped by a gap in ``NavigationChange/sequence``, or ask for `.unbounded`.
    public static var defaultStreamBufferLimit: Int { 64 }

    /// Every committed change from now on, in commit order, for `for await` loops.
    ///
    /// The same as ``changes(buffering:)`` with its default policy, which keeps the newest
    /// ``defaultStreamBufferLimit`` changes its consumer has not read. The stream ends when
    /// the loop stops iterating or the navigator goes.
    public var changes: AsyncStream<NavigationChange> { changes() }

    /// Every committed change from now on, in commit order, keeping at most what `buffering`
    /// allows for a consumer that falls behind.
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
        buffering: AsyncStream<NavigationChange>.Continuation.BufferingPolicy =
            .bufferingNewest(defaultStreamBufferLimit)
    ) -> AsyncStream<NavigationChange> {
        stream(\.erased, buffering)
    }

    /// Every committed change from now on, typed by `Root`, in commit order: a `@MainActor`
    /// view model can `for await` it.
    ///
    /// The same as ``rootChanges(buffering:)`` with its default policy, which keeps the newest
    /// ``defaultStreamBufferLimit`` changes its consumer has not read.
    ///
    /// ```swift
    /// for await change in navigator.rootChanges { title = "\(change.new.selected)" }
    /// ```
    ///
    /// The stream ends when the loop stops iterating or the navigator goes.
    public var rootChanges: AsyncStream<NavigatorChange<Root>> { rootChanges() }

    /// Every committed change from now on, typed by `Root`, in commit order, keeping at most
    /// what `buffering` allows for a consumer that falls behind.
    ///
    /// - Parameter buffering: What the stream keeps while its consumer has not read it; see
    ///   ``changes(buffering:)``.
    /// - Returns: A stream that ends when the loop stops iterating or the navigator goes.
    /// - Complexity: O(1) per change and stream.
    public func rootChanges(
        buffering: AsyncStream<NavigatorChange<Root>>.Continuation.BufferingPolicy =
            .bufferingNewest(defaultStreamBufferLimit)
    ) -> AsyncStream<NavigatorChange<Root>> {
        stream(\.typed, buffering)
    }

    /// A new stream whose continuation is kept in `continuations` until it terminates.
    private func stream<Change>(
        _ continuations: ContinuationsPath<Change>,
        _ buffering: AsyncStream<Change>.Continuation.BufferingPolicy
    ) -> AsyncStream<Change> {
        let (stream, continuation) = AsyncStream<Change>.makeStream(bufferingPolicy: buffering)
        let id = streams.withLock { streams in
            defer { streams.next += 1 }
            streams[keyPath: continuations][streams.next] = continuation
            return streams.next
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.streams.withLock { $0[keyPath: continuations].removeValue(forKey: id) }
        }
        return stream
    }

    /// Starts telling `observer` about every change, typed by `Root`, on the transaction's
    /// thread; held weakly, so it stops once its owner lets it go.
    public func addObserver<Observer: NavigatorObserver>(_ observer: Observer)
    where Observer.Root == Root {
        typedObservers.add(
            NavigatorObservers<Root>.Entry(
                id: ObjectIdentifier(observer),
                isAlive: { [weak observer] in observer != nil },
                willChange: { [weak observer] in observer?.willChange($0) },
                didChange: { [weak observer] in observer?.didChange($0) }))
    }

    /// Starts telling `observer`, on the main actor, about every change; held weakly.
    @MainActor
    public func addMainActorObserver<Observer: MainActorNavigatorObserver>(_ observer: Observer)
    where Observer.Root == Root {
        let reference = MainActorWeak(observer)
        typedObservers.add(
            NavigatorObservers<Root>.MainEntry(
                id: ObjectIdentifier(observer),
                isAlive: { reference.object != nil },
                didChange: { reference.object?.didChange($0) }))
    }

    /// Stops telling `observer` about changes.
    public func removeObserver(_ observer: AnyObject) {
        typedObservers.remove(ObjectIdentifier(observer))
    }
}
