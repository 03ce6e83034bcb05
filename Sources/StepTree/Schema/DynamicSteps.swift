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
    var selection: SelectedIndices
    var children: [Step<DynamicSteps>]
    var elements: StepStack<DynamicSteps>
    /// The node's payload: the value it was last selected with (`select(path:with:)` with a
    /// `String`), or `nil`.
    public internal(set) var payload: String?

    /// Creates the node in its initial state: every node selects its schema's `initial`
    /// children.
    /// - Complexity: O(1): the initial subtree is shared with every other initial node of the
    ///   same schema until one of them changes (copy-on-write).
    public init(schema: StepSchema) {
        self.schema = schema
        self.selection = schema.initialIndices
        self.children = schema.initialChildren
        self.elements = StepStack()
        self.payload = nil
    }

    /// The key of the child selected in `layer`, if any.
    public func selectedKey(in layer: StepLayer) -> String? {
        selection[layer].map { schema.children[$0].key }
    }

    /// The keys of the selected children, bottom layer first.
    public var selectedKeys: [String] { selection.keys.map { schema.children[$0].key } }

    /// The element ids, for a stack node.
    public var elementIDs: [String] { elements.ids }
}

extension DynamicSteps: Equatable {
    /// Nodes are equal when their schemas are equal and they have equal selections, payloads,
    /// children and elements.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.schema == rhs.schema && lhs.selection == rhs.selection && lhs.payload == rhs.payload
            && lhs.children == rhs.children && lhs.elements == rhs.elements
    }
}

extension DynamicSteps: Hashable {
    /// Hashes the selections, payload, children and elements.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(schema)
        hasher.combine(selection)
        hasher.combine(payload)
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
        static let renewal = ChildKey(stringValue: "renewal")
        static let payload = ChildKey(stringValue: "payload")
        static let next = ChildKey(stringValue: "next")
    }

    /// Decodes a state of the tree whose ``StepSchema`` is in
    /// `decoder.userInfo[.stepSchema]`; children missing from the input keep their initial state.
    /// - Throws: `DecodingError` for a missing schema, an unknown key or field, or a bad element
    ///   id.
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
        let known: Set =
            schema.kind == .stack
            ? ["selected", "payload", "elements"] : ["selected", "payload", "steps"]
        if let unknown = container.allKeys.first(where: { !known.contains($0.stringValue) }) {
            throw DecodingError.dataCorruptedError(
                forKey: unknown, in: container,
                debugDescription:
                    "unknown field '\(StepPath.quoted(unknown.stringValue))' for this node")
        }
        payload = try container.decodeIfPresent(String.self, forKey: .payload)
        selection = SelectedIndices()
        for key in try Self.selectedNames(in: container) {
            guard let index = schema.childIndex(forKey: key) else {
                throw DecodingError.dataCorruptedError(
                    forKey: ChildKey.selected, in: container,
                    debugDescription: "no step '\(StepPath.quoted(key))'")
            }
            let layer = schema.children[index].kind.layer
            guard selection[layer] == nil else {
                throw DecodingError.dataCorruptedError(
                    forKey: ChildKey.selected, in: container,
                    debugDescription: "two steps selected in the \(layer) layer")
            }
            selection[layer] = index
        }
        if schema.hasDestinations, selection.content == nil {
            throw DecodingError.dataCorruptedError(
                forKey: ChildKey.selected, in: container,
                debugDescription: "an element selects one of its destinations")
        }
        if container.contains(.steps) {
            let steps = try container.nestedContainer(keyedBy: ChildKey.self, forKey: .steps)
            for key in steps.allKeys {
                guard let index = schema.childIndex(forKey: key.stringValue) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: steps,
                        debugDescription: "no step '\(StepPath.quoted(key.stringValue))'")
                }
                if schema.hasDestinations, index != selection.content {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: steps,
                        debugDescription:
                            "destination '\(key.stringValue)' is not the one selected: only "
                            + "that one has state")
                }
                let step = try steps.nestedContainer(keyedBy: ChildKey.self, forKey: key)
                children[index] = try Self.step(from: step, schema: schema.children[index])
            }
        }
        if container.contains(.elements) {
            let element = schema.element ?? StepSchema.leaf
            // `[…]`, or `{"elements": […], "next": n}` for a counter ahead of the elements.
            var list: any UnkeyedDecodingContainer
            var next: UInt64?
            if let object = try? container.nestedContainer(
                keyedBy: ChildKey.self, forKey: .elements)
            {
                try Self.refuseFields(of: object, except: ["elements", "next"])
                list = try object.nestedUnkeyedContainer(forKey: .elements)
                next = try object.decodeIfPresent(UInt64.self, forKey: .next)
                try StepStack<DynamicSteps>.checkCounter(next, codingPath: object.codingPath)
            } else {
                list = try container.nestedUnkeyedContainer(forKey: .elements)
            }
            var entries: [StepStack<DynamicSteps>.Entry] = []
            while !list.isAtEnd {
                let item = try list.nestedContainer(keyedBy: ChildKey.self)
                try Self.refuseFields(of: item, except: ["id", "value", "renewal"])
                let id = try item.decode(String.self, forKey: .id)
                entries.append(
                    .init(id: id, box: try Self.wrappedStep(from: item, schema: element).storage))
            }
            do {
                try ElementIDs.validate(entries.map(\.id), at: nil)
            } catch {
                throw DecodingError.dataCorruptedError(
                    forKey: ChildKey.elements, in: container, debugDescription: error.description)
            }
            elements = StepStack(entries: entries, nextID: next)
        }
    }

    /// The selected keys: a list, or one key.
    private static func selectedNames(in container: KeyedDecodingContainer<ChildKey>) throws
        -> [String]
    {
        guard container.contains(.selected) else { return [] }
        if let name = try? container.decode(String.self, forKey: .selected) { return [name] }
        return try container.decode([String].self, forKey: .selected)
    }

    /// Throws for a field of `container` that is not one of `known`.
    private static func refuseFields(
        of container: KeyedDecodingContainer<ChildKey>, except known: Set<String>
    ) throws {
        if let unknown = container.allKeys.first(where: { !known.contains($0.stringValue) }) {
            throw DecodingError.dataCorruptedError(
                forKey: unknown, in: container,
                debugDescription:
                    "unknown field '\(StepPath.quoted(unknown.stringValue))' for this step")
        }
    }

    /// Reads a step in either form (see `StepCodingForm`): the node alone, or
    /// `{"value": …, "renewal": "…"}`.
    private static func step(
        from container: KeyedDecodingContainer<ChildKey>, schema: StepSchema
    ) throws -> Step<DynamicSteps> {
        let isWrapper = StepCodingForm.isWrapper(
            hasValue: container.contains(.value), hasRenewal: container.contains(.renewal),
            hasSelected: container.contains(.selected))
        guard isWrapper else { return Step(try DynamicSteps(from: container, schema: schema)) }
        try refuseFields(of: container, except: ["value", "renewal"])
        return try wrappedStep(from: container, schema: schema)
    }

    /// Reads `{"value": …, "renewal": "…"}`: a renewed step, a step written before steps were
    /// written bare, or a stack element (whose `id` the caller reads).
    private static func wrappedStep(
        from container: KeyedDecodingContainer<ChildKey>, schema: StepSchema
    ) throws -> Step<DynamicSteps> {
        let value = try DynamicSteps(
            from: container.nestedContainer(keyedBy: ChildKey.self, forKey: .value), schema: schema)
        let renewal =
            try container.decodeIfPresent(StepRenewal.self, forKey: .renewal) ?? .initial
        return Step(value, renewal: renewal)
    }

    /// Encodes the selection, the payload, the children and the elements; the schema is not
    /// encoded.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ChildKey.self)
        if !selection.keys.isEmpty {
            try container.encode(selectedKeys, forKey: .selected)
        }
        try container.encodeIfPresent(payload, forKey: .payload)
        if !children.isEmpty {
            var steps = container.nestedContainer(keyedBy: ChildKey.self, forKey: .steps)
            for (index, (child, step)) in zip(schema.children, children).enumerated()
            where !schema.hasDestinations || index == selection.content {
                try steps.encode(step, forKey: ChildKey(stringValue: child.key))
            }
        }
        if schema.kind == .stack {
            try container.encode(elements, forKey: .elements)
        }
    }
}

extension DynamicSteps: BareCodable {
    static var codingForm: StepCodingForm { .object }
}

extension DynamicSteps: StorageShaped {
    func makeStorage() -> StepNodeStorage { DynamicStorage(self) }
    static let nodeBoxing: NodeBoxing? = .of(Self.self, in: DynamicStorage.self) {
        DynamicStorage($0)
    }
}

/// The box of a schema-driven node (`@unchecked Sendable` restated from ``StepNodeStorage``, as
/// Swift requires of a subclass).
final class DynamicStorage: StepStorage<DynamicSteps>, @unchecked Sendable {
    /// The node's schema, which never changes: read without going through `value`.
    let schema: StepSchema

    override init(_ value: DynamicSteps) {
        self.schema = value.schema
        super.init(value)
    }

    /// A box holding a copy of `other`'s value and its schema.
    init(copying other: DynamicStorage) {
        schema = other.schema
        super.init(copying: other)
    }

    override func copy() -> StepStorage<DynamicSteps> { DynamicStorage(copying: self) }
    override var childCount: Int { schema.children.count }
    override var hasTabs: Bool { schema.hasTabs }
    override func childKey(_ index: Int) -> String { schema.childKeys[index] }
    override func childKind(_ index: Int) -> StepKind { schema.childKinds[index] }
    override func childLayer(_ index: Int) -> StepLayer { schema.childLayers[index] }
    override func childIsUserDismissible(_ index: Int) -> Bool {
        schema.childUserDismissible[index]
    }
    override var requiresContent: Bool { schema.hasDestinations }
    override var destinationName: String? {
        guard schema.hasDestinations, let index = value.selection.content else { return nil }
        return schema.childKeys[index]
    }
    override func childIndex(forSegment key: SegmentBytes) -> Int? {
        schema.childIndex(forSegment: key)
    }
    override var isStack: Bool { schema.kind == .stack }
    override var typeName: String { "DynamicSteps" }
    override var shape: AnyObject? { schema }

    override func selectedIndex(in layer: StepLayer) -> Int? { value.selection[layer] }
    override func child(_ index: Int) -> StepReference {
        StepReference(storage: value.children[index].storage)
    }
    override var elementCount: Int { value.elements.entries.count }
    override func element(_ index: Int) -> ElementReference {
        value.elements.entries[index].reference
    }
    override func elementIndex(forSegment id: SegmentBytes) -> Int? {
        value.elements.index(ofSegment: id)
    }

    // The boxes a path walk meets are held by this one: handed over unretained.
    override func resolveUnretained(_ segment: SegmentBytes) -> (PathStep, ResolvedChild)? {
        if isStack {
            guard let index = elementIndex(forSegment: segment) else { return nil }
            let box = value.elements.entries[index].box
            return (.element(index), ResolvedChild(index: index, heldBox: box))
        }
        guard let index = schema.childIndex(forSegment: segment) else { return nil }
        return (.child(index), ResolvedChild(index: index, heldBox: value.children[index].storage))
    }

    override func selectUniqueChild(
        _ index: Int, clearingAbove: Bool
    ) -> (old: Int?, child: Unretained<StepNodeStorage>) {
        let layer = schema.childLayers[index]
        let old = select(index, in: layer)
        if clearingAbove { clearLayers(above: layer) }
        return (old, Unretained(value.children[index].uniqueStorage()))
    }

    override func resolve(_ segment: SegmentBytes) -> (PathStep, StepNodeStorage)? {
        if isStack {
            guard let index = elementIndex(forSegment: segment) else { return nil }
            return (.element(index), value.elements.entries[index].box)
        }
        guard let index = childIndex(forSegment: segment) else { return nil }
        return (.child(index), value.children[index].storage)
    }

    override func setSelectedIndex(_ index: Int?, in layer: StepLayer) {
        guard schema.hasDestinations, layer == .content else {
            value.selection[layer] = index
            return
        }
        // An element shows exactly one destination, and only that one has state: another one
        // starts from its initial state, and none is never selected.
        guard let index, let old = value.selection.content, old != index else { return }
        value.selection.content = index
        resetChild(old)
        // A modal destination showing another one is a new screen (see `StepModal`).
        if case .present = schema.kind { RenewalHistory.renew(&renewalHistory) }
    }

    @discardableResult
    override func clear(_ layer: StepLayer) -> Int? {
        if schema.hasDestinations, layer == .content { return nil }
        return super.clear(layer)
    }
    override func resetChild(_ index: Int) {
        value.children[index].restart(as: schema.initialChildren[index])
    }
    override func childAccepts(_ value: any StepValue, at index: Int) -> Bool { value is String }
    override func renewChild(_ index: Int, with value: (any StepValue)?) {
        Self.renew(&self.value.children[index], with: value)
    }
    override func uniqueChild(_ index: Int) -> StepNodeStorage {
        value.children[index].uniqueStorage()
    }
    override func elementAccepts(_ value: any StepValue) -> Bool { value is String }
    override func renewElement(_ index: Int, with value: (any StepValue)?) {
        self.value.elements.modifyStep(at: index) { Self.renew(&$0, with: value) }
    }
    override func uniqueElement(_ index: Int) -> StepNodeStorage {
        value.elements.modifyStep(at: index) { $0.uniqueStorage() }
    }
    override func setElements(_ ids: [String]) {
        let element = schema.element ?? StepSchema.leaf
        value.elements.replace(with: ids) { _ in DynamicSteps(schema: element) }
    }
    override func removeElements(from index: Int) {
        value.elements.removeEntries(from: index)
    }
    override func removeElement(_ index: Int) { value.elements.remove(at: index) }
    override var elementType: ObjectIdentifier? { isStack ? ObjectIdentifier(String.self) : nil }
    override func elementBox<Value: StepValue>(for payload: Value) -> StepNodeStorage? {
        guard let payload = payload as? String else { return nil }
        var element = DynamicSteps(schema: schema.element ?? StepSchema.leaf)
        element.payload = payload
        return StepStorage.make(element)
    }
    override func pushElement(id: String?, box: StepNodeStorage?) -> Int {
        _ = value.elements.pushBox(box ?? initialElement, id: id)
        return value.elements.count - 1
    }
    override var initialElement: StepNodeStorage {
        StepStorage.make(DynamicSteps(schema: schema.element ?? StepSchema.leaf))
    }
    override func elementHasStep(named id: String) -> Bool {
        initialElement.childIndex(forKey: id) != nil
    }
    override var canPushElement: Bool { value.elements.canTakeNumber }
    override var elementCounter: UInt64 { value.elements.nextID }
    override func raiseElementCounter(to number: UInt64) {
        value.elements.raiseCounter(to: number)
    }

    /// Renews a schema-driven step: a `String` value becomes its payload.
    private static func renew(_ step: inout Step<DynamicSteps>, with value: (any StepValue)?) {
        let payload = value as? String
        if let payload { step.value.payload = payload }
        step.renewal = step.renewal.renewed(with: payload)
    }
}
