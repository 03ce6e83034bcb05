import Foundation
import StepTree
import Testing

@Suite struct StepPathTests {
    @Test(arguments: [
        ("a", ["a"]),
        ("profile/detail/dark", ["profile", "detail", "dark"]),
        ("profile/friends/u 2", ["profile", "friends", "u 2"]),
        (" ", [" "]),
        ("é/日本", ["é", "日本"]),
    ])
    func parsesSegments(_ text: String, segments: [String]) throws {
        let path = try StepPath(parsing: text)
        #expect(path.segments == segments)
        #expect(path.description == "/" + text)
        #expect(try StepPath(parsing: Substring(text)) == path)
    }

    /// One leading `/` is removed before the path is split (SPEC §4).
    @Test(arguments: [
        ("/a", ["a"]),
        ("/profile/detail/dark", ["profile", "detail", "dark"]),
        ("/ ", [" "]),
    ])
    func oneLeadingSlashIsAllowed(_ text: String, segments: [String]) throws {
        let path = try StepPath(parsing: text)
        #expect(path.segments == segments)
        #expect(path.description == text)
        #expect(try StepPath(parsing: text.dropFirst()) == path)
    }

    @Test(arguments: [
        ("", StepPathError.emptyPath),
        ("/", .emptyPath),
        ("//", .emptySegment(index: 0)),
        ("//a", .emptySegment(index: 0)),
        ("/a/", .emptySegment(index: 1)),
        ("/a//b", .emptySegment(index: 1)),
        ("a/", .emptySegment(index: 1)),
        ("a//x", .emptySegment(index: 1)),
        ("a/b//", .emptySegment(index: 2)),
        ("a/b/c/", .emptySegment(index: 3)),
    ])
    func refusesEmptySegments(_ text: String, error: StepPathError) {
        #expect(throws: error) { try StepPath(parsing: text) }
    }

    @Test func rootAndNavigation() {
        #expect(StepPath.root.isRoot)
        #expect(StepPath.root.description == "/")
        #expect(StepPath.root.last == nil)
        #expect(StepPath.root.parent == nil)
        let path = StepPath(["profile", "friends", "u2"])
        #expect(!path.isRoot)
        #expect(path.last == "u2")
        #expect(path.parent == StepPath(["profile", "friends"]))
        #expect(path.parent?.parent?.parent == .root)
        #expect(path.appending("detail").description == "/profile/friends/u2/detail")
        #expect(StepPath.root.appending("home") == StepPath(["home"]))
    }

    /// `/` is the separator, in every script: a `/` followed by a combining mark is still a
    /// separator in the text form, so it must not hide inside a key or an element id.
    @Test func slashWithACombiningMarkIsStillASeparator() throws {
        #expect(throws: StepPathError.emptySegment(index: 0)) {
            try StepPath(parsing: "//\u{301}a")
        }
        #expect(throws: StepPathError.emptySegment(index: 1)) {
            try StepPath(parsing: "a//\u{301}")
        }
        // The leading `/` is removed even when a combining mark follows it.
        #expect((try? StepPath(parsing: "/\u{301}a"))?.segments == ["\u{301}a"])
        #expect((try? StepPath(parsing: "a/\u{301}b"))?.segments == ["a", "\u{301}b"])
    }

    /// A literal is read as ``StepPath/init(parsing:)`` reads the same text: the same segments,
    /// stored strings longer than a small string included, or the same problem.
    @Test(arguments: [
        "a", "/a", "profile/detail/dark", "/é/日本/\u{301}b", "a/\u{301}",
        "settings-notifications-advanced/" + String(repeating: "x", count: 1024),
        "", "/", "//", "a//b", "a/b/", "/a/" + String(repeating: "x", count: 1025),
        Array(repeating: "s", count: 129).joined(separator: "/"),
    ])
    func aLiteralParsesAsTextFromOutsideDoes(_ text: String) {
        let literal = StepPath(stringLiteral: text)
        do {
            let parsed = try StepPath(parsing: text)
            #expect(literal.problem == nil)
            #expect(literal.segments == parsed.segments)
            #expect(literal == parsed)
            #expect(literal.description == (text.hasPrefix("/") ? text : "/" + text))
        } catch {
            #expect(literal.problem == error)
            #expect(literal.segments == [])
        }
    }

    /// The depth is checked before the segments, and the first bad segment is the one named,
    /// for a literal as for text from outside.
    @Test(arguments: [
        (
            Array(repeating: "s", count: 3).joined(separator: "/") + "//"
                + Array(repeating: "s", count: 125).joined(separator: "/"),
            StepPathError.tooDeep(129)
        ),
        ("a/" + String(repeating: "x", count: 1025) + "/", .segmentTooLong(index: 1, length: 1025)),
        ("/a//" + String(repeating: "x", count: 1025), .emptySegment(index: 1)),
        (String(repeating: "x", count: 1025) + "//", .segmentTooLong(index: 0, length: 1025)),
    ])
    func theFirstProblemIsTheOneKept(_ text: String, error: StepPathError) {
        #expect(StepPath(stringLiteral: text).problem == error)
        #expect(throws: error) { try StepPath(parsing: text) }
    }

    /// The segments of a parsed path are whole strings of their own, not views into the text.
    @Test func parsedSegmentsAreStringsOfTheirOwn() throws {
        var text = "profile/friends-of-friends-list/u2"
        let path = try StepPath(parsing: text)
        text = "changed"
        #expect(path.segments == ["profile", "friends-of-friends-list", "u2"])
        #expect(path.segments.map(\.utf8.count) == [7, 23, 2])
        #expect(try StepPath(parsing: Substring("x/profile").dropFirst(2)).segments == ["profile"])
        #expect(text == "changed")
    }

    @Test func codableRoundTripsAndRefusesBadSegments() throws {
        let path = StepPath(["profile", "friends", "ann lee"])
        let data = try JSONEncoder().encode(path)
        #expect(String(decoding: data, as: UTF8.self) == #"["profile","friends","ann lee"]"#)
        #expect(try JSONDecoder().decode(StepPath.self, from: data) == path)
        for bad in [#"[""]"#, #"["a/b"]"#, #"{"segments": []}"#] {
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(StepPath.self, from: Data(bad.utf8))
            }
        }
    }
}
