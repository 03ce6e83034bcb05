import Foundation
import StepTree
import StepTreeTools
import Testing

/// One list the user follows: a tab with its own pushed detail.
struct ListTab: StepsCollection {
    enum Key: String, StepKey { case timeline, detail }
    var selected = StepSelection<Key>(.timeline)
    var name = ""
    var timeline = Step()
    var detail = Step()
    static let steps = StepTable<Self>(.inline(.timeline, \.timeline), .push(.detail, \.detail))
}

struct ListsApp: StepsCollection {
    enum Key: String, StepKey { case lists, compose }
    var selected = StepSelection<Key>(.lists)
    var lists = Step(StepTabs<ListTab>())
    var compose = Step()
    static let steps = StepTable<Self>(
        .inline(.lists, \.lists), .present(.compose, \.compose))
}

@Suite struct StepTabsTests {
    static func app(_ names: String...) throws -> ListsApp {
        var app = ListsApp()
        for name in names { try app.lists.value.append(ListTab(name: name)) }
        return app
    }

    @Test func tabsMintIDsAndTheFirstIsSelected() throws {
        var tabs = StepTabs<ListTab>()
        #expect(try tabs.append(ListTab(name: "Swift")) == "1")
        #expect(try tabs.append(ListTab(name: "News")) == "2")
        #expect(tabs.selectedID == "1")
        #expect(tabs.remove(id: "1")?.name == "Swift")
        #expect(tabs.selectedID == "2")
        #expect(try tabs.append(ListTab(name: "Art")) == "3")
        #expect(tabs.ids == ["2", "3"])
    }

    @Test func aTabSwitchIsOneSelectAndEachTabKeepsItsStack() throws {
        var app = try Self.app("Swift", "News")
        try app.select(path: "lists/1/detail")
        let old = app
        try app.select(path: "lists/2")
        #expect(
            NavigationDiff.events(from: old, to: app).map(\.description) == [
                "select /lists 1 -> 2"
            ])
        #expect(app.visibleScreen.description == "/lists/2/timeline")
        #expect(
            HeadlessScreen(app).stack(of: .tab(StepPath(["lists", "1"]))) == [
                StepPath(["lists", "1", "detail"])
            ])
        try app.select(path: "lists/1")
        #expect(app.visibleScreen.description == "/lists/1/detail")
    }

    @Test func reorderingKeepsEveryTabsState() throws {
        var app = try Self.app("Swift", "News")
        try app.select(path: "lists/2/detail")
        let old = app
        try app.lists.value.reorder(["2", "1"])
        #expect(app.lists.value.elements.map(\.name) == ["News", "Swift"])
        #expect(NavigationDiff.events(from: old, to: app).map(\.description) == [])
        #expect(app.isSelected(path: "lists/2/detail"))
    }

    @Test func removingTheSelectedTabSelectsTheNext() throws {
        var app = try Self.app("Swift", "News", "Art")
        try app.select(path: "lists/2")
        let old = app
        app.lists.value[id: "2"] = nil
        #expect(app.lists.value.selectedID == "3")
        #expect(
            NavigationDiff.events(from: old, to: app).map(\.description) == [
                "select /lists 2 -> 3"
            ])
    }

    @Test func tabsCannotBeDeselected() throws {
        var app = try Self.app("Swift")
        #expect(throws: StepPathError.cannotDeselectTab(StepPath(["lists", "1"]))) {
            try app.deselect(path: "lists/1")
        }
    }

    @Test func tabsRoundTripWithTheirCounterAndSelection() throws {
        var app = try Self.app("Swift", "News")
        try app.select(path: "lists/2/detail")
        app.lists.value[id: "2"] = nil
        let data = try JSONEncoder().encode(app)
        var restored = try JSONDecoder().decode(ListsApp.self, from: data)
        #expect(restored == app)
        #expect(try restored.lists.value.append(ListTab()) == "3")
    }

    @Test func aSelectionNamingNoTabIsRefused() {
        let json = Data(
            #"{"selected":"lists","lists":{"tabs":[{"id":"1","value":{"selected":"timeline","name":"","timeline":0,"detail":0}}],"selected":"9"},"compose":0}"#
                .utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ListsApp.self, from: json) }
    }
}
