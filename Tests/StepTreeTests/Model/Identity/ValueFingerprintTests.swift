import ExampleSteps
import Foundation
import TestSupport
import Testing

@testable import StepTree

/// The digests that renewal fingerprints hash (scheme 2): which way each type takes, that the
/// two ways agree, and pinned values, so that a change of the scheme cannot go unnoticed.
@Suite struct ValueFingerprintTests {
    /// A node with a data field beside its steps: not pure.
    struct TaggedSteps: StepsCollection {
        enum Key: String, StepKey { case first, second }
        var selected = StepSelection<Key>(.first)
        var first = Step()
        var second = Step()
        var tag = ""
        static let steps = StepTable<Self>(.inline(.first, \.first), .push(.second, \.second))
        init() {}
        init(tag: String) { self.tag = tag }
    }

    /// A node with a stored step its table does not declare: not pure.
    struct UndeclaredStepSteps: StepsCollection {
        enum Key: String, StepKey { case first }
        var selected = StepSelection<Key>()
        var first = Step()
        var spare = Step()
        static let steps = StepTable<Self>(.inline(.first, \.first))
        init() {}
    }

    /// A node whose selection is computed from another stored property: not pure.
    struct RenamedSelectionSteps: StepsCollection {
        enum Key: String, StepKey { case first }
        var choice = StepSelection<Key>()
        var selected: StepSelection<Key> {
            get { choice }
            set { choice = newValue }
        }
        var first = Step()
        static let steps = StepTable<Self>(.inline(.first, \.first))
        init() {}
    }

    static func hex(_ digest: StableDigest) -> String {
        StepRenewal.hex(digest.high) + StepRenewal.hex(digest.low)
    }

    static func digest(_ value: any StepValue) -> String { hex(ValueFingerprint.digest(of: value)) }

    /// The digest the hashing encoder gives `value`, whatever way its type takes.
    static func encoded(_ value: some StepValue) -> String {
        hex(ValueFingerprint.encodedDigest(of: value))
    }

    static func route(of type: any StepValue.Type) -> String {
        var routes = FingerprintRoutes()
        return switch routes.route(for: type) {
        case .encoded: "encoded"
        case .node: "node"
        }
    }

    // MARK: Routes

    @Test func pureNodesAreDigestedThroughTheirTables() {
        #expect(Self.route(of: ThemeSteps.self) == "node")
        #expect(Self.route(of: ProfileSteps.self) == "node")
        #expect(Self.route(of: AppSteps.self) == "node")
        #expect(NodeFingerprinter.isPure(ThemeSteps.self))
    }

    @Test func otherNodesAndPayloadsAreDigestedThroughTheirEncodings() {
        #expect(!NodeFingerprinter.isPure(TaggedSteps.self))
        #expect(!NodeFingerprinter.isPure(UndeclaredStepSteps.self))
        #expect(!NodeFingerprinter.isPure(RenamedSelectionSteps.self))
        #expect(Self.route(of: TaggedSteps.self) == "encoded")
        #expect(Self.route(of: ExploreData.self) == "encoded")
        #expect(Self.route(of: StepStack<ThemeSteps>.self) == "encoded")
    }

    /// Values digested with no encoder are hashed when a step is renewed with them.
    @Test func renewalsWithLeavesOnlyAreHashedAtOnce() {
        #expect(ValueFingerprint.isEager(ThemeSteps.self))
        #expect(ValueFingerprint.isEager(LoginSteps.self))
        #expect(ValueFingerprint.isEager(String.self))
        // A stack, a payload, and a node holding either, are encoded: their renewals recorded.
        #expect(!ValueFingerprint.isEager(ProfileSteps.self))
        #expect(!ValueFingerprint.isEager(ExploreData.self))
        #expect(!ValueFingerprint.isEager(TaggedSteps.self))
        #expect(StepRenewal.initial.renewed(with: ThemeSteps()).history?.pending == 0)
        #expect(StepRenewal.initial.renewed(with: ProfileSteps()).history?.pending == 1)
    }

    /// Hashed at once or recorded, a renewal has one fingerprint.
    @Test func aNodeHashedAtOnceHasTheFingerprintOfARecordedOne() {
        for theme in [ThemeSteps(), ThemeSteps.selecting(\.dark)] {
            let recorded = StepRenewal(ValueRenewal(after: nil, value: theme))
            #expect(StepRenewal.initial.renewed(with: theme) == recorded)
            #expect(
                StepRenewal.initial.renewed(with: theme).description == recorded.description)
        }
    }

    /// States of pure nodes with selections, renewals, nested nodes and stacks.
    static func pureStates() throws -> [any StepValue] {
        var theme = ThemeSteps()
        theme.renew(\.dark)
        var profile = ProfileSteps()
        profile.select(\.detail, with: ThemeSteps.selecting(\.light))
        var app = AppSteps()
        try app.setStack(path: "profile/friends", ids: ["ann", "bob"])
        try app.renew(path: "profile/friends/bob/detail/dark")
        app.select(\.explore, with: ExploreData(query: "swift"))
        return [ThemeSteps(), theme, ProfileSteps(), profile, AppSteps(), app]
    }

    /// The table's way gives a pure node the digest of its own encoding, whose property names
    /// are its keys in every example.
    @Test func aPureNodeDigestsAsItsEncodingDoes() throws {
        for state in try Self.pureStates() {
            #expect(Self.digest(state) == Self.encoded(state), "\(state)")
        }
    }

    @Test func anEmptyStepDigestsAsItsEncodingDoes() {
        #expect(Self.digest(EmptyStep()) == Self.encoded(EmptyStep()))
        #expect(Self.digest("a/b") == Self.encoded("a/b"))
        #expect(Self.digest(7) == Self.encoded(7))
    }

    // MARK: Pinned digests

    /// The scheme's digests, written once from a run: they change only with the scheme.
    @Test(arguments: [
        ("payload", "18bb15c318cee1e393a6473851d093d4"),
        ("nested node", "dec2105465f3eda60da1324fdc6396ae"),
        // Elements pushed with explicit ids hold their push numbers (issue 29).
        ("stack", "e0af5029cfc501e9f3f2bc67668a6227"),
        ("data field", "ed3e0c89e9d638512e9f788bdf5889fa"),
        ("renewal", "6b50614d0eea584e28c944b8f2d391cf"),
    ])
    func digestsArePinned(_ name: String, _ expected: String) throws {
        #expect(try Self.pinnedValue(name) == expected)
    }

    static func pinnedValue(_ name: String) throws -> String {
        switch name {
        case "payload":
            return digest(ExploreData(query: "swift"))
        case "nested node":
            var profile = ProfileSteps()
            profile.select(\.detail, with: ThemeSteps.selecting(\.light))
            profile.renew(\.detail, \.dark)
            return digest(profile)
        case "stack":
            var stack = StepStack<ProfileSteps>()
            try stack.push(id: "ann")
            try stack.push(id: "bob")
            return digest(stack)
        case "data field":
            return digest(TaggedSteps(tag: "x"))
        default:
            var theme = ThemeSteps()
            theme.select(\.light, with: EmptyStep())
            var app = AppSteps()
            app.select(\.profile, \.detail, with: theme)
            return app.profile.detail.renewal.description
        }
    }

    // MARK: Different values, different digests

    @Test func scalarsOfDifferentTypesDiffer() {
        let digests = [
            Self.encoded(1), Self.encoded("1"),
            Self.hex(ValueFingerprint.encodedDigest(of: 1.0)),
            Self.hex(ValueFingerprint.encodedDigest(of: Int64(1))),
            Self.hex(ValueFingerprint.encodedDigest(of: true)),
            Self.hex(ValueFingerprint.encodedDigest(of: [1])),
        ]
        #expect(Set(digests).count == digests.count)
    }

    @Test func bothZerosAreOneValue() {
        #expect(
            Self.hex(ValueFingerprint.encodedDigest(of: 0.0))
                == Self.hex(ValueFingerprint.encodedDigest(of: -0.0)))
    }

    @Test func aDataFieldCounts() {
        #expect(Self.digest(TaggedSteps(tag: "a")) != Self.digest(TaggedSteps(tag: "b")))
        #expect(Self.digest(TaggedSteps(tag: "a")) == Self.digest(TaggedSteps(tag: "a")))
    }

    @Test func nestedRenewalsAndSelectionsCount() {
        var renewed = ProfileSteps()
        renewed.renew(\.detail, \.dark)
        var renewedTwice = renewed
        renewedTwice.renew(\.detail, \.dark)
        var selected = ProfileSteps()
        selected.select(\.detail, \.dark)
        let digests = [ProfileSteps(), renewed, renewedTwice, selected].map(Self.digest)
        #expect(Set(digests).count == 4)
    }

    /// A dictionary with keys other than strings and integers encodes as a list in iteration
    /// order, as a set does: either is digested in any order.
    @Test func equalDictionariesAndSetsDigestAlike() {
        let pairs = (0..<8).map { (Double($0), "v\($0)") }
        let digest = { (pairs: [(Double, String)]) in
            Self.hex(ValueFingerprint.encodedDigest(of: Dictionary(uniqueKeysWithValues: pairs)))
        }
        #expect(digest(pairs) == digest(pairs.reversed()))
        #expect(digest(pairs) != digest(Array(pairs.dropLast())))
        let set = { (elements: [Int]) in Self.hex(ValueFingerprint.encodedDigest(of: Set(elements)))
        }
        #expect(set(Array(0..<16)) == set((0..<16).reversed()))
        #expect(set([1, 2]) != set([1, 3]))
        #expect(set([1, 2]) != Self.hex(ValueFingerprint.encodedDigest(of: [1, 2])))
    }

    // MARK: Properties over a small domain

    /// A small domain of pure-node states: a theme selection (or none), each theme step renewed
    /// zero to two times, pushed or not.
    static func themeState(_ code: Int) -> ProfileSteps {
        var profile = ProfileSteps()
        let choice = code % 3
        let lightRenewals = code / 3 % 3
        let darkRenewals = code / 9 % 3
        for _ in 0..<lightRenewals { profile.detail.value.renew(\.light) }
        for _ in 0..<darkRenewals { profile.detail.value.renew(\.dark) }
        if choice == 1 { profile.detail.value.select(\.light) }
        if choice == 2 { profile.detail.value.select(\.dark) }
        if code / 27 % 2 == 1 { profile.select(\.detail) }
        return profile
    }

    /// Equal values give equal digests, unequal ones unequal digests, over seeded samples of a
    /// domain of 54 states and of small payloads.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func equalValuesAndOnlyThoseShareADigest(_ seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<200 {
            let left = Self.themeState(generator.below(54))
            let right = Self.themeState(generator.below(54))
            #expect((left == right) == (Self.digest(left) == Self.digest(right)))
            let a = ExploreData(query: String(repeating: "a", count: generator.below(3)))
            let b = ExploreData(query: String(repeating: "a", count: generator.below(3)))
            #expect((a == b) == (Self.digest(a) == Self.digest(b)))
        }
    }

    /// The domain's distinct states have distinct digests. (Choice 0 keeps the selection the
    /// renewals made, which is choice 1 or 2 once a theme step was renewed: 38 of the 54 codes
    /// are distinct states.)
    @Test func theDomainHasOneDigestPerState() {
        let states = (0..<54).map(Self.themeState)
        #expect(Set(states).count == 38)
        #expect(Set(states.map(Self.digest)).count == 38)
    }
}
