import Foundation

/// A JSON document as a value, so that a saved state can be repaired before it is decoded.
enum JSONValue: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// One step into a document: an object's key or an array's index.
    enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)

        init(_ key: any CodingKey) {
            self = key.intValue.map(Component.index) ?? .key(key.stringValue)
        }
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { object[key] } else { nil }
    }

    /// The value at `path`, if there is one.
    func value(at path: some Collection<Component>) -> JSONValue? {
        guard let first = path.first else { return self }
        switch (self, first) {
        case (.object(let object), .key(let key)): return object[key]?.value(at: path.dropFirst())
        case (.array(let array), .index(let index)) where array.indices.contains(index):
            return array[index].value(at: path.dropFirst())
        default: return nil
        }
    }

    /// Sets the value at `path` (`nil` removes an object's key or an array's element).
    /// - Returns: Whether the parent of `path` exists.
    @discardableResult
    mutating func set(_ value: JSONValue?, at path: ArraySlice<Component>) -> Bool {
        guard let first = path.first else {
            if let value { self = value }
            return value != nil
        }
        switch (self, first) {
        case (.object(var object), .key(let key)):
            if path.count == 1 {
                object[key] = value
            } else {
                guard var child = object[key], child.set(value, at: path.dropFirst()) else {
                    return false
                }
                object[key] = child
            }
            self = .object(object)
            return true
        case (.array(var array), .index(let index)) where array.indices.contains(index):
            if path.count == 1 {
                if let value { array[index] = value } else { array.remove(at: index) }
            } else {
                guard array[index].set(value, at: path.dropFirst()) else { return false }
            }
            self = .array(array)
            return true
        default:
            return false
        }
    }
}
