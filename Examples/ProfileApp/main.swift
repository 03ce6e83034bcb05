// The example app of the README: a tab app with a login cover over the tab bar, a profile whose
// main variant stays selected under a pushed detail, a settings sheet and a recursive stack of
// friends' profiles, driven by deep links, gestures and a restoration. Each change prints its
// events and the screen views an analytics tracker records.
import ExampleSteps
import Foundation
import StepTree

// A state saved by an earlier run, restored near the end.
let saved: Data = {
    var state = AppSteps()
    state.select(\.profile, \.detail, \.light)
    return (try? JSONEncoder().encode(state)) ?? Data()
}()

let tracker = ScreenTracker(clock: ContinuousClock(), initialScreen: StepPath(["home"])) { view in
    print("  screen view: \(view.screen) (after \(view.previous.map(\.description) ?? "-"))")
}
StepSystem.observer = CombinedStepsObserver(LoggingStepsObserver(), tracker)

let navigator = Navigator(AppSteps())

func run(_ title: String, _ change: () throws -> Void) {
    print("\n\(title)")
    do {
        try change()
    } catch {
        print("  refused: \(error) (nothing changed)")
    }
}

run("Deep link from a path string: profile/detail/dark") {
    try navigator.select(path: "profile/detail/dark")
}
run("The user swipes back from the detail: the main variant was kept under it") {
    try navigator.userDidRemove(path: "profile/detail")
}
run("Typed deep link: explore with a search query") {
    navigator.transaction(.deepLink) { $0.select(\.explore, with: ExploreData(query: "swift")) }
}
run("The same tab with a new query: the tab is renewed in place") {
    navigator.transaction(.deepLink) { $0.select(\.explore, with: ExploreData(query: "swiftui")) }
}
run("A login cover over the tab bar, and its sign-up screen") {
    try navigator.select(path: "login/signUp")
}
run("The user swipes the cover away") {
    try navigator.userDidRemove(path: "login")
}
run("The cover again: it opens from scratch, on its form") {
    navigator.transaction(.programmatic) { $0.select(\.login) }
}
run("Signed in: the cover is dismissed, the tab bar under it kept its state") {
    navigator.transaction(.programmatic) { $0.deselect(\.login) }
}
run("Open two friends' profiles (a recursive stack)") {
    try navigator.setStack(path: "profile/friends", ids: ["ann", "bob"])
}
run("Deep link into bob's settings sheet, over his profile") {
    try navigator.select(path: "profile/friends/bob/settings")
}
run("Show exactly ann's profile: the sheet is dismissed and bob popped") {
    try navigator.show(path: "profile/friends/ann")
}
run("Restore the saved state: straight there, no replay") {
    navigator.restore(try JSONDecoder().decode(AppSteps.self, from: saved))
}
run("A bad deep link is a typed error") {
    try navigator.select(path: "profile/friends/zoe")
}

print("\nThe schema-driven twin, same engine (bare-value selections reach the observer too):")
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
