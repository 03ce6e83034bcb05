/// The declared children of a ``StepsCollection``: for each, its key, kind and stored property.
///
/// ```swift
/// static let steps = StepTable<Self>(
///     .inline(.main, \.main),
///     .push(.detail, \.detail),
///     .present(.settings, \.settings, style: .sheet),
///     .stack(.friends, \.friends)
/// )
/// ```
///
/// A table is built once per type (a `static let`). Declaring the same key twice, or mixing tabs
/// with other kinds, is a programming error and stops the program with a message naming the node.
public struct StepTable<Node: StepsCollection>: Sendable {
    /// Everything the table knows, behind one reference: reading `Node.steps` copies one pointer.
    @usableFromInline
    final class Contents: Sendable {
        let entries: [StepChild<Node>]
        let hasTabs: Bool
        /// The byte offset of each child's stored property (-1 when unknown), and its key:
        /// typed selection finds a key by an offset the compiler folds, with no hashing.
        @usableFromInline let offsets: [Int]
        @usableFromInline let keyList: [Node.Key]
        let indexByKey: [Node.Key: Int]
        let indexByName: [Substring: Int]
        let indexByKeyPath: KeyPathIndex

        init(_ children: [StepChild<Node>]) {
            let node = String(describing: Node.self)
            var byKey: [Node.Key: Int] = [:]
            var byName: [Substring: Int] = [:]
            var byKeyPath: [AnyKeyPath: Int] = [:]
            for (index, child) in children.enumerated() {
                precondition(
                    StepPath.isValidSegment(child.name),
                    "\(node): step key '\(child.name)' must be non-empty and contain no '/'")
                precondition(
                    byKey[child.key] == nil, "\(node): step '\(child.name)' is declared twice")
                byKey[child.key] = index
                byName[Substring(child.name)] = index
                byKeyPath[child.accessor.anyKeyPath] = index
            }
            let tabs = children.filter { $0.kind == .tab }.count
            precondition(
                tabs == 0 || tabs == children.count,
                "\(node): children must be all tabs or none (SPEC §1)")
            self.entries = children
            self.hasTabs = tabs > 0
            self.offsets = children.map { $0.accessor.offset ?? -1 }
            self.keyList = children.map(\.key)
            self.indexByKey = byKey
            self.indexByName = byName
            self.indexByKeyPath = KeyPathIndex(map: byKeyPath)
        }
    }

    @usableFromInline let contents: Contents

    /// Creates the table from the children in declaration order.
    public init(_ children: StepChild<Node>...) {
        self.init(children)
    }

    /// Creates the table from the children in declaration order.
    /// - Complexity: O(*n*) for *n* children.
    public init(_ children: [StepChild<Node>]) {
        contents = Contents(children)
    }

    var entries: [StepChild<Node>] { contents.entries }
    var hasTabs: Bool { contents.hasTabs }

    /// The keys in declaration order.
    public var keys: [Node.Key] { entries.map(\.key) }

    /// The kind of the child `key`.
    public func kind(of key: Node.Key) -> StepKind? { index(of: key).map { entries[$0].kind } }

    /// The key of the child stored at `keyPath`.
    ///
    /// A key path that the table does not declare is a programming error and stops the program
    /// with a message naming it.
    /// - Complexity: O(*n*) integer comparisons for *n* children, when the key path is a literal
    ///   the compiler can see; else one hash look-up.
    @inlinable
    func key<Value>(for keyPath: WritableKeyPath<Node, Step<Value>>) -> Node.Key {
        if let offset = MemoryLayout<Node>.offset(of: keyPath) {
            var index = 0
            let offsets = contents.offsets
            while index < offsets.count {
                if offsets[index] == offset { return contents.keyList[index] }
                index += 1
            }
        }
        return lookUpKey(for: keyPath)
    }

    @usableFromInline
    func lookUpKey(for keyPath: AnyKeyPath) -> Node.Key {
        guard let index = index(of: keyPath) else {
            preconditionFailure("\(Node.self): \(keyPath) is not declared in `steps`")
        }
        return entries[index].key
    }

    func index(of key: Node.Key) -> Int? { contents.indexByKey[key] }
    func index(ofName name: Substring) -> Int? { contents.indexByName[name] }
    func index(of keyPath: AnyKeyPath) -> Int? { contents.indexByKeyPath.map[keyPath] }
}

/// Key paths to a node's stored step properties.
///
/// `@unchecked Sendable`: key paths to stored properties capture no state and are immutable.
struct KeyPathIndex: @unchecked Sendable {
    let map: [AnyKeyPath: Int]
}

/// One declared child of a ``StepsCollection``: key, kind and the property that holds it.
public struct StepChild<Node: StepsCollection>: Sendable {
    let key: Node.Key
    let name: String
    let kind: StepKind
    let accessor: any StepAccessor<Node>

    init<Value: StepValue>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<Value>> & Sendable, kind: StepKind
    ) {
        self.key = key
        self.name = key.rawValue
        self.kind = kind
        self.accessor = TypedStepAccessor(keyPath)
    }

    /// A tab: stays mounted and keeps its own navigation stack.
    public static func tab<Value>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<Value>> & Sendable
    ) -> Self {
        Self(key, keyPath, kind: .tab)
    }

    /// An inline step: replaces the parent's content in place.
    public static func inline<Value>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<Value>> & Sendable
    ) -> Self {
        Self(key, keyPath, kind: .inline)
    }

    /// A pushed step.
    public static func push<Value>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<Value>> & Sendable
    ) -> Self {
        Self(key, keyPath, kind: .push)
    }

    /// A modally presented step.
    public static func present<Value>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<Value>> & Sendable,
        style: PresentationStyle = .sheet
    ) -> Self {
        Self(key, keyPath, kind: .present(style))
    }

    /// A stack of elements, each pushed above the previous one.
    public static func stack<Element: StepsCollection>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<StepStack<Element>>> & Sendable
    ) -> Self {
        Self(key, keyPath, kind: .stack)
    }
}

/// Reads and edits one child step of a node without knowing the child's value type.
protocol StepAccessor<Node>: Sendable {
    associatedtype Node: StepsCollection
    var anyKeyPath: AnyKeyPath { get }
    /// The byte offset of the stored property, if the key path names one.
    var offset: Int? { get }
    func reference(in node: Node) -> StepReference
    func renew(in node: inout Node)
    func apply(
        _ edit: NodeEdit, along path: ArraySlice<PathStep>, selecting: Bool, in node: inout Node)
}

/// `@unchecked Sendable`: the only stored property is a key path to a stored property, which
/// captures nothing.
struct TypedStepAccessor<Node: StepsCollection, Value: StepValue>: StepAccessor,
    @unchecked Sendable
{
    let keyPath: WritableKeyPath<Node, Step<Value>>

    init(_ keyPath: WritableKeyPath<Node, Step<Value>>) { self.keyPath = keyPath }

    var anyKeyPath: AnyKeyPath { keyPath }
    var offset: Int? { MemoryLayout<Node>.offset(of: keyPath) }

    func reference(in node: Node) -> StepReference {
        let step = node[keyPath: keyPath]
        return StepReference(generation: step.generation, storage: step.storage)
    }

    func renew(in node: inout Node) { node[keyPath: keyPath].renew() }

    func apply(
        _ edit: NodeEdit, along path: ArraySlice<PathStep>, selecting: Bool, in node: inout Node
    ) {
        node[keyPath: keyPath].apply(edit, along: path, selecting: selecting)
    }
}

extension Step {
    mutating func apply(_ edit: NodeEdit, along path: ArraySlice<PathStep>, selecting: Bool) {
        makeUnique()
        storage.apply(edit, along: path, selecting: selecting)
    }
}
