/// A get/set pair for a UI control, platform-neutral: what SwiftUI's `Binding(get:set:)` wraps
/// one to one.
///
/// ```swift
/// let tab = navigator.selectionBinding()
/// TabView(selection: Binding(get: tab.get, set: tab.set)) { … }
/// ```
///
/// Bindings made by a ``Navigator`` hold it weakly: once it is gone, `get` returns an empty
/// value and `set` does nothing.
public struct StepBinding<Value: Sendable>: Sendable {
    private let read: @Sendable () -> Value
    private let write: @Sendable (Value) -> Void

    /// Creates a binding from its two halves.
    /// - Parameters:
    ///   - get: Reads the current value.
    ///   - set: Writes a new value, as the UI does.
    public init(
        get: @escaping @Sendable () -> Value, set: @escaping @Sendable (Value) -> Void
    ) {
        self.read = get
        self.write = set
    }

    /// Reads the current value.
    public func get() -> Value { read() }

    /// Writes a new value, as the UI does.
    public func set(_ value: Value) { write(value) }

    /// The current value; setting it calls ``set(_:)``.
    public var wrappedValue: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }

    /// The binding seen through a two-way conversion.
    func map<Other: Sendable>(
        _ forward: @escaping @Sendable (Value) -> Other,
        back: @escaping @Sendable (Other) -> Value
    ) -> StepBinding<Other> {
        StepBinding<Other>(get: { forward(read()) }, set: { write(back($0)) })
    }
}

extension StepBinding where Value == ScreenModal? {
    /// The same modal binding, showing only a modal of `style`: `.sheet(item:)` takes the
    /// sheets and `.fullScreenCover(item:)` the covers of one node.
    ///
    /// Reading gives the modal when it has `style`, else `nil`; writing `nil` dismisses it only
    /// when it has `style`, so the presenter of the other style does not dismiss it.
    /// - Parameter style: The style the presenting view shows.
    /// - Returns: The filtered binding.
    public func presented(as style: PresentationStyle) -> StepBinding<ScreenModal?> {
        StepBinding(
            get: { get().flatMap { $0.style == style ? $0 : nil } },
            set: { modal in
                guard modal != nil || get()?.style == style else { return }
                set(modal)
            })
    }
}
