import Foundation

extension StepTable {
    /// Everything the table knows, behind one reference: reading `Node.steps` copies one pointer.
    ///
    /// One per node type, for the life of the program (see ``StepTableShape``).
    ///
    /// (`@unchecked Sendable` restated from ``StepTableShape``, as Swift requires of a subclass:
    /// it adds only `let`s, and key paths to stored properties, which capture no state.)
    @usableFromInline
    final class Contents: StepTableShape, @unchecked Sendable {
        let entries: [StepChild<Node>]
        let hasTabs: Bool
        /// Each child's kind and accessor, in arrays of their own, so that the engine reads them
        /// without touching the generic `entries`.
        @usableFromInline let kinds: [StepKind]
        /// Whether each child, if presented, may be dismissed by a gesture: a fixed answer, or
        /// the rule that reads it from the child's value.
        let dismissals: [ChildDismissal]
        @usableFromInline let accessors: [StepAccessor]
        @usableFromInline let keyList: [Node.Key]
        @usableFromInline let indexByKey: [Node.Key: Int]
        /// The byte offset of each child's stored property (-1 when unknown): typed selection
        /// finds a child by an offset the compiler folds, with no hashing.
        @usableFromInline let offsets: [Int]
        let indexByKeyPath: [AnyKeyPath: Int]
        /// Whether a node is copied as its bytes: 0 until known, 1 no, 2 yes (see
        /// ``copiesBitwise``).
        private let bitwiseCopy = SharedCounter()

        @usableFromInline
        init(_ children: [StepChild<Node>], selection: SelectionAccessor) {
            let node = String(describing: Node.self)
            var byKey: [Node.Key: Int] = [:]
            var byKeyPath: [AnyKeyPath: Int] = [:]
            for (index, child) in children.enumerated() {
                precondition(
                    StepPath.isValidSegment(child.name),
                    "\(node): step key '\(child.name)' must be non-empty and contain no '/'")
                precondition(
                    byKey[child.key] == nil, "\(node): step '\(child.name)' is declared twice")
                precondition(
                    byKeyPath[child.accessor.anyKeyPath] == nil,
                    "\(node): the property of '\(child.name)' is declared for two steps")
                byKey[child.key] = index
                byKeyPath[child.accessor.anyKeyPath] = index
            }
            for key in Node.Key.allCases {
                precondition(
                    byKey[key] != nil,
                    "\(node): Key.\(key.rawValue) is not declared in `steps`")
            }
            let tabs = children.count { $0.kind == .tab }
            let inline = children.count { $0.kind == .inline }
            precondition(
                tabs == 0 || inline == 0,
                "\(node): content children must be all tabs or all inline (SPEC §1)")
            self.entries = children
            self.hasTabs = tabs > 0
            self.kinds = children.map(\.kind)
            self.dismissals = children.map { child in
                child.dismissalRule.map(ChildDismissal.rule) ?? .fixed(child.userDismissible)
            }
            self.accessors = children.map(\.accessor)
            let offsets = children.map { $0.accessor.offset ?? -1 }
            self.offsets = offsets
            self.keyList = children.map(\.key)
            self.indexByKey = byKey
            self.indexByKeyPath = byKeyPath
            super.init(
                nodeType: Node.self, names: children.map(\.name),
                layers: children.map(\.kind.layer), offsets: offsets, selection: selection,
                initialNode: InitialNodeStorage(nodeTypeName: node) { CollectionStorage(Node()) })
        }

        /// The contents of `Node`'s table: the first made for the type, kept for the life of the
        /// program, so that a `steps` written as a computed property builds its table once and
        /// observer reports can refer to it without retaining it.
        @usableFromInline
        static func interned(
            _ children: [StepChild<Node>], selection: SelectionAccessor
        ) -> Contents {
            let type = ObjectIdentifier(Node.self)
            if let known = StepTableShape.interned.withLock({ $0[type] }) {
                return known.uncheckedCast(to: Contents.self)
            }
            // Made outside the lock: a table's key paths may build other tables.
            let made = Contents(children, selection: selection)
            return StepTableShape.interned.withLock { tables in
                if let known = tables[type] { return known.uncheckedCast(to: Contents.self) }
                tables[type] = made
                return made
            }
        }

        /// Whether a node's value may be copied as its bytes with each step's box retained.
        ///
        /// True when its stored properties are exactly its steps and a selection of plain keys
        /// (a pure node, see `NodeFingerprinter`); found from a mirror of a new node the first
        /// time it is asked.
        @usableFromInline var copiesBitwise: Bool {
            switch bitwiseCopy.loadAcquiring() {
            case 1: return false
            case 2: return true
            default:
                let pure =
                    _isPOD(StepSelection<Node.Key>.self) && NodeFingerprinter.isPure(Node.self)
                bitwiseCopy.storeReleasing(pure ? 2 : 1)
                return pure
            }
        }

        /// The index of the child stored at byte `offset` of `Node`; one not declared stops the
        /// program.
        /// - Complexity: O(*n*) integer comparisons for *n* children.
        @_alwaysEmitIntoClient
        func index(ofChildAt offset: Int) -> Int {
            guard let index = offsets.firstIndex(of: offset) else { undeclaredChild(at: offset) }
            return index
        }

        /// The layer and key of the child stored at byte `offset` of `Node`; one not declared
        /// stops the program.
        /// - Complexity: O(*n*) integer comparisons for *n* children.
        @_alwaysEmitIntoClient @inline(__always)
        func slot(ofChildAt offset: Int) -> StepSlot<Node.Key> {
            let index = index(ofChildAt: offset)
            return StepSlot(index: index, layer: layers[index], key: keyList[index])
        }

        /// The index of the child `key`, if it is a child of `layer` (a key stored in the wrong
        /// layer reads as nothing selected).
        /// - Complexity: O(*n*) comparisons for *n* ≤ 8 children (a linear search of a few keys
        ///   beats hashing one), else one hash look-up.
        @_alwaysEmitIntoClient @inline(__always)
        func index(of key: Node.Key, in layer: StepLayer) -> Int? {
            let found = keyList.count <= 8 ? keyList.firstIndex(of: key) : indexByKey[key]
            guard let index = found, layers[index] == layer else { return nil }
            return index
        }

        @usableFromInline
        func undeclaredChild(at offset: Int) -> Never {
            preconditionFailure(
                "\(Node.self): the step at byte \(offset) is not declared in `steps`")
        }
    }
}
