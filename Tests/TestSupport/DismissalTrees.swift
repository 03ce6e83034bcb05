import StepTree

/// A draft: swiped away only while empty.
package struct ComposeScreen: StepValue {
    package var text = ""
    package init(text: String = "") {
        self.text = text
    }
}

/// A home screen with a compose sheet whose value decides whether a gesture may dismiss it.
package struct ComposeApp: StepsCollection {
    package enum Key: String, StepKey { case home, compose, login }
    package var selected = StepSelection<Key>(.home)
    package var home = Step()
    package var compose = Step(ComposeScreen())
    package var login = Step()
    package static let steps = StepTable<Self>(
        .inline(.home, \.home),
        .present(.compose, \.compose, userDismissible: { $0.text.isEmpty }),
        .present(.login, \.login, style: .cover, userDismissible: false))
    package init() {}
}

/// A detail screen whose sheet no gesture may dismiss.
package struct DetailSteps: StepsCollection {
    package enum Key: String, StepKey { case body, record }
    package var selected = StepSelection<Key>(.body)
    package var body = Step()
    package var record = Step()
    package static let steps = StepTable<Self>(
        .inline(.body, \.body), .present(.record, \.record, userDismissible: false))
    package init() {}
}

/// A tab whose pushed detail holds a sheet no gesture may dismiss (``DetailSteps``).
package struct GuardedTab: StepsCollection {
    package enum Key: String, StepKey { case root, detail }
    package var selected = StepSelection<Key>(.root)
    package var root = Step()
    package var detail = Step(DetailSteps())
    package static let steps = StepTable<Self>(.inline(.root, \.root), .push(.detail, \.detail))
    package init() {}
}

/// Two tabs, the first of which may hold that sheet.
package struct GuardedTabs: StepsCollection {
    package enum Key: String, StepKey { case home, other }
    package var selected = StepSelection<Key>(.home)
    package var home = Step(GuardedTab())
    package var other = Step()
    package static let steps = StepTable<Self>(.tab(.home, \.home), .tab(.other, \.other))
    package init() {}
}

extension GuardedTabs {
    /// A navigator on the first tab's detail, with the sheet no gesture may dismiss up.
    package static func underTheSheet() throws -> Navigator<GuardedTabs> {
        let navigator = Navigator(GuardedTabs())
        try navigator.select(path: "home/detail/record")
        return navigator
    }
}
