import ExampleSteps
import StepTree
import StepTreeDrivers
import TestSupport
import Testing

/// `.pushesAfterPops`: a pop and the pushes after it in the same container are one update (one
/// `setViewControllers`, one path assignment); pops and pushes in other containers stay apart.
@Suite("Coalescing a pop and the push after it")
struct PopPushCoalescingTests {
    /// The plan's updates, each as one line.
    static func lines(_ plan: NavigationPlan) -> [String] {
        plan.updates.map { $0.map(\.description).joined(separator: "; ") }
    }

    @Test func replacingTheTopElementIsOneUpdate() throws {
        var old = AppSteps()
        try old.setStack(path: "profile/friends", ids: ["ann", "bob"])
        var new = old
        try new.setStack(path: "profile/friends", ids: ["ann", "carl", "dan"])
        #expect(
            Self.lines(NavigationPlan(from: old, to: new, coalescing: [])) == [
                "pop /profile/friends/bob",
                "push /profile/friends/carl; push /profile/friends/dan",
            ])
        #expect(
            Self.lines(NavigationPlan(from: old, to: new, coalescing: .pushesAfterPops)) == [
                "pop /profile/friends/bob; push /profile/friends/carl; push /profile/friends/dan"
            ])
        // From events alone the containers are not known: the pop and the push stay apart.
        let events = NavigationDiff.events(from: old, to: new)
        #expect(
            Self.lines(NavigationPlan(events, coalescing: .pushesAfterPops))
                == Self.lines(NavigationPlan(from: old, to: new, coalescing: [])))
    }

    /// A pushed step and a stack element of the same tab share its container.
    @Test func aPushedStepPoppedForAnElementIsOneUpdate() throws {
        var old = AppSteps()
        try old.select(path: "profile/detail")
        var new = old
        try new.deselect(path: "profile/detail")
        try new.setStack(path: "profile/friends", ids: ["ann"])
        #expect(
            Self.lines(NavigationPlan(from: old, to: new, coalescing: .pushesAfterPops)) == [
                "pop /profile/detail; push /profile/friends/ann"
            ])
        // The driver's plan: one update that reaches the new state.
        let updates = NavigationUpdate.plan(from: old, to: new, coalescing: .pushesAfterPops)
        #expect(updates.map(\.description) == ["pop /profile/detail; push /profile/friends/ann"])
        #expect(updates.map(\.isLast) == [true])
        #expect(updates.last?.state == new)
    }

    /// A pop in one tab and a push in another are two containers: two updates.
    @Test func aPopAndAPushInTwoTabsStayApart() throws {
        var old = FeedApp()
        try old.select(path: "inbox/path")  // its stack mounted, empty
        try old.push(FeedDestination.about, onto: "feed/path")
        var new = old
        _ = new.pop(in: "feed")
        _ = try new.inbox.value.path.value.push(.about)  // the feed stays selected
        #expect(
            Self.lines(NavigationPlan(from: old, to: new, coalescing: .pushesAfterPops)) == [
                "pop /feed/path/1", "push /inbox/path/1",
            ])
    }
}
