import Foundation
import StepTree

// The navigator's one operation that takes a router: here, above the navigator, so that the
// navigator does not know the routing that uses it (DeepLinkInbox).

extension Navigator {
    /// Routes a deep-link URL through `router` in one transaction (cause
    /// `NavigationCause.deepLink` by default).
    /// - Throws: ``DeepLinkError``, or the handler's own error as it is; nothing changes and no
    ///   one is told.
    /// - Complexity: The cost of the edit plus a comparison and a diff.
    public func open(
        _ url: URL, with router: DeepLinkRouter<Root>,
        transaction: NavigationTransaction = .deepLink
    ) throws {
        try self.transaction(transaction) { root in try router.route(url, in: &root) }
    }
}
