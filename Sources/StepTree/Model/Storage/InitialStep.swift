import Foundation

/// The step a new `Node` holds at one key path, made once on first use.
///
/// `@unchecked Sendable`: the step is written once, under the lock, and only read after.
@usableFromInline
final class InitialStep<Node: StepsCollection, Value: StepValue>: @unchecked Sendable {
    @usableFromInline let keyPath: WritableKeyPath<Node, Step<Value>>
    @usableFromInline let lock = NSLock()
    @usableFromInline var made: Step<Value>?

    @usableFromInline
    init(_ keyPath: WritableKeyPath<Node, Step<Value>>) {
        self.keyPath = keyPath
    }

    /// The child's initial step.
    @usableFromInline
    var step: Step<Value> {
        lock.lock()
        let known = made
        lock.unlock()
        if let known { return known }
        // Made outside the lock, so that a node whose `init()` resets a child of its own type
        // cannot deadlock; two threads may both make it, and the first one stored wins.
        let step = Node()[keyPath: keyPath]
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        made = step
        return step
    }
}
