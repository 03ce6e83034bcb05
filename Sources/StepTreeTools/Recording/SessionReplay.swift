import Foundation
import StepTree

/// Replays a session recorded by ``SessionRecorder`` against a tree: each recorded state is
/// decoded as the tree's, diffed from the one before and played on a ``HeadlessScreen``, and
/// the events and visible screen the tree gives are compared with the recorded ones.
///
/// ```swift
/// let steps = try SessionReplay.replay(log, as: AppSteps.self)
/// #expect(steps.last?.screen.visibleScreen == StepPath(["profile", "detail"]))
/// ```
///
/// A recording from the field that no longer fits the tree (a step renamed, a transition that
/// now gives other events) stops the replay with a ``SessionReplayError`` naming the line: a
/// failing test made from an analytics trail.
public enum SessionReplay {
    /// One replayed record, with the screen the tree shows after it.
    public struct Step<Root: StepNode>: Sendable {
        /// The line of the recording, from 1.
        public let line: Int
        /// The record.
        public let record: SessionRecord<Root>
        /// The screen after the record's events were played.
        public let screen: HeadlessScreen
    }

    /// Replays the JSON Lines of `log`, decoding each state as `Root`.
    /// - Parameters:
    ///   - log: The recording; blank lines are skipped.
    ///   - type: The tree's root type.
    ///   - userInfo: Given to the decoder (`DynamicSteps` reads its schema from it).
    /// - Returns: Every record in order, the start record first.
    /// - Throws: ``SessionReplayError`` at the first line where the recording and the tree
    ///   disagree.
    /// - Complexity: O(*r* · *n*) for *r* records of *n* nodes each. Every step is kept: to
    ///   replay a long recording in bounded memory, feed its lines to a ``Player``.
    public static func replay<Root: StepNode>(
        _ log: String, as type: Root.Type, userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) throws(SessionReplayError) -> [Step<Root>] {
        var player = Player(as: type, userInfo: userInfo)
        var steps: [Step<Root>] = []
        for line in log.utf8.split(separator: newline, omittingEmptySubsequences: false) {
            if let step = try player.play(Data(line)) { steps.append(step) }
        }
        try player.finish()
        return steps
    }

    /// The byte that ends a line.
    private static let newline = UInt8(ascii: "\n")

    /// Replays a recording one line at a time, keeping only the last record: a recording of
    /// any length replays in the memory of one record.
    ///
    /// ```swift
    /// var player = SessionReplay.Player(schema: schema)
    /// for line in lines { if let step = try player.play(line) { show(step) } }
    /// try player.finish()
    /// ```
    ///
    /// It keeps the promises of ``SessionReplay/replay(_:as:userInfo:)``, which is built on it:
    /// the same lines give the same steps and stop with the same error.
    public struct Player<Root: StepNode> {
        private let decoder: JSONDecoder
        /// The step of the last record replayed.
        public private(set) var last: Step<Root>?
        /// The number of lines read so far, blank ones included.
        public private(set) var lineCount = 0
        /// The error the player stopped with: every later line gives it again.
        private var stopped: SessionReplayError?

        /// Creates a player for a tree whose root is `Root`.
        /// - Parameters:
        ///   - type: The tree's root type.
        ///   - userInfo: Given to the decoder (`DynamicSteps` reads its schema from it).
        public init(as type: Root.Type, userInfo: [CodingUserInfoKey: any Sendable] = [:]) {
            decoder = JSONDecoder()
            decoder.userInfo = userInfo
        }

        /// Creates a player for a schema-driven tree.
        public init(schema: StepSchema) where Root == DynamicSteps {
            self.init(as: DynamicSteps.self, userInfo: [.stepSchema: schema])
        }

        /// Replays the next line of the recording (without its line break).
        /// - Returns: The replayed step, or `nil` for a blank line.
        /// - Throws: ``SessionReplayError`` when the line and the tree disagree; the player
        ///   then stops, and every later line throws the same error.
        /// - Complexity: O(*n*) for a record of *n* nodes.
        public mutating func play(_ line: Data) throws(SessionReplayError) -> Step<Root>? {
            if let stopped { throw stopped }
            lineCount += 1
            do {
                return try replay(line, number: lineCount)
            } catch {
                stopped = error
                throw error
            }
        }

        /// Ends the recording.
        /// - Throws: ``SessionReplayError/Reason/empty`` when no line held a record, or the
        ///   error the player stopped with.
        public func finish() throws(SessionReplayError) {
            if let stopped { throw stopped }
            guard last != nil else { throw SessionReplayError(line: 1, .empty) }
        }

        private mutating func replay(_ text: Data, number line: Int)
            throws(SessionReplayError) -> Step<Root>?
        {
            guard !Self.isBlank(text) else { return nil }
            let record = try SessionReplay.decode(text, as: Root.self, line: line, decoder: decoder)
            guard let previous = last else {
                guard record.sequence == 0 || record.cause == SessionRecord<Root>.startCause
                else { throw SessionReplayError(line: line, .missingStart) }
                let step = Step(line: line, record: record, screen: HeadlessScreen(record.state))
                last = step
                return step
            }
            // The largest number has no successor: no record can follow it.
            let (expected, overflow) = previous.record.sequence.addingReportingOverflow(1)
            guard !overflow else {
                throw SessionReplayError(
                    line: line,
                    .malformed("no record can follow sequence \(previous.record.sequence)"))
            }
            guard record.sequence == expected else {
                throw SessionReplayError(
                    line: line, .sequenceGap(expected: expected, found: record.sequence))
            }
            let events = NavigationDiff.events(from: previous.record.state, to: record.state)
            let replayed = events.map(\.description)
            guard replayed == record.events else {
                throw SessionReplayError(
                    line: line, .eventsDiffer(recorded: record.events, replayed: replayed))
            }
            var screen = previous.screen
            do {
                try screen.apply(events, reaching: record.state)
            } catch {
                throw SessionReplayError(line: line, .screenRefused(error))
            }
            guard screen.visibleScreen == record.visibleScreen else {
                throw SessionReplayError(
                    line: line,
                    .visibleScreenDiffers(
                        recorded: record.visibleScreen, replayed: screen.visibleScreen))
            }
            let step = Step(line: line, record: record, screen: screen)
            last = step
            return step
        }

        /// Whether a line holds only white space (Unicode's, as `Character.isWhitespace`).
        private static func isBlank(_ line: Data) -> Bool {
            var ascii = true
            for byte in line {
                switch byte {
                case 0x09...0x0D, 0x20: continue
                case 0x80...: ascii = false
                default: return false
                }
            }
            return ascii || String(decoding: line, as: UTF8.self).allSatisfy(\.isWhitespace)
        }
    }

    /// Replays the JSON Lines of `log` against a schema-driven tree.
    /// - Throws: ``SessionReplayError`` at the first line where the recording and the tree
    ///   disagree.
    /// - Complexity: O(*r* · *n*) for *r* records of *n* nodes each.
    public static func replay(
        _ log: String, schema: StepSchema
    ) throws(SessionReplayError) -> [Step<DynamicSteps>] {
        try replay(log, as: DynamicSteps.self, userInfo: [.stepSchema: schema])
    }

    /// Decodes one line: a problem in the state is the tree's, any other the recording's.
    private static func decode<Root: StepNode>(
        _ text: Data, as type: Root.Type, line: Int, decoder: JSONDecoder
    ) throws(SessionReplayError) -> SessionRecord<Root> {
        do {
            return try decoder.decode(SessionRecord<Root>.self, from: text)
        } catch let error as DecodingError {
            let (path, problem) = describe(error)
            if path.first == RecordLine.CodingKeys.state.stringValue {
                throw SessionReplayError(
                    line: line, .stateDoesNotFit("\(stepPath(path.dropFirst())): \(problem)"))
            }
            let place = path.joined(separator: ".")
            throw SessionReplayError(
                line: line, .malformed(place.isEmpty ? problem : "\(place): \(problem)"))
        } catch {
            throw SessionReplayError(line: line, .malformed("not valid JSON"))
        }
    }

    /// The step path that a coding path inside a state leads to: the containers of the state
    /// encoding (`steps`, `value`, `elements`, `selected`) left out.
    private static func stepPath(_ codingPath: ArraySlice<String>) -> StepPath {
        let containers: Set = ["steps", "value", "elements", "selected", "renewal", "id"]
        return StepPath(codingPath.filter { !containers.contains($0) && Int($0) == nil })
    }

    /// The coding path and the message of a decoding error.
    private static func describe(_ error: DecodingError) -> (path: [String], problem: String) {
        switch error {
        case .dataCorrupted(let context):
            // Foundation reports text that is not JSON as corrupted data at the top level.
            let problem = context.codingPath.isEmpty ? "not valid JSON" : context.debugDescription
            return (context.codingPath.map(\.stringValue), problem)
        case .keyNotFound(let key, let context):
            return (context.codingPath.map(\.stringValue), "no field '\(key.stringValue)'")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return (context.codingPath.map(\.stringValue), context.debugDescription)
        @unknown default:
            return ([], "\(error)")
        }
    }
}
