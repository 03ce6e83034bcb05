import ExampleSteps
import Foundation
import StepTree
import Testing

/// Every outside string is bounded, and keys and ids follow one comparison rule: their Unicode
/// scalars, exactly.
@Suite struct InputLimitTests {
    static let schema = #"{"children": [{"key": "friends", "kind": "stack"}]}"#

    @Test func aPathDeeperThanTheLimitIsRefused() {
        let deep = Array(repeating: "x", count: StepPath.maximumDepth + 1).joined(separator: "/")
        #expect(throws: StepPathError.tooDeep(StepPath.maximumDepth + 1)) {
            try StepPath(parsing: deep)
        }
        var steps = AppSteps()
        #expect(throws: StepPathError.tooDeep(StepPath.maximumDepth + 1)) {
            try steps.select(path: StepPath(parsing: deep))
        }
        #expect(steps == AppSteps())
        #expect(
            StepPathError.tooDeep(129).description
                == "the path has 129 segments; at most 128 are allowed")
    }

    @Test func aSegmentLongerThanTheLimitIsRefusedWithoutQuotingIt() {
        let long = String(repeating: "a", count: StepPath.maximumSegmentLength + 1)
        var steps = AppSteps()
        #expect(throws: StepPathError.segmentTooLong(index: 1, length: 1025)) {
            try steps.select(path: StepPath(parsing: "profile/" + long))
        }
        #expect(
            StepPathError.segmentTooLong(index: 1, length: 1025).description
                == "segment 2 of the path is 1025 bytes; at most 1024 are allowed")
    }

    @Test func errorMessagesQuoteAnExcerpt() {
        let key = String(repeating: "k", count: 1_000)
        let message = StepPathError.unknownStep(key, in: .root).description
        #expect(message == "no step '\(String(repeating: "k", count: 64))… (1000 bytes)' in /")
    }

    @Test(arguments: ["a\u{0}", "tab\tid", "\u{7F}", "\u{85}x", "line\nbreak"])
    func controlCharactersAreRefusedInIDs(_ id: String) throws {
        var state = DynamicSteps(schema: try StepSchema(json: Data(Self.schema.utf8)))
        let before = state
        #expect(throws: StepPathError.invalidElementID(id, in: StepPath(["friends"]))) {
            try state.setStack(path: "friends", ids: [id])
        }
        #expect(state == before)
        #expect(!StepPath.isValidSegment(id))
    }

    /// `é` (U+00E9) and `e` + U+0301 print differently in events, so they are two ids.
    @Test func idsAreComparedByTheirScalars() throws {
        var state = DynamicSteps(schema: try StepSchema(json: Data(Self.schema.utf8)))
        try state.setStack(path: "friends", ids: ["\u{E9}"])
        let before = state
        try state.setStack(path: "friends", ids: ["e\u{301}"])
        #expect(
            NavigationDiff.events(from: before, to: state).map(\.description) == [
                "pop /friends/\u{E9}", "push /friends/e\u{301}",
            ])
        #expect(throws: StepPathError.unknownElement("\u{E9}", in: StepPath(["friends"]))) {
            try state.select(path: "friends/\u{E9}")
        }
        try state.setStack(path: "friends", ids: ["\u{E9}", "e\u{301}"])  // two ids, no duplicate
        #expect(
            state.isSelected(path: "friends/\u{E9}") && state.isSelected(path: "friends/e\u{301}"))
    }

    @Test func schemaKeysAreComparedByTheirScalars() throws {
        let json = #"{"children": [{"key": "\#u{E9}"}, {"key": "e\#u{301}"}]}"#
        let schema = try StepSchema(json: Data(json.utf8))
        #expect(schema.children.map(\.key) == ["\u{E9}", "e\u{301}"])
        #expect(schema.childIndex(forKey: "e\u{301}") == 1)
    }

    @Test func aSchemaWithTooManyNodesIsRefused() {
        let children = (0..<StepSchema.maximumNodeCount).map { #"{"key": "k\#($0)"}"# }
        let json = #"{"children": ["# + children.joined(separator: ",") + "]}"
        #expect(
            throws: StepSchemaError(path: "/k9999", problem: "the schema has more than 10000 nodes")
        ) {
            try StepSchema(json: Data(json.utf8))
        }
    }

    @Test func aSchemaLargerThanTheLimitIsRefusedUnparsed() {
        let data = Data(repeating: UInt8(ascii: " "), count: StepSchema.maximumSize + 1)
        #expect(
            throws: StepSchemaError(path: "/", problem: "the schema is larger than 4194304 bytes")
        ) {
            try StepSchema(json: data)
        }
    }

    @Test func stackPushesStayFastForLongStacks() throws {
        var stack = StepStack<ProfileSteps>()
        let clock = ContinuousClock()
        let start = clock.now
        for index in 0..<20_000 { try stack.push(id: "u\(index)") }
        #expect(stack.count == 20_000)
        #expect(stack.contains(id: "u19999") && stack[id: "u10000"] != nil)
        #expect(throws: StepPathError.duplicateElementID("u5", in: nil)) {
            try stack.push(id: "u5")
        }
        #expect(try stack.pop(to: "u9") == (10..<20_000).map { "u\($0)" })
        #expect(stack.ids == (0..<10).map { "u\($0)" })
        #expect(!stack.contains(id: "u10"))
        try stack.push(id: "u10")
        #expect(stack.lastID == "u10")
        // Quadratic pushes took about 10 s for this many; linear ones take milliseconds.
        #expect(start.duration(to: clock.now) < .seconds(3))
    }
}
