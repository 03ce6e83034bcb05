import Foundation
import StepTree

/// The JSON of a schema, written back from its public shape.
public func schemaJSON(_ schema: StepSchema) throws -> Data {
    try JSONSerialization.data(
        withJSONObject: schemaObject(schema, isRoot: true), options: .sortedKeys)
}

/// A schema as the JSON object of the schema format.
public func schemaObject(_ schema: StepSchema, isRoot: Bool) -> [String: Any] {
    var object: [String: Any] = [:]
    if !isRoot {
        object["key"] = schema.key
        switch schema.kind {
        case .tab: object["kind"] = "tab"
        case .inline: object["kind"] = "inline"
        case .push: object["kind"] = "push"
        case .stack: object["kind"] = "stack"
        case .present(let style):
            object["kind"] = "present"
            object["style"] = style.rawValue
        }
    }
    if !schema.children.isEmpty {
        object["children"] = schema.children.map { schemaObject($0, isRoot: false) }
    }
    if !schema.initialKeys.isEmpty { object["initial"] = schema.initialKeys }
    if let element = schema.element, schema.kind == .stack {
        object["element"] = schemaObject(element, isRoot: true)
    }
    return object
}
