/// A routes file that does not describe a router: where, and why.
public struct DeepLinkRouteTableError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong with a routes file.
    public enum Reason: Hashable, Sendable {
        /// The JSON does not decode as a table; the text names where and what.
        case malformed(String)
        /// The router refuses route `index` (0-based).
        case invalidRoute(index: Int, DeepLinkPatternError)
    }

    /// What is wrong.
    public let reason: Reason

    /// Creates an error.
    public init(_ reason: Reason) { self.reason = reason }

    /// `routes[1]: pattern '<x': malformed placeholder '<x'`, or where the JSON is wrong.
    public var description: String {
        switch reason {
        case .malformed(let problem): problem
        case .invalidRoute(let index, let error): "routes[\(index)]: \(error)"
        }
    }
}
