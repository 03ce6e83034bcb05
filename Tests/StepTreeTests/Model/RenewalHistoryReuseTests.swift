import ExampleSteps
import Testing

@testable import StepTree

/// Renewals hashed at once reuse the step's own record when nothing else holds it, and digest a
/// node of initial leaves by a look-up: neither may change an identity.
@Suite struct RenewalHistoryReuseTests {
    /// A node with a data field beside its steps: not pure, so its renewals are recorded.
    struct NamedSteps: StepsCollection {
        enum Key: String, StepKey { case light, dark }
        var selected = StepSelection<Key>()
        var light = Step()
        var dark = Step()
        var name = ""
        static let steps = StepTable<Self>(.inline(.light, \.light), .inline(.dark, \.dark))
        init() {}
        init(name: String) { self.name = name }
    }

    /// A node with one step renewed with a theme, and one with a named node.
    struct Holder: StepsCollection {
        enum Key: String, StepKey { case theme, named }
        var selected = StepSelection<Key>()
        var theme = Step(ThemeSteps())
        var named = Step(NamedSteps())
        static let steps = StepTable<Self>(.push(.theme, \.theme), .push(.named, \.named))
        init() {}
    }

    /// The themes the renewals below take turns with.
    static let themes = [ThemeSteps(), ThemeSteps.selecting(\.dark), ThemeSteps.selecting(\.light)]

    /// The fingerprints after each of `count` renewals of one step, with the themes in turn;
    /// when `keepingEach`, every state is kept, so that no record is the step's alone.
    static func fingerprints(count: Int, keepingEach: Bool) -> [String] {
        var holder = Holder()
        var kept: [Holder] = []
        var fingerprints: [String] = []
        for index in 0..<count {
            holder.select(\.theme, with: themes[index % themes.count])
            if keepingEach { kept.append(holder) }
            fingerprints.append(holder.theme.renewal.description)
        }
        #expect(kept.count == (keepingEach ? count : 0))
        return fingerprints
    }

    /// The same fingerprints as a chain of recorded renewals, hashed when read.
    static func recordedFingerprints(count: Int) -> [String] {
        var history: RenewalHistory?
        return (0..<count).map { index in
            history = ValueRenewal(after: history, value: themes[index % themes.count])
            return StepRenewal(history).description
        }
    }

    @Test func aRecordTheStepAloneHoldsIsReusedInPlace() throws {
        var holder = Holder()
        holder.select(\.theme, with: ThemeSteps.selecting(\.dark))
        let first = try #require(holder.theme.renewal.history)
        let firstID = ObjectIdentifier(first)
        let before = holder.theme.renewal.description
        // Only the step holds the record now.
        _ = consume first
        holder.select(\.theme, with: ThemeSteps.selecting(\.dark))
        let second = try #require(holder.theme.renewal.history)
        #expect(ObjectIdentifier(second) == firstID)
        #expect(second.length == 2)
        #expect(second.pending == 0)
        #expect(holder.theme.renewal.description != before)
    }

    @Test func aRecordAnotherStateHoldsIsLeftAsItIs() {
        var holder = Holder()
        holder.select(\.theme, with: ThemeSteps.selecting(\.dark))
        let kept = holder
        let keptDescription = kept.theme.renewal.description
        holder.select(\.theme, with: ThemeSteps.selecting(\.dark))
        #expect(kept.theme.renewal.description == keptDescription)
        #expect(kept.theme.renewal.history?.length == 1)
        #expect(holder.theme.renewal.history?.length == 2)
        #expect(holder.theme.renewal.history !== kept.theme.renewal.history)
        #expect(holder.theme.renewal != kept.theme.renewal)
        #expect(holder != kept)
    }

    /// Reused, made anew or recorded and hashed later, a chain of renewals has one sequence of
    /// fingerprints.
    @Test(arguments: [1, 2, 7])
    func reusedNewAndRecordedChainsAgree(count: Int) {
        let reused = Self.fingerprints(count: count, keepingEach: false)
        #expect(reused == Self.fingerprints(count: count, keepingEach: true))
        #expect(reused == Self.recordedFingerprints(count: count))
        #expect(Set(reused).count == count)
    }

    /// A decoded history keeps an unknown length when it is renewed in place, and gets the
    /// fingerprint a new record after it would have.
    @Test func aDecodedHistoryRenewedInPlaceMatchesANewRecord() throws {
        let decoded = try #require(StepRenewal(text: String(repeating: "ab", count: 16)))
        var step = Step(ThemeSteps(), renewal: decoded)
        let expected = RenewalHistory.after(
            RenewalHistory(fingerprint: decoded.fingerprint), value: ThemeSteps.selecting(\.light))
        step.renew(with: ThemeSteps.selecting(\.light))
        #expect(step.renewal.history?.length == 0)
        #expect(step.renewal.description == StepRenewal(expected).description)
    }

    // MARK: The look-up of a node of initial leaves

    /// A pure node of leaves with a child in each layer.
    struct LayeredSteps: StepsCollection {
        enum Key: String, StepKey { case main, detail, sheet }
        var selected = StepSelection<Key>()
        var main = Step()
        var detail = Step()
        var sheet = Step()
        static let steps = StepTable<Self>(
            .inline(.main, \.main), .push(.detail, \.detail), .present(.sheet, \.sheet))
        init() {}
    }

    /// The fingerprinter of `type`, a pure node.
    static func fingerprinter(of type: any StepValue.Type) throws -> NodeFingerprinter {
        guard case .node(let fingerprinter) = FingerprintRoutes.shared(for: type) else {
            throw LookUpError.noFingerprinter
        }
        return fingerprinter
    }

    static func themeFingerprinter() throws -> NodeFingerprinter {
        try fingerprinter(of: ThemeSteps.self)
    }

    enum LookUpError: Error { case noFingerprinter }

    /// The digest of `value` by the look-up, `nil` where it does not apply.
    static func initialDigest<Node: StepsCollection>(_ value: Node) throws -> String? {
        let fingerprinter = try fingerprinter(of: Node.self)
        return StepMemory.withAddress(of: value) {
            fingerprinter.initialDigest(ofNodeAt: $0).map(ValueFingerprintTests.hex)
        }
    }

    /// Every selection of a node of initial leaves digests by the look-up as its encoding does.
    @Test(arguments: themes.indices)
    func theLookUpGivesTheEncodedDigest(theme index: Int) throws {
        let theme = Self.themes[index]
        #expect(try Self.initialDigest(theme) == ValueFingerprintTests.encoded(theme))
        #expect(ValueFingerprintTests.digest(theme) == ValueFingerprintTests.encoded(theme))
    }

    /// Every combination of a child in each layer, read from the selection's bytes, digests by
    /// the look-up as its encoding does.
    @Test(arguments: 0..<8)
    func everyLayerIsLookedUp(combination: Int) throws {
        var node = LayeredSteps()
        node.selected = StepSelection(
            combination & 1 == 0 ? nil : .main, push: combination & 2 == 0 ? nil : .detail,
            modal: combination & 4 == 0 ? nil : .sheet)
        let digest = try #require(try Self.initialDigest(node))
        #expect(digest == ValueFingerprintTests.encoded(node))
        #expect(ValueFingerprint.isEager(LayeredSteps.self))
        #expect(try Self.fingerprinter(of: LayeredSteps.self).readsKeysFromBytes)
        #expect(try Self.themeFingerprinter().readsKeysFromBytes)
    }

    /// A node whose child was renewed (or holds a box of its own) is digested child by child,
    /// and differs from the node that only selects it.
    @Test func aValueThatDiffersOnlyInANestedRenewalHasAnotherIdentity() throws {
        var renewed = ThemeSteps.selecting(\.dark)
        renewed.renew(\.dark)
        #expect(try Self.initialDigest(renewed) == nil)
        #expect(ValueFingerprintTests.digest(renewed) == ValueFingerprintTests.encoded(renewed))
        #expect(
            ValueFingerprintTests.digest(renewed)
                != ValueFingerprintTests.digest(ThemeSteps.selecting(\.dark)))

        var plain = Holder()
        var nested = Holder()
        plain.select(\.theme, with: ThemeSteps.selecting(\.dark))
        nested.select(\.theme, with: renewed)
        #expect(plain.theme.renewal.description != nested.theme.renewal.description)
        #expect(plain != nested)
    }

    /// A leaf with no payload in a box of its own (a decoded one, say) still counts as initial.
    @Test func anUnsharedInitialLeafIsLookedUpToo() throws {
        var theme = ThemeSteps.selecting(\.light)
        theme.dark.box = StepStorage(EmptyStep())
        #expect(theme.dark.storage !== Step().storage)
        #expect(try Self.initialDigest(theme) == ValueFingerprintTests.encoded(theme))
    }

    /// Renewals with nodes that differ only in a data field are recorded, and their
    /// identities differ.
    @Test func aNodeWithADataFieldIsNotTakenForAnother() {
        var first = Holder()
        var second = Holder()
        first.select(\.named, with: NamedSteps(name: "a"))
        second.select(\.named, with: NamedSteps(name: "b"))
        #expect(first.named.renewal.history?.pending == 1)
        #expect(first.named.renewal.description != second.named.renewal.description)
        var again = Holder()
        again.select(\.named, with: NamedSteps(name: "a"))
        #expect(again.named.renewal.description == first.named.renewal.description)
    }

    // MARK: A renewal with the value the step holds

    /// Whether the fingerprinter of `ThemeSteps` finds the same bits in `left` and `right`.
    static func sameBits(_ left: ThemeSteps, _ right: ThemeSteps) throws -> Bool {
        let fingerprinter = try themeFingerprinter()
        return StepMemory.withAddress(of: left) { left in
            StepMemory.withAddress(of: right) { right in
                fingerprinter.storesSameBits(left, as: right)
            }
        }
    }

    @Test func sameBitsAreTheSameSelectionAndBoxes() throws {
        var renewed = ThemeSteps.selecting(\.dark)
        renewed.renew(\.dark)
        #expect(try Self.sameBits(.selecting(\.dark), .selecting(\.dark)))
        #expect(try Self.sameBits(ThemeSteps(), ThemeSteps()))
        #expect(try Self.sameBits(renewed, renewed))
        #expect(try !Self.sameBits(.selecting(\.dark), .selecting(\.light)))
        #expect(try !Self.sameBits(.selecting(\.dark), ThemeSteps()))
        #expect(try !Self.sameBits(.selecting(\.dark), renewed))
    }

    /// Renewed again and again, with the value it holds or another, a step holds the last value
    /// and the history of every renewal.
    @Test func aStepHoldsTheLastValueItWasRenewedWith() {
        var renewed = ThemeSteps.selecting(\.dark)
        renewed.renew(\.dark)
        let values = [
            ThemeSteps.selecting(\.dark), .selecting(\.dark), .selecting(\.light), ThemeSteps(),
            renewed, renewed, .selecting(\.dark),
        ]
        var holder = Holder()
        var history = StepRenewal.initial
        for value in values {
            holder.select(\.theme, with: value)
            history = history.renewed(with: value)
            #expect(holder.theme.value == value)
            #expect(holder.theme.renewal.description == history.description)
        }
        #expect(holder.theme.renewal.history?.length == values.count)
    }

    /// The scalars too: the same number again keeps the step's value, another replaces it.
    @Test func aNumberStepHoldsTheLastNumber() {
        var list = RenewedList()
        for number in [7, 7, 8, 0] {
            list.select(\.item, with: number)
            #expect(list.item.value == number)
        }
        #expect(list.item.renewal.history?.length == 4)
    }
}
