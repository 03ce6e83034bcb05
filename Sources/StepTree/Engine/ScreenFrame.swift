/// A screen in the window (SPEC §2): a frame (a pushed step, a stack element or a presented
/// step) or the root of a container (the root, a tab), with its identity; or a request to push
/// one, which the frames binding turns into a push.
///
/// A frame read from a state carries its identity and a snapshot of its step's value, which a
/// view reads to choose what to show:
///
/// ```swift
/// .navigationDestination(for: ScreenFrame.self) { frame in
///     switch frame.value(as: Destination.self) {
///     case .status(let status)?: StatusView(status)
///     case .account(let account)?: AccountView(account)
///     default: EmptyView()
///     }
/// }
/// ```
///
/// Frames read from states are equal when their identities are: a payload changed in place is
/// the same screen, a step renewed at the same path another one. A request
/// (``push(_:onto:)``, ``push(path:with:)``) has no identity until it is pushed.
public struct ScreenFrame: Hashable, Sendable, CustomStringConvertible {
    /// The step's path; for a request, the path it pushes at (the stack's, `/` when the stack
    /// is found when pushed).
    public let path: StepPath
    /// The screen's identity; `nil` for a request not pushed yet.
    public let identity: StepIdentity?
    /// For an element of a destination stack, the name of its destination (`status`); `nil`
    /// otherwise.
    public let destination: String?
    /// The step's box when the frame was read: shared with that state, copied on its next edit,
    /// so it keeps the value the frame was read with.
    let snapshot: StepNodeStorage?
    /// What a request pushes; `nil` for a frame read from a state.
    let request: Request?

    /// What a request asks for.
    enum Request: Sendable {
        /// ``StepNode/push(_:id:onto:)`` with `element`.
        case element(any StepValue, onto: StepPath?)
        /// ``StepNode/push(path:id:with:)`` with `value`.
        case path(value: (any StepValue)?)
    }

    package init(
        path: StepPath, identity: StepIdentity, destination: String? = nil,
        snapshot: StepNodeStorage? = nil
    ) {
        self.path = path
        self.identity = identity
        self.destination = destination
        self.snapshot = snapshot
        self.request = nil
    }

    private init(request: Request, path: StepPath, destination: String?) {
        self.path = path
        self.identity = nil
        self.destination = destination
        self.snapshot = nil
        self.request = request
    }

    /// A request to push `element` on a stack of its type, for `NavigationLink(value:)`: the
    /// frames binding pushes it with a minted id, as ``StepNode/push(_:id:onto:)`` does.
    ///
    /// ```swift
    /// NavigationLink(value: ScreenFrame.push(Destination.status(StatusScreen(id: 42)))) {
    ///     Text("Status")
    /// }
    /// ```
    /// - Parameters:
    ///   - element: The new element: a node, or a destination.
    ///   - stack: The stack's path; `nil` takes the stack of `Element`s where a push lands
    ///     when the request is pushed, as ``StepNode/push(_:id:onto:)`` finds it: nearest the
    ///     visible screen, else in the selected tab beneath a sheet over every tab.
    /// - Returns: The request; its ``value(as:)`` is `element`.
    public static func push<Element: StepValue>(
        _ element: Element, onto stack: StepPath? = nil
    ) -> ScreenFrame {
        // A case the list leaves out has no name: the push refuses it.
        let destination = DestinationTable<Element>.ifDestination(Element.self).flatMap {
            table in table.classify(element).map { table.names[$0.index] }
        }
        return ScreenFrame(
            request: .element(element, onto: stack), path: stack ?? .root,
            destination: destination)
    }

    /// A request to push the screen at `path`, as ``StepNode/push(path:id:with:)`` does: a
    /// pushed step is selected; a path through a stack that names no element of it pushes a
    /// new element (with a minted id, or the id the path names).
    /// - Parameters:
    ///   - path: The screen to push.
    ///   - value: The last step's new value, if any.
    /// - Returns: The request; its ``value(as:)`` is `value`.
    public static func push(path: StepPath, with value: (any StepValue)? = nil) -> ScreenFrame {
        ScreenFrame(request: .path(value: value), path: path, destination: nil)
    }

    /// Whether this is a request not pushed yet.
    public var isRequest: Bool { request != nil }

    /// The step's value when the frame was read (for a request, the value it pushes), if it is
    /// a `Value`.
    ///
    /// For an element of a destination stack this is the destination enum (`Destination`); for
    /// a node element, the node; for a pushed or presented step, its value, and for a
    /// ``StepModal`` step also its destination enum. The snapshot does not follow later edits:
    /// read the navigator for the live state.
    /// - Parameter type: The value's type.
    /// - Returns: The value, or `nil` when it is of another type.
    public func value<Value: StepValue>(as type: Value.Type = Value.self) -> Value? {
        let value = self.value
        if let value = value as? Value { return value }
        return (value as? any DestinationShowing)?.shownDestination as? Value
    }

    /// The step's value when the frame was read (for a request, the value it pushes).
    public var value: (any StepValue)? {
        if let snapshot { return snapshot.anyValue }
        switch request {
        case .element(let element, _)?: return element
        case .path(let value)?: return value
        case nil: return nil
        }
    }

    /// The path; `push <path>` for a request.
    public var description: String {
        request == nil ? path.description : "push \(path)"
    }

    /// Frames read from states are equal when their identities are; requests when they push
    /// the same value at the same path.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs.identity, rhs.identity) {
        case (let left?, let right?): return left == right
        case (nil, nil):
            guard lhs.path == rhs.path, lhs.destination == rhs.destination else { return false }
            switch (lhs.request, rhs.request) {
            case (.element(let left, let leftStack)?, .element(let right, let rightStack)?):
                return leftStack == rightStack && hashable(left) == hashable(right)
            case (.path(let left)?, .path(let right)?):
                return left.map(hashable) == right.map(hashable)
            default: return false
            }
        default: return false
        }
    }

    private static func hashable(_ value: any StepValue) -> AnyHashable { AnyHashable(value) }

    /// Hashes the identity, or a request's path.
    public func hash(into hasher: inout Hasher) {
        if let identity {
            hasher.combine(identity)
        } else {
            hasher.combine(path)
        }
    }
}
