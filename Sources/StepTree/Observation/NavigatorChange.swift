/// One committed transaction of a `Navigator<Root>`, typed by its root: what its own observers
/// (``NavigatorObserver``, ``MainActorNavigatorObserver``) and ``Navigator/rootChanges`` get.
///
/// The same change as ``NavigationChange``, without the type erasure: `change.new.profile`
/// reads the new state directly.
public struct NavigatorChange<Root: StepNode>: Sendable, CustomStringConvertible {
    /// The root before the transaction.
    public let old: Root
    /// The root after the transaction.
    public let new: Root
    /// The events that take the screen of `old` to the screen of `new`.
    public let events: [NavigationEvent]
    /// The transaction's metadata: cause, animation, whether the UI already shows it.
    public let transaction: NavigationTransaction
    /// The transaction's number in its navigator, from 1, without gaps.
    public let sequence: UInt64
    /// The navigator that made the change.
    public let navigator: NavigatorID

    /// What started the transaction.
    public var cause: NavigationCause { transaction.cause }

    /// The screen on top of the active path after the change.
    /// - Complexity: O(*d*) for a tree of depth *d*.
    public var visibleScreen: StepPath { new.visibleScreen }

    /// The same change with its states type-erased, as global observers get it.
    public var erased: NavigationChange {
        NavigationChange(
            old: old, new: new, events: events, transaction: transaction, sequence: sequence,
            navigator: navigator)
    }

    /// `#n cause: event, event`, as ``NavigationChange/description``.
    public var description: String {
        "#\(sequence) \(cause): " + events.map(\.description).joined(separator: ", ")
    }
}
