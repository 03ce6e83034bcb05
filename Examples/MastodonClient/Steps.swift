// The navigation of a Mastodon client, written as the app's SwiftUI code would be: five tabs,
// each a `NavigationStack(path:)` over an enum of destinations, a sheet of its own per tab, a
// compose sheet over the whole app and a sign-in cover that no gesture can swipe away.
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

/// The posts under a hashtag.
struct HashtagScreen: StepsCollection {
    typealias Key = NoStepKey
    var tag = ""
}

/// One of the user's lists.
struct ListScreen: StepsCollection {
    typealias Key = NoStepKey
    var name = ""
}

/// What a tab's stack can push: the app's `enum Destination`.
enum Destination: StepDestination {
    case status(StatusScreen)
    case account(AccountScreen)
    case hashtag(HashtagScreen)
    case list(ListScreen)

    static let destinations: [StepDestinationCase<Self>] = [
        .init(Self.status), .init(Self.account), .init(Self.hashtag), .init(Self.list),
    ]
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

/// The compose sheet, which closes itself when the post is sent.
struct ComposeScreen: StepsCollection {
    typealias Key = NoStepKey
    var text = ""
}

/// The whole app: five tabs, a compose sheet over them and a sign-in cover over everything.
struct ClientSteps: StepsCollection {
    enum Key: String, StepKey {
        case timeline, notifications, explore, messages, profile, compose, signIn
    }
    var selected = StepSelection<Key>(.timeline)
    var timeline = Step(TabSteps())
    var notifications = Step(TabSteps())
    var explore = Step(TabSteps())
    var messages = Step(TabSteps())
    var profile = Step(TabSteps())
    var compose = Step(ComposeScreen())
    var signIn = Step()
    static let steps = StepTable<Self>(
        .tab(.timeline, \.timeline), .tab(.notifications, \.notifications),
        .tab(.explore, \.explore), .tab(.messages, \.messages), .tab(.profile, \.profile),
        .present(.compose, \.compose, style: .sheet),
        .present(.signIn, \.signIn, style: .cover, userDismissible: false))
}
