/// Which ``Navigator`` made a change: unique among the navigators of one process, so a global
/// observer can tell apart changes from navigators that run side by side (parallel tests, two
/// windows).
public struct NavigatorID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The navigator's number, from 1 in creation order; 0 for a change made without one.
    public let rawValue: UInt64

    /// The id of changes that no navigator made (records built by hand).
    public static let none = NavigatorID(rawValue: 0)

    private static let counter = Locked<UInt64>(0)

    private init(rawValue: UInt64) { self.rawValue = rawValue }

    /// A new id, never handed out before in this process.
    static func next() -> NavigatorID {
        NavigatorID(
            rawValue: counter.withLock {
                $0 += 1
                return $0
            })
    }

    /// Orders ids by creation.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `navigator 3`.
    public var description: String { "navigator \(rawValue)" }
}
