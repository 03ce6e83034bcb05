/// Whether a gesture may dismiss a presented step, computed from its current value: what
/// `.present(_:_:style:userDismissible:)` with a closure declares.
@usableFromInline
struct DismissalRule: Sendable {
    /// Whether a gesture may dismiss a step holding this value.
    @usableFromInline let allows: @Sendable (any StepValue) -> Bool

    /// The rule `allows` says, read of a step's value of type `Value`; a value of another type
    /// (none, in a well-formed tree) may be dismissed.
    @_alwaysEmitIntoClient
    init<Value: StepValue>(_ allows: @escaping @Sendable (Value) -> Bool) {
        self.allows = { value in (value as? Value).map(allows) ?? true }
    }
}

/// Whether a gesture may dismiss one child of a node, as its table holds it: the `Bool` a
/// `.present` declared, or its rule.
enum ChildDismissal: Sendable {
    case fixed(Bool)
    case rule(DismissalRule)
}

extension StepChild {
    /// A modally presented step that a gesture may dismiss only while `userDismissible` holds
    /// of its current value: a compose sheet swiped away only while its text is empty.
    ///
    /// ```swift
    /// .present(.compose, \.compose, userDismissible: { $0.text.isEmpty })
    /// ```
    ///
    /// The rule is read on every update, as the `Bool` form's flag is:
    /// ``Navigator/userDidRemove(path:transaction:)``, the bindings and a sequencer's gestures
    /// refuse a removal it forbids, and ``ScreenModal/isUserDismissible``, which the adapters
    /// and drivers follow to disable the gesture, says what it says of the state read.
    /// - Parameters:
    ///   - key: The step's key.
    ///   - keyPath: Its property.
    ///   - style: How it is presented.
    ///   - userDismissible: Whether a gesture may dismiss the step, given its value; keep it
    ///     cheap and free of side effects.
    @_alwaysEmitIntoClient
    public static func present<Value: StepValue>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<Value>> & Sendable,
        style: PresentationStyle = .sheet,
        userDismissible: @escaping @Sendable (Value) -> Bool
    ) -> Self {
        Self(key, keyPath, kind: .present(style), dismissalRule: DismissalRule(userDismissible))
    }
}
