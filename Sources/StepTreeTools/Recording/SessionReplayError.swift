import StepTree
import StepTreeDrivers

/// Why a replay stopped: the line of the recording and what disagrees there.
public struct SessionReplayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What disagrees.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// The recording holds no record.
        case empty
        /// The line is not a record: not JSON, or a field is missing or of the wrong type.
        case malformed(String)
        /// The first record is not a start record (sequence 0 or cause `start`).
        case missingStart
        /// The recorded state does not fit the tree: a step or field the tree does not have.
        case stateDoesNotFit(String)
        /// A transaction is missing between two records.
        case sequenceGap(expected: UInt64, found: UInt64)
        /// The tree gives other events than the ones recorded.
        case eventsDiffer(recorded: [String], replayed: [String])
        /// The tree shows another screen than the one recorded.
        case visibleScreenDiffers(recorded: StepPath, replayed: StepPath)
        /// The headless screen refused the events (see `ScreenError`).
        case screenRefused(ScreenError)

        /// One sentence saying what disagrees, with control and bidirectional-formatting
        /// characters in the text it quotes written as escapes (`\u{1B}`).
        public var description: String { PrintableText.printable(sentence) }

        /// The sentence before escaping, for the error's own to escape once.
        fileprivate var sentence: String {
            switch self {
            case .empty: "the recording holds no record"
            case .malformed(let problem): "not a session record: \(problem)"
            case .missingStart: "the first record is not a start record"
            case .stateDoesNotFit(let problem):
                "the recorded state does not fit the tree: \(problem)"
            case .sequenceGap(let expected, let found):
                "transaction #\(expected) is missing (found #\(found))"
            case .eventsDiffer(let recorded, let replayed):
                "the tree gives [\(replayed.joined(separator: ", "))] where the recording has "
                    + "[\(recorded.joined(separator: ", "))]"
            case .visibleScreenDiffers(let recorded, let replayed):
                "the tree shows \(replayed) where the recording shows \(recorded)"
            case .screenRefused(let error): "the screen refuses the events: \(error)"
            }
        }
    }

    /// The line of the recording, from 1.
    public let line: Int
    /// What disagrees.
    public let reason: Reason

    /// Creates an error.
    public init(line: Int, _ reason: Reason) {
        self.line = line
        self.reason = reason
    }

    /// `line N: reason`, with control and bidirectional-formatting characters (a recording
    /// may hold an escape sequence) written as escapes (`\u{1B}`).
    public var description: String { PrintableText.printable("line \(line): \(reason.sentence)") }
}
