import StepTree
import Testing

/// The README's recipe block, in a namespace so that its types do not clash with the others.
enum ReadmeRecipe {
    enum Destination: StepDestination {  // the NavigationStack's path elements
        case status(id: String)  // plain data, or a StepsCollection with steps of its own
        case account(user: String)
        static let destinations: [StepDestinationCase<Self>] = [
            .init(Self.status, default: ""), .init(Self.account, default: ""),
        ]
    }
    enum Sheet: StepDestination {  // what the sheet over the app shows: .sheet(item:)'s item
        case compose(draft: String)
        case settings
        static let destinations: [StepDestinationCase<Self>] = [
            .init(Self.compose, default: ""), .init(Self.settings),
        ]
    }
    struct TabSteps: StepsCollection {  // a tab: its root, its stack, a sheet of its own
        enum Key: String, StepKey { case root, path, filters }
        var selected = StepSelection<Key>(.root)
        var root = Step()
        var path = Step(StepStack<Destination>())
        var filters = Step()
        static let steps = StepTable<Self>(
            .inline(.root, \.root), .stack(.path, \.path), .present(.filters, \.filters))
    }
    struct AppSteps: StepsCollection {  // the tabs, and one sheet over all of them
        enum Key: String, StepKey { case home, search, sheet }
        var selected = StepSelection<Key>(.home)
        var home = Step(TabSteps())
        var search = Step(TabSteps())
        var sheet = Step(StepModal<Sheet>())
        static let steps = StepTable<Self>(
            .tab(.home, \.home), .tab(.search, \.search), .present(.sheet, \.sheet))
    }
}

extension ReadmeRecipe {
    @Suite("README: the recipe")
    struct RecipeTests {
        @Test func tabsStacksAndSheets() throws {
            let navigator = Navigator(AppSteps())
            let post = Destination.status(id: "42")
            try navigator.push(post)  // "/home/path/1": the selected tab's stack, a minted id
            try navigator.push(post)  // "/home/path/2": the same post twice is two screens
            try navigator.select(path: "home/filters")  // the tab's own sheet, over its stack
            try navigator.present(Sheet.compose(draft: ""), at: "sheet")  // over every tab
            try navigator.present(Sheet.settings, at: "sheet")  // dismissed, then presented
            #expect(navigator.root.home.path.ids == ["1", "2"])
            #expect(navigator.root.visibleScreen == "/sheet/settings")
            #expect(
                navigator.root.presentedModals.map(\.description) == [
                    "/home/filters", "/sheet",
                ])
        }
    }
}
