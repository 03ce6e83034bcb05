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
    }
}
