import Foundation
import StepTree

/// Opens deep links on a navigator, holding a link whose route has a closed gate until the app
/// opens it.
///
/// ```swift
/// let inbox = DeepLinkInbox(router: router, navigator: navigator)
/// try inbox.open(url)           // signed out: shows the login cover, holds the link
/// try inbox.gateDidOpen("signedIn")  // one transaction from the cover to the link's screen
/// ```
///
/// Observers and the tracker see the gate's screen, then the link's screen, never a link
/// applied halfway. A newer link replaces a held one: a newer gated link is held instead, and a
/// link applied at once drops it. Thread-safe: ``open(_:)`` and ``gateDidOpen(_:)`` each check
/// and change the held link inside the navigator's transaction that shows the result, so they
/// take effect one after the other, in the order of their transactions, and a gate opening
/// while a link is being held finds the link held and its gate's screen shown. From an
/// observer's `didChange` they run at once, like any transaction started there; from a
/// transaction body or `willChange` of the same navigator they are ignored, like any
/// transaction started there, and change nothing.
public final class DeepLinkInbox<Root: StepNode>: Sendable {
    private struct State {
        var openGates: Set<String>
        var held: URL?
    }

    private let router: DeepLinkRouter<Root>
    private let navigator: Navigator<Root>
    private let state: Locked<State>

    /// Creates an inbox.
    /// - Parameters:
    ///   - router: The routes, with their gates.
    ///   - navigator: Where links are applied.
    ///   - openGates: The names of the gates open from the start.
    public init(
        router: DeepLinkRouter<Root>, navigator: Navigator<Root>, openGates: Set<String> = []
    ) {
        self.router = router
        self.navigator = navigator
        self.state = Locked(State(openGates: openGates))
    }

    /// The link waiting for a gate, if any.
    public var heldLink: URL? { state.withLock { $0.held } }

    /// Applies `url` in one transaction, or, when its route's gate is closed, shows the gate's
    /// screen and holds the link; either way the link replaces the one held before.
    ///
    /// The gate is checked, the link held (or the held one dropped) and the screen changed in
    /// one transaction of the navigator, so no ``gateDidOpen(_:)`` comes in between.
    /// - Returns: The events.
    /// - Throws: ``DeepLinkError`` (checked before anything is held) or a handler's error;
    ///   nothing changes, and the link held before stays held.
    @discardableResult
    public func open(_ url: URL) throws -> [NavigationEvent] {
        let gate = router.gate(for: url)
        if gate != nil { _ = try router.resolve(url) }
        return try navigator.transaction(.deepLink) { root in
            // The navigator's lock is held: gateDidOpen runs before or after all of this.
            if let gate, state.withLock({ !$0.openGates.contains(gate.name) }) {
                try router.showGate(gate, for: url, in: &root)
                state.withLock { $0.held = url }
            } else {
                try router.route(url, in: &root)
                state.withLock { $0.held = nil }
            }
        }
    }

    /// Records that the gate `name` is open and applies the link held behind it, if any, in one
    /// transaction from the current screen (the gate's).
    ///
    /// The gate is opened and the held link taken and applied in one transaction of the
    /// navigator, so no ``open(_:)`` comes in between.
    /// - Returns: The events of the held link (none when no link waited for this gate).
    /// - Throws: What applying the held link throws; the link is dropped, the gate stays open
    ///   and the screen does not change.
    @discardableResult
    public func gateDidOpen(_ name: String) throws -> [NavigationEvent] {
        try navigator.transaction(.deepLink) { root in
            // The navigator's lock is held: open runs before or after all of this.
            let held = state.withLock { state -> URL? in
                state.openGates.insert(name)
                guard let url = state.held, router.gate(for: url)?.name == name else {
                    return nil
                }
                state.held = nil
                return url
            }
            if let held { try router.route(held, in: &root) }
        }
    }

    /// Records that the gate `name` is closed again (signed out): later links behind it wait.
    public func gateDidClose(_ name: String) {
        state.withLock { _ = $0.openGates.remove(name) }
    }
}
