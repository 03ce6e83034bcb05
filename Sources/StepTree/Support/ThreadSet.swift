/// A set of identifiers private to each thread, for the walks that must notice they came back to
/// where they started: a type's initial value made inside its own `init()`, a type's digest
/// route found inside its own.
///
/// Kept as a linked list of frames on the thread's stack of calls: the sets are tiny.
struct ThreadSet: Sendable {
    private let word: ThreadWord

    /// Makes a set; `purpose` names it in the message if the system has no slot left.
    init(_ purpose: String) { word = ThreadWord(purpose) }

    /// One member, and the frame before it.
    private final class Frame {
        let member: ObjectIdentifier
        let outer: Int

        init(member: ObjectIdentifier, outer: Int) {
            self.member = member
            self.outer = outer
        }
    }

    /// Whether the current thread's set is empty.
    var isEmpty: Bool { word.value == 0 }

    /// Whether `member` is in the current thread's set.
    /// - Complexity: O(*n*) for *n* members.
    func contains(_ member: ObjectIdentifier) -> Bool {
        var frame = word.value
        while let pointer = UnsafeRawPointer(bitPattern: frame) {
            let current = Unmanaged<Frame>.fromOpaque(pointer).takeUnretainedValue()
            if current.member == member { return true }
            frame = current.outer
        }
        return false
    }

    /// Runs `body` with `member` in the current thread's set.
    func with<Result>(_ member: ObjectIdentifier, _ body: () throws -> Result) rethrows -> Result {
        let frame = Frame(member: member, outer: word.value)
        return try withExtendedLifetime(frame) {
            try word.with(Int(bitPattern: Unmanaged.passUnretained(frame).toOpaque()), body)
        }
    }
}
