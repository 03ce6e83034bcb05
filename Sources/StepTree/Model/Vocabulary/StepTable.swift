import Foundation

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
/// A table is built once per type (a `static let`). A key declared twice or left out, a property
/// declared twice, or tabs mixed with inline children is a programming error: it stops the
/// program when the table is built, with a message naming the node.
public struct StepTable<Node: StepsCollection>: Sendable {

    @usableFromInline let contents: Contents

    /// Creates the table from the children in declaration order.
    @_alwaysEmitIntoClient
    public init(_ children: StepChild<Node>...) {
        self.init(children)
    }

    /// Creates the table from the children in declaration order.
    /// - Complexity: O(*n*) for *n* children.
    @_alwaysEmitIntoClient
    public init(_ children: [StepChild<Node>]) {
        // The selection accessor is made here, inlined, so that its closures are compiled for
        // the concrete node type.
        contents = Contents.interned(children, selection: SelectionAccessor.make(for: Node.self))
    }

    var entries: [StepChild<Node>] { contents.entries }
    var hasTabs: Bool { contents.hasTabs }

    /// The keys in declaration order.
    public var keys: [Node.Key] { contents.keyList }

    /// The kind of the child `key`.
    public func kind(of key: Node.Key) -> StepKind? { index(of: key).map { contents.kinds[$0] } }

    /// The key of the child stored at `keyPath`.
    ///
    /// A key path that the table does not declare is a programming error and stops the program
    /// with a message naming it.
    /// - Complexity: One hash look-up.
    public func key<Value>(for keyPath: WritableKeyPath<Node, Step<Value>>) -> Node.Key {
        contents.keyList[index(for: keyPath)]
    }

    /// The index of the child stored at `keyPath`; one not declared stops the program.
    /// - Complexity: O(*n*) integer comparisons for *n* children when the key path is a literal
    ///   the compiler can see, else one hash look-up.
    // Always inlined, so that a literal key path reaches `offset(of:)`, which the compiler then
    // folds to a constant.
    @_alwaysEmitIntoClient @inline(__always)
    func index<Value>(for keyPath: WritableKeyPath<Node, Step<Value>>) -> Int {
        if let offset = StepMemory.offset(of: keyPath),
            let index = contents.offsets.firstIndex(of: offset)
        {
            return index
        }
        return lookUpIndex(for: keyPath)
    }

    /// The index of the child stored at byte `offset` of `Node`; one not declared stops the
    /// program.
    /// - Complexity: O(*n*) integer comparisons for *n* children.
    @_alwaysEmitIntoClient
    func index(ofChildAt offset: Int) -> Int { contents.index(ofChildAt: offset) }

    /// The key, as written in paths, of the child stored at byte `offset` of `Node`.
    @usableFromInline
    func name(ofChildAt offset: Int) -> String { contents.names[index(ofChildAt: offset)] }

    @usableFromInline
    func lookUpIndex(for keyPath: AnyKeyPath) -> Int {
        guard let index = index(of: keyPath) else {
            preconditionFailure("\(Node.self): \(keyPath) is not declared in `steps`")
        }
        return index
    }

    func index(of key: Node.Key) -> Int? { contents.indexByKey[key] }
    func index(of keyPath: AnyKeyPath) -> Int? { contents.indexByKeyPath[keyPath] }
}
