// The minimal app of the size bar: a hand-written tree, a deep link from a path string, a
// navigator and the diffing engine, nothing else of StepTree.
import StepTree

struct ThemeSteps: StepsCollection {
    enum Key: String, StepKey { case light, dark }
    var selected = StepSelection<Key>(.light)
    var light = Step()
    var dark = Step()
    static let steps = StepTable<Self>(.inline(.light, \.light), .inline(.dark, \.dark))
}

struct AppSteps: StepsCollection {
    enum Key: String, StepKey { case home, profile, settings }
    var selected = StepSelection<Key>(.home)
    var home = Step()
    var profile = Step(ThemeSteps())
    var settings = Step()
    static let steps = StepTable<Self>(
        .tab(.home, \.home), .tab(.profile, \.profile), .present(.settings, \.settings))
}

var steps = AppSteps()
let start = steps
do {
    try steps.select(
        path: StepPath(parsing: CommandLine.arguments.dropFirst().first ?? "profile/dark"))
} catch {
    print("refused: \(error)")
}
let navigator = Navigator(start)
navigator.transaction { $0 = steps }
for event in NavigationDiff.events(from: start, to: navigator.root) { print(event) }
