import ExampleSteps
import Foundation
import StepTree
import Testing

/// One depth limit, ``StepPath/maximumDepth``, enforced by every entry point; everything within
/// it works on a thread with a small stack. Measured at the deepest state: in release builds the
/// library's own operations (diff, `==`, hashing, the headless screen, show, freeing) need at
/// most 128 KiB, Foundation's JSON coding 512 KiB; this debug test gives 1 MiB (512 KiB was
/// not always enough in debug).
@Suite struct DepthLimitTests {
    /// The path of friend `level` (0-based) in the chain built by ``deepestState()``.
    static func friendPath(_ level: Int) -> String {
        "profile" + (0...level).map { "/friends/u\($0)" }.joined()
    }

    /// The deepest state paths allow: 63 nested friends' profiles, the last one's detail pushed,
    /// a path of exactly ``StepPath/maximumDepth`` segments.
    static func deepestState() throws -> AppSteps {
        var steps = AppSteps()
        for level in 0..<63 {
            let stack = level == 0 ? "profile/friends" : friendPath(level - 1) + "/friends"
            try steps.setStack(path: StepPath(parsing: stack), ids: ["u\(level)"])
        }
        let detail = friendPath(62) + "/detail"
        #expect(try StepPath(parsing: detail).segments.count == StepPath.maximumDepth)
        try steps.select(path: StepPath(parsing: detail))
        return steps
    }

    /// Runs `body` on a thread whose stack is `kilobytes` KiB and waits for it.
    static func onSmallStack(kilobytes: Int, _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = kilobytes << 10
        thread.start()
        done.wait()
    }

    @Test func theDeepestStateWorksOnA1MiBStack() throws {
        let deepest = try Self.deepestState()
        Self.onSmallStack(kilobytes: 1024) {
            var steps = deepest
            let events = NavigationDiff.events(from: AppSteps(), to: steps)
            #expect(events.count == 65)  // select, 63 pushed friends, the detail
            #expect(events.last?.description == "push /" + Self.friendPath(62) + "/detail")
            #expect(steps.visibleScreen.segments.count == StepPath.maximumDepth)
            #expect(steps == deepest, "a copy differs")
            #expect(steps.hashValue == deepest.hashValue)
            var screen = HeadlessScreen(AppSteps())
            #expect((try? screen.apply(events, reaching: steps)) != nil)
            #expect(screen == HeadlessScreen(steps))
            do {
                let data = try JSONEncoder().encode(steps)
                let decoded = try JSONDecoder().decode(AppSteps.self, from: data)
                #expect(decoded == steps, "the round trip changed the state")
            } catch {
                Issue.record("encoding round trip failed: \(String(describing: error).suffix(300))")
            }
            #expect((try? steps.show(path: StepPath(parsing: Self.friendPath(0)))) != nil)
            #expect(
                steps.visibleScreen
                    == StepPath(
                        Self.friendPath(0).split(separator: "/").map(String.init) + ["main"]))
            steps = AppSteps()  // frees the deep tree here, on the small stack
            #expect(steps == AppSteps())
        }
    }

    @Test func aTypedRouteDeeperThanTheLimitIsRefused() throws {
        var route = StepRoute(\AppSteps.profile).then(\.friends).element("u0")
        for level in 1..<64 { route = route.then(\.friends).element("u\(level)") }
        #expect(route.path.segments.count == 129)
        var steps = try Self.deepestState()
        let before = steps
        #expect(throws: StepPathError.tooDeep(129)) { try steps.select(path: route.path) }
        #expect(steps == before)
    }

    /// Saved state nested far deeper than the limit is refused with a decoding error, not a
    /// crash (by the JSON decoder's own nesting limit here, or by `Step`'s for other decoders).
    @Test func decodedStateDeeperThanTheLimitIsRefused() throws {
        var json = #"{"selected":{"content":"main"}}"#
        for level in (0..<200).reversed() {
            json =
                #"{"selected":{"content":"main","push":"friends"},"friends":{"value":[{"id":"u\#(level)","value":\#(json)}]}}"#
        }
        json = #"{"selected":{"content":"profile"},"profile":{"value":\#(json)}}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(AppSteps.self, from: Data(json.utf8))
        }
    }
}

/// A node whose child step is a computed property over another stored one: its setter counts.
private struct ComputedNode: StepsCollection {
    enum Key: String, StepKey { case main, detail }
    var selected = StepSelection<Key>(.main, push: .detail)
    var main = Step()
    var stored = Step(ComputedLeaf())
    static let setterCalls = Mutex<Int>(0)
    var detail: Step<ComputedLeaf> {
        get { stored }
        set {
            Self.setterCalls.withLock { $0 += 1 }
            stored = newValue
        }
    }
    static let steps = StepTable<Self>(.inline(.main, \.main), .push(.detail, \.detail))
}

private struct ComputedLeaf: StepsCollection {
    enum Key: String, StepKey { case a, b }
    var selected = StepSelection<Key>(.a)
    var a = Step()
    var b = Step()
    static let steps = StepTable<Self>(.inline(.a, \.a), .inline(.b, \.b))
}

/// Reads never write: read-only operations never run a step's setter.
@Suite struct ReadsNeverWriteTests {
    @Test func readOnlyOperationsRunNoSetter() throws {
        let node = ComputedNode()
        var other = node
        try other.select(path: "detail/b")
        let before = ComputedNode.setterCalls.withLock { $0 }
        _ = node.visibleScreen
        _ = node.isSelected(path: "detail/a")
        _ = NavigationDiff.events(from: node, to: other)
        _ = HeadlessScreen(node)
        _ = node.presentedModals
        _ = node == other
        _ = node.hashValue
        #expect(ComputedNode.setterCalls.withLock { $0 } == before)
        // The counter does count: an edit through the path writes through the setter.
        try other.select(path: "detail/a")
        #expect(ComputedNode.setterCalls.withLock { $0 } > before)
    }
}
