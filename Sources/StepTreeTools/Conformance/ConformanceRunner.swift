import StepTree

/// Runs conformance cases through the library and reports each step.
public enum ConformanceRunner {
    /// The outcome of one step that did not do what its case expects.
    public struct Failure: Hashable, Sendable, CustomStringConvertible {
        /// The case's name.
        public let caseName: String
        /// The step's 0-based index.
        public let stepIndex: Int
        /// The expected events (empty when the step had to fail).
        public let expected: [String]
        /// The events produced.
        public let actual: [String]
        /// Whether the step had to fail.
        public let expectedError: Bool
        /// The error the step raised, if any.
        public let actualError: String?

        /// One line: case, step, expected and actual outcome, with control and
        /// bidirectional-formatting characters (a case name may hold an escape sequence)
        /// written as escapes (`\u{1B}`).
        public var description: String {
            let want = expectedError ? "error" : "[\(expected.joined(separator: ", "))]"
            let got = actualError.map { "error (\($0))" } ?? "[\(actual.joined(separator: ", "))]"
            return PrintableText.printable(
                "\(caseName) step \(stepIndex): expected \(want), got \(got)")
        }
    }

    /// Counts of passed and failed steps, with the failures.
    public struct Report: Sendable {
        /// Steps that did what their case expects.
        public var passed = 0
        /// Steps that did not.
        public var failures: [Failure] = []
        /// The number of failed steps.
        public var failed: Int { failures.count }

        /// An empty report.
        public init() {}

        /// Adds another report's counts and failures to this one.
        public mutating func merge(_ other: Report) {
            passed += other.passed
            failures += other.failures
        }
    }

    /// Runs every step of every case, each case from its schema's initial state.
    /// - Complexity: O(total steps × cost of one diff).
    public static func run(_ cases: [ConformanceCase]) -> Report {
        var report = Report()
        for testCase in cases {
            var state = DynamicSteps(schema: testCase.schema)
            for (index, check) in testCase.checks.enumerated() {
                let before = state
                var events: [String] = []
                var failure: String?
                var changedOnError = false
                do {
                    try perform(check.action, on: &state)
                    events = NavigationDiff.events(from: before, to: state).map(\.description)
                } catch {
                    failure = error.description
                    changedOnError = state != before
                    if changedOnError { failure = "\(error.description); the state changed" }
                    state = before
                }
                let errorMatches = (failure != nil) == check.expectsError
                if errorMatches && events == check.expect && !changedOnError {
                    report.passed += 1
                } else {
                    report.failures.append(
                        Failure(
                            caseName: testCase.name, stepIndex: index, expected: check.expect,
                            actual: events, expectedError: check.expectsError, actualError: failure)
                    )
                }
            }
        }
        return report
    }

    /// Applies one case action to `state`, as ``run(_:)`` does for each step.
    /// - Parameters:
    ///   - action: The step's operation.
    ///   - state: The state to change; unchanged when the action fails.
    /// - Throws: ``ConformanceStepError`` for a failed path operation or a malformed step.
    /// - Complexity: The cost of the operation; a `restore` rebuilds its state from the initial
    ///   one.
    ///
    /// A case checks the engine, it does not navigate an app: the global observer is not told
    /// of its selections.
    public static func perform(_ action: ConformanceCase.Action, on state: inout DynamicSteps)
        throws(ConformanceStepError)
    {
        do {
            // Each action is a path operation, made through the editor with no one to report to.
            func edit(_ path: String, _ edit: StepEdit) throws {
                try state.edit(path: StepPath(parsing: path), edit, reporting: .none)
            }
            switch action {
            case .select(let path, nil): try edit(path, .select(fresh: false))
            case .select(let path, .fresh?): try edit(path, .select(fresh: true))
            case .select(let path, .value(let value)?): try edit(path, .select(with: value))
            case .show(let path): try edit(path, .show(fresh: false))
            case .deselect(let path): try edit(path, .deselect)
            case .stack(let path, let ids): try edit(path, .setStack(ids))
            case .malformed(let problem): throw ConformanceStepError.malformed(problem)
            case .restore(let steps):
                // The saved state is built from the initial one, then restored.
                var saved = DynamicSteps(schema: state.schema)
                for step in steps { try perform(step, on: &saved) }
                state.restore(saved)
            }
        } catch let error as StepPathError {
            throw .path(error)
        } catch let error as ConformanceStepError {
            throw error
        } catch {
            throw .malformed("\(error)")
        }
    }
}

/// Why a conformance step failed.
public enum ConformanceStepError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path operation was refused.
    case path(StepPathError)
    /// The step is not one the case format allows.
    case malformed(String)

    /// The reason, as one sentence, with control and bidirectional-formatting characters
    /// written as escapes (`\u{1B}`).
    public var description: String {
        switch self {
        case .path(let error): error.description
        case .malformed(let problem): PrintableText.printable("malformed step: \(problem)")
        }
    }
}
