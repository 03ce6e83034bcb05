import Foundation

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
/// applied halfway. A newer link replaces a held one. Thread-safe; call it from where the app
/// learns of links and of its gates (the main actor, typically), so that a gate's screen is
/// shown before the gate can open.
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
    /// screen and holds the link.
    /// - Returns: The events.
    /// - Throws: ``DeepLinkError`` (checked before anything is held) or a handler's error;
    ///   nothing changes.
    @discardableResult
    public func open(_ url: URL) throws -> [NavigationEvent] {
        guard let gate = router.gate(for: url) else {
            return try navigator.transaction(.deepLink) { try router.route(url, in: &$0) }
        }
        _ = try router.resolve(url)
        // Checked and held in one step, so that a gate opening meanwhile cannot miss the link.
        let held = state.withLock { state -> Bool in
            guard !state.openGates.contains(gate.name) else { return false }
            state.held = url
            return true
        }
        guard held else {
            return try navigator.transaction(.deepLink) { try router.route(url, in: &$0) }
        }
        do {
            return try navigator.transaction(.deepLink) { try $0.show(path: gate.screen) }
        } catch {
            state.withLock { $0.held = nil }
            throw error
        }
    }

    /// Records that the gate `name` is open and applies the link held behind it, if any, in one
    /// transaction from the current screen (the gate's).
    /// - Returns: The events of the held link (none when no link waited for this gate).
    /// - Throws: What applying the held link throws; the link is dropped and nothing changes.
    @discardableResult
    public func gateDidOpen(_ name: String) throws -> [NavigationEvent] {
        let held = state.withLock { state -> URL? in
            state.openGates.insert(name)
            guard let url = state.held, router.gate(for: url)?.name == name else { return nil }
            state.held = nil
            return url
        }
        guard let held else { return [] }
        return try navigator.transaction(.deepLink) { try router.route(held, in: &$0) }
    }

    /// Records that the gate `name` is closed again (signed out): later links behind it wait.
    public func gateDidClose(_ name: String) {
        state.withLock { _ = $0.openGates.remove(name) }
    }
}
