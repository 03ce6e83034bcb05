import StepTree
import StepTreeJSON

/// The repairs that make a schema-driven state fit its schema, made in one walk of its JSON
/// (after the migrations and the unknown steps), so that it then decodes as it is.
///
/// A ``DynamicSteps`` state decodes in one call that reads the whole tree against the schema,
/// so a repair cannot be made while it decodes; but every rule of that decoding is known, and
/// is checked here (see `DynamicSteps.init(from:schema:)`). The state is in the wrapped form
/// (see `StateRepair.wrapped(_:schemaDriven:)`), and so is `reference`, the initial state's.
///
/// A field that does not fit is put back to its initial value (the initial state's, or for a
/// stack element's node the initial node of its schema) or dropped, and a step the schema does
/// not have is dropped. An element that is not one (no valid id, an id an element before it
/// has, no node) is dropped whole.
struct SchemaStateRepair {
    private(set) var changes: [RestorationReport.Change] = []
    /// The initial node of an element schema, in the wrapped form.
    let elementReference: (StepSchema) -> JSONValue?

    init(elementReference: @escaping (StepSchema) -> JSONValue?) {
        self.elementReference = elementReference
    }

    /// A node of `schema` at `path`, repaired against `reference`, its initial state.
    /// - Returns: `nil` when `node` is not an object (the caller decides).
    mutating func node(
        _ node: JSONValue, schema: StepSchema, reference: JSONValue?, path: StepPath
    ) -> JSONValue? {
        guard case .object(var fields) = node else { return nil }
        let isStack = schema.kind == .stack
        for key in fields.keys.sorted() where !Self.nodeFields(isStack: isStack).contains(key) {
            fields[key] = nil
            changes.append(.droppedField(key, at: path))
        }
        if let payload = fields["payload"], !Self.isPayload(payload) {
            fields["payload"] = nil
            changes.append(.droppedField("payload", at: path))
        }
        if let selection = fields["selected"], !Self.isSelection(selection, of: schema) {
            fields["selected"] = reference?["selected"]
            changes.append(
                fields["selected"] == nil
                    ? .droppedField("selected", at: path) : .reset("selected", at: path))
        }
        if isStack {
            if let elements = fields["elements"] {
                fields["elements"] = self.elements(
                    elements, schema: schema.element ?? StepSchema.leaf, path: path)
            }
        } else if let steps = fields["steps"] {
            fields["steps"] = self.steps(steps, schema: schema, reference: reference, path: path)
        }
        return .object(fields)
    }

    /// A node's `steps`: each a child of the schema, and each repaired.
    private mutating func steps(
        _ steps: JSONValue, schema: StepSchema, reference: JSONValue?, path: StepPath
    ) -> JSONValue? {
        guard case .object(var children) = steps else {
            let initial = reference?["steps"]
            changes.append(
                initial == nil ? .droppedField("steps", at: path) : .reset("steps", at: path))
            return initial
        }
        for key in children.keys.sorted() {
            guard let index = schema.childIndex(forKey: key) else {
                children[key] = nil
                changes.append(.droppedStep(path.appending(key)))
                continue
            }
            children[key] = step(
                children[key] ?? .null, schema: schema.children[index],
                reference: reference?["steps"]?[key], path: path.appending(key))
        }
        return .object(children)
    }

    /// A step, `{"value": node, "renewal": "…"}` or the node bare, repaired; `reference` is the
    /// initial step (wrapped).
    private mutating func step(
        _ step: JSONValue, schema: StepSchema, reference: JSONValue?, path: StepPath
    ) -> JSONValue? {
        let initial = reference?["value"]
        guard case .object(var fields) = step else {
            changes.append(.reset("value", at: path))
            return reference
        }
        guard Self.isWrapper(fields) else {
            if let repaired = node(step, schema: schema, reference: initial, path: path) {
                return repaired
            }
            changes.append(.reset("value", at: path))
            return reference
        }
        for key in fields.keys.sorted() where key != "value" && key != "renewal" {
            fields[key] = nil
            changes.append(.droppedField(key, at: path))
        }
        if let renewal = fields["renewal"], !Self.isRenewal(renewal) {
            fields["renewal"] = nil
            changes.append(.droppedField("renewal", at: path))
        }
        if let value = fields["value"] {
            if let repaired = node(value, schema: schema, reference: initial, path: path) {
                fields["value"] = repaired
            } else {
                fields["value"] = initial
                changes.append(.reset("value", at: path))
            }
        } else {
            fields["value"] = initial
            changes.append(.filledIn("value", at: path))
        }
        return .object(fields)
    }

    /// A stack's elements, each repaired against the initial node of its schema; one that is
    /// not an element (not an object, no valid id, or an id an element before it has, no
    /// node) is dropped.
    private mutating func elements(_ elements: JSONValue, schema: StepSchema, path: StepPath)
        -> JSONValue
    {
        guard case .array(let entries) = elements else {
            changes.append(.reset("elements", at: path))
            return .array([])
        }
        var kept: [JSONValue] = []
        var ids = Set<SegmentKey>()
        for (index, entry) in entries.enumerated() {
            guard case .object(var fields) = entry, case .string(let id) = fields["id"],
                StepPath.isValidSegment(id), !ids.contains(SegmentKey(id)),
                let value = fields["value"],
                let node = node(
                    value, schema: schema, reference: elementReference(schema),
                    path: path.appending(id))
            else {
                let name: String
                if case .string(let id) = entry["id"] { name = id } else { name = "#\(index)" }
                changes.append(.droppedElement(name, in: path))
                continue
            }
            let place = path.appending(id)
            for key in fields.keys.sorted() where !["id", "value", "renewal"].contains(key) {
                fields[key] = nil
                changes.append(.droppedField(key, at: place))
            }
            if let renewal = fields["renewal"], !Self.isRenewal(renewal) {
                fields["renewal"] = nil
                changes.append(.droppedField("renewal", at: place))
            }
            fields["value"] = node
            ids.insert(SegmentKey(id))
            kept.append(.object(fields))
        }
        return .array(kept)
    }

    // MARK: The rules of the decoding

    private static func nodeFields(isStack: Bool) -> Set<String> {
        isStack ? ["selected", "payload", "elements"] : ["selected", "payload", "steps"]
    }

    private static func isPayload(_ value: JSONValue) -> Bool {
        switch value {
        case .string, .null: true
        default: false
        }
    }

    /// Whether `fields` is a step's wrapper (see `StepCodingForm.isWrapper`).
    private static func isWrapper(_ fields: [String: JSONValue]) -> Bool {
        StepCodingForm.isWrapper(
            hasValue: fields["value"] != nil, hasRenewal: fields["renewal"] != nil,
            hasSelected: fields["selected"] != nil)
    }

    private static func isRenewal(_ value: JSONValue) -> Bool {
        switch value {
        case .null: true
        case .string(let text): StepRenewal(text: text) != nil
        default: false
        }
    }

    /// Whether a selection is one key or a list of keys of `schema`'s children, at most one in
    /// each layer.
    private static func isSelection(_ value: JSONValue, of schema: StepSchema) -> Bool {
        let names: [JSONValue]
        switch value {
        case .string: names = [value]
        case .array(let list): names = list
        default: return false
        }
        var layers = Set<StepLayer>()
        for name in names {
            guard case .string(let key) = name, let index = schema.childIndex(forKey: key),
                layers.insert(schema.children[index].kind.layer).inserted
            else { return false }
        }
        return true
    }
}
