import Foundation
import StepTree

/// One conformance case: a schema and steps applied in order to one state (see the suite's
/// README for the file format).
public struct ConformanceCase: Sendable {
    /// What one step does.
    public indirect enum Action: Hashable, Sendable {
        /// Select each segment of the path, renewing the last one as asked.
        case select(String, renewal: Renewal?)
        /// Show exactly the screen at the path.
        case show(String)
        /// Deselect the last segment of the path.
        case deselect(String)
        /// Make the stack at the path hold exactly these ids.
        case stack(String, ids: [String])
        /// Replace the state with the one these steps build from the initial state.
        case restore([Action])
        /// A step the case format does not allow; running it must fail.
        case malformed(String)
    }

    /// How a `select` step renews its last step.
    public enum Renewal: Hashable, Sendable {
        /// With no value (`"fresh": true`).
        case fresh
        /// With a payload (`"value": "v"`).
        case value(String)
    }

    /// One step and what it must produce.
    public struct Check: Hashable, Sendable {
        /// The operation.
        public let action: Action
        /// The exact, ordered event list in text form.
        public let expect: [String]
        /// Whether the step must fail and change nothing.
        public let expectsError: Bool
    }

    /// The case's name.
    public let name: String
    /// The tree.
    public let schema: StepSchema
    /// The steps, applied in order.
    public let checks: [Check]

    /// Parses a case file: a JSON array of cases.
    /// - Throws: ``ConformanceFileError`` naming the case, step and field at fault.
    public static func load(json data: Data) throws(ConformanceFileError) -> [ConformanceCase] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ConformanceFileError(location: "file", problem: "not valid JSON")
        }
        guard let list = object as? [Any] else {
            throw ConformanceFileError(location: "file", problem: "expected an array of cases")
        }
        var cases: [ConformanceCase] = []
        for (position, item) in list.enumerated() {
            cases.append(try parse(item, position: position))
        }
        return cases
    }

    private static func parse(_ item: Any, position: Int) throws(ConformanceFileError)
        -> ConformanceCase
    {
        guard let fields = item as? [String: Any] else {
            throw ConformanceFileError(location: "case \(position)", problem: "expected an object")
        }
        let name = fields["name"] as? String ?? "case \(position)"
        let schema: StepSchema
        do {
            schema = try StepSchema(jsonObject: fields["schema"] ?? NSNull())
        } catch {
            throw ConformanceFileError(location: name, problem: error.description)
        }
        guard let steps = fields["steps"] as? [Any] else {
            throw ConformanceFileError(location: name, problem: "'steps' must be an array")
        }
        var checks: [Check] = []
        for (index, step) in steps.enumerated() {
            checks.append(try parseCheck(step, at: "\(name) step \(index)"))
        }
        return ConformanceCase(name: name, schema: schema, checks: checks)
    }

    private static func parseCheck(_ step: Any, at location: String) throws(ConformanceFileError)
        -> Check
    {
        func fail(_ problem: String) -> ConformanceFileError {
            ConformanceFileError(location: location, problem: problem)
        }
        guard let fields = step as? [String: Any] else { throw fail("expected an object") }
        let known = Set(operations + ["ids", "fresh", "value", "expect", "error"])
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail("unknown field '\(unknown)'")
        }
        guard let expect = fields["expect"] as? [String] else {
            throw fail("'expect' must be an array of strings")
        }
        if let error = fields["error"], !(error is Bool) { throw fail("'error' must be a boolean") }
        return Check(
            action: action(fields), expect: expect,
            expectsError: fields["error"] as? Bool ?? false)
    }

    private static let operations = ["select", "deselect", "stack", "show", "restore"]

    /// The action of a step, or why the step is malformed (which makes running it fail, as
    /// the format requires).
    private static func action(_ fields: [String: Any]) -> Action {
        let named = operations.filter { fields[$0] != nil }
        guard named.count == 1, let operation = named.first else {
            return .malformed("a step does exactly one of \(operations.joined(separator: ", "))")
        }
        let fresh = fields["fresh"]
        let value = fields["value"]
        if operation != "select" && (fresh != nil || value != nil) {
            return .malformed("'fresh' and 'value' are only for select steps")
        }
        if operation != "stack" && fields["ids"] != nil {
            return .malformed("'ids' is only for stack steps")
        }
        if operation == "restore" {
            guard let list = fields["restore"] as? [Any] else {
                return .malformed("'restore' must be a list of steps")
            }
            return .restore(
                list.map { item in
                    guard let inner = item as? [String: Any] else {
                        return .malformed("a restore step must be an object")
                    }
                    if inner["expect"] != nil || inner["error"] != nil {
                        return .malformed("a restore step has no 'expect' or 'error'")
                    }
                    let known = Set(operations + ["ids", "fresh", "value"])
                    if let unknown = inner.keys.sorted().first(where: { !known.contains($0) }) {
                        return .malformed("unknown field '\(unknown)'")
                    }
                    return action(inner)
                })
        }
        guard let path = fields[operation] as? String else {
            return .malformed("'\(operation)' must be a string path")
        }
        switch operation {
        case "select":
            if fresh != nil && value != nil {
                return .malformed("'fresh' and 'value' exclude each other")
            }
            if let value {
                guard let text = value as? String else {
                    return .malformed("'value' must be a string")
                }
                return .select(path, renewal: .value(text))
            }
            if let fresh {
                guard let flag = fresh as? Bool else {
                    return .malformed("'fresh' must be a boolean")
                }
                return .select(path, renewal: flag ? .fresh : nil)
            }
            return .select(path, renewal: nil)
        case "show": return .show(path)
        case "deselect": return .deselect(path)
        default:
            guard let ids = fields["ids"] as? [String] else {
                return .malformed("'ids' must be an array of strings")
            }
            return .stack(path, ids: ids)
        }
    }
}

/// A case file that could not be read: where and why.
public struct ConformanceFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The case and step at fault.
    public let location: String
    /// What is wrong.
    public let problem: String

    /// `<location>: <problem>`, with control and bidirectional-formatting characters (a case
    /// file may hold an escape sequence) written as escapes (`\u{1B}`).
    public var description: String { PrintableText.printable("\(location): \(problem)") }
}
