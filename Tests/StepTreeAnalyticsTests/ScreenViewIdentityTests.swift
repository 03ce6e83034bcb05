import ExampleSteps
import StepTree
import StepTreeAnalytics
import StepTreeTools
import Testing

/// Screen views follow identity: a new instance at the same path is a new view, and each view
/// carries the screen's identity, its value and the navigator that showed it.
@Suite struct ScreenViewIdentityTests {
    @Test func anotherInstanceAtTheSamePathIsAnotherView() {
        let tracker = ScreenTracker(clock: TestClock())
        let navigator = Navigator(AppSteps())
        StepsObservation.withObserver(tracker) {
            navigator.transaction { $0.select(\.explore, with: ExploreData(query: "123")) }
            navigator.transaction { $0.select(\.explore, with: ExploreData(query: "456")) }
            navigator.transaction { $0.explore.value.query = "789" }  // in place: the same screen
            let views = tracker.views
            #expect(views.map(\.screen.description) == ["/explore", "/explore"])
            #expect(
                views.map { ($0.value as? ExploreData)?.query } == ["123", "456"])
            #expect(views.map(\.navigator) == [navigator.id, navigator.id])
            let identities = views.compactMap(\.identity)
            #expect(identities.count == 2 && identities[0] != identities[1])
            #expect(views[1].previous == StepPath(["explore"]))
        }
    }

    @Test func viewsCompareTheirValues() {
        func view(_ query: String) -> ScreenView {
            ScreenView(
                screen: StepPath(["explore"]), identity: nil, value: ExploreData(query: query),
                previous: nil, previousDuration: nil, cause: .deepLink, navigator: .none)
        }
        #expect(view("a") == view("a"))
        #expect(view("a") != view("b"))
        #expect(Set([view("a"), view("a"), view("b")]).count == 2)
    }
}
