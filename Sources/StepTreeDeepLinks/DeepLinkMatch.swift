import Foundation
import StepTree

/// A link matched by a ``DeepLinkRouter`` pattern: the whole link as read (where it comes from,
/// its path and query items) and its captures, already converted to their placeholder's type.
///
/// ```swift
/// try router.register("@<user>") { root, link in
///     let local = link.origin == .universalLink(host: "my.server")
///     try root.push(Destination.account(AccountScreen(user: link.string("user"), local: local)))
/// }
/// ```
///
/// A typed capture is read without an optional: the match exists only because every capture
/// converted. Asking for a name the pattern does not capture with that type is a programming
/// error, like a key path to a missing property, and stops the program with a message naming
/// the pattern and the name.
public struct DeepLinkMatch: Hashable, Sendable {
    /// A capture, converted.
    enum Capture: Hashable, Sendable {
        case text(String)
        case int(Int)
        case uuid(UUID)
        case rest([String])
        /// A repeated query item's values, each converted.
        case list([Capture])
    }

    /// The pattern that matched.
    public let pattern: String
    /// The link's scheme, in lower case: `https` for a universal link.
    public let scheme: String
    /// The host of a universal link, or of a custom scheme whose authority an origin reads as
    /// a host, read as a name: percent-decoded, in lower case, without a trailing dot
    /// (`mastodon.social`; see ``DeepLinkOrigin``); `nil` for a custom scheme whose host is the
    /// first segment of ``path``.
    public let host: String?
    /// The origin among the router's that accepts the link: its custom scheme, or the host or
    /// wildcard host that accepts it (see ``DeepLinkOrigin``); with no origins configured, the
    /// link's scheme.
    public let origin: DeepLinkOrigin
    /// The link's path: its segments, percent-decoded once (without the host of a universal
    /// link, or of a custom scheme read with one); none for a host's root.
    public let path: StepPath
    /// Every capture's text as the link wrote it, decoded (a `<rest:…>` capture joined by `/`;
    /// a prefixed one without its prefix; the host's as ``host`` reads it).
    public let values: [String: String]
    /// Every query item of the link by name, decoded; their order in the link does not matter.
    public let query: [String: String]
    let captures: [String: Capture]

    /// The text of capture `name`, or else of query item `name`, or `nil`.
    public subscript(name: String) -> String? { values[name] ?? query[name] }

    /// The `<int:name>` capture.
    public func int(_ name: String) -> Int {
        guard case .int(let value) = captures[name] else { misuse(name, "int") }
        return value
    }

    /// The `<uuid:name>` capture.
    public func uuid(_ name: String) -> UUID {
        guard case .uuid(let value) = captures[name] else { misuse(name, "uuid") }
        return value
    }

    /// The `<name>` capture (also `prefix<name>` and a host's `https://<name>/`).
    public func string(_ name: String) -> String {
        guard case .text(let value) = captures[name] else { misuse(name, "text") }
        return value
    }

    /// The segments of the `<rest:name>` capture (at least one).
    public func rest(_ name: String) -> [String] {
        guard case .rest(let value) = captures[name] else { misuse(name, "rest") }
        return value
    }

    /// The values of the repeated `<name*>` query item, in the link's order (none when the link
    /// lacks it).
    public func strings(_ name: String) -> [String] {
        list(name).map { if case .text(let text) = $0 { text } else { misuse(name, "text") } }
    }

    /// The values of the repeated `<int:name*>` query item, in the link's order.
    public func ints(_ name: String) -> [Int] {
        list(name).map { if case .int(let value) = $0 { value } else { misuse(name, "int") } }
    }

    private func list(_ name: String) -> [Capture] {
        guard case .list(let values) = captures[name] else { misuse(name, "repeated") }
        return values
    }

    /// The segments capture `name` fills in a target: those of a rest, a typed capture's value
    /// in its canonical text (`7` for `007`, `+7` or `7`; `0` for `-0`; a UUID in upper case),
    /// so that equal values land on the same step; else its text.
    func segments(of name: String) -> [String] {
        switch captures[name] {
        case .rest(let segments): segments
        case .int(let value): [String(value)]
        case .uuid(let value): [value.uuidString]
        case .text(let text): [text]
        case .list(let values): values.map(\.text)
        case nil: []
        }
    }

    private func misuse(_ name: String, _ type: String) -> Never {
        preconditionFailure("pattern '\(pattern)' has no \(type) placeholder '\(name)'")
    }
}
