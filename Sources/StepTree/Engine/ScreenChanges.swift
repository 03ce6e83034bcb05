/// Which screens left the window and which joined it between two states: the lifecycle a UI
/// reads for "screen disappeared" and "screen appeared".
///
/// A screen is every frame (a pushed step, a stack element, a presented step) and every
/// container root (the root, each tab), mounted anywhere in the window, covered or not. The two
/// lists are exactly the difference of the two states' screens (`HeadlessScreen.screens`) by
/// identity, nested screens included: a popped element takes the sheet it presents and the
/// frames pushed in that sheet along.
///
/// ```swift
/// // pop /home/path/3, which presents /home/path/3/status/reply holding a stack of two:
/// changes.disappeared.map(\.path)
/// // [/home/path/3/status/reply/thread/2, /home/path/3/status/reply/thread/1,
/// //  /home/path/3/status/reply, /home/path/3]
/// ```
///
/// ``disappeared`` is in reverse depth-first order of the old state's screen: innermost and
/// topmost first, the order in which a UI tears screens down (a modal before what presents it,
/// the top of a stack before the frames beneath). ``appeared`` is in depth-first order of the
/// new one: outermost and bottom first, the order in which a UI builds them.
public struct ScreenChanges: Hashable, Sendable {
    /// The screens of the old state that the new one does not have, innermost first.
    public let disappeared: [ScreenFrame]
    /// The screens of the new state that the old one did not have, outermost first.
    public let appeared: [ScreenFrame]

    /// No screen left or joined.
    public static let none = ScreenChanges(disappeared: [], appeared: [])

    /// Whether no screen left or joined.
    public var isEmpty: Bool { disappeared.isEmpty && appeared.isEmpty }

    private init(disappeared: [ScreenFrame], appeared: [ScreenFrame]) {
        self.disappeared = disappeared
        self.appeared = appeared
    }

    /// The screens that left and joined the window from `old` to `new`.
    /// - Parameters:
    ///   - old: The state before.
    ///   - new: The state after.
    /// - Complexity: O(*m*) for the *m* mounted nodes of the two states.
    public init(from old: some StepNode, to new: some StepNode) {
        self.init(
            old: ScreenRendering(StepStorage.make(old)), new: ScreenRendering(StepStorage.make(new))
        )
    }

    /// The screens that left and joined between two renderings.
    init(old: ScreenRendering, new: ScreenRendering) {
        var disappeared: [ScreenFrame] = []
        for index in old.nodes.indices.reversed()
        where old.isScreen(index) && new.index[old.nodes[index].identity] == nil {
            disappeared.append(old.frame(index))
        }
        var appeared: [ScreenFrame] = []
        for index in new.nodes.indices
        where new.isScreen(index) && old.index[new.nodes[index].identity] == nil {
            appeared.append(new.frame(index))
        }
        self.init(disappeared: disappeared, appeared: appeared)
    }
}
