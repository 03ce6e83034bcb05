import Foundation

/// A value protected by a lock: the shared mutable state of the library goes through it, except
/// the renewal records' fingerprint caches, which share one bare lock (`RenewalHistory`).
///
/// Why not `Synchronization.Mutex`: on Linux it hands the lock over through futexes that the
/// thread sanitizer does not model, so every contended access is reported as a data race and the
/// sanitizer could no longer check this code. `NSLock` is a pthread mutex, which it does model.
///
/// `@unchecked Sendable`: `value` is read and written only inside `withLock`, under `lock`.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    // The lock gives exclusive access; the dynamic checks would only add to every access.
    @exclusivity(unchecked) private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
