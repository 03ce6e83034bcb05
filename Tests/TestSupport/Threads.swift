import Foundation
import StepTree

/// Runs `body(index)` on `count` new threads that start together, waits for all of them and
/// returns their results in index order.
///
/// Plain pthreads, a condition variable for the start and `pthread_join` for the end: the
/// thread sanitizer models all three, so it sees exactly the ordering the test relies on and
/// nothing more (no cooperative pool that would run the bodies one after the other).
package func onThreads<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
    let results = Locked<[Int: T]>([:])
    let start = StartLine(count)
    var threads: [pthread_t] = []
    for index in 0..<count {
        let work = ThreadWork {
            start.wait()
            let result = body(index)
            results.withLock { $0[index] = result }
        }
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { raw in
                guard let raw else { return nil }
                Unmanaged<ThreadWork>.fromOpaque(raw).takeRetainedValue().run()
                return nil
            }, Unmanaged.passRetained(work).toOpaque())
        precondition(created == 0, "pthread_create failed: \(created)")
        threads.append(thread)
    }
    for thread in threads { pthread_join(thread, nil) }
    return results.withLock { results in (0..<count).compactMap { results[$0] } }
}

/// The closure a thread runs.
private final class ThreadWork: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// Holds every thread until all of them have arrived, so that their bodies overlap.
package final class StartLine: @unchecked Sendable {
    // `@unchecked Sendable`: `arrived` is read and written only under `condition`.
    private let condition = NSCondition()
    private let expected: Int
    private var arrived = 0

    package init(_ expected: Int) { self.expected = expected }

    package func wait() {
        condition.lock()
        defer { condition.unlock() }
        arrived += 1
        if arrived == expected {
            condition.broadcast()
        } else {
            while arrived < expected { condition.wait() }
        }
    }
}

/// ``onThreads(_:_:)`` from async code: the threads are started and joined from a thread of
/// their own, so that no thread of the cooperative pool blocks while they run.
package func onThreadsAsync<T: Sendable>(
    _ count: Int, _ body: @escaping @Sendable (Int) -> T
) async -> [T] {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: onThreads(count, body)) }
    }
}
