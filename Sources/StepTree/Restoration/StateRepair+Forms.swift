/// A saved state in the wrapped form, which the repairs walk.
///
/// A step is written bare or in its wrapper (see `StepCodingForm`), and a save may mix both: one
/// written before steps were bare has only wrappers. The repairs are written for one form, the
/// one where every step is `{"value": …}`, so the state is brought to it first; the decoder reads
/// it back as well as the bare one.
extension StateRepair {
    /// `state` with every step of a tree in its wrapper.
    ///
    /// In a hand-written tree, a node is an object whose `selected` is an object of layers, and
    /// every other field of a node is a step; in a schema-driven one, a node's steps are the
    /// fields of its `steps` object. A stack element is always `{"id": …, "value": …}`.
    /// - Complexity: O(*n*) for a state of *n* JSON values.
    static func wrapped(_ state: JSONValue, schemaDriven: Bool) -> JSONValue {
        schemaDriven ? wrappedSchemaNode(state) : wrappedValue(state)
    }

    // MARK: Hand-written trees

    /// A hand-written node's `selected`: an object whose fields are layers.
    private static func isNode(_ value: JSONValue) -> Bool {
        guard case .object(let layers) = value["selected"] else { return false }
        return layers.keys.allSatisfy { ["content", "push", "modal"].contains($0) }
    }

    /// A step's value, with its own steps wrapped: a node's fields, a stack's elements.
    private static func wrappedValue(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(var fields) where isNode(value):
            for (key, step) in fields where key != "selected" { fields[key] = wrappedStep(step) }
            return .object(fields)
        case .array(let elements):
            return .array(elements.map { wrappedElement($0, value: wrappedValue) })
        default:
            return value
        }
    }

    /// A step in its wrapper: an array is a bare stack, a node a bare node, and an object with
    /// neither `value` nor `renewal` a bare leaf.
    private static func wrappedStep(_ step: JSONValue) -> JSONValue {
        switch step {
        case .array:
            return .object(["value": wrappedValue(step)])
        case .object(var fields) where !isNode(step):
            guard fields["value"] != nil || fields["renewal"] != nil else {
                return .object(["value": step])
            }
            fields["value"] = fields["value"].map(wrappedValue)
            return .object(fields)
        case .object:
            return .object(["value": wrappedValue(step)])
        default:
            return step
        }
    }

    /// A stack element `{"id": …, "value": …}` with `value` brought to the wrapped form.
    private static func wrappedElement(_ element: JSONValue, value: (JSONValue) -> JSONValue)
        -> JSONValue
    {
        guard case .object(var fields) = element else { return element }
        fields["value"] = fields["value"].map(value)
        return .object(fields)
    }

    // MARK: Schema-driven trees

    /// A schema-driven node with its steps wrapped: those under `steps`, and its elements'.
    private static func wrappedSchemaNode(_ node: JSONValue) -> JSONValue {
        guard case .object(var fields) = node else { return node }
        if case .object(var steps) = fields["steps"] {
            for (key, step) in steps { steps[key] = wrappedSchemaStep(step) }
            fields["steps"] = .object(steps)
        }
        if case .array(let elements) = fields["elements"] {
            fields["elements"] = .array(
                elements.map { wrappedElement($0, value: wrappedSchemaNode) })
        }
        return .object(fields)
    }

    /// A schema-driven step in its wrapper: one with neither `value` nor `renewal` is bare.
    private static func wrappedSchemaStep(_ step: JSONValue) -> JSONValue {
        guard case .object(var fields) = step else { return step }
        guard fields["value"] != nil || fields["renewal"] != nil else {
            return .object(["value": wrappedSchemaNode(step)])
        }
        fields["value"] = fields["value"].map(wrappedSchemaNode)
        return .object(fields)
    }
}
