import ExampleSteps
import Foundation
import StepTree
import StepTreeDeepLinks
import TestSupport
import Testing

/// Links from outside the app are untrusted: each refusal is a typed error naming what and
/// where, and the state, the events and the observers see nothing.
@Suite("Deep links: hostile input")
struct DeepLinkHostileInputTests {
    struct Hostile: Sendable, CustomTestStringConvertible {
        let link: String
        let reason: DeepLinkError.Reason
        init(_ link: String, _ reason: DeepLinkError.Reason) {
            self.link = link
            self.reason = reason
        }
        var testDescription: String { "\(link.prefix(48)) → \(reason)" }
    }

    static let search = "search?q=<query>&page=<int:page>"
    static let big = "99999999999999999999"

    static let inputs: [Hostile] = [
        // The link as a whole.
        Hostile("", .malformedURL),
        Hostile("myapp://" + String(repeating: "a", count: 5000), .tooLong(bytes: 5008)),
        Hostile(
            "myapp://" + Array(repeating: "a", count: 33).joined(separator: "/"),
            .tooManySegments(33)),
        Hostile(
            "myapp://search?" + (0..<33).map { "i\($0)=1" }.joined(separator: "&"),
            .tooManyQueryItems(33)),
        // Origins.
        Hostile("ftp://friend/7", .unknownScheme("ftp")),
        Hostile("javascript:alert(1)", .unknownScheme("javascript")),
        Hostile("http://app.example.com/friend/7", .unknownScheme("http")),
        Hostile("https://evil.example.com/friend/7", .unknownHost("evil.example.com")),
        Hostile(
            "https://app.example.com.evil.com/friend/7", .unknownHost("app.example.com.evil.com")),
        Hostile("https://app.example.com@evil.com/friend/7", .unknownHost("evil.com")),
        Hostile("https://user@app.example.com/friend/7", .unexpectedAuthority),
        Hostile("https://app.example.com:8443/friend/7", .unexpectedAuthority),
        Hostile("myapp://user:secret@friend/7", .unexpectedAuthority),
        // Segments.
        Hostile("myapp://", .emptyPath),
        Hostile("myapp:///", .emptyPath),
        Hostile("https://app.example.com/", .emptyPath),
        Hostile("myapp://friend//7", .emptySegment(index: 1)),
        Hostile("myapp://friend/7//", .emptySegment(index: 2)),
        Hostile("myapp:///friend//", .emptySegment(index: 1)),
        Hostile("myapp://friend/../login", .dotSegment(index: 1)),
        Hostile("myapp://friend/.", .dotSegment(index: 1)),
        Hostile("myapp://friend/%2E%2E", .dotSegment(index: 1)),
        Hostile("https://app.example.com/../friend", .dotSegment(index: 0)),
        Hostile("myapp://friend/a%2Fb", .encodedSlash(index: 1)),
        Hostile("myapp://friend/a%2fb", .encodedSlash(index: 1)),
        Hostile("myapp://friend/%FF", .invalidPercentEncoding(index: 1)),
        Hostile("myapp://friend/%C3", .invalidPercentEncoding(index: 1)),
        Hostile("myapp://friend/%C0%AF", .invalidPercentEncoding(index: 1)),
        Hostile("myapp://friend/%ED%A0%80", .invalidPercentEncoding(index: 1)),
        Hostile("myapp://friend/%00", .controlCharacter(index: 1)),
        Hostile("myapp://friend/a%0Ab", .controlCharacter(index: 1)),
        Hostile("myapp://friend/%7F", .controlCharacter(index: 1)),
        Hostile(
            "myapp://friend/" + String(repeating: "a", count: 1025),
            .segmentTooLong(index: 1, length: 1025)),
        // Query items.
        Hostile("myapp://search?q=a&q=b&page=1", .repeatedQueryItem("q")),
        Hostile("myapp://search?=x&page=1", .invalidQueryItem("=x")),
        Hostile("myapp://search?q=%FF&page=1", .invalidQueryItem("q=%FF")),
        Hostile("myapp://search?q=a%00&page=1", .invalidQueryItem("q=a%00")),
        Hostile("myapp://search?q=a&&page=1", .invalidQueryItem("")),
        Hostile("myapp://search?page=1", .missingQueryItem("q", pattern: search)),
        Hostile("myapp://search?q=a&page=x", .invalidQueryValue("page", pattern: search)),
        Hostile("myapp://search?q=a&page=\(big)", .numberOutOfRange(big, placeholder: "page")),
        // Captures and matching.
        Hostile("myapp://friend/\(big)", .numberOutOfRange(big, placeholder: "number")),
        Hostile("myapp://friend/-\(big)", .numberOutOfRange("-" + big, placeholder: "number")),
        Hostile("myapp://friend/ann/nope", .unknownSegment("nope", index: 2)),
        Hostile("myapp://product/12/x", .unknownSegment("x", index: 2)),
        Hostile("myapp://follower", .incomplete),
        Hostile(
            "myapp://profile/nope",
            .invalidTarget(.unknownStep("nope", in: StepPath(["profile"])))),
        Hostile(
            "myapp://profile/friends/zed",
            .invalidTarget(.unknownElement("zed", in: StepPath(["profile", "friends"])))),
        Hostile("myapp://friend/a%09b", .controlCharacter(index: 1)),
    ]

    @Test func theTableIsLargeEnough() {
        #expect(Self.inputs.count >= 40)
    }

    @Test(arguments: inputs)
    func isRefusedWithItsErrorAndChangesNothing(_ input: Hostile) throws {
        var start = AppSteps()
        try start.select(path: "profile/detail/dark")
        try start.select(path: "login")
        let observer = RecordingObserver()
        let navigator = Navigator(start)
        try StepsObservation.withObserver(observer) {
            let router = try DeepLinkRouterTests.router()
            #expect(throws: DeepLinkError(link: input.link, reason: input.reason)) {
                try navigator.transaction { root in try router.route(input.link, in: &root) }
            }
            if let url = URL(string: input.link) {
                #expect(throws: DeepLinkError.self) { try navigator.open(url, with: router) }
                #expect(router.match(url) == nil)
            }
            #expect(navigator.root == start)
            #expect(observer.lines == [])
        }
    }

    @Test func aTargetBeyondTheDepthLimitIsRefused() throws {
        var router = DeepLinkRouter<AppSteps>(
            limits: DeepLinkLimits(
                maximumLength: 4096, maximumSegments: 32, maximumQueryItems: 32, maximumDepth: 4))
        try router.register("chain/<rest:ids>", showing: "profile/friends/<ids>")
        var steps = AppSteps()
        #expect(
            throws: DeepLinkError(
                link: "x://chain/a/friends/b", pattern: "chain/<rest:ids>", reason: .tooDeep(5))
        ) {
            try router.route("x://chain/a/friends/b", in: &steps)
        }
        #expect(steps == AppSteps())
    }

    @Test func everyReasonHasItsSentence() {
        let error = DeepLinkError(
            link: "myapp://friend/ann/nope", reason: .unknownSegment("nope", index: 2))
        #expect(
            error.description
                == "link 'myapp://friend/ann/nope' no route or step at segment 3, 'nope'")
        let long = DeepLinkError(link: String(repeating: "a", count: 100), reason: .malformedURL)
        #expect(long.link == String(repeating: "a", count: 64) + "… (100 bytes)")
    }
}
