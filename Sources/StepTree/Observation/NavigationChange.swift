/// What started a navigation change: a deep link, a user gesture, a state restoration, or
/// plain code.
public struct NavigationCause: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The cause's name.
    public let rawValue: String

    /// A deep link from a path, a URL or typed code.
    public static let deepLink = NavigationCause(rawValue: "deepLink")
    /// The user navigated with a gesture (swipe back, sheet swiped away, tab tapped).
    public static let userGesture = NavigationCause(rawValue: "userGesture")
    /// A saved state was restored.
    public static let restoration = NavigationCause(rawValue: "restoration")
    /// The app's own code changed the state.
    public static let programmatic = NavigationCause(rawValue: "programmatic")

    /// Creates a cause with the given name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a cause from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The cause's name.
    public var description: String { rawValue }
}

/// One committed navigator transaction: the states before and after, the events between them
/// and what started it.
///
/// The one change type, typed by the root it carries. A navigator's own stream,
/// ``Navigator/changes``, gives `NavigationChange<Root>` with its root type, so
/// `change.new.profile` reads the new state with no cast; the global observer sees the
/// changes of every navigator, `NavigationChange<any StepNode>` (``erased``).
public struct NavigationChange<Root: Sendable>: Sendable {
    /// The root before the transaction.
    public let old: Root
    /// The root after the transaction.
    public let new: Root
    /// The events that take the screen of `old` to the screen of `new` (may be empty when the
    /// state changed off screen).
    public let events: [NavigationEvent]
    /// The transaction's metadata: ``cause``, animation, whether the UI already shows it.
    public let transaction: NavigationTransaction
    /// The transaction's number in its navigator, from 1, without gaps.
    public let sequence: UInt64
    /// The navigator that made the change.
    public let navigator: NavigatorID

    /// Creates a change record.
    /// - Parameters:
    ///   - old: The root before.
    ///   - new: The root after.
    ///   - events: The events between their screens.
    ///   - transaction: The transaction's metadata; ``cause`` is its cause.
    ///   - sequence: The transaction's number in its navigator.
    ///   - navigator: The navigator that made it; ``NavigatorID/none`` for a record built by
    ///     hand.
    public init(
        old: Root, new: Root, events: [NavigationEvent],
        transaction: NavigationTransaction = .programmatic, sequence: UInt64,
        navigator: NavigatorID = .none
    ) {
        self.old = old
        self.new = new
        self.events = events
        self.transaction = transaction
        self.sequence = sequence
        self.navigator = navigator
    }

    /// What started the transaction.
    public var cause: NavigationCause { transaction.cause }

    /// The tab a re-tap reselected, or `nil` for a change that is no re-tap; a re-tap that
    /// changed nothing has no events and `old` equal to `new`.
    public var reselectedTab: StepPath? { transaction.reselectedTab }
}

extension NavigationChange: CustomStringConvertible {
    /// `#n cause: event, event`.
    public var description: String {
        "#\(sequence) \(cause): " + events.map(\.description).joined(separator: ", ")
    }
}

extension NavigationChange where Root: StepNode {
    /// The screen on top of the active path after the change.
    /// - Complexity: O(*d*) for a tree of depth *d*.
    public var visibleScreen: StepPath { new.visibleScreen }

    /// The same change with its states type-erased, as the global observer gets it.
    public var erased: NavigationChange<any StepNode> {
        NavigationChange<any StepNode>(
            old: old, new: new, events: events, transaction: transaction, sequence: sequence,
            navigator: navigator)
    }
}

extension NavigationChange where Root == any StepNode {
    /// The screen on top of the active path after the change.
    /// - Complexity: O(*d*) for a tree of depth *d*.
    public var visibleScreen: StepPath { new.visibleScreen }
}

/// A selection made on a bare value through a select API: which node, in which layer, from
/// which child to which.
///
/// A change reported by the library is built lazily: the type name, the path, the keys and the
/// value are computed when an observer reads them, not for every selection.
public struct SelectionChange: Sendable, CustomStringConvertible {
    private let source: Source

    /// Where the fields come from: given, or read on demand from the edited node.
    ///
    /// The given fields and an edited node are boxed, so that a change is as cheap to copy and
    /// to destroy as a typed deep link's, which every observed typed select makes: a reference
    /// and plain values.
    private enum Source: Sendable {
        indirect case fields(
            nodeType: String, path: StepPath, layer: StepLayer, oldKey: String?, newKey: String?,
            value: (any StepValue)?)
        indirect case edited(EditedNode)
        case typed(TypedNode)
    }

    /// A node a typed deep link selected in place: its route from the root, and how.
    struct TypedNode: Sendable {
        let route: TypedRoute
        /// The node's level in `route`.
        let level: Int
        let layer: StepLayer
        let old: Int?
        let new: Int
        /// The box of the child selected now, shared with the edited value like
        /// ``EditedNode/node``.
        let child: StepNodeStorage?

        var table: StepTableShape { route.table(at: level) }
    }

    /// The node an edit changed, and how: enough to compute every field later.
    struct EditedNode: Sendable {
        /// The node's box; shared with the edited value, so a later edit copies it and this
        /// one still reads the state of the change.
        let node: StepNodeStorage
        let path: EditedPath
        let layer: StepLayer
        /// The child indices before and after, or the renewed element's position.
        let old: Int?
        let new: Int?
        let element: Int?
    }

    /// The node's path: a prefix of the edit's segments, or a path built already.
    enum EditedPath: Sendable {
        case prefix([Substring], Int)
        case path(StepPath)

        var path: StepPath {
            switch self {
            case .prefix(let segments, let count):
                StepPath(segments[..<count].map { String($0) })
            case .path(let path): path
            }
        }
    }

    /// The type of the node whose selection changed (`AppSteps`, `DynamicSteps`).
    public var nodeType: String {
        switch source {
        case .fields(let nodeType, _, _, _, _, _): nodeType
        case .edited(let edited): edited.node.typeName
        case .typed(let typed): String(describing: typed.table.nodeType)
        }
    }

    /// The node's path from the value the select API was called on.
    public var path: StepPath {
        switch source {
        case .fields(_, let path, _, _, _, _): path
        case .edited(let edited): edited.path.path
        case .typed(let typed): typed.route.path(to: typed.level)
        }
    }

    /// The layer whose selection changed.
    public var layer: StepLayer {
        switch source {
        case .fields(_, _, let layer, _, _, _): layer
        case .edited(let edited): edited.layer
        case .typed(let typed): typed.layer
        }
    }

    /// The key selected before, if any.
    public var oldKey: String? {
        switch source {
        case .fields(_, _, _, let oldKey, _, _): oldKey
        case .edited(let edited):
            if let element = edited.element {
                edited.node.element(element).id
            } else {
                edited.old.map(edited.node.childKey)
            }
        case .typed(let typed): typed.old.map { typed.table.names[$0] }
        }
    }

    /// The key selected now, if any (the same as ``oldKey`` for a renewal).
    public var newKey: String? {
        switch source {
        case .fields(_, _, _, _, let newKey, _): newKey
        case .edited(let edited):
            if let element = edited.element {
                edited.node.element(element).id
            } else {
                edited.new.map(edited.node.childKey)
            }
        case .typed(let typed): typed.table.names[typed.new]
        }
    }

    /// The newly selected child's value, if any.
    public var value: (any StepValue)? {
        switch source {
        case .fields(_, _, _, _, _, let value): value
        case .edited(let edited):
            if let element = edited.element {
                edited.node.element(element).storage.anyValue
            } else {
                edited.new.map { edited.node.child($0).storage.anyValue }
            }
        case .typed(let typed): typed.child?.anyValue
        }
    }

    /// Creates a selection record.
    public init(
        nodeType: String, path: StepPath, layer: StepLayer, oldKey: String?, newKey: String?,
        value: (any StepValue)?
    ) {
        source = .fields(
            nodeType: nodeType, path: path, layer: layer, oldKey: oldKey, newKey: newKey,
            value: value)
    }

    /// A record read on demand from the node an edit changed.
    init(_ edited: EditedNode) {
        source = .edited(edited)
    }

    /// A record read on demand from a node a typed deep link selected in place.
    init(typed: TypedNode) {
        source = .typed(typed)
    }

    /// `NodeType /path layer: old -> new`.
    public var description: String {
        "\(nodeType) \(path) \(layer): \(oldKey ?? "-") -> \(newKey ?? "-")"
    }
}
