import ExampleSteps
import Foundation
import StepTree
import StepTreeRestoration
import Synchronization
import TestSupport
import Testing

/// A payload of numbers that no `Int` or `Double` holds exactly.
struct WideNumbers: StepValue {
    var id: UInt64 = 0
    var largest: UInt64 = 0
    var smallest: Int64 = 0
    var amount: Decimal = 0
    var ratio: Double = 0
    var tiny: Double = 0
}

/// A tree with a payload of wide numbers, in two versions: the second adds a tab.
enum WideTree {
    struct First: StepsCollection {
        enum Key: String, StepKey { case numbers, home }
        var selected = StepSelection<Key>(.numbers)
        var numbers = Step(WideNumbers())
        var home = Step()
        static let steps = StepTable<Self>(.tab(.numbers, \.numbers), .tab(.home, \.home))
    }

    struct Second: StepsCollection {
        enum Key: String, StepKey { case numbers, home, inbox }
        var selected = StepSelection<Key>(.numbers)
        var numbers = Step(WideNumbers())
        var home = Step()
        var inbox = Step()
        static let steps = StepTable<Self>(
            .tab(.numbers, \.numbers), .tab(.home, \.home), .tab(.inbox, \.inbox))
    }
}

/// A payload that decodes itself: a field it falls back from on its own, and a nested object.
struct SelfDecodingPayload: StepValue {
    var limit = 5
    var inner = 1

    init(limit: Int = 5, inner: Int = 1) {
        self.limit = limit
        self.inner = inner
    }

    private enum Keys: String, CodingKey { case limit, nested, inner }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        inner = try container.nestedContainer(keyedBy: Keys.self, forKey: .nested)
            .decode(Int.self, forKey: .inner)
        // An old save may hold anything here: the payload falls back by itself.
        limit = (try? container.decode(Int.self, forKey: .limit)) ?? 5
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(limit, forKey: .limit)
        var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .nested)
        try nested.encode(inner, forKey: .inner)
    }
}

/// A tree whose one tab holds the self-decoding payload.
struct SelfDecodingTree: StepsCollection {
    enum Key: String, StepKey { case tab }
    var selected = StepSelection<Key>(.tab)
    var tab = Step(SelfDecodingPayload())
    static let steps = StepTable<Self>(.tab(.tab, \.tab))
}

/// How many times `DecodingCountedPayload` was decoded.
let decodingCount = Mutex(0)

/// A payload that counts its decodings.
struct DecodingCountedPayload: StepValue {
    var number = 0

    init(number: Int = 0) { self.number = number }

    init(from decoder: any Decoder) throws {
        decodingCount.withLock { $0 += 1 }
        number = try decoder.singleValueContainer().decode(Int.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(number)
    }
}

/// A tree with a long stack of elements holding counted payloads.
enum CountedTree {
    struct Element: StepsCollection {
        enum Key: String, StepKey { case card }
        var selected = StepSelection<Key>(.card)
        var card = Step(DecodingCountedPayload())
        static let steps = StepTable<Self>(.inline(.card, \.card))
    }

    struct Root: StepsCollection {
        enum Key: String, StepKey { case list }
        var selected = StepSelection<Key>(.list)
        var list = Step(StepStack<Element>())
        static let steps = StepTable<Self>(.inline(.list, \.list))
    }
}

/// The example's profile as version 1 of the app had it, recursive, with the settings sheet
/// called `prefs` in every profile, the friends' included.
enum RecursiveVersion1 {
    struct ProfileSteps: StepsCollection {
        enum Key: String, StepKey { case main, detail, prefs, friends }
        var selected = StepSelection<Key>(.main)
        var main = Step()
        var detail = Step(ThemeSteps())
        var prefs = Step()
        var friends = Step(StepStack<ProfileSteps>())
        static let steps = StepTable<Self>(
            .inline(.main, \.main), .push(.detail, \.detail),
            .present(.prefs, \.prefs, style: .sheet), .stack(.friends, \.friends))
    }

    struct AppSteps: StepsCollection {
        enum Key: String, StepKey { case home, explore, profile, login }
        var selected = StepSelection<Key>(.home)
        var home = Step()
        var explore = Step(ExploreData())
        var profile = Step(ProfileSteps())
        var login = Step(LoginSteps())
        static let steps = StepTable<Self>(
            .tab(.home, \.home), .tab(.explore, \.explore), .tab(.profile, \.profile),
            .present(.login, \.login, style: .cover))
    }
}

@Suite("Restoration: repairs")
struct RepairTests {
    static func wideNumbers() -> WideNumbers {
        WideNumbers(
            id: 12_345_678_901_234_567_891, largest: .max, smallest: .min,
            amount: Decimal(string: "1234567890.12345678901234567891", locale: nil) ?? 0,
            ratio: 0.1 + 0.2, tiny: .leastNonzeroMagnitude)
    }

    /// A save of another tree version is decoded from its digits: every number comes back
    /// exactly, and the report holds only the tab that is new.
    @Test func numbersKeepEveryDigitAcrossVersions() throws {
        var old = WideTree.First()
        old.select(\.numbers, with: Self.wideNumbers())
        let data = try StepArchive(version: 1, initial: WideTree.First()).encode(old)
        let (state, report) = try StepArchive(version: 2, initial: WideTree.Second()).decode(data)
        #expect(state.numbers.value == Self.wideNumbers())
        #expect(state.numbers.value.id == 12_345_678_901_234_567_891)
        #expect(state.numbers.value.largest == .max)
        #expect(report.changes == [.filledIn("inbox", at: .root)])
    }

    /// A number that does not fit its new type is reset, and said so.
    @Test func aNumberThatNoLongerFitsIsReset() throws {
        var old = WideTree.First()
        old.select(\.numbers, with: Self.wideNumbers())
        var text = String(
            decoding: try StepArchive(version: 1, initial: WideTree.First()).encode(old),
            as: UTF8.self)
        // The id was written by a version where it could be negative.
        text = text.replacingOccurrences(
            of: #""id":12345678901234567891"#, with: #""id":-12345678901234567891"#)
        let (state, report) = try StepArchive(version: 2, initial: WideTree.Second()).decode(
            Data(text.utf8))
        var expected = Self.wideNumbers()
        expected.id = 0
        #expect(state.numbers.value == expected)
        #expect(
            report.changes == [
                .reset("id", at: StepPath(["numbers"])), .filledIn("inbox", at: .root),
            ])
    }

    /// A field the payload no longer has is dropped and reported, not silently left out.
    @Test func aPayloadFieldTheTypeNoLongerHasIsReported() throws {
        var old = AppSteps()
        old.select(\.explore, with: ExploreData(query: "swift"))
        var text = String(decoding: try RestorationTests.current.encode(old), as: UTF8.self)
        text = text.replacingOccurrences(of: #""treeVersion":2"#, with: #""treeVersion":1"#)
        text = text.replacingOccurrences(
            of: #""query":"swift""#, with: #""limit":20,"query":"swift""#)
        let (state, report) = try RestorationTests.current.decode(Data(text.utf8))
        #expect(state.explore.value.query == "swift")
        #expect(report.changes == [.droppedField("limit", at: StepPath(["explore"]))])
    }

    /// The save of a recursive tree from before a rename: the rename reaches the same step in
    /// every friend's profile, at any depth, instead of dropping the friends.
    @Test func aRenameReachesTheSameStepInsideTheElementsOfARecursiveStack() throws {
        var old = RecursiveVersion1.AppSteps()
        try old.select(path: "profile/prefs")
        try old.setStack(path: "profile/friends", ids: ["ann", "bob"])
        try old.select(path: "profile/friends/ann/prefs")
        try old.setStack(path: "profile/friends/ann/friends", ids: ["cy"])
        try old.select(path: "profile/friends/ann/friends/cy/prefs")
        let data = try StepArchive(version: 1, initial: RecursiveVersion1.AppSteps()).encode(old)
        let (state, report) = try RestorationTests.current.decode(data)
        var expected = AppSteps()
        try expected.select(path: "profile/settings")
        try expected.setStack(path: "profile/friends", ids: ["ann", "bob"])
        try expected.select(path: "profile/friends/ann/settings")
        try expected.setStack(path: "profile/friends/ann/friends", ids: ["cy"])
        try expected.select(path: "profile/friends/ann/friends/cy/settings")
        #expect(state == expected)
        #expect(
            report.changes == [
                .renamed(StepPath(["profile", "prefs"]), to: "settings"),
                .renamed(StepPath(["profile", "friends", "ann", "prefs"]), to: "settings"),
                .renamed(
                    StepPath(["profile", "friends", "ann", "friends", "cy", "prefs"]),
                    to: "settings"),
                .renamed(StepPath(["profile", "friends", "bob", "prefs"]), to: "settings"),
            ])
    }

    @Test(arguments: ["", "a/b", "line\nbreak"])
    func aRenameToAKeyNoStepCanHaveIsRefused(key: String) throws {
        let archive = StepArchive(
            version: 2, initial: AppSteps(),
            migrations: [.rename(StepPath(["profile", "prefs"]), to: key)])
        let data = try RestorationTests.savedByVersion1()
        #expect {
            try archive.decode(data)
        } throws: { error in
            guard case .unrepairable(let place, let detail) = error as? RestorationError else {
                return false
            }
            return place == "/profile/prefs" && detail.contains("which is not a step key")
        }
    }

    /// A payload that catches a field's error itself keeps its own fallback: a repair is made
    /// only for an error that leaves the decoder that asked. One in a nested object is put back
    /// like any other field.
    @Test func aPayloadsOwnFallbackIsKeptAndANestedFieldIsRepaired() throws {
        var saved = SelfDecodingTree()
        saved.select(\.tab, with: SelfDecodingPayload(limit: 9, inner: 3))
        var text = String(
            decoding: try StepArchive(version: 1, initial: SelfDecodingTree()).encode(saved),
            as: UTF8.self)
        let archive = StepArchive(version: 2, initial: SelfDecodingTree())
        #expect(text.contains(#""limit":9"#) && text.contains(#""inner":3"#))
        let fallback = text.replacingOccurrences(of: #""limit":9"#, with: #""limit":"many""#)
        let (kept, clean) = try archive.decode(Data(fallback.utf8))
        #expect(kept.tab.value == SelfDecodingPayload(limit: 5, inner: 3))
        #expect(clean.isClean)
        text = text.replacingOccurrences(of: #""inner":3"#, with: #""inner":"three""#)
        let (state, report) = try archive.decode(Data(text.utf8))
        #expect(state.tab.value == SelfDecodingPayload(limit: 9, inner: 1))
        #expect(report.changes == [.reset("nested.inner", at: StepPath(["tab"]))])
    }

    /// Each element is decoded once (its payload once more when it is put back), however
    /// many do not decode: a repair never decodes the whole save again.
    @Test func manyBadElementsCostOneDecodingEach() throws {
        var saved = CountedTree.Root()
        let ids = (0..<1_000).map { "e\($0)" }
        try saved.setStack(path: "list", ids: ids)
        var text = String(
            decoding: try StepArchive(version: 1, initial: CountedTree.Root()).encode(saved),
            as: UTF8.self)
        // In the second half, every other element's card was a string in version 1, and the
        // elements between them were not elements at all.
        var expected: [RestorationReport.Change] = []
        for index in 501..<1_000 {
            let element = #""id":"e\#(index)","value":{"card":{"value":0},"selected":"card"}"#
            #expect(text.contains(element))
            if index.isMultiple(of: 2) {
                text = text.replacingOccurrences(of: element, with: #""id":"e\#(index)","value":7"#)
                expected.append(.droppedElement("e\(index)", in: StepPath(["list"])))
            } else {
                text = text.replacingOccurrences(
                    of: element,
                    with: #""id":"e\#(index)","value":{"card":{"value":"x"},"selected":"card"}"#)
                expected.append(.reset("value", at: StepPath(["list", "e\(index)", "card"])))
            }
        }
        let archive = StepArchive(version: 2, initial: CountedTree.Root())
        let before = decodingCount.withLock { $0 }
        let (state, report) = try archive.decode(Data(text.utf8))
        let decodings = decodingCount.withLock { $0 } - before
        #expect(
            state.list.value.ids
                == ids.enumerated().filter { $0.offset <= 500 || !$0.offset.isMultiple(of: 2) }.map(
                    \.element))
        #expect(report.changes == expected)
        // Once per element, and once more for each card put back to its initial value.
        #expect(decodings == 1_000 - 249 + 250)
    }

    /// A schema-driven save is repaired in one walk: each field or step that does not fit is
    /// put back or dropped, the elements' against their schema's initial node, and an element
    /// that is not one is dropped.
    @Test func aSchemaDrivenSaveIsRepairedFieldByFieldAndElementByElement() throws {
        let first = try StepSchema(
            json: Data(
                """
                {"initial": "feed", "children": [
                  {"key": "feed", "kind": "tab", "children": [
                    {"key": "posts", "kind": "stack", "element": {"initial": "a", "children": [
                      {"key": "a", "kind": "inline"}, {"key": "b", "kind": "inline"}]}}]},
                  {"key": "inbox", "kind": "tab"}]}
                """.utf8))
        let second = try StepSchema(
            json: Data(
                """
                {"initial": "feed", "children": [
                  {"key": "feed", "kind": "tab", "children": [
                    {"key": "posts", "kind": "stack", "element": {"initial": "a", "children": [
                      {"key": "a", "kind": "inline"}]}}]},
                  {"key": "inbox", "kind": "tab"}]}
                """.utf8))
        var old = DynamicSteps(schema: first)
        try old.setStack(path: "feed/posts", ids: (0..<100).map { "p\($0)" })
        for index in stride(from: 1, to: 100, by: 2) {
            try old.select(path: StepPath(parsing: "feed/posts/p\(index)/b"))
        }
        var text = String(
            decoding: try StepArchive(version: 1, initial: DynamicSteps(schema: first)).encode(old),
            as: UTF8.self)
        // A payload that was a number, a field of a later version, and an element whose id
        // repeats another's.
        text = text.replacingOccurrences(
            of: #""inbox":{}"#, with: #""inbox":{"payload":7,"pinned":true}"#)
        text = text.replacingOccurrences(of: #""id":"p99""#, with: #""id":"p0""#)
        let archive = StepArchive(version: 2, initial: DynamicSteps(schema: second))
        let (state, report) = try archive.decode(Data(text.utf8))
        let posts = StepPath(["feed", "posts"])
        #expect(state.node(at: posts)?.elementIDs == (0..<99).map { "p\($0)" })
        #expect(
            state.node(at: posts.appending("p1"))?.selectedKeys == ["a"])
        var expected: [RestorationReport.Change] = []
        for index in 0..<99 {
            let element = posts.appending("p\(index)")
            if !index.isMultiple(of: 2) { expected.append(.reset("selected", at: element)) }
            expected.append(.droppedStep(element.appending("b")))
        }
        expected += [
            .droppedElement("p0", in: posts),
            .droppedField("pinned", at: StepPath(["inbox"])),
            .droppedField("payload", at: StepPath(["inbox"])),
        ]
        #expect(report.changes == expected)
    }
}
