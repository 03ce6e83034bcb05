import Foundation

/// A value behind a lock, for the tests: the shape of `Synchronization.Mutex`, which needs newer
/// systems than the package's deployment targets (and which the thread sanitizer does not model
/// on Linux).
package final class Mutex<Value>: @unchecked Sendable {
    // `@unchecked Sendable`: `value` is read and written only under `lock`.
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// Lines written from any thread, read in order: what a printing observer or recorder wrote.
package final class LineSink: Sendable {
    private let lines = Mutex<[String]>([])
    package var all: [String] { lines.withLock { $0 } }
    package init() {}
    package func append(_ line: String) { lines.withLock { $0.append(line) } }
    /// The lines as a JSON Lines text.
    package var text: String { all.joined(separator: "\n") + "\n" }
}
