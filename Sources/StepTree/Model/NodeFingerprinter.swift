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
    /// Each child's byte offset in the node.
    private let offsets: [Int]
    /// Reads the selection of a node, compiled for its type where its table is declared.
    private let selection: SelectionAccessor
    /// Each child's key, as a keyed container's key.
    private let childKeys: [StableDigest]
    /// For each layer and child, the entry of the selection that stores it there.
    private let selectionEntries: [[StableDigest]]
    /// For each child, its entry when it is a leaf with no payload in its initial history.
    private let initialLeafEntries: [StableDigest]

    private static let selectedKey = CanonicalDigest.key("selected")
    private static let layers: [StepLayer] = [.content, .push, .modal]

    private init(offsets: [Int], names: [String], selection: SelectionAccessor) {
        self.offsets = offsets
        self.selection = selection
        childKeys = names.map(CanonicalDigest.key)
        // The layers' names in a selection's encoding.
        selectionEntries = ["content", "push", "modal"].map { layer in
            let key = CanonicalDigest.key(layer)
            return names.map {
                CanonicalDigest.entry(key: key, value: CanonicalDigest.string($0))
            }
        }
        let initialLeaf = ValueFingerprint.stepDigest(
            value: CanonicalDigest.emptyKeyed, renewal: nil)
        initialLeafEntries = childKeys.map { CanonicalDigest.entry(key: $0, value: initialLeaf) }
    }

    /// How nodes of `type` are digested: through their table if pure, else their encoding.
    static func route<Node: StepsCollection>(for type: Node.Type) -> FingerprintRoute {
        guard isPure(type) else { return .encoded }
        let contents = Node.steps.contents
        return .node(
            NodeFingerprinter(
                offsets: contents.offsets, names: contents.names, selection: contents.selection))
    }

    /// Whether `Node`'s stored properties are exactly `selected` and its table's steps.
    /// - Complexity: O(*n*) for a node of *n* stored properties, once per type.
    static func isPure<Node: StepsCollection>(_ type: Node.Type) -> Bool {
        let offsets = Node.steps.contents.offsets
        // A step declared through a computed property is not in the node's storage.
        guard offsets.allSatisfy({ $0 >= 0 }) else { return false }
        let mirror = Mirror(reflecting: Node())
        guard mirror.displayStyle == .struct else { return false }
        var steps = 0
        var selections = 0
        for property in mirror.children {
            if property.label == "selected", property.value is StepSelection<Node.Key> {
                selections += 1
            } else if property.value is any FingerprintedStep {
                steps += 1
            } else {
                return false
            }
        }
        // The declared steps are stored properties at distinct offsets: as many stored steps
        // means every stored step is declared.
        return selections == 1 && steps == offsets.count
    }

    /// The digest of the node at `node`, of the type this fingerprinter was made for.
    func digest(ofNodeAt node: UnsafeRawPointer, _ routes: inout FingerprintRoutes) -> StableDigest
    {
        var selected = KeyedDigest()
        for layer in 0..<3 {
            if let index = selection.storedIndex(node, Self.layers[layer]) {
                selected.add(entry: selectionEntries[layer][index])
            }
        }
        var digest = KeyedDigest()
        digest.add(key: Self.selectedKey, value: selected.digest)
        for index in offsets.indices {
            let child = node.load(fromByteOffset: offsets[index], as: StepNodeStorage.self)
            if child.renewalHistory == nil, ObjectIdentifier(type(of: child)) == emptyLeaf {
                digest.add(entry: initialLeafEntries[index])
            } else {
                digest.add(
                    key: childKeys[index], value: ValueFingerprint.stepDigest(of: child, &routes))
            }
        }
        return digest.digest
    }
}

/// The box type of a leaf with no payload.
private let emptyLeaf = ObjectIdentifier(StepStorage<EmptyStep>.self)
