// The example app of the README: a tab app with a profile, a pushed detail, a settings sheet and
// a recursive stack of friends' profiles, driven by deep links. Each change prints its events
// and the screen views an analytics tracker records.
import ExampleSteps
import StepTree

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
run("Typed deep link: explore with a search query") {
    navigator.transaction(.deepLink) { $0.select(\.explore, with: ExploreData(query: "swift")) }
}
run("Back to the profile tab: its stack kept its state") {
    navigator.transaction(.userGesture) { $0.select(\.profile) }
}
run("Open two friends' profiles (a recursive stack)") {
    try navigator.setStack(path: "profile/friends", ids: ["ann", "bob"])
}
run("Deep link into bob's settings sheet") {
    try navigator.select(path: "profile/friends/bob/settings")
}
run("Back to ann and into her detail, in one transaction") {
    try navigator.transaction(.deepLink) { root throws(StepPathError) in
        try root.profile.friends.value.pop(to: "ann")
        try root.select(path: "profile/friends/ann/detail/light")
    }
}
run("The user swipes back from ann's detail") {
    try navigator.userDidRemove(path: "profile/friends/ann/detail")
}
run("A bad deep link is a typed error") {
    try navigator.select(path: "profile/friends/zoe")
}

print("\nThe schema-driven twin, same engine (bare-value selections reach the observer too):")
do {
    var state = DynamicSteps(schema: try ExampleSchema.load())
    let before = state
    try state.select(path: "profile/detail/dark")
    print(
        "  events: "
            + NavigationDiff.events(from: before, to: state).map(\.description).joined(
                separator: ", "))
} catch {
    print("  \(error)")
}
