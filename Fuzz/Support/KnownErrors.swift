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
        ("unknown field '", "'"), ("key '", "' is empty or contains '/'"),
        ("unknown kind '", "'"), ("step '", "' is declared twice"),
        ("initial step '", "' is not a child"), ("initial steps '", " layer"),
    ]
    return patterns.contains { problem.hasPrefix($0.prefix) && problem.hasSuffix($0.suffix) }
}
