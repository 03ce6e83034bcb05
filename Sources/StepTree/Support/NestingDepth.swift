import Foundation

/// How many steps are being decoded on the current thread, one inside another, and how many
/// selections the innermost one has decoded itself.
///
/// `Decoder.codingPath` would tell the depth too, but a JSON decoder builds that array on every
/// call, and reading it per step cost a tenth of a tree's decoding. Decoding is synchronous, so
/// a step's nested values are decoded on its thread, inside its `init(from:)`.
///
/// The selection count tells a bare node from a wrapper without a second look at its fields
/// (see `StepCodingForm`): a node's ``StepSelection`` is decoded at the node's own level,
/// while its child steps are decoded one level deeper, each with a count of its own.
enum NestingDepth {
    /// The thread-specific slot holding the depth in its low 32 bits and the innermost level's
    /// selection count above them (0 until a thread first decodes a step).
    private static let slot: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "no thread-specific slot for the decoding depth")
        return key
    }()

    private static let countUnit = 1 << 32

    private static var current: Int {
        get { Int(bitPattern: pthread_getspecific(slot)) }
        set { pthread_setspecific(slot, UnsafeRawPointer(bitPattern: newValue)) }
    }

    /// Runs `body` one level deeper, with a selection count of 0, giving it the new depth.
    static func deeper<Result>(_ body: (Int) throws -> Result) rethrows -> Result {
        let outer = current
        let depth = outer % countUnit + 1
        current = depth
        defer { current = outer }
        return try body(depth)
    }

    /// How many selections were decoded at the current level since it began.
    static var selectionsDecoded: Int { current / countUnit }

    /// Counts a selection decoded at the current level.
    static func countSelection() { current += countUnit }
}
