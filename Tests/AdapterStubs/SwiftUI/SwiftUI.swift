// A stand-in for SwiftUI, for type-checking Sources/StepTreeSwiftUI on Linux (.ci/adapters); it
// never ships and never runs. It declares only the API the adapter uses, as Apple's
// documentation declares it, with the SDK's isolation: `View` is @MainActor @preconcurrency
// and so is its `body`, the modifiers are nonisolated, `Binding(get:set:)` takes
// `@isolated(any) @Sendable` closures and a binding is Sendable when its value is. The bodies
// are placeholders.

/// A type that represents part of an app's user interface.
@MainActor @preconcurrency public protocol View {
    /// The type of view representing the body of this view.
    associatedtype Body: View
    /// The content and behavior of the view.
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// A result builder that constructs views from closures.
@resultBuilder public struct ViewBuilder {
    /// Passes a single view written as a child view through unmodified.
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    /// Passes a single view written as a child view through unmodified.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    /// Produces an optional view for conditional statements that have no `else`.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
}

extension Never: View {
    /// No body: `Never` is the body of views that have none.
    public typealias Body = Never
    /// A view that has no body.
    public var body: Never { fatalError("a stub") }
}

extension Optional: View where Wrapped: View {
    /// No body: an optional view shows its wrapped view, or nothing.
    public typealias Body = Never
    /// A view that has no body.
    public var body: Never { fatalError("a stub") }
}

extension View {
    /// Associates a destination view with a presented data type for use within a navigation
    /// stack.
    nonisolated public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View { self }

    /// Conditionally prevents interactive dismissal of presentations like sheets.
    nonisolated public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View {
        self
    }
}

/// A property wrapper type that can read and write a value owned by a source of truth.
public struct Binding<Value> {
    private let read: @isolated(any) @Sendable () -> Value
    private let write: @isolated(any) @Sendable (Value) -> Void

    /// Creates a binding with closures that read and write the binding value.
    @preconcurrency public init(
        get: @escaping @isolated(any) @Sendable () -> Value,
        set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) {
        read = get
        write = set
    }
}

extension Binding: Sendable where Value: Sendable {}
