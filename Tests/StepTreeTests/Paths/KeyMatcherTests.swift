import Testing

@testable import StepTree

/// The word-by-word key look-up of path segments: exact bytes, whatever the key's length.
@Suite struct KeyMatcherTests {
    static let keys = [
        "a", "main", "settings", "settingsPane", "settingsPanel", "é", "e\u{301}", "",
    ]

    /// Every key is found at its own index, including keys that share their first 8 bytes or
    /// differ only in length, and canonically equivalent keys that differ in bytes.
    @Test(arguments: keys.indices)
    func eachKeyIsFoundAtItsIndex(index: Int) {
        let matcher = KeyMatcher(Self.keys)
        let found = Self.keys[index].withUTF8Bytes { matcher.index(of: $0) }
        #expect(found == index)
    }

    /// Segments that are a prefix, an extension or a variant of a key name nothing.
    @Test(arguments: ["m", "mains", "setting", "settingsPan", "settingsPanels", "E", "b"])
    func aSegmentThatIsNoKeyIsNotFound(segment: String) {
        let matcher = KeyMatcher(Self.keys)
        #expect(segment.withUTF8Bytes { matcher.index(of: $0) } == nil)
    }

    /// Beyond 8 keys, looked up by hashing: every key is found, and nothing else.
    @Test func manyKeysAreLookedUpByHashing() {
        let keys = (0..<20).map { "key\($0)" } + ["settingsPanel", "e\u{301}"]
        let matcher = KeyMatcher(keys)
        #expect(matcher.hashes)
        for (index, key) in keys.enumerated() {
            #expect(key.withUTF8Bytes { matcher.index(of: $0) } == index)
        }
        #expect("key20".withUTF8Bytes { matcher.index(of: $0) } == nil)
        #expect("\u{e9}".withUTF8Bytes { matcher.index(of: $0) } == nil)
    }

    /// A table finds its children's keys through its matcher.
    @Test func aTableResolvesItsChildrenByName() {
        let table = AppStepsTable.contents
        #expect("profile".withUTF8Bytes { table.childIndex(named: $0) } == 2)
        #expect("login".withUTF8Bytes { table.childIndex(named: $0) } == 3)
        #expect("profiles".withUTF8Bytes { table.childIndex(named: $0) } == nil)
    }
}

/// The table of a four-child node, for the look-up test above.
private enum AppStepsTable {
    struct Node: StepsCollection {
        enum Key: String, StepKey { case home, explore, profile, login }
        var selected = StepSelection<Key>(.home)
        var home = Step()
        var explore = Step()
        var profile = Step()
        var login = Step()
        static let steps = StepTable<Self>(
            .tab(.home, \.home), .tab(.explore, \.explore), .tab(.profile, \.profile),
            .present(.login, \.login))
    }

    static var contents: StepTableShape { Node.steps.contents }
}
