import StepTree
import StepTreeJSON

/// The repairs made on a saved state's JSON before it is decoded: the migrations, and the
/// steps the tree no longer has, with the report of each. (What no longer decodes is repaired
/// while the state is decoded: see `RepairingDecoder`, and `SchemaStateRepair` for a
/// schema-driven tree.)
///
/// The state is the tree's own encoding in its wrapped form (`wrapped(_:schemaDriven:)`): a
/// step is an object with a `value` (and perhaps a `renewal`); a hand-written node keeps its
/// steps under their keys and a schema-driven one under `steps`; a stack is an array of
/// elements (`elements` in a schema-driven node), each with an `id` and a `value`.
struct StateRepair {
    typealias Component = JSONValue.Component

    var state: JSONValue
    /// The initial state's encoding.
    let reference: JSONValue
    var report = RestorationReport()

    init(state: JSONValue, reference: JSONValue) {
        self.state = state
        self.reference = reference
    }

    // MARK: Migrations

    mutating func apply(_ migration: StepMigration) {
        switch migration.kind {
        case .rename(let path, let key):
            guard let (node, container) = locate(path.segments), let old = path.last,
                let step = state.value(at: container + [.key(old)]),
                state.value(at: container + [.key(key)]) == nil
            else { return }
            state.set(nil, at: (container + [.key(old)])[...])
            state.set(step, at: (container + [.key(key)])[...])
            let selected = node + [.key("selected")]
            if let selection = state.value(at: selected) {
                state.set(Self.renaming(old, to: key, in: selection), at: selected[...])
            }
            report.changes.append(.renamed(path, to: key))
        }
    }

    /// `selection` with the key `old` replaced by `new`, in either encoding (an object of
    /// layers, or a list of keys).
    static func renaming(_ old: String, to new: String, in selection: JSONValue)
        -> JSONValue
    {
        switch selection {
        case .string(old): .string(new)
        case .array(let keys): .array(keys.map { renaming(old, to: new, in: $0) })
        case .object(let layers): .object(layers.mapValues { renaming(old, to: new, in: $0) })
        default: selection
        }
    }

    /// The node that holds the last step of `segments` and the object its key is in.
    private func locate(_ segments: [String]) -> (node: [Component], container: [Component])? {
        var node: [Component] = []
        var found: (node: [Component], container: [Component])?
        for segment in segments {
            guard let value = state.value(at: node) else { return nil }
            if let index = Self.element(segment, in: value) {
                node += [.index(index), .key("value")]
                found = nil
            } else if case .array = value["elements"],
                let index = Self.element(segment, in: value["elements"] ?? .null)
            {
                node += [.key("elements"), .index(index), .key("value")]
                found = nil
            } else if Self.isStep(value[segment]) {
                found = (node, node)
                node += [.key(segment), .key("value")]
            } else if Self.isStep(value["steps"]?[segment]) {
                found = (node, node + [.key("steps")])
                node += [.key("steps"), .key(segment), .key("value")]
            } else {
                return nil
            }
        }
        return found
    }

    private static func element(_ id: String, in value: JSONValue) -> Int? {
        guard case .array(let entries) = value else { return nil }
        return entries.firstIndex { $0["id"] == .string(id) }
    }

    private static func isStep(_ value: JSONValue?) -> Bool { value?["value"] != nil }

    /// Whether `value`, a step's value in the initial state, is a destination: one field, a
    /// step, with no selection beside it (a node with steps always has `selected`).
    private static func isDestination(_ value: [String: JSONValue]) -> Bool {
        value.count == 1 && value["selected"] == nil && isStep(value.values.first)
    }

    // MARK: Steps that no longer exist

    /// Drops every step the initial state does not have where it has the node around it;
    /// stacks are not compared, since the initial state has no elements.
    mutating func dropUnknownSteps() {
        var dropped: [[Component]] = []
        func walk(_ path: [Component], _ value: JSONValue, _ reference: JSONValue) {
            guard case .object(let object) = value, case .object(let known) = reference else {
                return
            }
            // A destination (a `StepModal`, `{"compose": step}`) names the case it shows, which
            // need not be the initial one: its decoding checks the name, and its payload is
            // compared only when it is the initial case.
            if Self.isDestination(known) {
                guard let (key, child) = object.first, object.count == 1,
                    let knownChild = known[key]
                else { return }
                return walk(path + [.key(key)], child, knownChild)
            }
            for key in object.keys.sorted() {
                guard let child = object[key] else { continue }
                if let knownChild = known[key] {
                    walk(path + [.key(key)], child, knownChild)
                } else if Self.isStep(child) {
                    dropped.append(path + [.key(key)])
                }
            }
        }
        walk([], state, reference)
        for path in dropped {
            report.changes.append(.droppedStep(place(of: path).step))
            state.set(nil, at: path[...])
        }
    }

    /// The step a place in the document belongs to, and the field within it (`nil` when the
    /// place is a step).
    func place(of path: [Component]) -> (step: StepPath, field: String?) {
        var segments: [String] = []
        var current = state
        var index = 0
        while index < path.count {
            let component = path[index]
            switch component {
            case .index(let position):
                let entry = current.value(at: [component])
                if case .string(let id) = entry?["id"] {
                    segments.append(id)
                } else {
                    segments.append("#\(position)")
                }
                current = entry ?? .null
            case .key(let key) where ["value", "steps", "elements"].contains(key):
                current = current[key] ?? .null
            case .key(let key):
                guard Self.isStep(current[key]) else {
                    let field = path[index...].map { part -> String in
                        switch part {
                        case .key(let key): key
                        case .index(let position): "\(position)"
                        }
                    }
                    return (StepPath(segments), field.joined(separator: "."))
                }
                segments.append(key)
                current = current[key] ?? .null
            }
            index += 1
        }
        return (StepPath(segments), nil)
    }
}
