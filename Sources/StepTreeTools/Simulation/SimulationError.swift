import StepTree

/// An operation the simulated UIKit refused, as UIKit would refuse or break on it.
public struct SimulationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why the operation was refused.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// A pop named a controller that is not on top of its navigation stack.
        case popNotOnTop
        /// A dismiss named a controller that is not the topmost presented one.
        case dismissNotTopmost
        /// The presenting controller already presents another one.
        case alreadyPresenting
        /// The presenting controller is not in the window's hierarchy.
        case notInWindow
        /// The pushed controller is already on a navigation stack.
        case alreadyPushed
        /// Another transition is still running.
        case transitionRunning
        /// The controller to dismiss above presents nothing.
        case nothingPresented
        /// A driver was asked to change a screen that is not in the window.
        case notInHierarchy

        /// The reason as a clause.
        public var description: String {
            switch self {
            case .popNotOnTop: "not on top of its navigation stack"
            case .dismissNotTopmost: "not the topmost presented controller"
            case .alreadyPresenting: "the presenter already presents a controller"
            case .notInWindow: "the presenter is not in the window"
            case .alreadyPushed: "already on a navigation stack"
            case .transitionRunning: "another transition is running"
            case .nothingPresented: "it presents nothing"
            case .notInHierarchy: "no such screen in the window"
            }
        }
    }

    /// The operation, for example `pop /profile/detail`.
    public let operation: String
    /// Why it was refused.
    public let reason: Reason

    /// Creates an error.
    /// - Parameters:
    ///   - operation: The operation refused.
    ///   - reason: Why.
    public init(_ operation: String, _ reason: Reason) {
        self.operation = operation
        self.reason = reason
    }

    /// `<operation>: <reason>`, with control and bidirectional-formatting characters
    /// written as escapes (`\u{1B}`).
    public var description: String { PrintableText.printable("\(operation): \(reason)") }
}
