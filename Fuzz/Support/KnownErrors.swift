import StepTree
import StepTreeTools

// The designed refusals of the loaders: fuzzing tells them from anything else.

/// Whether `problem` is one of the sentences `StepSchema` uses for a designed refusal.
public func isKnownSchemaProblem(_ problem: String) -> Bool {
    let exact: Set = [
        "not valid JSON", "a node must be an object", "the root has no key",
        "'key' must be a string", "'kind' must be a string", "'style' must be a string",
        "'initial' must be a key or a list of keys", "'children' must be an array",
        "'style' is only for present steps", "a child has no key",
        "content children must be all tabs or all inline", "'element' is only for stack steps",
        "an element schema has no key", "a stack has elements, not children",
        "a stack has no initial selection", "nested deeper than 64 levels",
    ]
    if exact.contains(problem) { return true }
    let patterns: [(prefix: String, suffix: String)] = [
        ("unknown field '", "'"),
        ("key '", "' is empty, too long, or contains '/' or a control character"),
        ("unknown kind '", "'"), ("step '", "' is declared twice"),
        ("style '", "' is empty, too long, or contains a space or a control character"),
        ("initial step '", "' is not a child"), ("initial steps '", " layer"),
        ("the schema has more than ", " nodes"), ("the schema is larger than ", " bytes"),
    ]
    return patterns.contains { problem.hasPrefix($0.prefix) && problem.hasSuffix($0.suffix) }
}

/// Whether `error` is one of the refusals `ConformanceCase.load` is designed to give.
public func isKnownCaseFileError(_ error: ConformanceFileError) -> Bool {
    let problems: Set = [
        "not valid JSON", "expected an array of cases", "expected an object",
        "'steps' must be an array", "'ids' must be an array of strings",
        "'expect' must be an array of strings", "'error' must be a boolean",
    ]
    if problems.contains(error.problem) { return true }
    if error.problem.hasPrefix("unknown field '") { return true }
    let prefix = "schema error at /"
    guard error.problem.hasPrefix(prefix), let colon = error.problem.range(of: ": ") else {
        return false
    }
    return isKnownSchemaProblem(String(error.problem[colon.upperBound...]))
}
