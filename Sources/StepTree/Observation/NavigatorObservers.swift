/// The typed observers of one navigator, held weakly, and the queue that carries changes to
/// the ones on the main actor in commit order.
final class NavigatorObservers<Root: StepNode>: Sendable {
    /// One observer, reached through a weak reference.
    struct Entry: Sendable {
        let id: ObjectIdentifier
        let isAlive: @Sendable () -> Bool
        let willChange: @Sendable (NavigatorChange<Root>) -> Void
        let didChange: @Sendable (NavigatorChange<Root>) -> Void
    }

    /// One main-actor observer, reached through a weak reference.
    struct MainEntry: Sendable {
        let id: ObjectIdentifier
        let isAlive: @Sendable @MainActor () -> Bool
        let didChange: @Sendable @MainActor (NavigatorChange<Root>) -> Void
    }

    private struct MainQueue {
        var entries: [MainEntry] = []
        var pending: [NavigatorChange<Root>] = []
        var isDraining = false
        var isScheduled = false
    }

    /// The observers on the transaction's thread, and whether any is on the main actor: read
    /// under one lock per change.
    private struct Registered {
        var entries: [Entry] = []
        var hasMainEntries = false
    }

    private let registered = Locked(Registered())
    private let main = Locked(MainQueue())

    func add(_ entry: Entry) {
        registered.withLock {
            $0.entries.removeAll { !$0.isAlive() || $0.id == entry.id }
            $0.entries.append(entry)
        }
    }

    func add(_ entry: MainEntry) {
        main.withLock {
            $0.entries.removeAll { $0.id == entry.id }
            $0.entries.append(entry)
        }
        registered.withLock { $0.hasMainEntries = true }
    }

    func remove(_ id: ObjectIdentifier) {
        registered.withLock { $0.entries.removeAll { $0.id == id } }
        let hasMainEntries = main.withLock { queue in
            queue.entries.removeAll { $0.id == id }
            return !queue.entries.isEmpty
        }
        registered.withLock { $0.hasMainEntries = hasMainEntries }
    }

    /// The live observers, and whether any main-actor observer was added; forgets the ones
    /// whose owners let go.
    var current: (entries: [Entry], hasMainEntries: Bool) {
        registered.withLock { registered in
            if registered.entries.contains(where: { !$0.isAlive() }) {
                registered.entries.removeAll { !$0.isAlive() }
            }
            return (registered.entries, registered.hasMainEntries)
        }
    }

    /// Queues `change` for the main-actor observers and makes sure a drain is scheduled on the
    /// main actor.
    func deliverOnMainActor(_ change: NavigatorChange<Root>) {
        let schedule: Bool = main.withLock { queue in
            guard !queue.entries.isEmpty else { return false }
            queue.pending.append(change)
            guard !queue.isScheduled else { return false }
            queue.isScheduled = true
            return true
        }
        guard schedule else { return }
        // Always a hop, even from the main thread: on Linux the main actor does not always run
        // there, so being on the main thread does not prove isolation.
        Task { @MainActor in self.drain() }
    }

    /// Delivers every queued change, oldest first; a change queued meanwhile (by an observer
    /// that starts a transaction) is delivered by the same loop.
    ///
    /// The queue is taken whole, in one O(1) swap under the lock, and delivered outside it: a
    /// writer that queues a change waits for that swap at most, never for observer calls, and
    /// each change costs O(1) to take out (`removeFirst()` per change made a drain of *n*
    /// changes O(*n*²), under the lock every writer needs).
    /// - Complexity: O(*n* · *k*) for *n* changes and *k* observers.
    @MainActor
    private func drain() {
        let alreadyDraining = main.withLock { queue in
            defer { queue.isDraining = true }
            return queue.isDraining
        }
        guard !alreadyDraining else { return }
        while true {
            let batch: [NavigatorChange<Root>]? = main.withLock { queue in
                guard !queue.pending.isEmpty else {
                    queue.isDraining = false
                    queue.isScheduled = false
                    return nil
                }
                defer { queue.pending = [] }
                return queue.pending
            }
            guard let batch else { return }
            for change in batch {
                // Read per change, so that an observer removed by an earlier one is not called.
                let observers = main.withLock { $0.entries }
                for observer in observers where observer.isAlive() { observer.didChange(change) }
            }
        }
    }
}

/// A weak reference to a main-actor object, read only on the main actor.
@MainActor
final class MainActorWeak<Object: AnyObject>: Sendable {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}
