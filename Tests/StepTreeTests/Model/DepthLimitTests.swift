import ExampleSteps
import Foundation
import StepTree
import StepTreeTools
import TestSupport
import Testing

/// One depth limit, ``StepPath/maximumDepth``, enforced by every entry point (for values built
/// in code, see ``CodeBuiltDepthTests``); everything within it works on a thread with a small
/// stack. Measured at the deepest state: in release builds the
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

    /// Whether this process runs under the address sanitizer, whose instrumented frames (with
    /// their redzones) take several times the stack of a plain debug build's.
    static let isAddressSanitized =
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil

    /// Runs `body` on a thread whose stack is `kilobytes` KiB (four times that under the
    /// address sanitizer) and waits for it.
    static func onSmallStack(kilobytes: Int, _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = (isAddressSanitized ? 4 * kilobytes : kilobytes) << 10
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

/// Values built in code are held to the bound that paths and saved state keep: a stack nests its
/// elements at most ``StepPath/maximumDepth`` levels below its own step.
@Suite struct CodeBuiltDepthTests {
    /// The same JSON encoding every time.
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func pushingAWholeValueRefusesElementsNestedDeeperThanAPathReaches() throws {
        // 63 nested friends put the innermost one 125 levels below the outer stack: as deep as
        // a stack one step below the root may hold, the innermost friend's screen 128 segments
        // down.
        let deepest = try ProfileSteps.friendChain(63)
        #expect(deepest.friends.depth == 125)
        var outer = ProfileSteps()
        #expect(throws: StepPathError.tooDeep(129)) {
            try outer.friends.value.push(deepest, id: "u")
        }
        #expect(outer == ProfileSteps())
        #expect(throws: StepPathError.tooDeep(129)) { try ProfileSteps.friendChain(64) }
        // Setting an element to it is ignored, as setting `nil` is; making one refuses it.
        try outer.friends.value.push(ProfileSteps(), id: "u")
        outer.friends[id: "u"] = deepest
        #expect(outer.friends[id: "u"] == ProfileSteps())
        #expect(throws: StepPathError.tooDeep(129)) {
            try outer.friends.value.setIDs(["u", "v"]) { _ in deepest }
        }
        #expect(outer.friends.ids == ["u"])
        // One level less fits everywhere.
        let fits = try ProfileSteps.friendChain(62)
        outer.friends[id: "u"] = fits
        #expect(outer.friends[id: "u"] == fits)
        #expect(outer.friends.depth == 125)
        try outer.friends.value.setIDs(["u", "v"]) { _ in fits }
        #expect(outer.friends.depth == 125)
    }

    @Test func aValueSelectedThroughAPathIsHeldToTheSameBound() throws {
        var steps = AppSteps()
        try steps.setStack(path: "profile/friends", ids: ["u0"])
        let before = steps
        // `u0` is 3 segments below the root: what it holds may reach 124 more, not 126.
        let deep = try ProfileSteps.friendChain(63)
        #expect(throws: StepPathError.tooDeep(130)) {
            try steps.select(path: "profile/friends/u0", with: deep)
        }
        #expect(steps == before)
        let route = StepRoute(\AppSteps.profile).then(\.friends).element("u0")
        #expect(throws: StepPathError.tooDeep(130)) {
            try steps.select(path: route.path, with: deep)
        }
        #expect(steps == before)
        try steps.select(path: "profile/friends/u0", with: ProfileSteps.friendChain(62))
        #expect(steps.profile.friends.depth == 125)
        // Outside any stack a value keeps its own stacks' bound.
        steps.select(\.profile, with: deep)
        #expect(steps.profile.friends.depth == 125)
    }

    @Test func savedStateIsHeldToTheBoundOfCode() throws {
        let deepest = try ProfileSteps.friendChain(63)
        let data = Data(try Self.json(deepest).utf8)
        #expect(try JSONDecoder().decode(ProfileSteps.self, from: data) == deepest)
        // One more level, written by hand around the deepest value: refused.
        var outer = ProfileSteps()
        try outer.friends.value.push(ProfileSteps(), id: "u")
        outer.selected = StepSelection(.main, push: .friends)
        let inner = try Self.json(ProfileSteps())
        let text = try Self.json(outer)
        let range = try #require(text.range(of: inner, options: .backwards))
        let deeper = text.replacingCharacters(in: range, with: try Self.json(deepest))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ProfileSteps.self, from: Data(deeper.utf8))
        }
    }

    /// The deepest value code can build, under the root: every operation on it fits a 1 MiB
    /// stack (see ``DepthLimitTests``).
    @Test func theDeepestValueBuiltInCodeWorksOnA1MiBStack() throws {
        // Changed in place, not renewed: the diff pushes every friend.
        let deepest = try {
            var steps = AppSteps()
            steps.selected = StepSelection(.profile)
            steps.profile.value = try ProfileSteps.friendChain(63)
            return steps
        }()
        let path = "profile" + (0..<63).map { "/friends/u\($0)" }.joined()
        #expect(deepest.visibleScreen.segments.count == 128)  // the last friend's main
        DepthLimitTests.onSmallStack(kilobytes: 1024) {
            var steps = deepest
            #expect(NavigationDiff.events(from: AppSteps(), to: steps).count == 64)
            #expect(steps == deepest && steps.hashValue == deepest.hashValue)
            let navigator = Navigator(AppSteps())
            #expect(navigator.transaction(.restoration) { $0.restore(steps) }.count == 64)
            #expect(navigator.root == deepest)
            do {
                let data = try JSONEncoder().encode(steps)
                #expect(try JSONDecoder().decode(AppSteps.self, from: data) == steps)
            } catch {
                Issue.record("encoding round trip failed: \(String(describing: error).suffix(300))")
            }
            #expect(steps.isSelected(path: StepPath(path.split(separator: "/").map(String.init))))
            steps = AppSteps()  // frees the deep tree here, on the small stack
            #expect(steps == AppSteps())
        }
    }
}

/// The bound is counted from the root: every screen a tree can show, whether built in code, by
/// paths or decoded, is one a path selects, a path string names and a recording replays.
@Suite struct RootDepthTests {
    @Test func theDeepestValueBuiltInCodeShowsAScreenThatPathsAndRecordingsReach() throws {
        let (levels, deepest) = ProfileSteps.deepestFriendChain()
        #expect(levels == 63)
        #expect(throws: StepPathError.tooDeep(129)) { try ProfileSteps.friendChain(64) }
        var steps = AppSteps()
        steps.selected = StepSelection(.profile)
        steps.profile.value = deepest
        let screen = steps.visibleScreen
        #expect(screen.segments.count == StepPath.maximumDepth)
        #expect(try StepPath(parsing: screen.description) == screen)
        var selected = steps
        try selected.select(path: screen)
        #expect(selected == steps)
        let sink = LineSink()
        let navigator = Navigator(AppSteps())
        try StepsObservation.withObserver(SessionRecorder(clock: TestClock()) { sink.append($0) }) {
            navigator.transaction(.deepLink) { $0 = steps }
            let replayed = try SessionReplay.replay(sink.text, as: AppSteps.self)
            #expect(replayed.last?.screen.visibleScreen == screen)
        }
    }

    @Test func anElementWhoseScreenAPathCannotReachIsRefusedByPaths() throws {
        var steps = try DepthLimitTests.deepestState()
        let before = steps
        // The stack of the last friend is 128 segments below the root: an element pushed there
        // would show its own screen at 130.
        let stack = try StepPath(parsing: DepthLimitTests.friendPath(62) + "/friends")
        #expect(throws: StepPathError.tooDeep(130)) { try steps.setStack(path: stack, ids: ["x"]) }
        #expect(throws: StepPathError.tooDeep(130)) {
            try steps.push(path: stack, with: ProfileSteps())
        }
        #expect(steps == before)
        // A value is counted from the root, wherever the path puts it.
        let friend = try StepPath(parsing: DepthLimitTests.friendPath(0))
        #expect(throws: StepPathError.tooDeep(130)) {
            try steps.select(path: friend, with: ProfileSteps.deepestFriendChain().profile)
        }
        #expect(steps == before)
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
