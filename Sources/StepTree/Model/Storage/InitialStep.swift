/// The step a new node holds at one of its key paths, made once on first use and shared by
/// every reset of that child.
@usableFromInline
final class InitialStep<Value: StepValue>: Sendable {
    private let made = Locked<Step<Value>?>(nil)

    @usableFromInline
    init() {}

    /// The child's initial step, which `make` makes the first time.
    @usableFromInline
    func step(_ make: () -> Step<Value>) -> Step<Value> {
        if let known = made.withLock({ $0 }) { return known }
        // Made outside the lock, so that a node whose `init()` resets a child of its own type
        // cannot deadlock; two threads may both make it, and the first one stored wins.
        let step = make()
        return made.withLock { made in
            if let made { return made }
            made = step
            return step
        }
    }
}
