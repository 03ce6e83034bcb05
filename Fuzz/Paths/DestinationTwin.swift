// A tree with stacks of destinations, hand-written and as a schema, that the path fuzzer drives
// beside the example app: element paths `home/path/<id>`, destinations `home/path/<id>/status`
// and what lies inside them.
import Foundation
import StepTree

struct StatusScreen: StepsCollection {
    enum Key: String, StepKey { case thread, reply }
    var selected = StepSelection<Key>(.thread)
    var thread = Step()
    var reply = Step()
    static let steps = StepTable<Self>(
        .inline(.thread, \.thread), .present(.reply, \.reply, userDismissible: false))
}

struct AccountScreen: StepsCollection {
    enum Key: String, StepKey { case posts, followers }
    var selected = StepSelection<Key>(.posts)
    var posts = Step()
    var followers = Step()
    static let steps = StepTable<Self>(.inline(.posts, \.posts), .push(.followers, \.followers))
}

enum Destination: StepDestination {
    case status(StatusScreen)
    case account(AccountScreen)
    case about

    static let destinations: [StepDestinationCase<Self>] = [
        .init(Self.status), .init(Self.account), .init(Self.about),
    ]
}

struct HomeTab: StepsCollection {
    enum Key: String, StepKey { case timeline, path }
    var selected = StepSelection<Key>(.timeline)
    var timeline = Step()
    var path = Step(StepStack<Destination>())
    static let steps = StepTable<Self>(.inline(.timeline, \.timeline), .stack(.path, \.path))
}

struct ClientSteps: StepsCollection {
    enum Key: String, StepKey { case home, search }
    var selected = StepSelection<Key>(.home)
    var home = Step(HomeTab())
    var search = Step(HomeTab())
    static let steps = StepTable<Self>(.tab(.home, \.home), .tab(.search, \.search))
}

enum DestinationTwin {
    static let tab = #"""
        {"key": "%@", "kind": "tab", "initial": "timeline", "children": [
          {"key": "timeline"}, {"key": "path", "kind": "stack", "element": {"destinations": [
            {"key": "status", "initial": "thread", "children": [
              {"key": "thread"}, {"key": "reply", "kind": "present", "userDismissible": false}]},
            {"key": "account", "initial": "posts", "children": [
              {"key": "posts"}, {"key": "followers", "kind": "push"}]},
            {"key": "about"}]}}]}
        """#

    /// The schema of ``ClientSteps``.
    static let schema: StepSchema = {
        let tabs = ["home", "search"].map { tab.replacingOccurrences(of: "%@", with: $0) }
        let json = #"{"initial": "home", "children": ["# + tabs.joined(separator: ", ") + "]}"
        do {
            return try StepSchema(json: Data(json.utf8))
        } catch {
            fatalError("the destination schema does not load: \(error)")
        }
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.userInfo[.stepSchema] = schema
        return decoder
    }()

    /// Path words of this tree, for the fuzzer's dictionary.
    static let tokens = [
        "home/path", "search/path", "status", "account", "about", "thread", "reply", "posts",
        "followers", "timeline", "1", "2",
    ]
}
