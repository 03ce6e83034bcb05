import StepTree

/// Checks the promises of a loaded schema; returns the broken ones, empty when all hold. The
/// fuzz target and the unit tests share it.
public func schemaViolations(_ schema: StepSchema, path: String = "/", depth: Int = 0) -> [String] {
    var problems: [String] = []
    if depth > StepSchema.maximumDepth { problems.append("\(path): deeper than the maximum") }
    let keys = schema.children.map(\.key)
    if Set(keys).count != keys.count { problems.append("\(path): duplicate keys \(keys)") }
    for key in keys where !StepPath.isValidSegment(key) {
        problems.append("\(path): bad key '\(key)'")
    }
    let tabs = schema.children.count { $0.kind == .tab }
    let inline = schema.children.count { $0.kind == .inline }
    if tabs != 0 && inline != 0 { problems.append("\(path): tabs mixed with inline steps") }
    if schema.hasTabs != (tabs > 0) { problems.append("\(path): hasTabs is wrong") }
    let initial = schema.initialKeys.compactMap { schema.childIndex(forKey: $0) }
    if initial.count != schema.initialKeys.count {
        problems.append("\(path): initial out of range")
    }
    let layers = initial.map { schema.children[$0].kind.layer }
    if Set(layers).count != layers.count { problems.append("\(path): two initial in a layer") }
    for (index, key) in keys.enumerated() where schema.childIndex(forKey: key) != index {
        problems.append("\(path): childIndex(\(key)) is wrong")
    }
    if schema.kind == .stack {
        if !keys.isEmpty { problems.append("\(path): a stack with children") }
        if !schema.initialKeys.isEmpty { problems.append("\(path): a stack with an initial") }
        if let element = schema.element {
            if !element.key.isEmpty { problems.append("\(path): an element with a key") }
            problems += schemaViolations(element, path: path + "/*", depth: depth + 1)
        } else {
            problems.append("\(path): a stack without an element schema")
        }
    } else if schema.element != nil {
        problems.append("\(path): an element schema on a non-stack")
    }
    for child in schema.children {
        let childPath = path == "/" ? "/" + child.key : path + "/" + child.key
        problems += schemaViolations(child, path: childPath, depth: depth + 1)
    }
    return problems
}
