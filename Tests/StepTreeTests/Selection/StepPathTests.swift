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
