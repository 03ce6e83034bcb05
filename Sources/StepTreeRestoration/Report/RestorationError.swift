import StepTree

/// Why saved navigation state could not be restored at all; nothing was changed.
public enum RestorationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data is not JSON: truncated or corrupted. The detail is the parser's.
    case malformedJSON(String)
    /// The JSON is not a saved state: no `format` of `steptree-state`, or no `state`.
    case notASavedState
    /// The save uses a newer format than this library reads.
    case unsupportedFormat(version: Int)
    /// The state is damaged at this place in a way no repair fits (the root itself, or more
    /// of the root's own fields than ``StepArchive/repairLimit``).
    case unrepairable(at: String, String)
    /// The state could not be encoded; the detail is the encoder's.
    case unencodable(String)

    /// A sentence that says what failed, with control and bidirectional-formatting
    /// characters in the text it quotes written as escapes (`\u{1B}`).
    public var description: String { PrintableText.printable(sentence) }

    private var sentence: String {
        switch self {
        case .malformedJSON(let detail): "the saved state is not valid JSON: \(detail)"
        case .notASavedState: "the data is not a saved StepTree state"
        case .unsupportedFormat(let version):
            "the saved state has format version \(version); this library reads up to "
                + "\(StepArchiveFormat.version)"
        case .unrepairable(let path, let detail):
            "the saved state cannot be repaired at \(path): \(detail)"
        case .unencodable(let detail): "the state cannot be encoded: \(detail)"
        }
    }
}
