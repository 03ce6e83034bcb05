import StepTree

/// Checks a navigation map for what works against its users: modal chains deeper than a
/// limit, sibling keys that are easy to confuse, keys a URL must encode, tab bars with one tab.
///
/// ```swift
/// let findings = NavigationLinter(maximumModalDepth: 2).lint(schema)
/// for finding in findings { print(finding) }  // error /a/b: modal-depth: ...
/// ```
///
/// ``lint(_:)`` reads the schema alone; ``lint(_:routes:)`` also checks the app's routing
/// table (screens no route reaches, routes that resolve to nothing, patterns that shadow each
/// other) and reports through the same ``LintFinding``.
public struct NavigationLinter: Sendable {
    /// The most modals that may be presented one from another along a path.
    public var maximumModalDepth: Int

    /// Creates a linter.
    /// - Parameter maximumModalDepth: The most modals presented one from another along a path
    ///   (SwiftUI and UIKit handle two well; more is hard to dismiss).
    public init(maximumModalDepth: Int = 2) {
        self.maximumModalDepth = maximumModalDepth
    }

    /// The findings for `schema`, in depth-first order of the steps they are about.
    /// - Complexity: O(*n* · *c*) for *n* nodes with at most *c* children each.
    public func lint(_ schema: StepSchema) -> [LintFinding] {
        var findings: [LintFinding] = []
        visit(schema, path: "", modals: 0, into: &findings)
        return findings
    }

    private func visit(
        _ node: StepSchema, path: String, modals: Int, into findings: inout [LintFinding]
    ) {
        let shown = path.isEmpty ? "/" : path
        if case .present = node.kind, modals > maximumModalDepth {
            findings.append(
                LintFinding(
                    .error, .modalDepth, at: shown,
                    "\(modals) modals deep, presented one from another (the limit is "
                        + "\(maximumModalDepth))"))
        }
        if !path.isEmpty, !node.key.isEmpty,
            let unsafe = node.key.unicodeScalars.first(where: { !Self.urlSafe($0) })
        {
            findings.append(
                LintFinding(
                    .warning, .urlUnsafeKey, at: shown,
                    "'\(unsafe.escaped(asASCII: true))' in key '\(node.key)' must be "
                        + "percent-encoded in a URL"))
        }
        let tabs = node.children.filter { $0.kind == .tab }
        if tabs.count == 1 {
            findings.append(
                LintFinding(
                    .warning, .singleTab, at: shown,
                    "a tab bar with one tab ('\(tabs[0].key)'); make it inline"))
        }
        for (index, child) in node.children.enumerated() {
            for other in node.children[..<index] where Self.confusable(other.key, child.key) {
                findings.append(
                    LintFinding(
                        .warning, .similarKeys, at: shown,
                        "keys '\(Self.ascii(other.key))' and '\(Self.ascii(child.key))' differ only in case or "
                            + "Unicode form"))
            }
        }
        for child in node.children {
            let depth = modals + (child.kind.layer == .modal ? 1 : 0)
            visit(child, path: path + "/" + child.key, modals: depth, into: &findings)
        }
        if let element = node.element {
            visit(element, path: path + "/*", modals: modals, into: &findings)
        }
    }

    /// Whether two distinct keys compare equal ignoring case (Swift compares strings by
    /// canonical equivalence, so `é` and `e` + U+0301 are equal here, unlike in paths).
    static func confusable(_ a: String, _ b: String) -> Bool {
        !a.unicodeScalars.elementsEqual(b.unicodeScalars) && a.lowercased() == b.lowercased()
    }

    /// `key` with every scalar outside ASCII escaped, so that look-alike keys print apart.
    static func ascii(_ key: String) -> String {
        key.unicodeScalars.map { $0.escaped(asASCII: true) }.joined()
    }

    /// Whether `scalar` needs no percent-encoding in a URL path segment (RFC 3986 unreserved).
    static func urlSafe(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII
            && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "-._~".unicodeScalars.contains(scalar))
    }
}
