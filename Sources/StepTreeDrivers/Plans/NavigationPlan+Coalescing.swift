import StepTree

extension NavigationPlan {
    /// What a platform can apply in one update beyond the default grouping of
    /// ``NavigationPlan``, where every modal is an update of its own.
    ///
    /// Coalescing never reorders: the updates joined are always the engine's event list.
    public struct Coalescing: OptionSet, Hashable, Sendable {
        /// The options as bits.
        public let rawValue: Int

        /// Creates options from their bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Several dismissals in one update, as UIKit's `dismiss` on the presenter of the
        /// lowest modal closes every modal above it.
        public static let dismissals = Coalescing(rawValue: 1 << 0)

        /// The pops, selections and pushes that follow a dismissal in the same update, as
        /// SwiftUI applies a sheet binding and a navigation path set together.
        public static let stackChangesWithDismissal = Coalescing(rawValue: 1 << 1)

        /// A pop and the pushes right after it in the same container in one update, as UIKit's
        /// `setViewControllers` and the assignment of a SwiftUI navigation path replace the top
        /// of a stack at once (a pop then a push is one transition, not two).
        ///
        /// The containers come from the states: ``NavigationPlan/init(from:to:coalescing:)``
        /// and ``NavigationUpdate/plan(from:to:coalescing:transaction:)`` apply it; a plan made
        /// from events alone (``NavigationPlan/init(_:coalescing:)``) does not know them and
        /// keeps the pop and the push apart.
        public static let pushesAfterPops = Coalescing(rawValue: 1 << 2)
    }
}
