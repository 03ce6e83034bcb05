// Fuzzes restoration across tree versions. The first byte picks the pair of versions (its low
// two bits: 0, hand-written version 1 to 2; 1, 2 to 1; 2, 1 to 1 under another version number;
// 3, a schema to its successor) and, with its high bit, damage to the save. Then come
// NUL-separated parts: operation lines (those of `PathOperation`, and `~PATH\tID,COUNT,RATIO,
// AMOUNT,NAME` to give a payload step wide numbers) applied to the older version's initial
// state, which is saved; and, for damage, pairs of a two-byte offset and a byte written there.
//
// A save restores with a report that accounts for every difference (a number, a field, a step,
// an element, a selection or a renewal changed or gone is in it, at its step) or is refused
// with a `RestorationError`; either way the same bytes give the same answer again, a refusal
// changes nothing, and a restored state saves and restores again exactly, with a clean report.
import ExampleSteps
import Foundation
import FuzzSupport
import StepTree
import StepTreeRestoration

/// The payload of wide numbers, in version 1.
struct FeedV1: StepValue {
    var id: UInt64 = 0
    var count: Int = 0
    var ratio: Double = 0
    var amount: Decimal = 0
    var name = ""
}

/// The payload in version 2: `count` is text, `name` is gone, `tags` is new.
struct FeedV2: StepValue {
    var id: UInt64 = 0
    var count = ""
    var ratio: Double = 0
    var amount: Decimal = 0
    var tags: [UInt64] = []
}

/// A leaf whose fields are named after every key the library's encodings write but `selected`:
/// a step's wrapper, a stack and its elements, a schema node, a selection's layers, tabs and the
/// archive itself. Saved bare, it must never be read as one of those.
struct Card: StepsCollection {
    typealias Key = NoStepKey
    var value = 1
    var renewal = "r"
    var elements = [2]
    var next = 3
    var id = "i"
    var payload = 4
    var steps = 5
    var content = "c"
    var push = 6
    var modal = 7
    var tabs = 8
    var format = "f"
    var formatVersion = 9
    var treeVersion = 10
    var state = 11
}

/// A leaf with a field written as `selected`, the field that marks a bare node, and `value`.
struct Badge: StepsCollection {
    typealias Key = NoStepKey
    var marked = 1
    var value = "v"

    enum CodingKeys: String, CodingKey {
        case marked = "selected"
        case value
    }
}

/// The destinations of a profile's `places` stack, in both versions.
enum Place: StepDestination {
    case card(Card)
    case badge(Badge)
    case empty

    static let destinations: [StepDestinationCase<Self>] = [
        .init(Self.card), .init(Self.badge), .init(Self.empty),
    ]
}

/// Version 1: a `news` tab, and a recursive profile with a `prefs` sheet.
enum Version1 {
    struct Profile: StepsCollection {
        enum Key: String, StepKey { case main, detail, prefs, friends, places, card }
        var selected = StepSelection<Key>(.main)
        var main = Step()
        var detail = Step(FeedV1())
        var prefs = Step()
        var friends = Step(StepStack<Profile>())
        var places = Step(StepStack<Place>())
        var card = Step(Card())
        static let steps = StepTable<Self>(
            .inline(.main, \.main), .push(.detail, \.detail),
            .present(.prefs, \.prefs, style: .sheet), .stack(.friends, \.friends),
            .stack(.places, \.places), .inline(.card, \.card))
    }

    struct Root: StepsCollection {
        enum Key: String, StepKey { case home, feed, profile, news }
        var selected = StepSelection<Key>(.home)
        var home = Step()
        var feed = Step(FeedV1())
        var profile = Step(Profile())
        var news = Step()
        static let steps = StepTable<Self>(
            .tab(.home, \.home), .tab(.feed, \.feed), .tab(.profile, \.profile),
            .tab(.news, \.news))
    }
}

/// Version 2: `news` gone, a `login` cover, and the sheet renamed `settings`.
enum Version2 {
    struct Profile: StepsCollection {
        enum Key: String, StepKey { case main, detail, settings, friends, places, card }
        var selected = StepSelection<Key>(.main)
        var main = Step()
        var detail = Step(FeedV2())
        var settings = Step()
        var friends = Step(StepStack<Profile>())
        var places = Step(StepStack<Place>())
        var card = Step(Card())
        static let steps = StepTable<Self>(
            .inline(.main, \.main), .push(.detail, \.detail),
            .present(.settings, \.settings, style: .sheet), .stack(.friends, \.friends),
            .stack(.places, \.places), .inline(.card, \.card))
    }

    struct Root: StepsCollection {
        enum Key: String, StepKey { case home, feed, profile, login }
        var selected = StepSelection<Key>(.home)
        var home = Step()
        var feed = Step(FeedV2())
        var profile = Step(Profile())
        var login = Step()
        static let steps = StepTable<Self>(
            .tab(.home, \.home), .tab(.feed, \.feed), .tab(.profile, \.profile),
            .present(.login, \.login, style: .cover))
    }
}

/// A schema and its successor: a step renamed, a tab gone, and a step gone from the elements.
let schemas: (first: StepSchema, second: StepSchema) = {
    let first = """
        {"initial": "feed", "children": [
          {"key": "feed", "kind": "tab", "children": [{"key": "item", "kind": "push"}]},
          {"key": "trends", "kind": "tab"},
          {"key": "people", "kind": "tab", "children": [
            {"key": "list", "kind": "stack", "element": {"initial": "card", "children": [
              {"key": "card", "kind": "inline"}, {"key": "old", "kind": "inline"},
              {"key": "more", "kind": "stack"}]}}]},
          {"key": "login", "kind": "present", "style": "cover"}]}
        """
    let second = """
        {"initial": "feed", "children": [
          {"key": "feed", "kind": "tab", "children": [{"key": "post", "kind": "push"}]},
          {"key": "inbox", "kind": "tab"},
          {"key": "people", "kind": "tab", "children": [
            {"key": "list", "kind": "stack", "element": {"initial": "card", "children": [
              {"key": "card", "kind": "inline"}, {"key": "more", "kind": "stack"}]}}]},
          {"key": "login", "kind": "present", "style": "sheet"}]}
        """
    do {
        return (try StepSchema(json: Data(first.utf8)), try StepSchema(json: Data(second.utf8)))
    } catch {
        fatalError("the archive schemas do not load: \(error)")
    }
}()

/// A path that the renames of the pair move: every `old` segment becomes `new`.
func renamed(_ path: StepPath, _ renames: [(old: String, new: String)]) -> StepPath {
    StepPath(path.segments.map { segment in renames.first { $0.old == segment }?.new ?? segment })
}

/// One operation line: a `PathOperation`, or `~` and a payload of wide numbers for a path.
func apply(
    _ line: ArraySlice<UInt8>, to state: inout some StepNode, payload: (String) -> any StepValue
) {
    if line.first == UInt8(ascii: "~") {
        let text = String(decoding: line.dropFirst(), as: UTF8.self)
        let parts = text.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return }
        try? state.select(
            path: StepPath(parsing: String(parts[0])), with: payload(String(parts[1])))
        return
    }
    try? state.perform(PathOperation(line: line))
}

/// The wide numbers of a payload line: `ID,COUNT,RATIO,AMOUNT,NAME`.
func numbers(_ text: String) -> (UInt64, Int, Double, Decimal, String) {
    let fields = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    func field(_ index: Int) -> String { index < fields.count ? fields[index] : "" }
    let ratio = Double(field(2)).flatMap { $0.isFinite ? $0 : nil } ?? 0
    return (
        UInt64(field(0)) ?? 0, Int(field(1)) ?? 0, ratio,
        Decimal(string: field(3), locale: nil) ?? 0, field(4)
    )
}

func feedV1(_ text: String) -> any StepValue {
    let (id, count, ratio, amount, name) = numbers(text)
    return FeedV1(id: id, count: count, ratio: ratio, amount: amount, name: name)
}

func feedV2(_ text: String) -> any StepValue {
    let (id, count, ratio, amount, name) = numbers(text)
    return FeedV2(
        id: id, count: "\(count)", ratio: ratio, amount: amount,
        tags: name.utf8.prefix(4).map { UInt64($0) << 56 })
}

func check(_ bytes: [UInt8]) {
    guard let mode = bytes.first else { return }
    let parts = bytes.dropFirst().split(
        separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let operations = parts.first.map { lines(Array($0)).prefix(24) } ?? []
    let damage = mode & 0x80 != 0 ? Array(parts.dropFirst().first ?? []) : []
    switch mode & 3 {
    case 0:
        restore(
            Version1.Root(), version: 1, payload: feedV1, operations, damage,
            into: StepArchive(
                version: 2, initial: Version2.Root(),
                migrations: [.rename(StepPath(["profile", "prefs"]), to: "settings")]),
            renames: [("prefs", "settings")])
    case 1:
        restore(
            Version2.Root(), version: 2, payload: feedV2, operations, damage,
            into: StepArchive(
                version: 1, initial: Version1.Root(),
                migrations: [.rename(StepPath(["profile", "settings"]), to: "prefs")]),
            renames: [("settings", "prefs")])
    case 2:
        restore(
            Version1.Root(), version: 1, payload: feedV1, operations, damage,
            into: StepArchive(version: 3, initial: Version1.Root()), renames: [], clean: true)
    default:
        restore(
            DynamicSteps(schema: schemas.first), version: 1, payload: { $0 }, operations, damage,
            into: StepArchive(
                version: 2, initial: DynamicSteps(schema: schemas.second),
                migrations: [.rename(StepPath(["feed", "item"]), to: "post")]),
            renames: [("item", "post")])
    }
}

/// Builds the older state, saves it (damaged, perhaps) and checks its restoration by `archive`.
func restore<Old: StepNode, New: StepNode>(
    _ initial: Old, version: Int, payload: (String) -> any StepValue,
    _ operations: some Sequence<ArraySlice<UInt8>>, _ damage: [UInt8],
    into archive: StepArchive<New>, renames: [(old: String, new: String)], clean: Bool = false
) {
    var old = initial
    for line in operations { apply(line, to: &old, payload: payload) }
    guard var data = try? StepArchive(version: version, initial: initial).encode(old) else {
        return
    }
    for edit in stride(from: 0, to: damage.count - 2, by: 3) where !data.isEmpty {
        let offset = (Int(damage[edit]) << 8 | Int(damage[edit + 1])) % data.count
        data[offset] = damage[edit + 2]
    }
    let navigator = Navigator(archive.initial)
    let outcome: (state: New, report: RestorationReport)
    do {
        outcome = try archive.decode(data)
    } catch {
        // A typed refusal, the same again, and nothing changed by it.
        do {
            _ = try archive.decode(data)
            require(false, "a refused save restored the second time")
        } catch let second {
            require(second == error, "a refused save gave \(second), then \(error)")
        }
        require(
            (try? navigator.restore(from: data, using: archive)) == nil
                && navigator.root == archive.initial,
            "a refused save changed the navigator")
        require(damage.count >= 3, "an undamaged save was refused: \(error)")
        // Everything below the root has a repair: only the root itself, or data that is no
        // save at all, is refused.
        switch error {
        case .malformedJSON, .notASavedState, .unsupportedFormat: break
        case .unrepairable(let place, _):
            require(place == "/", "a save was refused at \(place), below the root: \(error)")
        case .unencodable: require(false, "a save was refused as unencodable: \(error)")
        }
        return
    }
    let again = try? archive.decode(data)
    require(
        again?.state == outcome.state && again?.report == outcome.report,
        "the same save restored twice to different states or reports")
    // What was restored saves and restores again exactly.
    let resaved: Data
    do {
        resaved = try archive.encode(outcome.state)
    } catch {
        return require(false, "a restored state does not save: \(error)")
    }
    let round = try? archive.decode(resaved)
    require(round?.state == outcome.state, "a restored state does not restore again")
    require(round?.report.isClean == true, "a restored state restores with changes")
    require(
        (try? navigator.restore(from: data, using: archive))?.report == outcome.report
            && navigator.root == outcome.state,
        "the navigator restored something else")
    guard damage.count < 3 else { return }
    if clean {
        require(
            outcome.report.isClean, "a save of the same tree restored with:\n\(outcome.report)")
    }
    // No silent change: every difference between the save and the restored state is reported.
    let schemaDriven = archive.initial is DynamicSteps
    guard let saved = JSONText(Array(data))?["state"],
        let restored = JSONText(Array(resaved))?["state"]
    else { return require(false, "the encoder wrote JSON the check cannot read") }
    let before = SavedState(saved, schemaDriven: schemaDriven)
    let after = SavedState(restored, schemaDriven: schemaDriven)
    let report = outcome.report
    for (path, step) in before.steps {
        let place = renamed(path, renames)
        guard let now = after.steps[place] else {
            require(
                report.accounts(for: place, field: nil),
                "the step \(place) was dropped silently; report:\n\(report)")
            continue
        }
        for (field, value) in step.payload where now.payload[field] != value {
            require(
                report.accounts(for: place, field: field),
                "\(place) '\(field)' went from \(value) to \(now.payload[field] ?? "nothing") "
                    + "silently; report:\n\(report)")
        }
        let selection = step.selected.mapValues { key in
            renames.first { $0.old == key }?.new ?? key
        }
        if selection != now.selected {
            require(
                report.accounts(for: place, field: "selected"),
                "the selection of \(place) went from \(selection) to \(now.selected) silently; "
                    + "report:\n\(report)")
        }
        if step.renewal != now.renewal {
            require(
                report.accounts(for: place, field: "renewal"),
                "the renewal of \(place) changed silently; report:\n\(report)")
        }
        for id in step.elements ?? [] where !(now.elements ?? []).contains(id) {
            require(
                report.accounts(for: place.appending(id), field: nil),
                "the element \(id) of \(place) was dropped silently; report:\n\(report)")
        }
    }
}

/// States of each pair with wide numbers, renamed sheets deep in the friends, and elements of
/// the schema's stack.
func seeds(_ fixtures: [URL]) throws -> [[UInt8]] {
    let handWritten = [
        "~feed\t12345678901234567891,-7,0.30000000000000004,1234567890.12345678901234567891,ann",
        "~profile/detail\t18446744073709551615,9223372036854775807,5e-324,-0.5,b",
        "\u{6}profile/friends\tu1,u2", "\u{0}profile/prefs", "\u{0}profile/friends/u1/prefs",
        "\u{6}profile/friends/u2/friends\tv1", "\u{1}profile/friends/u2/friends/v1/detail",
        "~profile/friends/u1/detail\t1,2,3.5,4,x", "\u{0}news", "\u{6}profile/places\tc1,c2",
        "\u{0}profile/card", "\u{0}profile/places/c2/badge",
        "\u{0}profile/friends/u2/places/c1/empty",
    ]
    let schemaDriven = [
        "\u{2}feed/item\t42", "\u{6}people/list\tp1,p2,p3", "\u{0}people/list/p2/old",
        "\u{6}people/list/p3/more\tq1", "\u{0}trends",
    ]
    func input(_ mode: UInt8, _ lines: [String]) -> [UInt8] {
        [mode] + Array(lines.joined(separator: "\n").utf8)
    }
    var seeds: [[UInt8]] = []
    for mode: UInt8 in 0...2 {
        for count in [2, 5, handWritten.count] {
            seeds.append(input(mode, Array(handWritten.prefix(count))))
        }
        seeds.append(input(mode | 0x80, handWritten) + [0, 0, 40, 0x7B, 1, 2, 0x22])
    }
    let renamedSheet = handWritten.map { $0.replacingOccurrences(of: "prefs", with: "settings") }
    seeds.append(input(1, renamedSheet))
    seeds.append(input(3, schemaDriven))
    seeds.append(input(3, Array(schemaDriven.prefix(3))))
    seeds.append(input(0x83, schemaDriven) + [0, 0, 30, 0x5D])
    return seeds
}

FuzzDriver.main("fuzz-archive", seeds: seeds, dictionary: Tokens.archive, check: check)
