import Foundation

/// One conformance case: a schema and steps applied in order to one state (see the suite's
/// README for the file format).
public struct ConformanceCase: Sendable {
    /// What one step does.
    public enum Action: Hashable, Sendable {
        /// Select each segment of the path; `fresh` gives the last step a new identity.
        case select(String, fresh: Bool)
        /// Deselect the last segment of the path.
        case deselect(String)
        /// Make the stack at the path hold exactly these ids.
        case stack(String, ids: [String])
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
        let known: Set = ["select", "deselect", "stack", "ids", "fresh", "expect", "error"]
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw fail("unknown field '\(unknown)'")
        }
        let operations = ["select", "deselect", "stack"].filter { fields[$0] != nil }
        if operations.count > 1 { throw fail("a step does one of 'select', 'deselect' or 'stack'") }
        let action: Action
        if let path = fields["select"] as? String {
            action = .select(path, fresh: fields["fresh"] as? Bool ?? false)
        } else if let path = fields["deselect"] as? String {
            action = .deselect(path)
        } else if let path = fields["stack"] as? String {
            guard let ids = fields["ids"] as? [String] else {
                throw fail("'ids' must be an array of strings")
            }
            action = .stack(path, ids: ids)
        } else {
            throw fail("expected one of 'select', 'deselect' or 'stack' with a string path")
        }
        guard let expect = fields["expect"] as? [String] else {
            throw fail("'expect' must be an array of strings")
        }
        return Check(
            action: action, expect: expect, expectsError: fields["error"] as? Bool ?? false)
    }
}

/// A case file that could not be read: where and why.
public struct ConformanceFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The case and step at fault.
    public let location: String
    /// What is wrong.
    public let problem: String

    /// `<location>: <problem>`.
    public var description: String { "\(location): \(problem)" }
}
