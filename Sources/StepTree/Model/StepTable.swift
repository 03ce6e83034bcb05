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
        /// Each child's name, kind and accessor, in arrays of their own: the engine reads them
        /// from unspecialized generic code, where an element of `entries` (a generic struct)
        /// costs a type-metadata look-up to copy and these cost none.
        let names: [String]
        let kinds: [StepKind]
        let accessors: [StepAccessor]
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
            self.names = children.map(\.name)
            self.kinds = children.map(\.kind)
            self.accessors = children.map(\.accessor)
            self.offsets = children.map { $0.accessor.offset ?? -1 }
            self.keyList = children.map(\.key)
            self.indexByKey = byKey
            self.indexByName = byName
            self.indexByKeyPath = KeyPathIndex(map: byKeyPath)
        }

        /// The index of the child named `name`.
        /// - Complexity: O(*n*) string comparisons for up to 8 children (cheaper than hashing
        ///   the name), else one hash look-up.
        func index(ofName name: Substring) -> Int? {
            guard names.count <= 8 else { return indexByName[name] }
            var index = 0
            while index < names.count {
                if names[index] == name { return index }
                index += 1
            }
            return nil
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
    func index(ofName name: Substring) -> Int? { contents.index(ofName: name) }
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
    @usableFromInline let key: Node.Key
    @usableFromInline let name: String
    @usableFromInline let kind: StepKind
    @usableFromInline let accessor: StepAccessor

    // Inlinable, like the factories below, so that the accessor's closures are compiled where
    // the table is declared, for the concrete node and value types.
    @inlinable
    init<Value: StepValue>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<Value>> & Sendable, kind: StepKind
    ) {
        self.key = key
        self.name = key.rawValue
        self.kind = kind
        self.accessor = StepAccessor.make(keyPath, key: key)
    }

    /// A tab: stays mounted and keeps its own navigation stack.
    @inlinable
    public static func tab<Value>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<Value>> & Sendable
    ) -> Self {
        Self(key, keyPath, kind: .tab)
    }

    /// An inline step: replaces the parent's content in place.
    @inlinable
    public static func inline<Value>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<Value>> & Sendable
    ) -> Self {
        Self(key, keyPath, kind: .inline)
    }

    /// A pushed step.
    @inlinable
    public static func push<Value>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<Value>> & Sendable
    ) -> Self {
        Self(key, keyPath, kind: .push)
    }

    /// A modally presented step.
    @inlinable
    public static func present<Value>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<Value>> & Sendable,
        style: PresentationStyle = .sheet
    ) -> Self {
        Self(key, keyPath, kind: .present(style))
    }

    /// A stack of elements, each pushed above the previous one.
    @inlinable
    public static func stack<Element: StepsCollection>(
        _ key: Node.Key, _ keyPath: WritableKeyPath<Node, Step<StepStack<Element>>> & Sendable
    ) -> Self {
        Self(key, keyPath, kind: .stack)
    }
}

/// Reads and edits one child step of a node without knowing the node's or the child's type.
///
/// The engine runs as unspecialized generic code, where nearly every operation on a generic
/// type (an element of `[StepChild<Node>]`, an `Optional<Node.Key>`, a `Step<Value>`) costs a
/// type-metadata look-up. An accessor is a non-generic class holding closures that
/// ``make(_:key:)`` creates in inlinable code: they are compiled where the table is declared,
/// for the concrete types, so the engine reads accessors and calls them without any look-up.
/// Each closure is given the ``CollectionStorage`` of the node that declares the child.
///
/// `@unchecked Sendable`: every property is immutable; the key path names a stored property and
/// captures nothing, and the closures capture only that key path and the child's `Sendable` key.
@usableFromInline
final class StepAccessor: @unchecked Sendable {
    /// The key path to the child's property.
    let anyKeyPath: AnyKeyPath
    /// The byte offset of the stored property, if the key path names one.
    let offset: Int?
    /// The child step.
    let reference: (StepNodeStorage) -> StepReference
    /// Makes the node select the child; with `fresh` true, also gives the child a new identity.
    let select: (StepNodeStorage, _ fresh: Bool) -> Void
    /// Makes the node select nothing, if it selects the child.
    let deselect: (StepNodeStorage) -> Void
    /// Applies the edit along the path, which starts inside the child; the `Bool` says whether
    /// the node selects the child on the way.
    let apply: (StepNodeStorage, NodeEdit, ArraySlice<PathStep>, Bool) -> Void

    @usableFromInline
    init(
        anyKeyPath: AnyKeyPath, offset: Int?,
        reference: @escaping (StepNodeStorage) -> StepReference,
        select: @escaping (StepNodeStorage, Bool) -> Void,
        deselect: @escaping (StepNodeStorage) -> Void,
        apply: @escaping (StepNodeStorage, NodeEdit, ArraySlice<PathStep>, Bool) -> Void
    ) {
        self.anyKeyPath = anyKeyPath
        self.offset = offset
        self.reference = reference
        self.select = select
        self.deselect = deselect
        self.apply = apply
    }

    /// The accessor of the child `key`, stored at `keyPath`.
    @inlinable
    static func make<Node: StepsCollection, Value: StepValue>(
        _ keyPath: WritableKeyPath<Node, Step<Value>>, key: Node.Key
    ) -> StepAccessor {
        StepAccessor(
            anyKeyPath: keyPath, offset: MemoryLayout<Node>.offset(of: keyPath),
            reference: { storage in
                // Read through a writable access, which writes nothing: the runtime projects a
                // writable key path by computing an address, while its read-only projection
                // looks up generic type metadata on every call, which costs more than the rest
                // of this closure.
                StepReference.of(&CollectionStorage<Node>.of(storage).value[keyPath: keyPath])
            },
            select: { storage, fresh in
                let box = CollectionStorage<Node>.of(storage)
                box.value.selected = key
                if fresh { box.value[keyPath: keyPath].renew() }
            },
            deselect: { storage in
                let box = CollectionStorage<Node>.of(storage)
                if box.value.selected == key { box.value.selected = nil }
            },
            apply: { storage, edit, path, selecting in
                let box = CollectionStorage<Node>.of(storage)
                if selecting { box.value.selected = key }
                box.value[keyPath: keyPath].apply(edit, along: path, selecting: selecting)
            })
    }
}

extension Step {
    @inlinable
    mutating func apply(_ edit: NodeEdit, along path: ArraySlice<PathStep>, selecting: Bool) {
        makeUnique()
        storage.apply(edit, along: path, selecting: selecting)
    }
}
