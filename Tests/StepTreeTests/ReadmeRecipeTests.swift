import StepTree
import Testing

/// The README's recipe block, in a namespace so that its types do not clash with the others.
enum ReadmeRecipe {
    enum Destination: StepDestination {  // the NavigationStack's path elements
        case status(StatusScreen)
        case account(AccountScreen)
        static let destinations: [StepDestinationCase<Self>] = [
            .init(Self.status), .init(Self.account),
        ]
    }
    struct StatusScreen: StepsCollection {  // a leaf screen; it may have steps of its own
        typealias Key = NoStepKey
        var id = ""
    }
    struct AccountScreen: StepsCollection {
        typealias Key = NoStepKey
        var user = ""
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
    struct AppSteps: StepsCollection {  // the tabs, and a sheet over all of them
        enum Key: String, StepKey { case home, search, compose }
        var selected = StepSelection<Key>(.home)
        var home = Step(TabSteps())
        var search = Step(TabSteps())
        var compose = Step()
        static let steps = StepTable<Self>(
            .tab(.home, \.home), .tab(.search, \.search), .present(.compose, \.compose))
    }
}

extension ReadmeRecipe {
    @Suite("README: the recipe")
    struct RecipeTests {
        @Test func tabsStacksAndSheets() throws {
            let navigator = Navigator(AppSteps())
            let post = Destination.status(StatusScreen(id: "42"))
            try navigator.push(post)  // "/home/path/1": the selected tab's stack, a minted id
            try navigator.push(post)  // "/home/path/2": the same post twice is two screens
            try navigator.select(path: "home/filters")  // the tab's own sheet, over its stack
            try navigator.select(path: "compose")  // the sheet over every tab
            #expect(navigator.root.home.path.ids == ["1", "2"])
            #expect(navigator.root.visibleScreen == "/compose")
            #expect(
                navigator.root.presentedModals.map(\.description) == [
                    "/home/filters", "/compose",
                ])
        }
    }
}
