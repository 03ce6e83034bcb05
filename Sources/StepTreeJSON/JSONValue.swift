import Foundation

/// A JSON document as a value, so that a saved state can be repaired before it is decoded.
///
/// A number is kept as the text it was written with, so that no value passes through a type
/// it does not fit: a `UInt64` above `Int64.max`, a `Decimal` or a double written with more
/// digits than a `Double` keeps is decoded from its own digits (see `RepairingDecoder`).
package enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number, as written (it follows JSON's grammar).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// One step into a document: an object's key or an array's index.
    package enum Component: Hashable, Sendable, CustomStringConvertible {
        case key(String)
        case index(Int)

        package init(_ key: any CodingKey) {
            self = key.intValue.map(Component.index) ?? .key(key.stringValue)
        }

        /// The key, or the index as digits.
        package var description: String {
            switch self {
            case .key(let key): key
            case .index(let index): "\(index)"
            }
        }
    }

    package subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { object[key] } else { nil }
    }

    /// Whether the value is the number `number` (written as an integer).
    package func isInteger(_ number: Int) -> Bool {
        if case .number(let text) = self { Int(text) == number } else { false }
    }

    /// The value at `path`, if there is one.
    package func value(at path: some Collection<Component>) -> JSONValue? {
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
    package mutating func set(_ value: JSONValue?, at path: ArraySlice<Component>) -> Bool {
        guard let first = path.first else {
            if let value { self = value }
            return value != nil
        }
        switch (self, first) {
        case (.object(var object), .key(let key)):
            self = .null  // so that `object` is the only reference to its storage
            defer { self = .object(object) }
            if path.count == 1 {
                object[key] = value
                return true
            }
            guard var child = object.removeValue(forKey: key) else { return false }
            defer { object[key] = child }
            return child.set(value, at: path.dropFirst())
        case (.array(var array), .index(let index)) where array.indices.contains(index):
            self = .null
            defer { self = .array(array) }
            if path.count == 1 {
                if let value { array[index] = value } else { array.remove(at: index) }
                return true
            }
            return array[index].set(value, at: path.dropFirst())
        default:
            return false
        }
    }
}

// MARK: Writing

extension JSONValue {
    /// The value as compact JSON text with sorted keys, its numbers as they were written.
    /// - Complexity: O(*n*) for *n* values.
    package var jsonData: Data {
        var bytes: [UInt8] = []
        write(into: &bytes)
        return Data(bytes)
    }

    private func write(into bytes: inout [UInt8]) {
        switch self {
        case .null: bytes += Array("null".utf8)
        case .bool(let flag): bytes += Array((flag ? "true" : "false").utf8)
        case .number(let text): bytes += Array(text.utf8)
        case .string(let text): Self.write(text, into: &bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                element.write(into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            for (index, key) in object.keys.sorted().enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.write(key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                object[key]?.write(into: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private static func write(_ text: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes += [UInt8(ascii: "\\"), byte]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

// MARK: Parsing

extension JSONValue {
    /// The deepest nesting of arrays and objects `parse(_:)` accepts, as Foundation's parser.
    package static let maximumDepth = 512

    /// Parses a JSON text (RFC 8259, UTF-8), keeping numbers as their text.
    /// - Throws: `JSONSyntaxError` for anything else: truncated or corrupted text, invalid
    ///   UTF-8 in a string, or nesting deeper than ``maximumDepth``.
    /// - Complexity: O(*n*) for a text of *n* bytes.
    package static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: [UInt8](data))
        return try parser.document()
    }
}
