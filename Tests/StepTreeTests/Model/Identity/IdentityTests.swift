import ExampleSteps
import Foundation
import StepTree
import StepTreeTools
import TestSupport
import Testing

/// Identity is sound across states built independently (SPEC v2 §1): the same operations give
/// equal states, hashes, encodings and screens, in this process and in any other; a different
/// renewal history gives another screen.
@Suite struct IdentityTests {
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(value)
    }

    static func schemaDecoder(_ schema: StepSchema) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.userInfo[.stepSchema] = schema
        return decoder
    }

    /// Scripts on the hand-written tree, with renewals by value and `fresh`.
    enum AppScript: String, CaseIterable, Sendable {
        case tabs, friends, cover, everything

        func run(_ steps: inout AppSteps) throws {
            switch self {
            case .tabs:
                steps.select(\.explore, with: ExploreData(query: "swift"))
                steps.select(\.explore, with: ExploreData(query: "swift"))
                steps.renew(\.home)
            case .friends:
                try steps.setStack(path: "profile/friends", ids: ["u1", "u2"])
                try steps.renew(path: "profile/friends/u1/detail/dark")
                try steps.renew(path: "profile/friends/u2")
                try steps.select(
                    path: "profile/friends/u2", with: ProfileSteps.selecting(\.settings))
            case .cover:
                steps.renew(\.login)
                steps.renew(\.login, \.signUp)
                steps.renew(\.login, \.form)
            case .everything:
                try AppScript.tabs.run(&steps)
                try AppScript.friends.run(&steps)
                try AppScript.cover.run(&steps)
                steps.renew(\.profile, \.detail, \.light)
            }
        }

        func build() throws -> AppSteps {
            var steps = AppSteps()
            try run(&steps)
            return steps
        }
    }

    /// Scripts on the schema twin, with renewals by payload and `fresh`.
    static let schemaScripts: [[PathOperation]] = [
        [.selectValue("explore", "swift"), .selectValue("explore", "swift"), .select("home")],
        [
            .stack("profile/friends", ids: ["u1", "u2"]),
            .selectValue("profile/friends/u1", "ann"), .select("profile/friends/u1/detail/dark"),
            .select("profile/friends/u2/settings", fresh: true),
        ],
        [
            .selectValue("login", "again"), .select("login/signUp", fresh: true),
            .selectValue("profile/detail/dark", "x"), .select("profile/detail", fresh: true),
        ],
    ]

    static func build(_ script: [PathOperation]) throws -> DynamicSteps {
        var state = DynamicSteps(schema: try ExampleSchema.load())
        for operation in script { try state.perform(operation) }
        return state
    }

    /// Every frame and modal on screen with its identity, bottom first, containers by path.
    static func identities(_ state: some StepNode) -> [String] {
        let screen = HeadlessScreen(state)
        let frames = screen.containers.flatMap { screen.frames(of: $0) ?? [] }
        return (frames + screen.modals.map(\.frame)).map {
            "\($0.path) \($0.identity.map(\.description) ?? "-")"
        }
    }

    @Test(arguments: AppScript.allCases)
    func independentHandWrittenStatesAreEqual(_ script: AppScript) throws {
        let first = try script.build()
        let second = try script.build()
        #expect(first != AppSteps())
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(try Self.encode(first) == Self.encode(second))
        #expect(HeadlessScreen(first) == HeadlessScreen(second))
        #expect(Self.identities(first) == Self.identities(second))
        #expect(eventText(from: first, to: second) == [])
        // A round trip through JSON keeps all of it.
        let decoded = try JSONDecoder().decode(AppSteps.self, from: Self.encode(first))
        #expect(decoded == second)
        #expect(decoded.hashValue == second.hashValue)
        #expect(try Self.encode(decoded) == Self.encode(second))
        #expect(Self.identities(decoded) == Self.identities(second))
        #expect(eventText(from: decoded, to: second) == [])
    }

    @Test(arguments: schemaScripts)
    func independentSchemaStatesAreEqual(_ script: [PathOperation]) throws {
        let first = try Self.build(script)
        let second = try Self.build(script)
        #expect(first != DynamicSteps(schema: first.schema))
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(try Self.encode(first) == Self.encode(second))
        #expect(HeadlessScreen(first) == HeadlessScreen(second))
        #expect(Self.identities(first) == Self.identities(second))
        let decoder = Self.schemaDecoder(try ExampleSchema.load())
        let decoded = try decoder.decode(DynamicSteps.self, from: Self.encode(first))
        #expect(decoded == second)
        #expect(decoded.hashValue == second.hashValue)
        #expect(try Self.encode(decoded) == Self.encode(second))
        #expect(Self.identities(decoded) == Self.identities(second))
        #expect(eventText(from: decoded, to: second) == [])
    }

    /// The twins give the same identities for the same operations: identity is path, kinds and
    /// renewal histories, not the node's type.
    @Test func twinsGiveTheSameIdentities() throws {
        var typed = AppSteps()
        var dynamic = DynamicSteps(schema: try ExampleSchema.load())
        let operations: [PathOperation] = [
            .stack("profile/friends", ids: ["u1", "u2"]),
            .select("profile/friends/u1", fresh: true),
            .select("profile/friends/u2/detail/dark", fresh: true), .select("login", fresh: true),
        ]
        for operation in operations {
            try typed.perform(operation)
            try dynamic.perform(operation)
        }
        #expect(Self.identities(typed) == Self.identities(dynamic))
        #expect(Self.identities(typed).count == 4)
    }

    // MARK: Different histories

    /// A renewal with another value is another screen, even once the value is the same again.
    @Test func aRenewalWithAnotherValueDiffers() throws {
        var swift = AppSteps()
        swift.select(\.explore, with: ExploreData(query: "swift"))
        var other = AppSteps()
        other.select(\.explore, with: ExploreData(query: "rust"))
        other.explore.query = "swift"
        #expect(swift.explore.value == other.explore.value)
        #expect(swift != other)
        #expect(swift.explore.renewal != other.explore.renewal)
        #expect(try Self.encode(swift) != Self.encode(other))
        #expect(eventText(from: swift, to: other) == ["replace /explore"])

        var ann = DynamicSteps(schema: try ExampleSchema.load())
        try ann.setStack(path: "profile/friends", ids: ["u1"])
        var bob = ann
        try ann.select(path: "profile/friends/u1", with: "ann")
        try bob.select(path: "profile/friends/u1", with: "bob")
        #expect(ann != bob)
        #expect(Self.identities(ann) != Self.identities(bob))
        #expect(
            eventText(from: ann, to: bob) == [
                "pop /profile/friends/u1", "push /profile/friends/u1",
            ])
    }

    @Test(arguments: [1, 2, 3])
    func aDifferentNumberOfRenewalsDiffers(extra: Int) throws {
        var once = AppSteps()
        try once.renew(path: "profile/detail")
        var more = once
        for _ in 0..<extra { try more.renew(path: "profile/detail") }
        #expect(once != more)
        #expect(try Self.encode(once) != Self.encode(more))
        #expect(Self.identities(once) != Self.identities(more))
        #expect(eventText(from: once, to: more) == ["pop /profile/detail", "push /profile/detail"])
        // The same count of renewals with the same value gives the same history again.
        var same = AppSteps()
        for _ in 0...extra { try same.renew(path: "profile/detail") }
        #expect(same == more)
        // A renewal with a value is not a renewal without one.
        var valued = AppSteps()
        try valued.select(path: "profile/detail", with: ThemeSteps())
        #expect(valued != once)
        #expect(valued.profile.detail.value == once.profile.detail.value)
    }

    /// A deselected step loses its history: reopened, it is the screen of a state that never
    /// renewed it.
    @Test func deselectionClearsTheHistory() throws {
        var renewed = AppSteps()
        try renewed.renew(path: "profile/settings")
        try renewed.deselect(path: "profile/settings")
        try renewed.select(path: "profile/settings")
        var plain = AppSteps()
        try plain.select(path: "profile/settings")
        #expect(renewed == plain)
        #expect(Self.identities(renewed) == Self.identities(plain))
    }

    // MARK: Order of operations

    /// Renewing `item` then selecting `item/more` equals selecting `item/more` then renewing
    /// `item` (SPEC §1): identity depends only on the final histories.
    @Test func renewalCommutesWithSelectionBelow() throws {
        var renewFirst = AppSteps()
        try renewFirst.renew(path: "profile/detail")
        try renewFirst.select(path: "profile/detail/dark")
        var selectFirst = AppSteps()
        try selectFirst.select(path: "profile/detail/dark")
        try selectFirst.renew(path: "profile/detail")
        #expect(renewFirst == selectFirst)
        #expect(renewFirst.hashValue == selectFirst.hashValue)
        #expect(try Self.encode(renewFirst) == Self.encode(selectFirst))
        #expect(Self.identities(renewFirst) == Self.identities(selectFirst))
        // The renewal kept the theme: a renewal keeps the step's own selections.
        #expect(selectFirst.profile.detail.selected == StepSelection(.dark))
    }

    @Test func renewalWithAValueCommutesWithSelectionBelow() throws {
        var renewFirst = DynamicSteps(schema: try ExampleSchema.load())
        try renewFirst.setStack(path: "profile/friends", ids: ["u1"])
        var selectFirst = renewFirst
        try renewFirst.select(path: "profile/friends/u1", with: "ann")
        try renewFirst.renew(path: "profile/friends/u1/detail/dark")
        try selectFirst.renew(path: "profile/friends/u1/detail/dark")
        try selectFirst.select(path: "profile/friends/u1", with: "ann")
        #expect(renewFirst == selectFirst)
        #expect(try Self.encode(renewFirst) == Self.encode(selectFirst))
        #expect(Self.identities(renewFirst) == Self.identities(selectFirst))
        #expect(
            renewFirst.visibleScreen == StepPath(["profile", "friends", "u1", "detail", "dark"]))
    }

    // MARK: Across processes

    /// One frame of the screen fixture.
    struct FrameRecord: Codable, Hashable {
        var path: StepPath
        var identity: StepIdentity
    }

    static func frameRecords(_ state: AppSteps) -> [FrameRecord] {
        let screen = HeadlessScreen(state)
        let frames = screen.containers.flatMap { screen.frames(of: $0) ?? [] }
        return (frames + screen.modals.map(\.frame)).map {
            FrameRecord(path: $0.path, identity: $0.identity ?? .root)
        }
    }

    /// The state's encoding is byte for byte the one written by an earlier run
    /// (`app-state-scalar.json`), and the state written in the form before
    /// (`app-state-bare.json`, leaves as `{}` and selections as objects) decodes to it, renewal
    /// fingerprints included. (`app-state.json`, from 0.3, has scheme 1 fingerprints: see
    /// `aStateSavedByTheFirstFingerprintSchemeStillDecodes`.)
    @Test(arguments: ["app-state-bare.json", "app-state-scalar.json"])
    func stateMatchesTheFixtureOfAnotherRun(_ name: String) throws {
        let state = try CodingForms.identityFixtureState()
        let fixture = try Fixtures.identityData(name)
        if name == "app-state-scalar.json" {
            #expect(
                String(decoding: try Self.encode(state), as: UTF8.self)
                    == String(decoding: fixture, as: UTF8.self).trimmingCharacters(in: .newlines))
        }
        let decoded = try JSONDecoder().decode(AppSteps.self, from: fixture)
        #expect(decoded == state)
        #expect(decoded.hashValue == state.hashValue)
        #expect(eventText(from: decoded, to: state) == [])
        // The fixture holds renewals of every kind: a wrong script cannot pass by accident.
        #expect(!decoded.explore.renewal.isInitial)
        #expect(!decoded.login.signUp.renewal.isInitial)
        #expect(!decoded.profile.friends.elements.isEmpty)
        #expect(decoded.profile.friends.ids == ["ann", "bob"])
    }

    /// `text` with every renewal fingerprint replaced by `R`.
    static func maskingRenewals(_ text: String) -> String {
        text.replacing(/"renewal":"[0-9a-f]{32}"/, with: #""renewal":"R""#)
    }

    /// A state saved by StepTree 0.3 (`app-state.json`, every step in its wrapper, renewals
    /// fingerprinted by scheme 1, which hashed JSON text) still decodes to the state it
    /// describes, its fingerprints kept as saved; the same script run now renews by value with
    /// other fingerprints (scheme 2), so it is another state.
    @Test func aStateSavedByTheFirstFingerprintSchemeStillDecodes() throws {
        let saved = try JSONDecoder().decode(
            AppSteps.self, from: Fixtures.identityData("app-state.json"))
        let state = try CodingForms.identityFixtureState()
        #expect(
            Self.maskingRenewals(String(decoding: try Self.encode(saved), as: UTF8.self))
                == Self.maskingRenewals(String(decoding: try Self.encode(state), as: UTF8.self)))
        #expect(saved.explore.renewal.description == "33962ce2f6a3bf0e75e96d2f91bb82a8")
        #expect(state.explore.renewal.description == "9e11168a19faa1773832f6a59d89ab13")
        // A renewal with no value hashes no value: the same in both schemes.
        #expect(saved.login.signUp.renewal == state.login.signUp.renewal)
        #expect(saved != state)
        #expect(
            eventText(from: saved, to: state) == [
                "dismiss /login cover", "dismiss /profile/friends/bob/settings sheet",
                "pop /profile/friends/bob/detail", "pop /profile/friends/bob", "replace /explore",
                "push /profile/friends/bob", "push /profile/friends/bob/detail",
                "present /profile/friends/bob/settings sheet", "present /login cover",
            ])
    }

    /// The identities on screen are those written by an earlier run.
    @Test func screenMatchesTheFixtureOfAnotherRun() throws {
        let records = Self.frameRecords(try CodingForms.identityFixtureState())
        let fixture = try JSONDecoder().decode(
            [FrameRecord].self, from: Fixtures.identityData("app-screen.json"))
        #expect(records == fixture)
        #expect(records.count == 7)
        #expect(Set(records.map(\.identity)).count == records.count)
    }

    @Test func identityFixturesAreAllListed() throws {
        let directory = try Fixtures.url("identity")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names.filter { $0.hasSuffix(".json") }.sorted() == Fixtures.identityFiles)
    }
}
