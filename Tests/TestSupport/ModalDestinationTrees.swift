import StepTree

/// The compose sheet: a node destination with a screen pushed inside it.
package struct ModalComposeScreen: StepsCollection {
    package enum Key: String, StepKey { case editor, drafts }
    package var selected = StepSelection<Key>(.editor)
    package var text = ""
    package var editor = Step()
    package var drafts = Step()
    package static let steps = StepTable<Self>(.inline(.editor, \.editor), .push(.drafts, \.drafts))
    package init() {}
    package init(selected: StepSelection<Key> = StepSelection(.editor), text: String = "") {
        self.selected = selected
        self.text = text
    }
}

/// What the app's sheet shows: a node, plain data, a case with no payload.
package enum AppSheet: StepDestination {
    case compose(ModalComposeScreen)
    case report(String)
    case settings

    package static let destinations: [StepDestinationCase<Self>] = [
        .init(Self.compose), .init(Self.report, default: ""), .init(Self.settings),
    ]
}

/// What a stack pushes: plain data only, no wrapper structs.
package enum PlainDestination: StepDestination {
    case hashtag(String)
    case account(user: String)
    case count(Int)

    package static let destinations: [StepDestinationCase<Self>] = [
        .init(Self.hashtag, default: ""), .init(Self.account, default: ""),
        .init(Self.count, default: 0),
    ]
}

/// An app with a stack of plain data, a sheet and a cover no gesture may dismiss, both
/// showing `AppSheet`.
package struct ModalAppSteps: StepsCollection {
    package enum Key: String, StepKey { case home, path, sheet, gate }
    package var selected = StepSelection<Key>(.home)
    package var home = Step()
    package var path = Step(StepStack<PlainDestination>())
    package var sheet = Step(StepModal<AppSheet>())
    package var gate = Step(StepModal<AppSheet>())
    package static let steps = StepTable<Self>(
        .inline(.home, \.home), .stack(.path, \.path), .present(.sheet, \.sheet),
        .present(.gate, \.gate, style: .cover, userDismissible: false))
    package init() {}
}

/// The schema twin of `ModalAppSteps`' sheet: a modal destination with a node, plain data and
/// an empty case.
package enum ModalDestinationSchema {
    package static let json = """
        {"initial": "home", "children": [
          {"key": "home"},
          {"key": "sheet", "kind": "present", "destinations": [
            {"key": "compose", "initial": "editor", "children": [
              {"key": "editor"}, {"key": "drafts", "kind": "push"}]},
            {"key": "report"}, {"key": "settings"}]}]}
        """
}
