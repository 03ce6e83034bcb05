import ExampleSteps
import Foundation
import StepTree
import StepTreeRestoration
import Synchronization
import TestSupport
import Testing

/// How many times `CountedProfile` was decoded.
private let profileDecodings = Mutex(0)

/// A profile that counts its decodings, with a stack of profiles like it.
private struct CountedProfile: StepsCollection {
    enum Key: String, StepKey { case main, friends }
    var selected = StepSelection<Key>(.main)
    var main = Step()
    var friends = Step(StepStack<CountedProfile>())
    static let steps = StepTable<Self>(.inline(.main, \.main), .stack(.friends, \.friends))

    private enum Field: String, CodingKey { case selected, main, friends, visits }

    init() {}

    init(from decoder: any Decoder) throws {
        profileDecodings.withLock { $0 += 1 }
        let container = try decoder.container(keyedBy: Field.self)
        selected = try container.decode(StepSelection<Key>.self, forKey: .selected)
        main = try container.decode(Step<EmptyStep>.self, forKey: .main)
        friends = try container.decode(Step<StepStack<CountedProfile>>.self, forKey: .friends)
        // A number an older version saved, read after the stack: its repair (dropped, as the
        // profile no longer writes it) decodes the profile again, its stack with it.
        _ = try container.decodeIfPresent(Int.self, forKey: .visits)
    }
}

/// A save whose stack elements are damaged, many or nested, loses those elements' damaged
/// fields and keeps everything else, however many there are.
@Suite("Restoration: many damaged elements")
struct DamagedElementsTests {
    static let archive = StepArchive(version: 2, initial: AppSteps())

    /// A damaged element's value: five steps of the wrong kind and a field the type lacks.
    static let damaged =
        #"{"detail":3,"friends":"z","main":"x","note":"n","selected":5,"settings":"y"}"#

    /// A version-1 save whose friends' stack holds `count` damaged profiles, each before an
    /// intact one showing its dark theme, and whose explore query was a number.
    static func save(damagedCount count: Int) throws -> Data {
        var steps = AppSteps()
        try steps.setStack(path: "profile/friends", ids: (0..<count * 2).map { "f\($0)" })
        for index in stride(from: 1, to: count * 2, by: 2) {
            try steps.select(path: StepPath(["profile", "friends", "f\(index)", "detail", "dark"]))
        }
        var text = String(decoding: try archive.encode(steps), as: UTF8.self)
        let intact =
            #"{"detail":{"dark":0,"light":0,"selected":""},"friends":[],"main":0,"selected":"main","settings":0}"#
        for index in stride(from: 0, to: count * 2, by: 2) {
            let element = #"{"id":"f\#(index)","value":"#
            let range = try #require(text.range(of: element + intact))
            text.replaceSubrange(range, with: element + damaged)
        }
        for (saved, older) in [
            (#""treeVersion":2"#, #""treeVersion":1"#), (#""query":"""#, #""query":7"#),
        ] {
            text.replaceSubrange(try #require(text.range(of: saved)), with: older)
        }
        return Data(text.utf8)
    }

    /// Counted as what is lost, a damaged element's five fields put back and one dropped are
    /// six changes; past the thousand repairs that refused the whole save, every element is
    /// kept and every loss reported, and the rest of the save restores.
    @Test func hundredsOfDamagedElementsAreRepairedAndTheRestKept() throws {
        let count = 250
        let navigator = Navigator(AppSteps())
        let (_, report) = try navigator.restore(
            from: Self.save(damagedCount: count), using: Self.archive)
        var expected: [RestorationReport.Change] = [.reset("query", at: StepPath(["explore"]))]
        for index in stride(from: 0, to: count * 2, by: 2) {
            let element = StepPath(["profile", "friends", "f\(index)"])
            expected += [
                .reset("selected", at: element), .reset("main", at: element),
                .reset("detail", at: element), .reset("settings", at: element),
                .reset("friends", at: element), .droppedField("note", at: element),
            ]
        }
        #expect(report.changes == expected)
        let friends = navigator.root.profile.value.friends.value
        #expect(friends.ids == (0..<count * 2).map { "f\($0)" })
        for (offset, friend) in friends.elements.enumerated() {
            #expect(friend == Self.restoredFriend(damaged: offset.isMultiple(of: 2)))
        }
        #expect(
            navigator.root.visibleScreen.description
                == "/profile/friends/f\(count * 2 - 1)/detail/dark")
    }

    /// A damaged element goes back to the initial profile; an intact one keeps its theme.
    static func restoredFriend(damaged: Bool) -> ProfileSteps {
        var friend = ProfileSteps()
        if !damaged { friend.select(\.detail, \.dark) }
        return friend
    }

    /// Elements nested in elements, each with a damaged field: each level is decoded once
    /// more for its own repair, never once per combination of the repairs around it (two to
    /// the power of the depth).
    @Test func nestedDamagedElementsAreEachDecodedOnceMorePerRepair() throws {
        let depth = 40
        var saved = CountedProfile()
        var stack = StepPath(["friends"])
        for level in 0..<depth {
            try saved.setStack(path: stack, ids: ["l\(level)"])
            stack = stack.appending("l\(level)").appending("friends")
        }
        let archive = StepArchive(version: 2, initial: CountedProfile())
        let text = String(
            decoding: try StepArchive(version: 1, initial: CountedProfile()).encode(saved),
            as: UTF8.self)
        // Every profile's visits were a list.
        let damaged = text.replacingOccurrences(of: #""main":0,"#, with: #""main":0,"visits":[1],"#)
        #expect(damaged.components(separatedBy: #""visits""#).count == depth + 2)
        let data = Data(damaged.utf8)
        let before = profileDecodings.withLock { $0 }
        let (state, report) = try archive.decode(data)
        let decodings = profileDecodings.withLock { $0 } - before
        // The root's is dropped before decoding, its reference being the initial state; the
        // others as their profiles decode, the innermost first.
        var expected: [RestorationReport.Change] = []
        var place = StepPath.root
        for level in 0..<depth {
            place = place.appending("friends").appending("l\(level)")
            expected.insert(.droppedStep(place.appending("visits")), at: 0)
        }
        #expect(report.changes == [.droppedStep(StepPath(["visits"]))] + expected)
        var levels = 0
        var profile = state
        while let friend = profile.friends.value.elements.first {
            levels += 1
            profile = friend
        }
        #expect(levels == depth)
        // Each profile once, and once more for the repair of each profile it is nested in: 861
        // for 41 profiles, where 2^40 was the way to it.
        #expect(decodings == (0...depth).reduce(0) { $0 + 1 + $1 })
    }
}
