import Foundation

/// How many steps are being decoded on the current thread, one inside another.
///
/// `Decoder.codingPath` would tell too, but a JSON decoder builds that array on every call, and
/// reading it per step cost a tenth of a tree's decoding. Decoding is synchronous, so a step's
/// nested values are decoded on its thread, inside its `init(from:)`.
enum NestingDepth {
    /// The thread-specific slot holding the depth (0 until a thread first decodes a step).
    private static let slot: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "no thread-specific slot for the decoding depth")
        return key
    }()

    /// Runs `body` one level deeper, giving it the new depth.
    static func deeper<Result>(_ body: (Int) throws -> Result) rethrows -> Result {
        let outer = Int(bitPattern: pthread_getspecific(slot))
        let depth = outer + 1
        pthread_setspecific(slot, UnsafeRawPointer(bitPattern: depth))
        defer { pthread_setspecific(slot, UnsafeRawPointer(bitPattern: outer)) }
        return try body(depth)
    }
}
