import StepTree

/// One problem the navigation-map linter found: how bad, which rule, where, and what.
///
/// `description` is the one line `steptree lint` prints, for example
/// `error /profile/settings/share: modal-depth: 3 modals deep (the limit is 2)`.
public struct LintFinding: Hashable, Sendable, CustomStringConvertible {
    /// How bad a finding is: errors make `steptree lint` exit with a non-zero status.
    public enum Severity: String, Hashable, Sendable, CustomStringConvertible {
        /// A map that works against its users.
        case error
        /// A map that works but is likely to surprise.
        case warning

        /// The severity's name.
        public var description: String { rawValue }
    }

    /// The name of a lint rule, as printed; rules that read more than the schema (routes) add
    /// their own.
    public struct Rule: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The rule's name.
        public let rawValue: String

        /// Modals presented from modals, deeper than the limit.
        public static let modalDepth = Rule(rawValue: "modal-depth")
        /// Sibling keys that differ only in case or Unicode form: easy to mistype in a link.
        public static let similarKeys = Rule(rawValue: "similar-keys")
        /// A key that a URL must percent-encode.
        public static let urlUnsafeKey = Rule(rawValue: "url-unsafe-key")
        /// A tab bar with a single tab.
        public static let singleTab = Rule(rawValue: "single-tab")
        /// The schema itself is refused (see `StepSchemaError`).
        public static let schema = Rule(rawValue: "schema")

        /// Creates a rule name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The rule's name.
        public var description: String { rawValue }
    }

    /// How bad it is.
    public let severity: Severity
    /// The rule that found it.
    public let rule: Rule
    /// The step it is about, in the schema (a stack's element schema is written `*`); for a
    /// finding about a route, `routes[i]`, its index in the routing table.
    public let path: String
    /// What is wrong, in one sentence.
    public let message: String

    /// Creates a finding.
    public init(_ severity: Severity, _ rule: Rule, at path: String, _ message: String) {
        self.severity = severity
        self.rule = rule
        self.path = path
        self.message = message
    }

    /// `severity path: rule: message`, with control and bidirectional-formatting characters
    /// (a key may hold a bidirectional override) written as escapes (`\u{1B}`).
    public var description: String {
        PrintableText.printable("\(severity) \(path): \(rule): \(message)")
    }
}
