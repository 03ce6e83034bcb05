import Foundation

/// An object whose mutable state belongs to the thread that made it: the base of the state that
/// one thread keeps while it holds a lock for a long call (a navigator's transaction), and that
/// the calls it makes meanwhile find again (through a task-local).
///
/// `@unchecked Sendable`, under a contract that every subclass keeps: its mutable properties are
/// read and written only on ``owner``'s thread. Another thread (a task that inherited the
/// task-local) reads only `owner`, through ``isOwnedByCurrentThread``, and stops there. A
/// subclass restates the conformance, as Swift requires, and adds no promise of its own.
class ThreadOwned: @unchecked Sendable {
    /// The thread that made the object, as `pthread_self()` gave it (compared with
    /// `pthread_equal`).
    private let owner = pthread_self()

    init() {}

    /// Whether the current thread is the one that made the object: only then may it read or
    /// write the object's mutable state.
    final var isOwnedByCurrentThread: Bool { pthread_equal(owner, pthread_self()) != 0 }
}
