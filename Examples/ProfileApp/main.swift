// The example app of the README: a tab app with a login cover over the tab bar, a profile whose
// main variant stays selected under a pushed detail, a settings sheet and a recursive stack of
// friends' profiles, driven by deep links, gestures and a restoration. Each change prints its
// events and the screen views an analytics tracker records, then goes to a simulated UIKit
// window through a sequencer, one update at a time, and the window's hierarchy is printed.
import ExampleSteps
import Foundation
import StepTree
import StepTreeAnalytics
import StepTreeDrivers
import StepTreeTools

// A state saved by an earlier run, restored near the end.
let saved: Data = {
    var state = AppSteps()
    state.select(\.profile, \.detail, \.light)
    return (try? JSONEncoder().encode(state)) ?? Data()
}()

let tracker = ScreenTracker(clock: ContinuousClock(), initialScreen: StepPath(["home"])) { view in
    print("  screen view: \(view.screen) (after \(view.previous.map(\.description) ?? "-"))")
}
StepsObservation.observer = CombinedStepsObserver(LoggingStepsObserver(), tracker)

let navigator = Navigator(AppSteps())

// The screen: a simulated UIKit window (no animation time here), fed by a sequencer that
// follows the navigator and reports the user's gestures back to it.
let driver = SimulatedUIKitDriver(
    showing: navigator.root, clock: ContinuousClock(), durations: .init(push: .zero, present: .zero)
)
let sequencer = NavigationSequencer(driver: driver, showing: navigator.root)
driver.onUserRemoved = { path, identity in sequencer.userDidRemove(path: path, identity: identity) }
sequencer.follow(navigator)

/// Runs a step, waits until the window shows the navigator's state, and prints the window.
@MainActor
func step(_ title: String, _ change: () throws -> Void) async {
    run(title, change)
    await sequencer.settled()
    print("  window:")
    for line in driver.window.tree.split(separator: "\n") { print("    \(line)") }
}

func run(_ title: String, _ change: () throws -> Void) {
    print("\n\(title)")
    do {
        try change()
    } catch {
        print("  refused: \(error) (nothing changed)")
    }
}

await step("Deep link from a path string: profile/detail/dark") {
    try navigator.select(path: "profile/detail/dark", transaction: .deepLink)
}
await step("The user swipes back from the detail: the main variant was kept under it") {
    driver.window.userSwipesBack()  // the window tells the sequencer, which tells the navigator
}
await step("Typed deep link: explore with a search query") {
    navigator.transaction(.deepLink) { $0.select(\.explore, with: ExploreData(query: "swift")) }
}
await step("The same tab with a new query: the tab is renewed in place") {
    navigator.transaction(.deepLink) { $0.select(\.explore, with: ExploreData(query: "swiftui")) }
}
await step("A login cover over the tab bar, and its sign-up screen") {
    try navigator.select(path: "login/signUp", transaction: .deepLink)
}
await step("The user swipes the cover away") {
    try navigator.userDidRemove(path: "login")
}
await step("The cover again: it opens from scratch, on its form") {
    navigator.transaction(.programmatic) { $0.select(\.login) }
}
await step("Signed in: the cover is dismissed, the tab bar under it kept its state") {
    navigator.transaction(.programmatic) { $0.deselect(\.login) }
}
await step("Open two friends' profiles (a recursive stack)") {
    try navigator.setStack(path: "profile/friends", ids: ["ann", "bob"])
}
await step("Deep link into bob's settings sheet, over his profile") {
    try navigator.select(path: "profile/friends/bob/settings", transaction: .deepLink)
}
await step("Show exactly ann's profile: the sheet is dismissed and bob popped") {
    try navigator.show(path: "profile/friends/ann", transaction: .deepLink)
}
await step("Restore the saved state: straight there, no replay") {
    navigator.restore(try JSONDecoder().decode(AppSteps.self, from: saved))
}
await step("A bad deep link is a typed error") {
    try navigator.select(path: "profile/friends/zoe", transaction: .deepLink)
}

print(
    """

    The schema-driven twin, same engine; selections on a bare value reach the global observer \
    too, logged as: select <node type> <path> <layer>: <old key> -> <new key> (- is none)
    """)
do {
    var state = DynamicSteps(schema: try ExampleSchema.load())
    let before = state
    try state.select(path: "login/signUp")
    print(
        "  events: "
            + NavigationDiff.events(from: before, to: state).map(\.description).joined(
                separator: ", "))
} catch {
    print("  \(error)")
}
