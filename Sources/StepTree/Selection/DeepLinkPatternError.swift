/// A pattern or target that ``DeepLinkRouter`` refused to register: which, and why.
public struct DeepLinkPatternError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with a pattern.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// The pattern has no segment.
        case emptyPattern
        /// Segment `index` (0-based) of the pattern is empty: a leading, trailing or doubled `/`.
        case emptySegment(index: Int)
        /// A segment starts with `<` or ends with `>` but is no placeholder (`<name>`,
        /// `<int:name>`, `<uuid:name>`, `<rest:name>`).
        case malformedPlaceholder(String)
        /// A placeholder with a type other than `int`, `uuid` and `rest`.
        case unknownPlaceholderType(String)
        /// Two placeholders share this name.
        case duplicatePlaceholder(String)
        /// A `<rest:…>` placeholder that is not the last segment of the path, or is in the query.
        case restNotLast(String)
        /// A literal segment that could name no step: too long, or with `/`, `<`, `>` or a
        /// control character.
        case invalidLiteral(String)
        /// A query item that is not `name=<placeholder>`, or names an item twice.
        case malformedQueryItem(String)
        /// The pattern matches exactly the links of this pattern, registered before.
        case conflicts(with: String)
        /// The target names this placeholder, which the pattern does not have.
        case unknownTargetPlaceholder(String)
        /// The pattern captures this placeholder but the target does not use it, so the router
        /// could not print the link back from a state.
        case unusedPlaceholder(String)
        /// A target or a screen beneath it is not a path of keys and `<placeholder>` segments.
        case invalidTarget(String)

        /// The reason as a phrase.
        public var description: String {
            switch self {
            case .emptyPattern: "the pattern is empty"
            case .emptySegment(let index): "segment \(index + 1) is empty"
            case .malformedPlaceholder(let text): "malformed placeholder '\(text)'"
            case .unknownPlaceholderType(let type): "unknown placeholder type '\(type)'"
            case .duplicatePlaceholder(let name): "placeholder '\(name)' appears twice"
            case .restNotLast(let name): "<rest:\(name)> must be the last segment of the path"
            case .invalidLiteral(let text):
                "segment '\(StepPath.excerpt(text))' is too long, or contains '/', '<', '>' or a "
                    + "control character"
            case .malformedQueryItem(let text):
                "query item '\(StepPath.excerpt(text))' is not name=<placeholder>, or is repeated"
            case .conflicts(let other):
                "matches the same links as '\(other)', registered before"
            case .unknownTargetPlaceholder(let name): "the target uses '<\(name)>', not captured"
            case .unusedPlaceholder(let name): "placeholder '\(name)' is not used by the target"
            case .invalidTarget(let text): "target '\(StepPath.excerpt(text))' is not a step path"
            }
        }
    }

    /// The pattern.
    public let pattern: String
    /// What is wrong with it.
    public let reason: Reason

    /// Creates an error for `pattern`.
    public init(pattern: String, reason: Reason) {
        self.pattern = pattern
        self.reason = reason
    }

    /// The reason as a phrase, as in ``description``.
    public var problem: String { reason.description }

    /// `pattern '<pattern>': <problem>`.
    public var description: String { "pattern '\(StepPath.excerpt(pattern))': \(problem)" }
}
