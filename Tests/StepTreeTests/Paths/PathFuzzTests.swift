import ExampleSteps
import StepTree
import StepTreeTools
import TestSupport
import Testing

/// Random path strings on a fixed tree: never a crash, only `StepPathError`s, the state
/// unchanged on error — and the hand-written tree and its schema twin always agree.
@Suite struct PathFuzzTests {
    /// Pieces of path text: real keys and ids, separators, and junk.
    static let pieces = [
        "profile", "detail", "dark", "light", "main", "settings", "friends", "home", "explore",
        "u1", "u2", "v1", "/", "/", "/", "//", "", " ", "x", "é", "日本", "\u{0}", "..", "%2F",
        "\\", "u1/u2",
    ]

    /// Reference parser, written independently (SPEC §4): drop one leading `/` scalar, then
    /// split on the `/` scalar; no segments at all is the empty path.
    static func expectedParse(_ text: String) -> Result<[String], StepPathError> {
        var scalars = Substring(text).unicodeScalars
        if scalars.first == "/" { scalars.removeFirst() }
        if scalars.isEmpty { return .failure(.emptyPath) }
        let parts = scalars.split(separator: "/", omittingEmptySubsequences: false)
            .map { String(String.UnicodeScalarView($0)) }
        if let index = parts.firstIndex(of: "") { return .failure(.emptySegment(index: index)) }
        return .success(parts)
    }

    @Test func parsingMatchesTheReference() {
        var random = SeededGenerator(seed: 31)
        var leadingSlashParsed = 0
        var leadingSlashRefused = 0
        for round in 0..<3000 {
            let text = random.string(from: Self.pieces, count: random.below(8))
            let parsed = Result { () throws(StepPathError) -> [String] in
                try StepPath(parsing: text).segments
            }
            #expect(parsed == Self.expectedParse(text), "round \(round): \(text.debugDescription)")
            guard text.unicodeScalars.first == "/" else { continue }
            switch parsed {
            case .success: leadingSlashParsed += 1
            case .failure: leadingSlashRefused += 1
            }
        }
        // Both sides of the leading-slash rule are exercised.
        #expect(leadingSlashParsed > 50, "\(leadingSlashParsed) paths with a leading / parsed")
        #expect(leadingSlashRefused > 50, "\(leadingSlashRefused) paths with a leading / refused")
    }

    @Test(arguments: [41, 42, 43] as [UInt64])
    func operationsOnBothFrontEnds(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var typed = AppSteps()
        var dynamic = DynamicSteps(schema: try ExampleSchema.load())
        var failures = 0
        for round in 0..<1000 {
            if round % 100 == 0 {
                typed = AppSteps()
                dynamic = DynamicSteps(schema: dynamic.schema)
            }
            let operation = Self.randomOperation(&random)
            let typedOutcome = typed.apply(operation)
            let dynamicOutcome = dynamic.apply(operation)
            #expect(typedOutcome == dynamicOutcome, "seed \(seed) round \(round): \(operation)")
            if case .error = typedOutcome { failures += 1 }
            if case .select(let text, _) = operation, case .events = typedOutcome {
                let path = try StepPath(parsing: text)
                #expect(typed.isSelected(path: path), "seed \(seed) round \(round): \(text)")
                #expect(dynamic.isSelected(path: path), "seed \(seed) round \(round): \(text)")
            }
        }
        // Both kinds of outcome are exercised.
        #expect(failures > 150 && failures < 900, "seed \(seed): \(failures) errors")
    }

    /// A random operation whose path is at most nine segments, so that it stays inside the
    /// friends depth that the schema twin unrolls.
    static func randomOperation(_ random: inout SeededGenerator) -> PathOperation {
        var path: String
        if random.chance(2, in: 3) {
            // Mostly plausible paths, with a few junk segments.
            var segments: [String] = []
            var node = "root"
            for _ in 0..<(1 + random.below(9)) {
                let next =
                    random.chance(1, in: 8)
                    ? random.pick(pieces) : random.pick(plausible[node] ?? pieces)
                segments.append(next)
                node = next
            }
            path = segments.joined(separator: "/")
        } else {
            path = random.string(from: pieces, count: random.below(6))
        }
        if path.split(separator: "/", omittingEmptySubsequences: false).count > 9 {
            path = "profile"
        }
        switch random.below(4) {
        case 0: return .deselect(path)
        case 1:
            let ids = (0..<random.below(4)).map { _ in
                random.pick(["u1", "u2", "v1", "", "a/b", "u1"])
            }
            return .stack(path, ids: ids)
        default: return .select(path, fresh: random.chance(1, in: 5))
        }
    }

    static let plausible: [String: [String]] = [
        "root": ["home", "explore", "profile", "profile", "profile"],
        "profile": ["main", "detail", "settings", "friends", "friends"],
        "u1": ["main", "detail", "settings", "friends"],
        "u2": ["main", "detail", "settings", "friends"],
        "v1": ["main", "detail", "settings", "friends"],
        "friends": ["u1", "u2", "v1"],
        "detail": ["dark", "light"],
    ]
}
