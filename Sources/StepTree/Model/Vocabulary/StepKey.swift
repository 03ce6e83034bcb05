/// The key type of a ``StepsCollection``: one case per child step, named by its raw string.
///
/// Raw values are the segments used in path strings and events, so they must be non-empty and
/// must not contain `/`. Every case must be declared in the node's ``StepTable``; the table
/// checks that when it is built.
public protocol StepKey: RawRepresentable, Hashable, Codable, Sendable, CaseIterable
where RawValue == String {}

/// The key type of a node with no child steps: a leaf screen, such as a destination that shows
/// its payload and opens nothing.
///
/// ```swift
/// struct HashtagScreen: StepsCollection {
///     typealias Key = NoStepKey
///     var tag = ""
/// }
/// ```
///
/// Such a node gets its (empty) ``StepsCollection/selected`` and ``StepsCollection/steps`` by
/// default.
public enum NoStepKey: StepKey {
    /// No key has a raw value: there are none.
    public init?(rawValue: String) { nil }

    /// Never called: there are no keys.
    public var rawValue: String {
        switch self {}
    }
}

extension StepsCollection where Key == NoStepKey {
    /// A node with no child steps selects nothing.
    public var selected: StepSelection<NoStepKey> {
        get { StepSelection() }
        // swift-format-ignore: NoEmptyClosure
        set {}
    }

    /// A node with no child steps declares none.
    public static var steps: StepTable<Self> { StepTable<Self>() }
}
