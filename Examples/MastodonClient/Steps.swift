// The navigation of a Mastodon client, written as the app's SwiftUI code would be: five tabs,
// each a `NavigationStack(path:)` over an enum of destinations, a sheet of its own per tab, one
// sheet over the whole app showing an enum of sheets, and a sign-in cover that no gesture can
// swipe away.
import StepTree

/// A post on some server, with a reply sheet of its own.
struct StatusScreen: StepsCollection {
    enum Key: String, StepKey { case thread, reply }
    var selected = StepSelection<Key>(.thread)
    var id = ""
    var server = ""
    var user = ""
    var thread = Step()
    var reply = Step()
    static let steps = StepTable<Self>(
        .inline(.thread, \.thread), .present(.reply, \.reply, style: .sheet))
}

/// A person's profile on any server.
struct AccountScreen: StepsCollection {
    typealias Key = NoStepKey
    var user = ""
    var server = ""
}

/// What a tab's stack can push: the app's `enum Destination`. A hashtag and a list are plain
/// data: their screens have no steps of their own, so they need no wrapper.
enum Destination: StepDestination {
    case status(StatusScreen)
    case account(AccountScreen)
    case hashtag(String)
    case list(String)

    static let destinations: [StepDestinationCase<Self>] = [
        .init(Self.status), .init(Self.account), .init(Self.hashtag, default: ""),
        .init(Self.list, default: ""),
    ]
}

/// What the sheet over the whole app shows, one at a time, as the app's
/// `.sheet(item: $presentedSheet)` does: the composer with its draft, a report of a post by its
/// id, the settings.
enum Sheet: StepDestination {
    case compose(draft: String)
    case report(statusID: String)
    case settings

    static let destinations: [StepDestinationCase<Self>] = [
        .init(Self.compose, default: ""), .init(Self.report, default: ""), .init(Self.settings),
    ]

    /// Whether a swipe may take the sheet away: not a composer holding text.
    var maySwipeAway: Bool {
        guard case .compose(let draft) = self else { return true }
        return draft.isEmpty
    }
}

/// One tab: its root screen, the stack of destinations pushed over it, and a sheet of its own.
struct TabSteps: StepsCollection {
    enum Key: String, StepKey { case root, path, filters }
    var selected = StepSelection<Key>(.root)
    var root = Step()
    var path = Step(StepStack<Destination>())
    var filters = Step()
    static let steps = StepTable<Self>(
        .inline(.root, \.root), .stack(.path, \.path), .present(.filters, \.filters))
}

/// The whole app: five tabs, one sheet over them and a sign-in cover over everything.
struct ClientSteps: StepsCollection {
    enum Key: String, StepKey {
        case timeline, notifications, explore, messages, profile, sheet, signIn
    }
    var selected = StepSelection<Key>(.timeline)
    var timeline = Step(TabSteps())
    var notifications = Step(TabSteps())
    var explore = Step(TabSteps())
    var messages = Step(TabSteps())
    var profile = Step(TabSteps())
    var sheet = Step(StepModal<Sheet>())
    var signIn = Step()
    static let steps = StepTable<Self>(
        .tab(.timeline, \.timeline), .tab(.notifications, \.notifications),
        .tab(.explore, \.explore), .tab(.messages, \.messages), .tab(.profile, \.profile),
        // The composer may be swiped away only while its draft is empty, as the app's own.
        .present(.sheet, \.sheet, userDismissible: { $0.destination.maySwipeAway }),
        .present(.signIn, \.signIn, style: .cover, userDismissible: false))
}
