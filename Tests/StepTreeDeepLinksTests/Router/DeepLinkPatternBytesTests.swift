import Foundation
import Testing

@testable import ExampleSteps
@testable import StepTree
@testable import StepTreeDeepLinks

/// Patterns are read as bytes, as paths are: found by fuzz-urls, where `<a>/` + U+035E was read
/// as one segment, because a combining mark after `/` makes one character with it.
@Suite("Deep-link patterns read as bytes")
struct DeepLinkPatternBytesTests {
    static func url(_ text: String) throws -> URL { try #require(URL(string: text)) }

    @Test func aCombiningMarkAfterASlashStillSeparates() throws {
        var router = DeepLinkRouter<AppSteps>()
        try router.register("<a>/\u{35E}x") { _, _ in }
        #expect(router.match(try Self.url("myapp://ax")) == nil)
        #expect(router.match(try Self.url("myapp://a%CD%9Ex")) == nil)
        let two = try #require(router.match(Self.url("myapp://a/%CD%9Ex")))
        #expect(two.pattern == "<a>/\u{35E}x")
        #expect(two.values == ["a": "a"])
    }

    @Test func aCombiningMarkAfterAColonStillSeparatesTheType() throws {
        var router = DeepLinkRouter<AppSteps>()
        try router.register("p/<int:\u{301}n>") { _, _ in }
        #expect(router.match(try Self.url("myapp://p/x")) == nil)
        #expect(router.match(try Self.url("myapp://p/5"))?.values == ["\u{301}n": "5"])
    }

    @Test(arguments: [
        // `<` + a combining mark still opens a placeholder, which must then close.
        ("a/<\u{301}b", DeepLinkError.Reason.malformedPlaceholder("<\u{301}b")),
        ("a/b\u{08}c", .invalidLiteral("b\u{08}c")),
    ])
    func badPatterns(pattern: String, reason: DeepLinkError.Reason) {
        var router = DeepLinkRouter<AppSteps>()
        #expect(throws: DeepLinkError(pattern: pattern, reason: reason)) {
            try router.register(pattern) { _, _ in }
        }
    }

    /// A pattern's host is checked as written, before it is lowered: the Kelvin sign (U+212A)
    /// lowers to `k`, but is no host name.
    @Test func aHostIsCheckedBeforeItIsLowered() throws {
        var router = DeepLinkRouter<AppSteps>(origins: [.universalLink(host: "*")])
        let pattern = "https://\u{212A}.example.com/x"
        #expect(
            throws: DeepLinkError(
                pattern: pattern,
                reason: .malformedOrigin(
                    "https://\u{212A}.example.com/"))
        ) {
            try router.register(pattern) { _, _ in }
        }
        try router.register("https://*.EXAMPLE.com/x") { _, _ in }
        #expect(
            router.match(try Self.url("https://k.example.com/x"))?.pattern
                == "https://*.EXAMPLE.com/x")
    }

    /// Found by fuzz-urls: `7` + U+035E is one character, and no integer.
    @Test func aDigitWithACombiningMarkIsNoInteger() throws {
        var router = DeepLinkRouter<AppSteps>()
        try router.register("item/<int:n>") { _, _ in }
        #expect(router.match(try Self.url("myapp://item/7%CD%9E")) == nil)
        #expect(router.match(try Self.url("myapp://item/-%CD%9E7")) == nil)
        #expect(try #require(router.match(Self.url("myapp://item/-07"))).int("n") == -7)
    }

    /// A rest captures the link's segments, also one that starts with a combining mark (which,
    /// read as characters, makes one with the `/` before it).
    @Test func aRestSplitsBeforeACombiningMark() throws {
        var router = DeepLinkRouter<AppSteps>()
        try router.register("tree/<rest:r>") { _, _ in }
        let match = try #require(router.match(Self.url("myapp://tree/a/%CD%9Eb/c")))
        #expect(match.rest("r") == ["a", "\u{35E}b", "c"])
        #expect(match.values == ["r": "a/\u{35E}b/c"])
    }

    @Test func literalsCompareByScalarsNotByCanonicalEquivalence() throws {
        var router = DeepLinkRouter<AppSteps>()
        try router.register("caf\u{E9}") { _, _ in }
        #expect(router.match(try Self.url("myapp://caf%C3%A9"))?.pattern == "caf\u{E9}")
        #expect(router.match(try Self.url("myapp://cafe%CC%81")) == nil)
    }

    /// A placeholder's literal prefix is compared by bytes too: the segment must start with
    /// exactly its bytes, and a combining mark after `<` does not hide the placeholder.
    @Test func prefixesCompareByBytes() throws {
        var router = DeepLinkRouter<AppSteps>()
        try router.register("caf\u{E9}<rest>") { _, _ in }
        #expect(router.match(try Self.url("myapp://caf%C3%A9s"))?.values == ["rest": "s"])
        #expect(router.match(try Self.url("myapp://cafe%CC%81s")) == nil)
        #expect(router.match(try Self.url("myapp://caf%C3%A9")) == nil)  // the rest is empty
        #expect(throws: DeepLinkError(pattern: "@<\u{301}x", reason: .invalidLiteral("@<\u{301}x")))
        {
            try router.register("@<\u{301}x") { _, _ in }
        }
    }
}
