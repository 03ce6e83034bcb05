import ExampleSteps
import Foundation
import StepTree
import Testing

@Suite("Deep-link URLs")
struct DeepLinkURLTests {
    @Test(arguments: [
        ("myapp://profile/detail/dark", ["profile", "detail", "dark"]),
        ("myapp://profile/", ["profile"]),
        ("myapp:///profile/friends/ann%20lee?fresh=1#top", ["profile", "friends", "ann lee"]),
        ("https://example.com/profile", ["example.com", "profile"]),
        // A host with an IDNA label (`xn--`) is read as written, not dropped.
        ("myapp://xn--caf-dma/menu", ["xn--caf-dma", "menu"]),
        (
            "myapp://x.b.xn--axOle-j4g.com/profile/%40ann",
            ["x.b.xn--axOle-j4g.com", "profile", "@ann"]
        ),
    ])
    func readsSegments(url: String, segments: [String]) throws {
        let url = try #require(URL(string: url))
        #expect(try StepPath(url: url) == StepPath(segments))
    }

    @Test(arguments: [
        ("myapp://", StepPathError.emptyPath),
        ("myapp://profile//dark", StepPathError.emptySegment(index: 1)),
        // One trailing `/` is allowed, not two: a trailing `//` holds an empty segment.
        ("myapp://profile//", StepPathError.emptySegment(index: 1)),
        ("myapp://profile/friends//", StepPathError.emptySegment(index: 2)),
        ("myapp:////", StepPathError.emptySegment(index: 0)),
        ("myapp://profile/a%2Fb", StepPathError.invalidURL("myapp://profile/a%2Fb")),
    ])
    func rejectsMalformedLinks(url: String, error: StepPathError) throws {
        let url = try #require(URL(string: url))
        #expect(throws: error) { try StepPath(url: url) }
    }

    @Test(arguments: [
        ["profile", "friends", "ann lee", "détail?", "50%"],
        ["a@b", "c"], ["a:b", "c"], ["[x]", "#y", "?z", "a=b&c"],
        ["x.b.xn--axOle-j4g.com", "profile", "@ann"],
    ])
    func roundTripsThroughAURL(segments: [String]) throws {
        let path = StepPath(segments)
        let url = try #require(path.url(scheme: "myapp"))
        #expect(try StepPath(url: url) == path)
        #expect(StepPath.root.url(scheme: "myapp") == nil)
    }

    @Test func selectsAndFailsAtomically() throws {
        var steps = AppSteps()
        try steps.select(path: StepPath(url: #require(URL(string: "myapp://profile/detail/dark"))))
        #expect(steps.profile.detail.selected == StepSelection(.dark))
        let before = steps
        #expect(throws: StepPathError.unknownStep("zz", in: StepPath(["profile"]))) {
            try steps.select(path: StepPath(url: #require(URL(string: "myapp://profile/zz"))))
        }
        #expect(steps == before)
    }

    @Test func navigatorSelectsAURLInOneTransaction() throws {
        let navigator = Navigator(AppSteps())
        let events = try navigator.transaction {
            try $0.select(path: StepPath(url: #require(URL(string: "myapp://explore"))))
        }
        #expect(events.map(\.description) == ["select / home -> explore"])
        let login = try navigator.transaction {
            try $0.select(path: StepPath(url: #require(URL(string: "myapp://login/signUp"))))
        }
        #expect(login.map(\.description) == ["present /login cover"])
        #expect(navigator.root.selected == StepSelection(.explore, modal: .login))
    }
}
