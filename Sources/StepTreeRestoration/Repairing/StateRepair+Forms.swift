import StepTree
import StepTreeJSON

/// A saved state in the wrapped form, which the repairs walk.
///
/// A step is written bare or in its wrapper (see `StepCodingForm`), and a save may mix both: one
/// written before steps were bare has only wrappers. The repairs are written for one form, the
/// one where every step is `{"value": …}`, so the state is brought to it first; the decoder reads
/// it back as well as the bare one.
extension StateRepair {
    /// `state` with every step of a tree in its wrapper.
    ///
    /// In a hand-written tree, a node is an object with a `selected` selection, and every
    /// other field of a node is a step; in a schema-driven one, a node's steps are the fields
    /// of its `steps` object. A stack element is always `{"id": …, "value": …}`. The wrapped
    /// form has the shapes renewal fingerprints hash (see `StepCodingForm`): a hand-written
    /// node's selection is an object of layers, and a step with no payload is `{"value": {}}`.
    /// - Complexity: O(*n*) for a state of *n* JSON values.
    static func wrapped(_ state: JSONValue, schemaDriven: Bool) -> JSONValue {
        schemaDriven ? wrappedSchemaNode(state) : wrappedValue(state)
    }

    // MARK: Hand-written trees

    /// The names of a selection's layers, bottom first, as its object form has them.
    private static let layerNames = ["content", "push", "modal"]

    /// A hand-written node's selection as its object of layers, `nil` when it is none.
    ///
    /// The forms (see ``StepSelection/init(from:)``): that object, the content key, or the
    /// list of layer keys.
    private static func layers(of selection: JSONValue) -> [String: JSONValue]? {
        switch selection {
        case .object(let layers) where layers.keys.allSatisfy(layerNames.contains):
            return layers
        case .string(let key):
            return key.isEmpty ? [:] : ["content": selection]
        case .array(let keys) where keys.count <= layerNames.count:
            var layers: [String: JSONValue] = [:]
            for (layer, key) in zip(layerNames, keys) {
                guard case .string(let name) = key else { return nil }
                if !name.isEmpty { layers[layer] = key }
            }
            return layers
        default:
            return nil
        }
    }

    /// Whether `value` is a hand-written node: an object with a selection in `selected`.
    ///
    /// A selection in a newer form (a string or a list) could also be a payload's own field,
    /// so there every other field must have a step's shape too (an object, an array, or the
    /// number of a bare ``EmptyStep``).
    private static func isNode(_ value: JSONValue) -> Bool {
        guard case .object(let fields) = value, let selection = fields["selected"],
            layers(of: selection) != nil
        else { return false }
        if case .object = selection { return true }
        return fields.allSatisfy { key, field in
            switch field {
            case .object, .array: true
            case .number: field.isInteger(StepCodingForm.bareEmptyStep) || key == "selected"
            default: key == "selected"
            }
        }
    }

    /// A step's value, with its own steps wrapped: a node's fields, a stack's elements.
    private static func wrappedValue(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(var fields) where isNode(value):
            for (key, step) in fields {
                if key == "selected" {
                    fields[key] = layers(of: step).map(JSONValue.object)
                } else {
                    fields[key] = wrappedStep(step)
                }
            }
            return .object(fields)
        case .array(let elements):
            return .array(elements.map { wrappedElement($0, value: wrappedValue) })
        default:
            return value
        }
    }

    /// A step in its wrapper: an array is a bare stack, a node a bare node, the number `0` a
    /// bare ``EmptyStep``, and an object with neither `value` nor `renewal` a bare leaf (as
    /// ``EmptyStep`` was written before it was a number).
    private static func wrappedStep(_ step: JSONValue) -> JSONValue {
        switch step {
        case .array:
            return .object(["value": wrappedValue(step)])
        case .number where step.isInteger(StepCodingForm.bareEmptyStep):
            return .object(["value": .object([:])])
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
