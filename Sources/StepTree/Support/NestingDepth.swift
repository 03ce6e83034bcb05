import Foundation

/// How many steps are being decoded on the current thread, one inside another, and whether the
/// innermost one has decoded a selection itself.
///
/// `Decoder.codingPath` would tell the depth too, but a JSON decoder builds that array on every
/// call, and reading it per step cost a tenth of a tree's decoding. Decoding is synchronous, so
/// a step's nested values are decoded on its thread, inside its `init(from:)`.
///
/// The selection flag tells a bare node from a wrapper without a second look at its fields
/// (see `StepCodingForm`): a node's ``StepSelection`` is decoded at the node's own level,
/// while its child steps are decoded one level deeper, each with a flag of its own.
enum NestingDepth {
    /// The thread's depth, and the selection flag in ``selectionBit``.
    private static let slot = ThreadWord("the decoding depth")

    /// The bit of the slot that says a selection was decoded at the current level.
    private static let selectionBit = 1 << 32

    private static var current: Int {
        get { slot.value }
        set { slot.value = newValue }
    }

    /// Runs `body` one level deeper, with the selection flag clear, giving it the new depth.
    static func deeper<Result>(_ body: (Int) throws -> Result) rethrows -> Result {
        let depth = (current & (selectionBit - 1)) + 1
        return try slot.with(depth) { try body(depth) }
    }

    /// Whether a selection was decoded at the current level since it began.
    static var selectionDecoded: Bool { current & selectionBit != 0 }

    /// Notes that a selection was decoded at the current level.
    static func noteSelection() { current |= selectionBit }
}
