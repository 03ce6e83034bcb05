/// Why ``StepNode/pop(from:)`` refused a frame: the state does not show it.
///
/// The frame is gone (popped, dismissed, renewed, or another element is at its path), or it is
/// a container root or a request. The value is left unchanged; no event is emitted and no
/// observer is called.
public struct StaleFrameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The frame's path.
    public let path: StepPath

    /// The error for the frame at `path`.
    /// - Parameter path: The frame's path.
    public init(path: StepPath) {
        self.path = path
    }

    /// `/feed/path/3 is not a frame on screen`, with control characters escaped.
    public var description: String { PrintableText.printable("\(path) is not a frame on screen") }
}
