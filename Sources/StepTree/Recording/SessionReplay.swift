import Foundation

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
    ///   - userInfo: Given to the decoder (``DynamicSteps`` reads its schema from it).
    /// - Returns: Every record in order, the start record first.
    /// - Throws: ``SessionReplayError`` at the first line where the recording and the tree
    ///   disagree.
    /// - Complexity: O(*r* · *n*) for *r* records of *n* nodes each.
    public static func replay<Root: StepNode>(
        _ log: String, as type: Root.Type, userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) throws(SessionReplayError) -> [Step<Root>] {
        let decoder = JSONDecoder()
        decoder.userInfo = userInfo
        var steps: [Step<Root>] = []
        for (offset, text) in log.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        where !text.allSatisfy(\.isWhitespace) {
            let line = offset + 1
            let record = try decode(text, as: Root.self, line: line, decoder: decoder)
            guard let previous = steps.last else {
                guard record.sequence == 0 || record.cause == SessionRecord<Root>.startCause
                else { throw SessionReplayError(line: line, .missingStart) }
                steps.append(Step(line: line, record: record, screen: HeadlessScreen(record.state)))
                continue
            }
            let expected = previous.record.sequence + 1
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
            steps.append(Step(line: line, record: record, screen: screen))
        }
        guard !steps.isEmpty else { throw SessionReplayError(line: 1, .empty) }
        return steps
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
        _ text: Substring, as type: Root.Type, line: Int, decoder: JSONDecoder
    ) throws(SessionReplayError) -> SessionRecord<Root> {
        do {
            return try decoder.decode(SessionRecord<Root>.self, from: Data(text.utf8))
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
