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
    return patterns.contains { starts(problem, with: $0.prefix) && ends(problem, with: $0.suffix) }
}

/// Whether `error` is one of the refusals `ConformanceCase.load` is designed to give.
public func isKnownCaseFileError(_ error: ConformanceFileError) -> Bool {
    let problems: Set = [
        "not valid JSON", "expected an array of cases", "expected an object",
        "'steps' must be an array", "'ids' must be an array of strings",
        "'expect' must be an array of strings", "'error' must be a boolean",
    ]
    if problems.contains(error.problem) { return true }
    if starts(error.problem, with: "unknown field '") { return true }
    guard starts(error.problem, with: "schema error at /"),
        let problem = text(after: ": ", in: error.problem)
    else { return false }
    return isKnownSchemaProblem(problem)
}

// The refusals quote text from outside, and a quoted text that starts with a combining mark
// joins the quote before it into one Character: they are read scalar by scalar, as they are
// written.

/// Whether `text` starts with `prefix`, scalar by scalar.
func starts(_ text: String, with prefix: String) -> Bool {
    text.unicodeScalars.starts(with: prefix.unicodeScalars)
}

/// Whether `text` ends with `suffix`, scalar by scalar.
func ends(_ text: String, with suffix: String) -> Bool {
    text.unicodeScalars.reversed().starts(with: suffix.unicodeScalars.reversed())
}

/// The text after the first `separator` in `text`, found scalar by scalar; `nil` without one.
func text(after separator: String, in text: String) -> String? {
    let scalars = text.unicodeScalars
    guard let found = scalars.firstRange(of: separator.unicodeScalars) else { return nil }
    return String(scalars[found.upperBound...])
}
