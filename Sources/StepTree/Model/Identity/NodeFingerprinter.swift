/// Digests a pure node through its table (see ``ValueFingerprint``), with no encoder.
///
/// A node is pure when its stored properties are exactly its `selected` and the steps its table
/// declares; a node with any other stored property (a data field beside its steps) is digested
/// through its encoding, so that the field counts. Purity is decided once per node type, from
/// a mirror of a new node.
///
/// The digest is the canonical form of the node's encoding with every property named by its
/// key: `{"selected": {"content": key, …}, key: step, …}`, so it is the one the hashing encoder
/// gives a node whose synthesized encoding names its properties by its keys.
final class NodeFingerprinter: Sendable {
    /// Each child's byte offset in the node (the table's).
    private let offsets: [Int]
    /// Reads the selection of a node, compiled for its type where its table is declared (the
    /// table's).
    private let selection: SelectionAccessor
    /// The node type's table contents, which `selection` reads the keys from.
    private let contents: StepTableShape
    /// Each child's key, as a keyed container's key.
    private let childKeys: [StableDigest]
    /// For each layer and child, the entry of the selection that stores it there.
    private let selectionEntries: [[StableDigest]]
    /// For each child, its entry when it is a leaf with no payload in its initial history.
    private let initialLeafEntries: [StableDigest]
    /// For a node of at most 4 children, the digest of each selection with every child a leaf
    /// with no payload in its initial history.
    ///
    /// A node just made by `selecting` is such a node, digested by a look-up. Indexed by
    /// `content + choices × (push + choices × modal)`, where each layer is its child's index
    /// plus 1 (0: none), and `choices` is one more than the number of children.
    private let initialNodes: [StableDigest]
    /// Whether every child's value is digested with no encoder, so that the node can be
    /// digested when it is renewed with (see `ValueFingerprint.eagerDigest(ofValueAt:of:)`).
    let isEager: Bool
    /// The address of the box that leaves with no payload share, and the type of such a box:
    /// kept here, so that a digest reads no global.
    private let sharedEmptyLeaf = Int(bitPattern: ObjectIdentifier(Step().storage))
    private let emptyLeafType = ObjectIdentifier(StepStorage<EmptyStep>.self)

    /// Where the node stores its selection, when equal bytes there mean equal selections (its
    /// keys are plain bits); `nil` otherwise.
    ///
    /// A layout trick kept for what it saves: a renewal with the value the step holds, found by
    /// comparing bits, stores nothing (select.value 845 -> 795 instructions, 5.9%; it costs
    /// select.value.toggle, whose values differ, 900 -> 943).
    private let selectionBytes: (offset: Int, count: Int)?
    /// Where each layer's key sits in the node, and the code of each byte there, when every key
    /// (and none) is one byte of its own; `nil` otherwise.
    ///
    /// A byte's code is the index plus 1 of the child whose key it is (0: none; `UInt8.max`: no
    /// key has it). A node of initial leaves is then looked up with no call through the table:
    /// a layout trick kept for what it saves (select.value 834 -> 795 instructions, 4.7%;
    /// select.value.toggle 982 -> 943).
    private let keyBytes: (content: Int, push: Int, modal: Int, codes: [UInt8])?

    private static let selectedKey = CanonicalDigest.key("selected")

    private init(
        contents: StepTableShape, isEager: Bool, selectionBytes: (offset: Int, count: Int)?,
        keyBytes: (content: Int, push: Int, modal: Int, codes: [UInt8])?
    ) {
        let names = contents.names
        self.contents = contents
        offsets = Array(contents.childOffsets)
        selection = contents.selection
        self.isEager = isEager
        self.selectionBytes = selectionBytes
        self.keyBytes = keyBytes
        let childKeys = names.map(CanonicalDigest.key)
        // The layers' names in a selection's encoding.
        let selectionEntries = ["content", "push", "modal"].map { layer in
            let key = CanonicalDigest.key(layer)
            return names.map {
                CanonicalDigest.entry(key: key, value: CanonicalDigest.string($0))
            }
        }
        let initialLeaf = ValueFingerprint.stepDigest(
            value: CanonicalDigest.emptyKeyed, renewal: nil)
        let initialLeafEntries = childKeys.map {
            CanonicalDigest.entry(key: $0, value: initialLeaf)
        }
        self.childKeys = childKeys
        self.selectionEntries = selectionEntries
        self.initialLeafEntries = initialLeafEntries
        let choices = names.count + 1
        initialNodes =
            names.count > 4
            ? []
            : (0..<choices * choices * choices).map { code in
                var digest = KeyedDigest()
                for entry in initialLeafEntries { digest.add(entry: entry) }
                let index = { (code: Int) in code == 0 ? nil : code - 1 }
                digest.add(
                    key: Self.selectedKey,
                    value: Self.selectionDigest(
                        index(code % choices), index(code / choices % choices),
                        index(code / choices / choices), selectionEntries))
                return digest.digest
            }
    }

    /// How nodes of `type` are digested: through their table if pure, else their encoding.
    ///
    /// A node is pure when its stored properties are exactly `selected` and its table's steps,
    /// found from a mirror of a new node.
    /// - Complexity: O(*n*) for a node of *n* stored properties, once per type.
    static func route<Node: StepsCollection>(for type: Node.Type) -> FingerprintRoute {
        guard let valueTypes = pureStepValueTypes(of: type) else { return .encoded }
        let contents = Node.steps.contents
        let selectionBytes = StepMemory.selectionBytes(of: type, stepOffsets: contents.offsets)
        return .node(
            NodeFingerprinter(
                contents: contents, isEager: valueTypes.allSatisfy(ValueFingerprint.isEager),
                selectionBytes: selectionBytes,
                keyBytes: selectionBytes.flatMap {
                    keyBytes(of: type, at: $0.offset, keys: contents.keyList)
                }))
    }

    /// Where a node of type `Node`, whose selection is at byte `offset`, keeps each layer's key,
    /// if every key and none is one byte of its own; and the child index plus 1 that each byte
    /// stands for (0: none, `UInt8.max`: no key).
    private static func keyBytes<Node: StepsCollection>(
        of type: Node.Type, at offset: Int, keys: [Node.Key]
    ) -> (content: Int, push: Int, modal: Int, codes: [UInt8])? {
        guard keys.count < Int(UInt8.max),
            let (content, push, modal) = StepMemory.keyByteOffsets(of: type)
        else { return nil }
        func byte(_ key: Node.Key?) -> Int { Int(StepMemory.byte(of: key)) }
        var codes = [UInt8](repeating: .max, count: 256)
        codes[byte(nil)] = 0
        for (index, key) in keys.enumerated() {
            // Two keys with one byte: the bytes cannot tell them apart.
            guard codes[byte(key)] == .max else { return nil }
            codes[byte(key)] = UInt8(index + 1)
        }
        return (offset + content, offset + push, offset + modal, codes)
    }

    /// Whether the nodes at `node` and `other`, of this fingerprinter's type, store the same
    /// bits in every property (so that either may stand for the other); `false` when that
    /// cannot be told.
    /// - Complexity: O(*n*) for *n* children.
    @inline(__always)
    func storesSameBits(_ node: ValueAddress, as other: ValueAddress) -> Bool {
        guard let (offset, count) = selectionBytes else { return false }
        for child in offsets where node.word(at: child) != other.word(at: child) {
            return false
        }
        // A few bytes: a loop costs less than a call to `memcmp`.
        for byte in offset..<offset + count where node.byte(at: byte) != other.byte(at: byte) {
            return false
        }
        return true
    }

    /// Whether `Node`'s stored properties are exactly `selected` and its table's steps.
    static func isPure<Node: StepsCollection>(_ type: Node.Type) -> Bool {
        pureStepValueTypes(of: type) != nil
    }

    /// The value types of a pure node's steps; `nil` for a node that is not pure.
    private static func pureStepValueTypes<Node: StepsCollection>(of type: Node.Type)
        -> [any StepValue.Type]?
    {
        let offsets = Node.steps.contents.offsets
        // A step declared through a computed property is not in the node's storage.
        guard offsets.allSatisfy({ $0 >= 0 }) else { return nil }
        let mirror = Mirror(reflecting: Node())
        guard mirror.displayStyle == .struct else { return nil }
        var valueTypes: [any StepValue.Type] = []
        var selections = 0
        for property in mirror.children {
            if property.label == "selected", property.value is StepSelection<Node.Key> {
                selections += 1
            } else if let step = property.value as? any FingerprintedStep {
                valueTypes.append(step.valueType)
            } else {
                return nil
            }
        }
        // The declared steps are stored properties at distinct offsets: as many stored steps
        // means every stored step is declared.
        guard selections == 1, valueTypes.count == offsets.count else { return nil }
        return valueTypes
    }

    /// The digest of a selection from the child index it stores in each layer.
    private static func selectionDigest(
        _ content: Int?, _ push: Int?, _ modal: Int?, _ entries: [[StableDigest]]
    ) -> StableDigest {
        var selected = KeyedDigest()
        if let content { selected.add(entry: entries[0][content]) }
        if let push { selected.add(entry: entries[1][push]) }
        if let modal { selected.add(entry: entries[2][modal]) }
        return selected.digest
    }

    /// The digest of the node at `node`, of the type this fingerprinter was made for.
    /// - Complexity: O(*n*) for *n* children, plus their values' digests.
    func digest(ofNodeAt node: ValueAddress) -> StableDigest {
        var routes = FingerprintRoutes()
        return digest(ofNodeAt: node, &routes)
    }

    /// The digest of the node at `node`, of the type this fingerprinter was made for, finding
    /// the way its children are digested through `routes`.
    /// - Complexity: O(*n*) for *n* children, plus their values' digests.
    func digest(ofNodeAt node: ValueAddress, _ routes: inout FingerprintRoutes) -> StableDigest {
        if let initial = initialDigest(ofNodeAt: node) { return initial }
        let (content, push, modal) = storedIndices(ofNodeAt: node)
        var digest = KeyedDigest()
        for index in offsets.indices {
            if isInitialLeaf(node, at: offsets[index]) {
                digest.add(entry: initialLeafEntries[index])
            } else {
                let child = node.box(at: offsets[index]).object
                digest.add(
                    key: childKeys[index], value: ValueFingerprint.stepDigest(of: child, &routes))
            }
        }
        digest.add(
            key: Self.selectedKey,
            value: Self.selectionDigest(content, push, modal, selectionEntries))
        return digest.digest
    }
}

extension NodeFingerprinter {
    /// The digest of the node at `node` if every child is a leaf with no payload in its initial
    /// history (a node just made by `selecting`): a look-up by its selection; `nil` otherwise.
    /// - Complexity: O(*n*) for *n* children.
    @inline(__always)
    func initialDigest(ofNodeAt node: ValueAddress) -> StableDigest? {
        guard !initialNodes.isEmpty, offsets.allSatisfy({ isInitialLeaf(node, at: $0) }) else {
            return nil
        }
        // Of at most 4 children: the code is below 125, and cannot overflow.
        let (content, push, modal) = layerCodes(ofNodeAt: node)
        let choices = offsets.count &+ 1
        return initialNodes[content &+ choices &* (push &+ choices &* modal)]
    }

    /// Whether the layers' keys are read from the node's bytes (see `keyBytes`).
    var readsKeysFromBytes: Bool { keyBytes != nil }

    /// The index plus 1 (0: none) of the child the node at `node` stores in its content, push
    /// and modal layers: read from its bytes where they tell, else through its table.
    @inline(__always)
    private func layerCodes(ofNodeAt node: ValueAddress) -> (Int, Int, Int) {
        if let (content, push, modal, codes) = keyBytes {
            let code = { (offset: Int) in codes[Int(node.byte(at: offset))] }
            let codes = (code(content), code(push), code(modal))
            if codes.0 != .max, codes.1 != .max, codes.2 != .max {
                return (Int(codes.0), Int(codes.1), Int(codes.2))
            }
        }
        let (content, push, modal) = storedIndices(ofNodeAt: node)
        return (content.map { $0 &+ 1 } ?? 0, push.map { $0 &+ 1 } ?? 0, modal.map { $0 &+ 1 } ?? 0)
    }

    /// The index of the child the node at `node` stores in its content, push and modal layers.
    @inline(__always)
    private func storedIndices(ofNodeAt node: ValueAddress) -> (Int?, Int?, Int?) {
        // Borrowed: the table holds its accessor, and the call then costs no reference counting.
        Unretained(selection).with { $0.storedIndices(node, contents) }
    }

    /// Whether the step at byte `offset` of `node` is a leaf with no payload in its initial
    /// history; read without retaining its box, which the node holds.
    private func isInitialLeaf(_ node: ValueAddress, at offset: Int) -> Bool {
        let box = node.box(at: offset)
        // Most such leaves share one box (see `Step.init()`), which is never renewed in place.
        if box.bits == sharedEmptyLeaf { return true }
        return box.with {
            $0.renewalHistory == nil && ObjectIdentifier(type(of: $0)) == emptyLeafType
        }
    }
}
