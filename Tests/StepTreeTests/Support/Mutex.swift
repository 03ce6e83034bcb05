import Foundation

/// A value behind a lock, for the tests: the shape of `Synchronization.Mutex`, which needs newer
/// systems than the package's deployment targets (and which the thread sanitizer does not model
/// on Linux).
final class Mutex<Value>: @unchecked Sendable {
    // `@unchecked Sendable`: `value` is read and written only under `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
