import Foundation

/// A node of a schema-driven tree: the same engine as hand-written ``StepsCollection`` trees,
/// with the shape read from a ``StepSchema`` at run time (navigation maps shipped as data).
///
/// ```swift
/// var state = DynamicSteps(schema: try StepSchema(json: data))
/// try state.select(path: "profile/detail/dark")
/// ```
public struct DynamicSteps: StepNode {
    /// The node's schema.
    public let schema: StepSchema
    var selectedIndex: Int?
    var children: [Step<DynamicSteps>]
    var elements: StepStack<DynamicSteps>

    /// Creates the node in its initial state: every node selects its schema's `initial` child.
    /// - Complexity: O(1): the initial subtree is shared with every other initial node of the
    ///   same schema until one of them changes (copy-on-write).
    public init(schema: StepSchema) {
        self.schema = schema
        self.selectedIndex = schema.initialIndex
        self.children = schema.initialChildren
        self.elements = StepStack()
    }

    /// The key of the selected child, if any.
    public var selectedKey: String? { selectedIndex.map { schema.children[$0].key } }

    /// The element ids, for a stack node.
    public var elementIDs: [String] { elements.ids }

    mutating func apply(_ edit: NodeEdit, along path: ArraySlice<PathStep>, selecting: Bool) {
        if schema.kind == .stack {
            // The parser gives every stack an element schema; a leaf stands in for a missing one.
            let element = schema.element ?? StepSchema.leaf
            elements.apply(edit, along: path, selecting: selecting) { _ in
                DynamicSteps(schema: element)
            }
            return
        }
        guard let first = path.first else {
            switch edit {
            case .select(.child(let index), let fresh):
                selectedIndex = index
                if fresh { children[index].renew() }
            case .deselect(let index):
                if selectedIndex == index { selectedIndex = nil }
            case .select(.element, _), .setElements:
                break
            }
            return
        }
        guard case .child(let index) = first else { return }
        if selecting { selectedIndex = index }
        children[index].apply(edit, along: path.dropFirst(), selecting: selecting)
    }
}

extension DynamicSteps: Equatable {
    /// Nodes are equal when their schemas are equal and they have equal selections and
    /// elements.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.schema == rhs.schema && lhs.selectedIndex == rhs.selectedIndex
            && lhs.children == rhs.children && lhs.elements == rhs.elements
    }
}

extension DynamicSteps: Hashable {
    /// Hashes the selections and elements.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(schema)
        hasher.combine(selectedIndex)
        hasher.combine(children)
        hasher.combine(elements)
    }
}

extension CodingUserInfoKey {
    // The initializer fails only for keys Foundation reserves; this constant key is not one.
    // swift-format-ignore: NeverForceUnwrap
    /// The ``StepSchema`` that a ``DynamicSteps`` value is decoded against.
    public static let stepSchema = CodingUserInfoKey(rawValue: "StepTree.schema")!
}

extension DynamicSteps: Codable {
    private struct ChildKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        static let selected = ChildKey(stringValue: "selected")
        static let steps = ChildKey(stringValue: "steps")
        static let elements = ChildKey(stringValue: "elements")
        static let id = ChildKey(stringValue: "id")
        static let value = ChildKey(stringValue: "value")
        static let generation = ChildKey(stringValue: "generation")
    }

    /// Decodes a state of the tree whose ``StepSchema`` is in
    /// `decoder.userInfo[.stepSchema]`; children missing from the input keep their initial state.
    /// - Throws: `DecodingError` for a missing schema, an unknown key or a bad element id.
    public init(from decoder: any Decoder) throws {
        guard let schema = decoder.userInfo[.stepSchema] as? StepSchema else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "no StepSchema in userInfo[.stepSchema]"))
        }
        try self.init(from: decoder.container(keyedBy: ChildKey.self), schema: schema)
    }

    /// Decodes one node against its own schema, walking nested containers so that every level
    /// is read against the schema of that level.
    private init(from container: KeyedDecodingContainer<ChildKey>, schema: StepSchema) throws {
        self.init(schema: schema)
        // As strict as the schema parser: a field this node cannot have is an error, not noise.
        let known =
            schema.kind == .stack ? ["selected", "steps", "elements"] : ["selected", "steps"]
        if let unknown = container.allKeys.first(where: { !known.contains($0.stringValue) }) {
            throw DecodingError.dataCorruptedError(
                forKey: unknown, in: container,
                debugDescription: "unknown field '\(unknown.stringValue)' for this node")
        }
        selectedIndex = nil
        if let key = try container.decodeIfPresent(String.self, forKey: .selected) {
            guard let index = schema.childIndex(forKey: key) else {
                throw DecodingError.dataCorruptedError(
                    forKey: ChildKey.selected, in: container, debugDescription: "no step '\(key)'")
            }
            selectedIndex = index
        }
        if container.contains(.steps) {
            let steps = try container.nestedContainer(keyedBy: ChildKey.self, forKey: .steps)
            for key in steps.allKeys {
                guard let index = schema.childIndex(forKey: key.stringValue) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: steps, debugDescription: "no step '\(key.stringValue)'")
                }
                let step = try steps.nestedContainer(keyedBy: ChildKey.self, forKey: key)
                children[index] = try Self.step(from: step, schema: schema.children[index])
            }
        }
        if container.contains(.elements), let element = schema.element {
            var list = try container.nestedUnkeyedContainer(forKey: .elements)
            var entries: [StepStack<DynamicSteps>.Entry] = []
            while !list.isAtEnd {
                let item = try list.nestedContainer(keyedBy: ChildKey.self)
                let id = try item.decode(String.self, forKey: .id)
                entries.append(.init(id: id, step: try Self.step(from: item, schema: element)))
            }
            do {
                try StepStack<DynamicSteps>.validate(ids: entries.map(\.id))
            } catch {
                throw DecodingError.dataCorruptedError(
                    forKey: ChildKey.elements, in: container, debugDescription: error.description)
            }
            elements = StepStack(entries: entries)
        }
    }

    /// Reads `{"value": …, "generation": n}`.
    private static func step(
        from container: KeyedDecodingContainer<ChildKey>, schema: StepSchema
    ) throws -> Step<DynamicSteps> {
        let value = try DynamicSteps(
            from: container.nestedContainer(keyedBy: ChildKey.self, forKey: .value), schema: schema)
        let generation = try container.decodeIfPresent(UInt32.self, forKey: .generation) ?? 0
        return Step(value, generation: generation)
    }

    /// Encodes the selection, the children and the elements; the schema is not encoded.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ChildKey.self)
        try container.encodeIfPresent(selectedKey, forKey: .selected)
        if !children.isEmpty {
            var steps = container.nestedContainer(keyedBy: ChildKey.self, forKey: .steps)
            for (child, step) in zip(schema.children, children) {
                try steps.encode(step, forKey: ChildKey(stringValue: child.key))
            }
        }
        if schema.kind == .stack {
            try container.encode(elements, forKey: .elements)
        }
    }
}

extension DynamicSteps: StorageShaped {
    func makeStorage() -> StepNodeStorage { DynamicStorage(self) }
}

/// The box of a schema-driven node (`@unchecked Sendable` for the reason on
/// `StepNodeStorage`).
final class DynamicStorage: StepStorage<DynamicSteps>, @unchecked Sendable {
    /// The node's schema, which never changes: read without going through `value`.
    let schema: StepSchema

    override init(_ value: DynamicSteps) {
        self.schema = value.schema
        super.init(value)
    }

    override func copy() -> StepStorage<DynamicSteps> { DynamicStorage(value) }
    override var childCount: Int { schema.children.count }
    override var hasTabs: Bool { schema.hasTabs }
    override func childKey(_ index: Int) -> String { schema.childKeys[index] }
    override func childKind(_ index: Int) -> StepKind { schema.childKinds[index] }
    override func childIndex(forKey key: Substring) -> Int? { schema.childIndex(forKey: key) }
    override var selectedIndex: Int? { value.selectedIndex }
    override func child(_ index: Int) -> StepReference {
        let step = value.children[index]
        return StepReference(generation: step.generation, storage: step.storage)
    }
    override var isStack: Bool { schema.kind == .stack }
    override var elementCount: Int { value.elements.entries.count }
    override func element(_ index: Int) -> ElementReference {
        value.elements.entries[index].reference
    }
    override func elementIndex(forID id: Substring) -> Int? { value.elements.index(of: id) }
    override var typeName: String { "DynamicSteps" }
    override var schemaShape: StepSchema? { schema }
    override func apply(_ edit: NodeEdit, along path: ArraySlice<PathStep>, selecting: Bool) {
        value.apply(edit, along: path, selecting: selecting)
    }
}
