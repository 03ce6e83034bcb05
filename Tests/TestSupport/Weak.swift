/// Holds a weak reference, so that a test can ask whether an object is still alive.
package struct Weak<Object: AnyObject> {
    package weak var object: Object?
    package init(_ object: Object?) { self.object = object }
    package var isAlive: Bool { object != nil }
}

extension Weak: Sendable where Object: Sendable {}
