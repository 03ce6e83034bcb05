/// One declared child of a ``StepsCollection``: key, kind and the property that holds it.
public struct StepChild<Node: StepsCollection>: Sendable {
    @usableFromInline let key: Node.Key
    @usableFromInline let name: String
    @usableFromInline let kind: StepKind
    @usableFromInline let accessor: StepAccessor
    /// Whether a gesture may dismiss the step when it is presented.
    @usableFromInline let userDismissible: Bool
    /// When set, whether a gesture may dismiss it, from its current value (it then decides).
    @usableFromInline let dismissalRule: DismissalRule?

    // Inlinable, like the factories below, so that the child's accessor type is made where the
    // table is declared, for the concrete node and value types.
    @_alwaysEmitIntoClient
    init<Value: StepValue>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<Value>> & Sendable, kind: StepKind,
        userDismissible: Bool = true, dismissalRule: DismissalRule? = nil
    ) {
        self.key = key
        self.name = key.rawValue
        self.kind = kind
        self.accessor = ChildAccessor(keyPath)
        self.userDismissible = userDismissible
        self.dismissalRule = dismissalRule
    }

    /// A tab: stays mounted and keeps its own navigation stack.
    @_alwaysEmitIntoClient
    public static func tab<Value>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<Value>> & Sendable
    ) -> Self {
        Self(key, keyPath, kind: .tab)
    }

    /// An inline step: the parent's content in place (a variant, a root switch).
    @_alwaysEmitIntoClient
    public static func inline<Value>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<Value>> & Sendable
    ) -> Self {
        Self(key, keyPath, kind: .inline)
    }

    /// A pushed step.
    @_alwaysEmitIntoClient
    public static func push<Value>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<Value>> & Sendable
    ) -> Self {
        Self(key, keyPath, kind: .push)
    }

    /// A modally presented step.
    /// - Parameters:
    ///   - key: The step's key.
    ///   - keyPath: Its property.
    ///   - style: How it is presented.
    ///   - userDismissible: Whether a gesture (a sheet swiped away) may dismiss it; `false` for
    ///     a recording in progress or a required login: ``Navigator/userDidRemove(path:transaction:)`` and
    ///     the bindings refuse to remove it, and the adapters disable the gesture.
    @_alwaysEmitIntoClient
    public static func present<Value>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<Value>> & Sendable,
        style: PresentationStyle = .sheet, userDismissible: Bool = true
    ) -> Self {
        Self(key, keyPath, kind: .present(style), userDismissible: userDismissible)
    }

    /// A stack of elements, each pushed above the previous one.
    @_alwaysEmitIntoClient
    public static func stack<Element: StepsCollection>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<StepStack<Element>>> & Sendable
    ) -> Self {
        Self(key, keyPath, kind: .stack)
    }

    /// A stack of destinations, each pushed above the previous one (`NavigationStack(path:)`).
    @_alwaysEmitIntoClient
    public static func stack<Element: StepDestination>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<StepStack<Element>>> & Sendable
    ) -> Self {
        Self(key, keyPath, kind: .stack)
    }
}
