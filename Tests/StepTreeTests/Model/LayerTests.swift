import ExampleSteps
import Foundation
import TestSupport
import Testing

@testable import StepTree

/// A node with inline variants that hold state, a pushed step and a presented one.
private struct Gallery: StepsCollection {
    enum Key: String, StepKey { case list, grid, viewer, editor }
    var selected = StepSelection<Key>(.list)
    var list = Step(ThemeSteps())
    var grid = Step(ThemeSteps())
    var viewer = Step(ThemeSteps())
    var editor = Step(LoginSteps())
    static let steps = StepTable<Self>(
        .inline(.list, \.list), .inline(.grid, \.grid), .push(.viewer, \.viewer),
        .present(.editor, \.editor, style: .cover))
    init() {}
}

/// One selection per layer on hand-written nodes (SPEC v2 §1).
@Suite struct LayerTests {
    @Test func selectKeepsTheOtherLayers() {
        var profile = ProfileSteps()
        profile.select(.detail)
        profile.select(.settings)
        #expect(profile.selected == StepSelection(.main, push: .detail, modal: .settings))
        #expect(profile.isSelected(.main) && profile.isSelected(.detail))
        #expect(profile.isSelected(.settings))
        #expect(!profile.isSelected(.friends))
        profile.select(.main)
        #expect(profile.selected == StepSelection(.main, push: .detail, modal: .settings))
        // Another push child replaces the detail only.
        profile.select(.friends)
        #expect(profile.selected == StepSelection(.main, push: .friends, modal: .settings))
        #expect(!profile.isSelected(.detail))
        #expect(profile.selected.keys == [.main, .friends, .settings])
        #expect(profile.selected[.push] == .friends)
        #expect(StepLayer.allCases.map { profile.selected[$0] } == [.main, .friends, .settings])
    }

    @Test func kindsBelongToLayers() {
        #expect(StepKind.tab.layer == .content)
        #expect(StepKind.inline.layer == .content)
        #expect(StepKind.push.layer == .push)
        #expect(StepKind.stack.layer == .push)
        #expect(StepKind.present(.sheet).layer == .modal)
        #expect(StepLayer.content < .push && StepLayer.push < .modal)
    }

    /// A replaced pushed or presented child starts afresh, identity included.
    @Test func replacingAPushedChildResetsIt() throws {
        var gallery = Gallery()
        gallery.renew(\.viewer)
        gallery.viewer.value.select(.dark)
        #expect(!gallery.viewer.renewal.isInitial)
        gallery.deselect(.viewer)
        #expect(gallery.viewer.value == ThemeSteps())
        #expect(gallery.viewer.renewal.isInitial)
        var profile = ProfileSteps()
        profile.select(.detail)
        profile.detail.value.select(.dark)
        profile.select(.friends)
        #expect(profile.detail.value == ThemeSteps())
        try profile.friends.value.push(id: "u1")
        profile.select(.detail)
        #expect(profile.friends.isEmpty)
    }

    /// A dismissed login cover comes back from scratch.
    @Test func aDismissedCoverComesBackFromScratch() throws {
        var steps = AppSteps()
        try steps.select(path: "login/signUp")
        #expect(steps.login.selected == StepSelection(.form, push: .signUp))
        steps.deselect(.login)
        #expect(steps.selected == StepSelection(.home))
        let start = steps
        steps.select(.login)
        #expect(steps.login.selected == StepSelection(.form))
        #expect(steps.login.selected.push == nil)
        #expect(steps.login.value == LoginSteps())
        #expect(eventText(from: start, to: steps) == ["present /login cover"])
        #expect(steps.visibleScreen == StepPath(["login", "form"]))
    }

    /// Content children keep their state when another one is selected.
    @Test func contentChildrenKeepTheirState() {
        var gallery = Gallery()
        gallery.list.value.select(.dark)
        gallery.select(.grid)
        #expect(gallery.selected == StepSelection(.grid))
        #expect(gallery.list.selected == StepSelection(.dark))
        gallery.grid.value.select(.light)
        gallery.select(.list)
        #expect(gallery.list.selected == StepSelection(.dark))
        #expect(gallery.grid.selected == StepSelection(.light))
        // Deselecting a variant leaves no content, and keeps its state too.
        gallery.deselect(.list)
        #expect(gallery.selected == StepSelection())
        #expect(gallery.list.selected == StepSelection(.dark))
        // Tabs keep their state as well.
        var steps = AppSteps()
        steps.select(\.profile, \.detail, \.dark)
        steps.select(.home)
        steps.select(.profile)
        #expect(steps.profile.detail.selected == StepSelection(.dark))
    }

    @Test func variantsEmitSelectAndCoverKeepsTheVariant() {
        var gallery = Gallery()
        let start = gallery
        gallery.select(.viewer)
        gallery.select(.editor)
        gallery.select(.grid)
        #expect(
            eventText(from: start, to: gallery) == [
                "select / list -> grid", "push /viewer", "present /editor cover",
            ])
        let covered = gallery
        gallery.select(.list)
        #expect(eventText(from: covered, to: gallery) == ["select / grid -> list"])
    }

    @Test func deselectIgnoresTabsAndUnselectedKeys() {
        var steps = AppSteps()
        steps.deselect(.home)
        #expect(steps == AppSteps())
        steps.deselect(.login)
        #expect(steps == AppSteps())
        var profile = ProfileSteps()
        profile.select(.settings)
        profile.deselect(.detail)
        #expect(profile.selected == StepSelection(.main, modal: .settings))
        profile.deselect(.settings)
        profile.deselect(.main)
        #expect(profile.selected == StepSelection())
    }

    @Test(arguments: [
        (StepSelection<ProfileSteps.Key>(), #""""#),
        (StepSelection(.main), #""main""#),
        (StepSelection(push: .friends), #"["","friends"]"#),
        (StepSelection(.main, push: .detail), #"["main","detail"]"#),
        (StepSelection(.main, modal: .settings), #"["main","","settings"]"#),
        (StepSelection(.main, push: .detail, modal: .settings), #"["main","detail","settings"]"#),
    ])
    func selectionRoundTrips(_ selection: StepSelection<ProfileSteps.Key>, json: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(selection)
        #expect(String(decoding: data, as: UTF8.self) == json)
        #expect(
            try JSONDecoder().decode(StepSelection<ProfileSteps.Key>.self, from: data) == selection)
    }

    /// The object of layers, written before selections were a string or a list, still decodes,
    /// and is what a renewal's fingerprint hashes.
    @Test(arguments: [
        (StepSelection<ProfileSteps.Key>(), "{}"),
        (StepSelection(.main), #"{"content":"main"}"#),
        (StepSelection(push: .friends), #"{"push":"friends"}"#),
        (
            StepSelection(.main, push: .detail, modal: .settings),
            #"{"content":"main","modal":"settings","push":"detail"}"#
        ),
    ])
    func theObjectOfLayersStillDecodes(_ selection: StepSelection<ProfileSteps.Key>, json: String)
        throws
    {
        #expect(
            try JSONDecoder().decode(StepSelection<ProfileSteps.Key>.self, from: Data(json.utf8))
                == selection)
        #expect(
            try JSONDecoder().decode(
                StepSelection<ProfileSteps.Key>.self, from: Data(#"{"content":null}"#.utf8))
                == StepSelection())
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let wrapped = try StepCodingForm.wrappingEverything { try encoder.encode(selection) }
        #expect(String(decoding: wrapped, as: UTF8.self) == json)
    }

    /// Keys that are not ``StepKey`` values keep the object of layers: only a raw value that
    /// is a path segment makes the string and list forms unambiguous.
    @Test func otherKeysKeepTheObjectOfLayers() throws {
        let selection = StepSelection<Int>(1, modal: 3)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(selection)
        #expect(String(decoding: data, as: UTF8.self) == #"{"content":1,"modal":3}"#)
        #expect(try JSONDecoder().decode(StepSelection<Int>.self, from: data) == selection)
    }

    @Test(arguments: [
        (#"{"content":"nope"}"#, "content"), (#"{"push":1}"#, "push"), (#""nope""#, ""),
        (#"["main","nope"]"#, ""), (#"["main","detail","settings","main"]"#, ""),
        (#"["main",1]"#, "Index 1"), ("5", ""), ("null", ""), ("true", ""),
    ])
    func malformedSelectionThrows(_ json: String, lastKey: String) {
        let wrapped = #"{"selected":\#(json)}"#
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                [String: StepSelection<ProfileSteps.Key>].self, from: Data(wrapped.utf8))
        }
        // The error names the selection, or the layer in it.
        let path = error.map(Self.codingPath)?.map(\.stringValue) ?? []
        #expect(path == ["selected"] + (lastKey.isEmpty ? [] : [lastKey]))
    }

    /// The coding path a decoding error names.
    private static func codingPath(_ error: DecodingError) -> [any CodingKey] {
        switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context),
            .typeMismatch(_, let context), .valueNotFound(_, let context):
            context.codingPath
        @unknown default: []
        }
    }

    /// A step whose node selects a key in another layer than the key's own is refused.
    @Test(arguments: [
        #""detail""#, #""settings""#, #"["","main"]"#, #"["","settings"]"#, #"["","","friends"]"#,
        #"["main","","main"]"#,
        // The object of layers, as written before.
        #"{"content":"detail"}"#, #"{"content":"settings"}"#, #"{"push":"main"}"#,
        #"{"push":"settings"}"#, #"{"modal":"friends"}"#, #"{"content":"main","modal":"main"}"#,
    ])
    func aStepWithAKeyInTheWrongLayerThrows(_ selection: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let valid = String(decoding: try encoder.encode(Step(ProfileSteps())), as: UTF8.self)
        let find = #""selected":"main""#
        #expect(valid.contains(find))
        #expect(
            try JSONDecoder().decode(Step<ProfileSteps>.self, from: Data(valid.utf8)).value
                == ProfileSteps())
        let broken = valid.replacingOccurrences(of: find, with: #""selected":\#(selection)"#)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Step<ProfileSteps>.self, from: Data(broken.utf8))
        }
        // The step is bare; in its wrapper, as written before, it is checked alike.
        #expect(broken.hasPrefix(#"{"detail":"#))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                Step<ProfileSteps>.self, from: Data(#"{"value":\#(broken)}"#.utf8))
        }
        // A stack element is checked the same way.
        let element = #"[{"id":"u1","value":\#(broken)}]"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(StepStack<ProfileSteps>.self, from: Data(element.utf8))
        }
        let validElement = #"[{"id":"u1","value":\#(valid)}]"#
        #expect(
            try JSONDecoder().decode(StepStack<ProfileSteps>.self, from: Data(validElement.utf8))
                .ids == ["u1"])
        // Nested in a tree, the whole decoding fails.
        var app = AppSteps()
        app.select(\.profile)
        let tree = String(decoding: try encoder.encode(app), as: UTF8.self)
        #expect(tree.contains(find))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                AppSteps.self,
                from: Data(
                    tree.replacingOccurrences(of: find, with: #""selected":\#(selection)"#).utf8))
        }
    }
}

/// A hand-written node that mixes tabs and inline content: refused when its table is built.
private struct MixedContent: StepsCollection {
    enum Key: String, StepKey { case tab, variant, detail }
    var selected = StepSelection<Key>(.tab)
    var tab = Step()
    var variant = Step()
    var detail = Step()
    static let steps = StepTable<Self>(
        .tab(.tab, \.tab), .inline(.variant, \.variant), .push(.detail, \.detail))
    init() {}
}

/// A hand-written node whose table forgets a key.
private struct MissingKey: StepsCollection {
    enum Key: String, StepKey { case home, other }
    var selected = StepSelection<Key>(.home)
    var home = Step()
    static let steps = StepTable<Self>(.tab(.home, \.home))
    init() {}
}

/// A hand-written node with frames beside tabs: accepted.
private struct TabsAndFrames: StepsCollection {
    enum Key: String, StepKey { case feed, search, detail, list, cover }
    var selected = StepSelection<Key>(.feed)
    var feed = Step()
    var search = Step()
    var detail = Step()
    var list = Step(StepStack<ProfileSteps>())
    var cover = Step(LoginSteps())
    static let steps = StepTable<Self>(
        .tab(.feed, \.feed), .tab(.search, \.search), .push(.detail, \.detail),
        .stack(.list, \.list), .present(.cover, \.cover, style: .cover))
    init() {}
}

@Suite struct StepTableTests {
    @Test func tabsMixedWithInlineStopTheProgram() async {
        await #expect(processExitsWith: .failure) {
            _ = MixedContent.steps.keys
        }
    }

    @Test func anUndeclaredKeyStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            _ = MissingKey.steps.keys
        }
    }

    @Test func framesBesideTabsAreAccepted() throws {
        #expect(TabsAndFrames.steps.keys == [.feed, .search, .detail, .list, .cover])
        var node = TabsAndFrames()
        let start = node
        node.select(.detail)
        node.select(.cover)
        node.select(.search)
        #expect(node.selected == StepSelection(.search, push: .detail, modal: .cover))
        #expect(
            eventText(from: start, to: node) == [
                "select / feed -> search", "push /detail", "present /cover cover",
            ])
        let pushed = node
        try node.setStack(path: "list", ids: ["a"])
        #expect(eventText(from: pushed, to: node) == ["pop /detail", "push /list/a"])
    }
}
