/// Why a path operation was refused; the value is left unchanged.
///
/// No event is emitted and no observer is called.
public enum StepPathError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path is empty.
    case emptyPath
    /// Segment `index` (0-based) is empty: a leading, trailing or doubled `/`.
    case emptySegment(index: Int)
    /// The node at `in` has no child step named by the segment.
    case unknownStep(String, in: StepPath)
    /// The stack at `in` has no element with this id (`nil`: the stack the operation was
    /// called on).
    case unknownElement(String, in: StepPath?)
    /// The step at the path is not a stack, so its elements cannot be set.
    case notAStack(StepPath)
    /// Tabs are always mounted; select another tab instead.
    case cannotDeselectTab(StepPath)
    /// Stack elements are removed by changing the stack.
    case cannotDeselectElement(StepPath)
    /// A destination-stack element always shows its destination: remove the element, or select
    /// another destination.
    case cannotDeselectDestination(StepPath)
    /// Two elements of the stack at `in` would share this id (`nil`: the stack the operation
    /// was called on): an id already there, or, from a counter that has run out of numbers, the
    /// id `"9223372036854775807"` (`Int64.max`), which it cannot mint without an element sharing
    /// an earlier one's identity.
    case duplicateElementID(String, in: StepPath?)
    /// An element id is empty, too long, contains `/` or a control character, or is the key of
    /// one of the element's own steps (for a destination stack, a destination's name), which a
    /// path after the stack would read as that step (`nil`: in the stack the operation was
    /// called on).
    case invalidElementID(String, in: StepPath?)
    /// A deep-link URL that does not read as a path.
    case invalidURL(String)
    /// The step at the path cannot hold a value of this type.
    case valueMismatch(String, at: StepPath)
    /// A gesture would dismiss the modal at this path, which is declared not user-dismissible
    /// (a recording in progress, a required login).
    case notUserDismissible(StepPath)
    /// No stack takes elements of this type on the way from the visible screen (`near`) to the
    /// root, nor in the selected tab beneath it.
    case noStack(of: String, near: StepPath)
    /// The path has this many segments, more than ``StepPath/maximumDepth``.
    case tooDeep(Int)
    /// Segment `index` (0-based) is `length` UTF-8 bytes long, more than
    /// ``StepPath/maximumSegmentLength``.
    case segmentTooLong(index: Int, length: Int)
    /// The step at the path is not a tab (nor an inline variant): a tab bar's tap cannot
    /// select it.
    case notATab(StepPath)

    /// A sentence that says what was wrong and where, with control and
    /// bidirectional-formatting characters (a key, id or link may hold an escape sequence)
    /// written as escapes (`\u{1B}`).
    public var description: String { PrintableText.printable(sentence) }

    private var sentence: String {
        switch self {
        case .emptyPath: "the path is empty"
        case .emptySegment(let index): "segment \(index + 1) of the path is empty"
        case .unknownStep(let key, let path): "no step '\(StepPath.excerpt(key))' in \(path)"
        case .unknownElement(let id, let path):
            "no element '\(StepPath.excerpt(id))' in \(Self.stack(path))"
        case .notAStack(let path): "\(path) is not a stack"
        case .cannotDeselectTab(let path): "\(path) is a tab and cannot be deselected"
        case .cannotDeselectElement(let path):
            "\(path) is a stack element; change the stack to remove it"
        case .cannotDeselectDestination(let path):
            "\(path) is the destination of its element; remove the element, or select another "
                + "destination"
        case .duplicateElementID(let id, let path):
            "element id '\(StepPath.excerpt(id))' appears twice in \(Self.stack(path))"
        case .invalidElementID(let id, let path):
            "element id '\(StepPath.excerpt(id))' in \(Self.stack(path)) is empty, too long, "
                + "the name of a step of its elements, or contains '/' or a control character"
        case .notUserDismissible(let path):
            "\(path) is presented so that a gesture cannot dismiss it"
        case .noStack(let type, let path):
            "no stack of \(type) elements from \(path) up to the root or in the selected tab"
        case .invalidURL(let url): "'\(StepPath.excerpt(url))' is not a deep link to a step"
        case .valueMismatch(let type, let path): "\(path) cannot hold a value of type \(type)"
        case .tooDeep(let count):
            "the path has \(count) segments; at most \(StepPath.maximumDepth) are allowed"
        case .segmentTooLong(let index, let length):
            "segment \(index + 1) of the path is \(length) bytes; at most "
                + "\(StepPath.maximumSegmentLength) are allowed"
        case .notATab(let path): "\(path) is not a tab"
        }
    }

    /// How an error names a stack: by its path, or as the stack the operation was called on.
    private static func stack(_ path: StepPath?) -> String {
        path.map { "the stack \($0)" } ?? "this stack"
    }
}
