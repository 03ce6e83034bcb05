import ExampleSteps
import Foundation
import StepTree
import StepTreeRestoration
import TestSupport
import Testing

/// The example tree as version 1 of the app had it: a `news` tab since removed, no `login`
/// cover yet, the settings sheet called `prefs`, and a search query that was a number.
enum Version1 {
    struct ExploreData: StepValue {
        var query = 0
    }

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
        enum Key: String, StepKey { case home, explore, profile, news }
        var selected = StepSelection<Key>(.home)
        var home = Step()
        var explore = Step(ExploreData())
        var profile = Step(ProfileSteps())
        var news = Step()
        static let steps = StepTable<Self>(
            .tab(.home, \.home), .tab(.explore, \.explore), .tab(.profile, \.profile),
            .tab(.news, \.news))
    }
}

@Suite("Restoration after an update")
struct RestorationTests {
    static let current = StepArchive(
        version: 2, initial: AppSteps(),
        migrations: [.rename(StepPath(["profile", "prefs"]), to: "settings")])

    static func savedByVersion1() throws -> Data {
        var old = Version1.AppSteps()
        old.select(\.explore, with: Version1.ExploreData(query: 7))
        try old.select(path: "profile/detail/dark")
        try old.select(path: "profile/prefs")
        return try StepArchive(version: 1, initial: Version1.AppSteps()).encode(old)
    }

    @Test func aSaveOfTheCurrentVersionRestoresAsItWas() throws {
        var steps = AppSteps()
        try steps.select(path: "profile/detail/dark")
        try steps.setStack(path: "profile/friends", ids: ["ann", "bob"])
        steps.select(\.explore, with: ExploreData(query: "swift"))
        let data = try Self.current.encode(steps)
        let (restored, report) = try Self.current.decode(data)
        #expect(restored == steps)
        #expect(report.isClean && report.description == "clean")
        let navigator = Navigator(AppSteps())
        let (events, navigatorReport) = try navigator.restore(from: data, using: Self.current)
        #expect(navigatorReport.isClean)
        #expect(
            events.map(\.description) == [
                "select / home -> explore", "replace /explore", "push /profile/friends/ann",
                "push /profile/friends/bob",
            ])
        #expect(navigator.root == steps)
    }

    @Test func aSaveOfAnOlderTreeKeepsWhatFitsAndReportsTheRest() throws {
        let data = try Self.savedByVersion1()
        let observer = RecordingObserver()
        let navigator = Navigator(AppSteps())
        try StepsObservation.withObserver(observer) {
            let (events, report) = try navigator.restore(from: data, using: Self.current)
            #expect(
                report.changes == [
                    .renamed(StepPath(["profile", "prefs"]), to: "settings"),
                    .droppedStep(StepPath(["news"])),
                    .reset("query", at: StepPath(["explore"])),
                    .filledIn("login", at: StepPath([])),
                ])
            #expect(
                report.description == """
                    renamed /profile/prefs to 'settings'
                    dropped the step /news, which no longer exists
                    reset 'query' of /explore, which no longer decodes
                    filled in 'login' of / from its initial value
                    """)
            // One event list from the current screen, and one transaction.
            #expect(
                events.map(\.description) == [
                    "select / home -> profile", "replace /explore", "push /profile/detail",
                    "present /profile/settings sheet",
                ])
            #expect(observer.lines.count == 2)
            let root = navigator.root
            #expect(root.selected == StepSelection(.profile))
            #expect(root.profile.selected == StepSelection(.main, push: .detail, modal: .settings))
            #expect(root.profile.detail.selected == StepSelection(.dark))
            #expect(root.explore.value.query == "")
        }
    }

    /// Inside a stack element, which the initial state has none of, the repairs go back to the
    /// element type's initial node: what no longer fits is dropped or put back, and the rest
    /// of the element kept.
    @Test func aStackElementIsRepairedAgainstItsTypesInitialNode() throws {
        var saved = AppSteps()
        try saved.setStack(path: "profile/friends", ids: ["ann", "bob"])
        try saved.select(path: "profile/friends/bob/detail/dark")
        var text = String(decoding: try Self.current.encode(saved), as: UTF8.self)
        // An older version whose element `bob` presented a step the element type no longer has.
        text = text.replacingOccurrences(of: #""treeVersion":2"#, with: #""treeVersion":1"#)
        let bob = try #require(text.range(of: #""selected":["main","detail"]"#))
        text.replaceSubrange(bob, with: #""selected":["main","detail","gone"]"#)
        let (state, report) = try Self.current.decode(Data(text.utf8))
        #expect(
            report.changes == [
                .droppedField("selected.modal", at: StepPath(["profile", "friends", "bob"]))
            ])
        #expect(state.profile.friends.ids == ["ann", "bob"])
        #expect(state.profile.friends.elements[1].selected == StepSelection(.main, push: .detail))
        #expect(state.profile.friends.elements[1].detail.selected == StepSelection(.dark))
    }

    /// An element that is not one, such as a number where its node should be, is dropped, and
    /// the elements above it are kept.
    @Test func aStackElementThatIsNotANodeIsDroppedAndTheOthersKept() throws {
        var saved = AppSteps()
        try saved.setStack(path: "profile/friends", ids: ["ann", "bob", "cy"])
        var text = String(decoding: try Self.current.encode(saved), as: UTF8.self)
        text = text.replacingOccurrences(of: #""treeVersion":2"#, with: #""treeVersion":1"#)
        let bob = try #require(text.range(of: #""id":"bob","value":{"#))
        text.replaceSubrange(bob, with: #""id":"bob","value":7,"old":{"#)
        let (state, report) = try Self.current.decode(Data(text.utf8))
        #expect(report.changes == [.droppedElement("bob", in: StepPath(["profile", "friends"]))])
        #expect(state.profile.friends.ids == ["ann", "cy"])
    }

    /// A save mixing the forms steps were written in (a leaf as `0` or `{}`, a selection as a
    /// string, a list or an object of layers) is repaired like any other: here a leaf that is
    /// neither is reset and everything else kept.
    @Test func aSaveMixingEveryFormIsRepaired() throws {
        var saved = AppSteps()
        try saved.select(path: "profile/detail/dark")
        try saved.select(path: "profile/settings")
        var text = String(decoding: try Self.current.encode(saved), as: UTF8.self)
        for (old, new) in [
            (#""treeVersion":2"#, #""treeVersion":1"#),
            (#""home":0"#, #""home":7"#),
            (#""main":0"#, #""main":{}"#),
            (
                #""selected":["main","detail","settings"]"#,
                #""selected":{"content":"main","modal":"settings","push":"detail"}"#
            ),
        ] {
            #expect(text.contains(old))
            text = text.replacingOccurrences(of: old, with: new)
        }
        let (state, report) = try Self.current.decode(Data(text.utf8))
        // A scalar that is not a leaf's `0` is not a step's shape: the field of `/` is reset.
        #expect(report.changes == [.reset("home", at: .root)])
        #expect(state == saved)
    }

    @Test func aSchemaDrivenStateRestoresUnderItsSuccessor() throws {
        let first = try StepSchema(
            json: Data(
                """
                {"initial": "feed", "children": [
                  {"key": "feed", "kind": "tab", "children": [{"key": "item", "kind": "push"}]},
                  {"key": "trends", "kind": "tab"},
                  {"key": "login", "kind": "present", "style": "cover"}]}
                """.utf8))
        let successor = try StepSchema(
            json: Data(
                """
                {"initial": "feed", "children": [
                  {"key": "feed", "kind": "tab", "children": [{"key": "post", "kind": "push"}]},
                  {"key": "inbox", "kind": "tab"},
                  {"key": "login", "kind": "present", "style": "cover"}]}
                """.utf8))
        var old = DynamicSteps(schema: first)
        try old.show(path: "feed/item", with: "42")
        let data = try StepArchive(version: 1, initial: DynamicSteps(schema: first)).encode(old)
        let archive = StepArchive(
            version: 2, initial: DynamicSteps(schema: successor),
            migrations: [.rename(StepPath(["feed", "item"]), to: "post")])
        let navigator = Navigator(DynamicSteps(schema: successor))
        try navigator.select(path: "inbox")
        let (events, report) = try navigator.restore(from: data, using: archive)
        #expect(
            report.changes == [
                .renamed(StepPath(["feed", "item"]), to: "post"),
                .droppedStep(StepPath(["trends"])),
            ])
        #expect(events.map(\.description) == ["select / inbox -> feed", "push /feed/post"])
        #expect(navigator.root.visibleScreen == StepPath(["feed", "post"]))
    }

    @Test(arguments: [
        (
            #"{"format":"steptree-state","formatVersion":1,"treeVersion":1,"state":{"sel"#,
            "truncated"
        ),
        ("\u{0}\u{1}binary", "corrupted"),
    ])
    func truncatedOrCorruptDataIsATypedError(text: String, what: String) {
        #expect {
            try Self.current.decode(Data(text.utf8))
        } throws: { error in
            guard case .malformedJSON = error as? RestorationError else { return false }
            return true
        }
    }

    @Test(arguments: [
        (#"{"a": 1}"#, RestorationError.notASavedState),
        (#"{"format":"other","formatVersion":1,"treeVersion":1,"state":{}}"#, .notASavedState),
        (#"{"format":"steptree-state","formatVersion":1,"treeVersion":1}"#, .notASavedState),
        (
            #"{"format":"steptree-state","formatVersion":2,"treeVersion":1,"state":{}}"#,
            .unsupportedFormat(version: 2)
        ),
    ])
    func dataThatIsNoSavedStateIsRefused(text: String, error: RestorationError) {
        let navigator = Navigator(AppSteps())
        #expect(throws: error) { try navigator.restore(from: Data(text.utf8), using: Self.current) }
        #expect(navigator.root == AppSteps())
    }

    @Test func aStateDamagedAtTheRootCannotBeRepaired() {
        let text = #"{"format":"steptree-state","formatVersion":1,"treeVersion":1,"state":42}"#
        #expect {
            try Self.current.decode(Data(text.utf8))
        } throws: { error in
            guard case .unrepairable(let place, _) = error as? RestorationError else {
                return false
            }
            return place == "/"
        }
    }

    @Test func everyErrorAndChangeHasItsSentence() {
        #expect(
            RestorationError.unsupportedFormat(version: 3).description
                == "the saved state has format version 3; this library reads up to 1")
        #expect(
            RestorationError.notASavedState.description == "the data is not a saved StepTree state")
        #expect(
            RestorationReport.Change.droppedElement("bob", in: StepPath(["profile", "friends"]))
                .description
                == "dropped the element 'bob' of /profile/friends, which no longer decodes")
        #expect(
            RestorationReport.Change.droppedField("x", at: StepPath(["a"])).description
                == "dropped the unknown field 'x' of /a")
    }
}
