import StepTree

// A client app's tabs, each a timeline and a stack of destinations (status and account
// screens), with a sheet of the same destinations over both; the tabs inside a stack.

/// A status screen: a destination with a sheet of its own.
package struct StatusScreen: StepsCollection {
    package enum Key: String, StepKey { case thread, reply }
    package var selected = StepSelection<Key>(.thread)
    package var id = 0
    package var thread = Step()
    package var reply = Step()
    package static let steps = StepTable<Self>(
        .inline(.thread, \.thread), .present(.reply, \.reply, style: .sheet))
    package init() {}
    package init(id: Int = 0) {
        self.id = id
    }
}

/// An account screen with a pushed detail.
package struct AccountScreen: StepsCollection {
    package enum Key: String, StepKey { case posts, followers }
    package var selected = StepSelection<Key>(.posts)
    package var name = ""
    package var posts = Step()
    package var followers = Step()
    package static let steps = StepTable<Self>(
        .inline(.posts, \.posts), .push(.followers, \.followers))
    package init() {}
    package init(name: String = "") {
        self.name = name
    }
}

/// What the client's stacks and its sheet show: status and account screens, an about
/// screen, a tag.
package enum Destination: StepDestination {
    case status(StatusScreen)
    case account(AccountScreen)
    case about
    case tag(String)

    package static let destinations: [StepDestinationCase<Self>] = [
        .init(Self.status), .init(Self.account), .init(Self.about), .init(Self.tag, default: ""),
    ]
}

/// A tab: a timeline, and a stack of destinations over it.
package struct HomeTab: StepsCollection {
    package enum Key: String, StepKey { case timeline, path }
    package var selected = StepSelection<Key>(.timeline)
    package var timeline = Step()
    package var path = Step(StepStack<Destination>())
    package static let steps = StepTable<Self>(
        .inline(.timeline, \.timeline), .stack(.path, \.path))
    package init() {}
}

/// The client: two tabs, and a sheet of the same destinations over both.
package struct ClientSteps: StepsCollection {
    package enum Key: String, StepKey { case home, search, sheet }
    package var selected = StepSelection<Key>(.home)
    package var home = Step(HomeTab())
    package var search = Step(HomeTab())
    /// The same destinations, as a sheet over both tabs.
    package var sheet = Step(StepModal<Destination>())
    package static let steps = StepTable<Self>(
        .tab(.home, \.home), .tab(.search, \.search), .present(.sheet, \.sheet))
    package init() {}
}

/// A screen whose second tab holds a stack of screens that have tabs of their own.
package struct TabsInAStack: StepsCollection {
    package enum Key: String, StepKey { case first, second, sheet }
    package var selected = StepSelection<Key>(.first)
    package var first = Step()
    package var second = Step(TabStackHolder())
    package var sheet = Step(ClientSteps())
    package static let steps = StepTable<Self>(
        .tab(.first, \.first), .tab(.second, \.second), .present(.sheet, \.sheet, style: .sheet))
    package init() {}
}

/// A stack of tabbed screens.
package struct TabStackHolder: StepsCollection {
    package enum Key: String, StepKey { case list, path }
    package var selected = StepSelection<Key>(.list)
    package var list = Step()
    package var path = Step(StepStack<ClientSteps>())
    package static let steps = StepTable<Self>(.inline(.list, \.list), .stack(.path, \.path))
    package init() {}
}

/// `ClientSteps` as a schema.
package enum ClientSchema {
    /// The schema twin of `ClientSteps`: two tabs, each a timeline and a
    /// stack of status, account and about destinations.
    package static let json = """
        {"initial": "home", "children": [
          {"key": "home", "kind": "tab", "initial": "timeline", "children": [
            {"key": "timeline"}, {"key": "path", "kind": "stack", "element": {"destinations": [
              {"key": "status", "initial": "thread", "children": [
                {"key": "thread"}, {"key": "reply", "kind": "present"}]},
              {"key": "account", "initial": "posts", "children": [
                {"key": "posts"}, {"key": "followers", "kind": "push"}]},
              {"key": "about"}, {"key": "tag"}]}}]},
          {"key": "search", "kind": "tab", "initial": "timeline", "children": [
            {"key": "timeline"}, {"key": "path", "kind": "stack", "element": {"destinations": [
              {"key": "status", "initial": "thread", "children": [
                {"key": "thread"}, {"key": "reply", "kind": "present"}]},
              {"key": "account", "initial": "posts", "children": [
                {"key": "posts"}, {"key": "followers", "kind": "push"}]},
              {"key": "about"}, {"key": "tag"}]}}]},
          {"key": "sheet", "kind": "present", "destinations": [
            {"key": "status", "initial": "thread", "children": [
              {"key": "thread"}, {"key": "reply", "kind": "present"}]},
            {"key": "account", "initial": "posts", "children": [
              {"key": "posts"}, {"key": "followers", "kind": "push"}]},
            {"key": "about"}, {"key": "tag"}]}]}
        """
}
