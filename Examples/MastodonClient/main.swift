// A Mastodon client's navigation, run as a script: links from several servers and the app's own
// scheme, taps, a tab re-tap, a screen that closes itself and a cover no gesture removes. Each
// change prints its events and the screens that left the window (innermost first) and joined
// it, as a global observer sees them.
import Foundation
import StepTree

/// Prints each change: its cause, events, and the screens that left and joined the window.
struct ChangeLog: StepsObserver {
    func didChange(_ change: NavigationChange<any StepNode>) {
        print("  [\(change.cause)] " + change.events.map(\.description).joined(separator: ", "))
        if !change.disappeared.isEmpty {
            print("  left:   " + change.disappeared.map(\.description).joined(separator: ", "))
        }
        if !change.appeared.isEmpty {
            print("  joined: " + change.appeared.map(describe).joined(separator: ", "))
        }
    }

    /// A frame, and what a pushed destination shows.
    func describe(_ frame: ScreenFrame) -> String {
        switch frame.value(as: Destination.self) {
        case .status(let status)?:
            "\(frame) (status \(status.id)\(status.user.isEmpty ? "" : " by @" + status.user) "
                + "on \(status.server.or("my.server")))"
        case .account(let account)?:
            "\(frame) (@\(account.user) on \(account.server.or("my.server")))"
        case .hashtag(let tag)?: "\(frame) (#\(tag))"
        case .list(let name)?: "\(frame) (list \(name))"
        case nil: "\(frame)"
        }
    }
}

extension String {
    /// The text, or `fallback` when it is empty.
    func or(_ fallback: String) -> String { isEmpty ? fallback : self }
}
StepsObservation.observer = ChangeLog()

let navigator = Navigator(ClientSteps())
let links = ClientLinks()

/// Runs one step of the story and prints what the user now sees.
func step(_ title: String, _ change: () throws -> Void) {
    print("\n\(title)")
    do {
        try change()
    } catch {
        print("  refused: \(error) (nothing changed)")
    }
    print("  screen: \(navigator.root.visibleScreen)")
}

step("Launch: sign-in is required, a cover over the tab bar") {
    try navigator.present(path: "signIn")
}
step("The user tries to swipe the cover down") {
    try navigator.userDidRemove(path: "signIn")
}
step("Signed in") {
    try navigator.close(path: "signIn")
}
step("Tap a post in the timeline, then the same post quoted in a reply: two screens") {
    let post = Destination.status(StatusScreen(id: "1098765", user: "ann"))
    try navigator.push(post)
    try navigator.push(post)
}
step("A link to a post on another server: in the selected tab, on top of its stack") {
    try links.open("https://hachyderm.io/@alice/109999", in: navigator)
}
step("Explore: its filters sheet, then a hashtag link lands under the sheet, which stays") {
    try navigator.select(path: "explore/filters")
    try links.open("https://mastodon.social/tags/swift", in: navigator)
}
step("An account on the user's own server, and the app's own scheme") {
    try navigator.close(path: "explore/filters")
    try links.open("https://my.server/@bob", in: navigator)
    try links.open("myapp://status/123", in: navigator)
}
// The status screen keeps its own frame, as a SwiftUI view gets it from the path binding.
let status = navigator.frames(in: "explore").last
step("The status presents its reply sheet; then the status closes itself, sheet and all") {
    try navigator.select(path: "explore/path/3/status/reply")
    if let status { navigator.close(status) }
}
step("Closing it again does nothing and tells no one") {
    if let status { print("  closed: \(navigator.close(status))") }
}
step("Re-tap the explore tab: its stack pops to the root") {
    try navigator.userDidSelectTab(path: "explore")
}
step("Back to the timeline, and compose a post in the sheet over the whole app") {
    try navigator.userDidSelectTab(path: "timeline")
    try navigator.present(Sheet.compose(draft: "Hello, fediverse"), at: "sheet")
}
step("A swipe cannot take away a composer that holds text") {
    try navigator.userDidRemove(path: "sheet")
}
step("Report a post instead: the sheet shows another item, so it is dismissed and presented") {
    try navigator.present(Sheet.report(statusID: "1098765"), at: "sheet")
}
step("The report is sent and the sheet closes itself") {
    if let sheet = navigator.modal(at: .root) { navigator.close(sheet.frame) }
}
step("A list pushed onto the profile tab's stack: the push selects the tab on the way") {
    try navigator.push(Destination.list("Swift folks"), onto: "profile/path")
}
step("A link nobody routes is a typed error") {
    try links.open("https://mastodon.social/about/more", in: navigator)
}
