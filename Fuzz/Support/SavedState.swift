import StepTree
import StepTreeRestoration

/// JSON with its numbers kept as written, for comparing saved states digit by digit.
public indirect enum JSONText: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONText])
    case object([String: JSONText])

    /// Parses JSON as the encoder writes it; `nil` for anything it cannot read.
    public init?(_ bytes: [UInt8]) {
        var reader = Reader(bytes: bytes)
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        guard reader.offset == bytes.count else { return nil }
        self = value
    }

    public subscript(key: String) -> JSONText? {
        if case .object(let object) = self { object[key] } else { nil }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        mutating func skipSpace() {
            while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) {
                offset += 1
            }
        }

        mutating func value(depth: Int) -> JSONText? {
            skipSpace()
            guard offset < bytes.count, depth < 600 else { return nil }
            switch bytes[offset] {
            case UInt8(ascii: "{"):
                offset += 1
                var object: [String: JSONText] = [:]
                skipSpace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                    offset += 1
                    return .object(object)
                }
                while true {
                    skipSpace()
                    guard case .string(let key)? = value(depth: depth + 1) else { return nil }
                    skipSpace()
                    guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                        return nil
                    }
                    offset += 1
                    guard let item = value(depth: depth + 1) else { return nil }
                    if object[key] == nil { object[key] = item }
                    skipSpace()
                    guard offset < bytes.count else { return nil }
                    offset += 1
                    if bytes[offset - 1] == UInt8(ascii: "}") { return .object(object) }
                    guard bytes[offset - 1] == UInt8(ascii: ",") else { return nil }
                }
            case UInt8(ascii: "["):
                offset += 1
                var array: [JSONText] = []
                skipSpace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                    offset += 1
                    return .array(array)
                }
                while true {
                    guard let item = value(depth: depth + 1) else { return nil }
                    array.append(item)
                    skipSpace()
                    guard offset < bytes.count else { return nil }
                    offset += 1
                    if bytes[offset - 1] == UInt8(ascii: "]") { return .array(array) }
                    guard bytes[offset - 1] == UInt8(ascii: ",") else { return nil }
                }
            case UInt8(ascii: "\""):
                offset += 1
                var scalars = String.UnicodeScalarView()
                var text: [UInt8] = []
                func flush() {
                    scalars.append(contentsOf: String(decoding: text, as: UTF8.self).unicodeScalars)
                    text = []
                }
                while offset < bytes.count, bytes[offset] != UInt8(ascii: "\"") {
                    guard bytes[offset] == UInt8(ascii: "\\") else {
                        text.append(bytes[offset])
                        offset += 1
                        continue
                    }
                    guard offset + 1 < bytes.count else { return nil }
                    let escape = bytes[offset + 1]
                    offset += 2
                    let simple: [UInt8: UInt8] = [
                        UInt8(ascii: "b"): 8, UInt8(ascii: "f"): 12, UInt8(ascii: "n"): 10,
                        UInt8(ascii: "r"): 13, UInt8(ascii: "t"): 9,
                    ]
                    if let byte = simple[escape] {
                        text.append(byte)
                    } else if escape == UInt8(ascii: "u") {
                        guard var code = hex() else { return nil }
                        if (0xD800..<0xDC00).contains(code), bytes.count - offset >= 2,
                            bytes[offset] == UInt8(ascii: "\\"),
                            bytes[offset + 1] == UInt8(ascii: "u")
                        {
                            offset += 2
                            guard let low = hex() else { return nil }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        flush()
                        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    } else {
                        text.append(escape)
                    }
                }
                guard offset < bytes.count else { return nil }
                offset += 1
                flush()
                return .string(String(scalars))
            case UInt8(ascii: "t"): return word("true", .bool(true))
            case UInt8(ascii: "f"): return word("false", .bool(false))
            case UInt8(ascii: "n"): return word("null", .null)
            default:
                let start = offset
                while offset < bytes.count,
                    "+-.0123456789eE".utf8.contains(bytes[offset])
                {
                    offset += 1
                }
                guard offset > start else { return nil }
                return .number(String(decoding: bytes[start..<offset], as: UTF8.self))
            }
        }

        /// Four hexadecimal digits.
        mutating func hex() -> UInt32? {
            guard bytes.count - offset >= 4,
                let code = UInt32(
                    String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
            else { return nil }
            offset += 4
            return code
        }

        mutating func word(_ word: String, _ value: JSONText) -> JSONText? {
            let utf8 = Array(word.utf8)
            guard bytes.count - offset >= utf8.count,
                Array(bytes[offset..<offset + utf8.count]) == utf8
            else { return nil }
            offset += utf8.count
            return value
        }
    }
}

/// What a saved state holds at one step: its selection, elements, renewal history and the
/// scalars of its payload, each by its field path (`a.b.0`).
public struct SavedStep: Hashable, Sendable {
    public var selected: [String: String] = [:]
    public var elements: [String]?
    public var renewal: String?
    public var payload: [String: String] = [:]
}

/// A saved state flattened to its steps, by step path, read from the encoder's JSON of either
/// front-end (bare and wrapped steps alike).
public struct SavedState: Sendable {
    public private(set) var steps: [StepPath: SavedStep] = [:]

    /// Reads the state JSON of a hand-written tree, or a schema-driven one.
    public init(_ state: JSONText, schemaDriven: Bool) {
        if schemaDriven {
            schemaNode(state, at: .root)
        } else if case .object(let fields) = state {
            node(fields, at: .root)
        }
    }

    // MARK: Hand-written trees

    private mutating func node(_ fields: [String: JSONText], at path: StepPath) {
        steps[path, default: SavedStep()].selected = Self.layers(fields["selected"])
        for (key, value) in fields where key != "selected" {
            step(value, at: path.appending(key))
        }
    }

    private mutating func step(_ value: JSONText, at path: StepPath) {
        steps[path, default: SavedStep()] = steps[path] ?? SavedStep()
        switch value {
        case .array(let elements): stack(elements, at: path)
        case .object(let fields) where fields["selected"] != nil: node(fields, at: path)
        case .object(let fields) where fields["value"] != nil || fields["renewal"] != nil:
            if case .string(let renewal) = fields["renewal"] {
                steps[path]?.renewal = renewal
            }
            switch fields["value"] {
            case .array(let elements)?: stack(elements, at: path)
            case .object(let inner)? where inner["selected"] != nil: node(inner, at: path)
            case .object(let inner)? where inner.isEmpty: break
            case let payload?: steps[path]?.payload = Self.scalars(payload)
            case nil: break
            }
        default: break
        }
    }

    private mutating func stack(_ elements: [JSONText], at path: StepPath) {
        var ids: [String] = []
        for element in elements {
            guard case .string(let id) = element["id"] else { continue }
            ids.append(id)
            let place = path.appending(id)
            if case .object(let fields) = element["value"] { node(fields, at: place) }
            if case .string(let renewal) = element["renewal"] { steps[place]?.renewal = renewal }
        }
        steps[path, default: SavedStep()].elements = ids
    }

    /// A selection in any of its forms, by layer.
    private static func layers(_ selection: JSONText?) -> [String: String] {
        let names = ["content", "push", "modal"]
        switch selection {
        case .string(let key)?: return key.isEmpty ? [:] : ["content": key]
        case .array(let keys)?:
            var layers: [String: String] = [:]
            for (layer, key) in zip(names, keys) {
                if case .string(let name) = key, !name.isEmpty { layers[layer] = name }
            }
            return layers
        case .object(let fields)?:
            return fields.compactMapValues { if case .string(let name) = $0 { name } else { nil } }
        default: return [:]
        }
    }

    // MARK: Schema-driven trees

    private mutating func schemaNode(_ node: JSONText, at path: StepPath) {
        guard case .object(let fields) = node else { return }
        var facts = steps[path] ?? SavedStep()
        switch fields["selected"] {
        case .string(let key)?: facts.selected = ["0": key]
        case .array(let keys)?:
            for (index, key) in keys.enumerated() {
                if case .string(let name) = key { facts.selected["\(index)"] = name }
            }
        default: break
        }
        if case .string(let payload) = fields["payload"] { facts.payload = ["payload": payload] }
        steps[path] = facts
        if case .object(let children) = fields["steps"] {
            for (key, step) in children {
                let place = path.appending(key)
                guard case .object(let inner) = step else { continue }
                if (inner["value"] != nil || inner["renewal"] != nil) && inner["selected"] == nil {
                    steps[place, default: SavedStep()] = steps[place] ?? SavedStep()
                    if case .string(let renewal) = inner["renewal"] {
                        steps[place]?.renewal = renewal
                    }
                    schemaNode(inner["value"] ?? .object([:]), at: place)
                } else {
                    schemaNode(step, at: place)
                }
            }
        }
        if case .array(let elements) = fields["elements"] {
            var ids: [String] = []
            for element in elements {
                guard case .string(let id) = element["id"] else { continue }
                ids.append(id)
                schemaNode(element["value"] ?? .object([:]), at: path.appending(id))
                if case .string(let renewal) = element["renewal"] {
                    steps[path.appending(id)]?.renewal = renewal
                }
            }
            steps[path]?.elements = ids
        }
    }

    /// Every scalar of a payload by its field path, numbers as written.
    static func scalars(_ value: JSONText, prefix: String = "") -> [String: String] {
        func join(_ key: String) -> String { prefix.isEmpty ? key : prefix + "." + key }
        switch value {
        case .null: return [prefix: "null"]
        case .bool(let flag): return [prefix: "\(flag)"]
        case .number(let text): return [prefix: "n:" + text]
        case .string(let text): return [prefix: "s:" + text]
        case .array(let elements):
            var result: [String: String] = [:]
            for (index, element) in elements.enumerated() {
                result.merge(scalars(element, prefix: join("\(index)"))) { first, _ in first }
            }
            return result
        case .object(let fields):
            var result: [String: String] = [:]
            for (key, field) in fields {
                result.merge(scalars(field, prefix: join(key))) { first, _ in first }
            }
            return result
        }
    }
}

extension RestorationReport {
    /// Whether a change in the report accounts for a difference at the step `path`: in its
    /// field `field` (a payload's field path, `selected`, `renewal`), or in the step itself
    /// (`nil`: it is gone, or its elements changed).
    public func accounts(for path: StepPath, field: String?) -> Bool {
        changes.contains { change in
            switch change {
            case .droppedStep(let step): return step.isPrefix(of: path)
            case .droppedElement(let id, let stack): return stack.appending(id).isPrefix(of: path)
            case .reset(let name, let step), .droppedField(let name, let step):
                if ["value", "steps", "elements"].contains(name) { return step.isPrefix(of: path) }
                if step.appending(name).isPrefix(of: path) { return true }
                guard step == path, let field else { return false }
                return field == name || field.hasPrefix(name + ".") || name.hasPrefix(field + ".")
            case .renamed, .filledIn: return false
            }
        }
    }
}

extension StepPath {
    /// Whether this path is `path` or one of its ancestors.
    public func isPrefix(of path: StepPath) -> Bool {
        path.segments.count >= segments.count
            && Array(path.segments.prefix(segments.count)) == segments
    }
}
