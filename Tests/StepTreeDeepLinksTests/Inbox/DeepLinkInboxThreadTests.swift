import ExampleSteps
import Foundation
import TestSupport
import Testing

@testable import StepTree
@testable import StepTreeDeepLinks
@testable import StepTreeTools

extension ThreadSafety {
    /// ``DeepLinkInbox`` with a gate opening on another thread while a link is being held.
    @Suite struct DeepLinkInboxThreadTests {
        static let link: URL = {
            guard let url = URL(string: "myapp://friend/ann") else { preconditionFailure() }
            return url
        }()

        /// What a finished race must leave: the gate open, nothing held, and the link's screen
        /// (Ann's profile) with no login cover over it.
        static func outcome(_ inbox: DeepLinkInbox<AppSteps>, _ navigator: Navigator<AppSteps>)
            -> String
        {
            let screen = HeadlessScreen(navigator.root)
            return "held \(inbox.heldLink?.absoluteString ?? "-"), visible \(screen.visibleScreen)"
                + ", modals \(screen.modals.map(\.path.description))"
        }

        static let expected = "held -, visible /profile/friends/ann/main, modals []"

        /// The race made deterministic: a `didChange` hook on the main thread's transaction
        /// holds the navigator while another thread opens a gated link, and opens the gate as
        /// soon as the link is held. `open` used to hold the link, let go of its lock, and only
        /// then show the gate's screen: the gate opened in between, applied the link, and the
        /// login cover was then shown over it, with the gate open and nothing held. Now the
        /// link is held inside the transaction that shows the cover, which waits for the
        /// hook's transaction, so the hook never sees the link held, and the link lands.
        @Test func aGateOpeningWhileALinkIsBeingHeldLetsTheLinkLand() throws {
            let hook = GateHook()
            let navigator = Navigator(AppSteps())
            try StepsObservation.withObserver(hook) {
                let inbox = DeepLinkInbox(
                    router: try DeepLinkInboxTests.router(), navigator: navigator)
                hook.arm {
                    let opener = Thread { _ = try? inbox.open(Self.link) }
                    opener.start()
                    // Before the fix the link is held within microseconds; now never while the
                    // hook's transaction runs.
                    let deadline = Date().addingTimeInterval(0.25)
                    while inbox.heldLink == nil, Date() < deadline { usleep(200) }
                    let sawHeld = inbox.heldLink != nil
                    _ = try? inbox.gateDidOpen("signedIn")
                    return (opener, sawHeld)
                }
                try navigator.select(path: "explore")  // the hook runs in its didChange
                let (opener, sawHeld) = try #require(hook.result)
                while !opener.isFinished { usleep(200) }
                #expect(!sawHeld)
                #expect(Self.outcome(inbox, navigator) == Self.expected)
            }
        }

        /// The same race, contended: in each trial one new thread opens a gated link while
        /// another opens the gate as soon as it sees the link held. Before the fix 6 of 5,000
        /// trials ended with the login cover over the link's screen (the deterministic test
        /// above always does).
        @Test func aGateOpeningRacingAGatedLinkAlwaysLetsTheLinkLand() throws {
            let router = try DeepLinkInboxTests.router()
            let trials = 600
            var outcomes: [String: Int] = [:]
            for _ in 0..<trials {
                let navigator = Navigator(AppSteps())
                let inbox = DeepLinkInbox(router: router, navigator: navigator)
                _ = onThreads(2) { index in
                    if index == 0 {
                        _ = try? inbox.open(Self.link)
                    } else {
                        let deadline = Date().addingTimeInterval(5)
                        while inbox.heldLink == nil, Date() < deadline { sched_yield() }
                        _ = try? inbox.gateDidOpen("signedIn")
                    }
                }
                outcomes[Self.outcome(inbox, navigator), default: 0] += 1
            }
            #expect(outcomes == [Self.expected: trials])
        }
    }
}

/// An observer that runs a body once, in the `didChange` of the first change after it is armed.
private final class GateHook: StepsObserver, @unchecked Sendable {
    // `@unchecked Sendable`: `body` and `result` are used only on the thread that makes the
    // change the hook runs in, before and after it.
    private var body: (() -> (Thread, Bool))?
    var result: (Thread, Bool)?

    func arm(_ body: @escaping () -> (Thread, Bool)) { self.body = body }

    func didChange(_ change: NavigationChange<any StepNode>) {
        guard let body else { return }
        self.body = nil
        result = body()
    }
}
