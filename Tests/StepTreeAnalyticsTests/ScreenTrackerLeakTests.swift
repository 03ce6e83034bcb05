import ExampleSteps
import StepTree
import StepTreeAnalytics
import StepTreeTools
import TestSupport
import Testing

/// A screen tracker is freed when its scope ends, and holds nothing it observes (see the core's
/// `LeakTests`).
extension ThreadSafety {
    @Suite struct ScreenTrackerLeakTests {
        @Test func trackerAndRecordingObserverGoWithTheirScope() throws {
            let navigator = Navigator(AppSteps())
            var tracker: ScreenTracker<TestClock>? = ScreenTracker(clock: TestClock())
            var recorder: RecordingObserver? = RecordingObserver()
            let weakTracker = Weak(tracker)
            let weakRecorder = Weak(recorder)
            if let tracker, let recorder {
                try StepsObservation.withObserver(CombinedStepsObserver(tracker, recorder)) {
                    try navigator.select(path: "profile/settings")
                    try navigator.userDidRemove(path: "profile/settings")
                }
            }
            #expect(
                tracker?.views.map(\.screen.description) == ["/profile/settings", "/profile/main"])
            #expect(recorder?.lines.count == 4)
            tracker = nil
            recorder = nil
            #expect(!weakTracker.isAlive)
            #expect(!weakRecorder.isAlive)
        }

        /// The headless driver and a navigator on a schema-driven tree, observed by a tracker,
        /// hold the schema while they live, and let it go with them.
        @Test func driverAndSchemaGoWithTheirOwners() throws {
            var schema: StepSchema? = try ExampleSchema.load()
            let weakSchema = Weak(schema)
            var screen: HeadlessScreen?
            var navigator: Navigator<DynamicSteps>?
            if let loaded = schema {
                let start = DynamicSteps(schema: loaded)
                navigator = Navigator(start)
                screen = HeadlessScreen(start)
            }
            schema = nil
            let weakNavigator = Weak(navigator)
            try StepsObservation.withObserver(ScreenTracker(clock: TestClock())) {
                for path in ["profile/detail/dark", "login/signUp", "explore"] {
                    let parsed = try StepPath(parsing: path)
                    if let events = try navigator?.transaction(
                        .programmatic, { try $0.show(path: parsed) }),
                        let root = navigator?.root
                    {
                        try screen?.apply(events, reaching: root)
                    }
                }
            }
            #expect(screen?.visibleScreen == StepPath(["explore"]))
            #expect(weakSchema.isAlive)  // the navigator's state holds it
            navigator = nil
            #expect(!weakNavigator.isAlive)
            screen = nil
            #expect(!weakSchema.isAlive)
        }
    }
}
