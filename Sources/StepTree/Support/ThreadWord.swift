import Foundation

/// A word of state private to each thread (0 until the thread first sets it), for the coding
/// code that needs context its nested calls cannot be given: a `Decoder` carries none of ours.
///
/// Coding is synchronous, so what a value's `init(from:)` or `encode(to:)` sets is seen by the
/// values it nests, on the same thread, and restored before it returns.
struct ThreadWord: Sendable {
    private let key: pthread_key_t

    /// Makes a slot; `purpose` names it in the message if the system has none left.
    init(_ purpose: String) {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "no thread-specific slot for \(purpose)")
        self.key = key
    }

    /// The current thread's word.
    var value: Int {
        get { Int(bitPattern: pthread_getspecific(key)) }
        nonmutating set { pthread_setspecific(key, UnsafeRawPointer(bitPattern: newValue)) }
    }

    /// Runs `body` with the word set to `value`, then puts the previous one back.
    func with<Result>(_ value: Int, _ body: () throws -> Result) rethrows -> Result {
        let outer = self.value
        self.value = value
        defer { self.value = outer }
        return try body()
    }
}
