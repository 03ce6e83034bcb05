import Foundation
import StepTree

/// One line of a recorded session: a committed transaction with its cause, time, events, the
/// visible screen after it and the state after it, which is what a replay needs.
///
/// ```json
/// {"cause":"deepLink","events":["select / home -> profile","push /profile/detail"],
///  "sequence":1,"state":{…},"time":0.25,"visible":"/profile/detail"}
/// ```
///
/// The first line of a session has sequence 0 and cause `start`: the state before the first
/// transaction.
public struct SessionRecord<Root: StepNode>: Sendable {
    /// The transaction's number in its navigator (0 for the start).
    public let sequence: UInt64
    /// What started the transaction (`start` for the first line).
    public let cause: NavigationCause
    /// Seconds since the recorder was created.
    public let time: Double
    /// The events in the text form of SPEC §5.
    public let events: [String]
    /// The visible screen after the transaction.
    public let visibleScreen: StepPath
    /// The state after the transaction.
    public let state: Root

    /// The cause of a session's first line.
    public static var startCause: NavigationCause { "start" }

    /// Creates a record.
    public init(
        sequence: UInt64, cause: NavigationCause, time: Double, events: [String],
        visibleScreen: StepPath, state: Root
    ) {
        self.sequence = sequence
        self.cause = cause
        self.time = time
        self.events = events
        self.visibleScreen = visibleScreen
        self.state = state
    }
}

/// The fields of a record line, with the state of any type, as the recorder writes them.
struct RecordLine: Encodable {
    let sequence: UInt64
    let cause: NavigationCause
    let time: Double
    let events: [String]
    let visibleScreen: StepPath
    let state: any StepNode

    enum CodingKeys: String, CodingKey {
        case sequence, cause, time, events
        case visibleScreen = "visible"
        case state
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sequence, forKey: .sequence)
        try container.encode(cause.rawValue, forKey: .cause)
        try container.encode(time, forKey: .time)
        try container.encode(events, forKey: .events)
        try container.encode(visibleScreen.description, forKey: .visibleScreen)
        try container.encode(state, forKey: .state)
    }

    /// The line as compact JSON with sorted keys.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

extension SessionRecord: Codable {
    /// Decodes a record line; the state is decoded as `Root` (a `DynamicSteps` needs its
    /// schema in `decoder.userInfo[.stepSchema]`).
    /// - Throws: `DecodingError` for a missing field or a state that does not fit `Root`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: RecordLine.CodingKeys.self)
        sequence = try container.decode(UInt64.self, forKey: .sequence)
        cause = NavigationCause(rawValue: try container.decode(String.self, forKey: .cause))
        time = try container.decode(Double.self, forKey: .time)
        events = try container.decode([String].self, forKey: .events)
        let visible = try container.decode(String.self, forKey: .visibleScreen)
        if visible == "/" {
            visibleScreen = .root
        } else if let path = try? StepPath(parsing: visible) {
            visibleScreen = path
        } else {
            throw DecodingError.dataCorruptedError(
                forKey: .visibleScreen, in: container,
                debugDescription: "'\(StepPath.quoted(visible))' is not a path")
        }
        state = try container.decode(Root.self, forKey: .state)
    }

    /// Encodes the record as the recorder writes it.
    public func encode(to encoder: any Encoder) throws {
        try RecordLine(
            sequence: sequence, cause: cause, time: time, events: events,
            visibleScreen: visibleScreen, state: state
        ).encode(to: encoder)
    }
}
