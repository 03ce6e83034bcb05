/// A set of identifiers private to each thread (to each task, inside one), for the walks that
/// must notice they came back to where they started: a type's initial value made inside its own
/// `init()`, a type's digest route found inside its own.
///
/// A task-local list, which a synchronous call outside any task keeps per thread: the sets are
/// tiny, and asked about only while a type is first looked at.
struct ThreadSet: Sendable {
    private let members = TaskLocal<[ObjectIdentifier]>(wrappedValue: [])

    /// Whether the current thread's set is empty.
    var isEmpty: Bool { members.get().isEmpty }

    /// Whether `member` is in the current thread's set.
    /// - Complexity: O(*n*) for *n* members.
    func contains(_ member: ObjectIdentifier) -> Bool { members.get().contains(member) }

    /// Runs `body` with `member` in the current thread's set.
    func with<Result>(_ member: ObjectIdentifier, _ body: () throws -> Result) rethrows -> Result {
        try members.withValue(members.get() + [member]) { try body() }
    }
}
