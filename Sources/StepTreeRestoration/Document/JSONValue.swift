import Foundation
import StepTree

/// A JSON document as a value, so that a saved state can be repaired before it is decoded.
///
/// A number is kept as the text it was written with, so that no value passes through a type
/// it does not fit: a `UInt64` above `Int64.max`, a `Decimal` or a double written with more
/// digits than a `Double` keeps is decoded from its own digits (see `RepairingDecoder`).
enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number, as written (it follows JSON's grammar).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// One step into a document: an object's key or an array's index.
    enum Component: Hashable, Sendable, CustomStringConvertible {
        case key(String)
        case index(Int)

        init(_ key: any CodingKey) {
            self = key.intValue.map(Component.index) ?? .key(key.stringValue)
        }

        /// The key, or the index as digits.
        var description: String {
            switch self {
            case .key(let key): key
            case .index(let index): "\(index)"
            }
        }
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { object[key] } else { nil }
    }

    /// Whether the value is the number `number` (written as an integer).
    func isInteger(_ number: Int) -> Bool {
        if case .number(let text) = self { Int(text) == number } else { false }
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
    var jsonData: Data {
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

/// Why a text is not JSON: what was found, and where.
struct JSONSyntaxError: Error, CustomStringConvertible {
    /// What is wrong.
    let problem: String
    /// The offset of the byte where it was found.
    let offset: Int

    var description: String { "\(problem) at byte \(offset)" }
}

extension JSONValue {
    /// The deepest nesting of arrays and objects `parse(_:)` accepts, as Foundation's parser.
    static let maximumDepth = 512

    /// Parses a JSON text (RFC 8259, UTF-8), keeping numbers as their text.
    /// - Throws: `JSONSyntaxError` for anything else: truncated or corrupted text, invalid
    ///   UTF-8 in a string, or nesting deeper than ``maximumDepth``.
    /// - Complexity: O(*n*) for a text of *n* bytes.
    static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONValue {
        do {
            return try data.withUnsafeBytes { bytes in
                var parser = JSONParser(bytes: bytes)
                return try parser.document()
            }
        } catch let error as JSONSyntaxError {
            throw error
        } catch {
            throw JSONSyntaxError(problem: "\(error)", offset: 0)
        }
    }
}

/// A recursive-descent parser over the bytes of one JSON text.
private struct JSONParser {
    let bytes: UnsafeRawBufferPointer
    var offset = 0
    var depth = 0

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    mutating func document() throws(JSONSyntaxError) -> JSONValue {
        let value = try self.value()
        skipWhitespace()
        guard offset == bytes.count else { throw fail("unexpected text after the document") }
        return value
    }

    private func fail(_ problem: String) -> JSONSyntaxError {
        JSONSyntaxError(problem: problem, offset: offset)
    }

    private var atEnd: Bool { offset >= bytes.count }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        guard !atEnd else { throw fail("unexpected end of the text") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw fail("unexpected character")
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue)
        throws(JSONSyntaxError) -> JSONValue
    {
        let matches = word.withUTF8Buffer { letters in
            bytes.count - offset >= letters.count
                && letters.indices.allSatisfy { bytes[offset + $0] == letters[$0] }
        }
        guard matches else { throw fail("unexpected character") }
        offset += word.utf8CodeUnitCount
        return value
    }

    private mutating func nest() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= JSONValue.maximumDepth else {
            throw fail("nested deeper than \(JSONValue.maximumDepth) levels")
        }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        try nest()
        offset += 1
        var object: [String: JSONValue] = [:]
        skipWhitespace()
        if !atEnd, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            depth -= 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard !atEnd, bytes[offset] == UInt8(ascii: "\"") else {
                throw fail(atEnd ? "unexpected end of the text" : "expected a key")
            }
            let key = try string()
            skipWhitespace()
            guard !atEnd, bytes[offset] == UInt8(ascii: ":") else {
                throw fail(atEnd ? "unexpected end of the text" : "expected ':'")
            }
            offset += 1
            // The first of two values of a key is the one read, as Foundation's decoder does.
            let value = try value()
            if object.index(forKey: key) == nil { object[key] = value }
            skipWhitespace()
            guard !atEnd else { throw fail("unexpected end of the text") }
            switch bytes[offset] {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                depth -= 1
                return .object(object)
            default: throw fail("expected ',' or '}'")
            }
        }
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        try nest()
        offset += 1
        var array: [JSONValue] = []
        skipWhitespace()
        if !atEnd, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            depth -= 1
            return .array(array)
        }
        while true {
            array.append(try value())
            skipWhitespace()
            guard !atEnd else { throw fail("unexpected end of the text") }
            switch bytes[offset] {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                depth -= 1
                return .array(array)
            default: throw fail("expected ',' or ']'")
            }
        }
    }

    /// A string, from its opening quote.
    private mutating func string() throws(JSONSyntaxError) -> String {
        offset += 1
        let start = offset
        // Most strings have no escape: their bytes are the string's.
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                let text = String(validating: bytes[start..<offset], as: UTF8.self)
                guard let text else { throw fail("invalid UTF-8 in a string") }
                offset += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw fail("a control character in a string") }
            offset += 1
        }
        var buffer = Array(bytes[start..<offset])
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: buffer, as: UTF8.self) else {
                    throw fail("invalid UTF-8 in a string")
                }
                offset += 1
                return text
            case UInt8(ascii: "\\"):
                offset += 1
                guard !atEnd else { break }
                let escape = bytes[offset]
                offset += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                    buffer.append(escape)
                case UInt8(ascii: "b"): buffer.append(0x08)
                case UInt8(ascii: "f"): buffer.append(0x0C)
                case UInt8(ascii: "n"): buffer.append(0x0A)
                case UInt8(ascii: "r"): buffer.append(0x0D)
                case UInt8(ascii: "t"): buffer.append(0x09)
                case UInt8(ascii: "u"): try unicodeEscape(into: &buffer)
                default:
                    offset -= 1
                    throw fail("an invalid escape in a string")
                }
            default:
                guard byte >= 0x20 else { throw fail("a control character in a string") }
                buffer.append(byte)
                offset += 1
            }
        }
        throw fail("unexpected end of the text")
    }

    /// The four hexadecimal digits after `\u`, and a low surrogate's escape after a high one.
    private mutating func unicodeEscape(into buffer: inout [UInt8]) throws(JSONSyntaxError) {
        var scalar = try hexQuad()
        if (0xD800..<0xDC00).contains(scalar) {
            guard bytes.count - offset >= 6, bytes[offset] == UInt8(ascii: "\\"),
                bytes[offset + 1] == UInt8(ascii: "u")
            else { throw fail("a high surrogate with no low one") }
            offset += 2
            let low = try hexQuad()
            guard (0xDC00..<0xE000).contains(low) else {
                throw fail("a high surrogate with no low one")
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00..<0xE000).contains(scalar) {
            throw fail("a low surrogate with no high one")
        }
        guard let unicode = Unicode.Scalar(scalar) else { throw fail("an invalid escape") }
        buffer.append(contentsOf: String(Character(unicode)).utf8)
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - offset >= 4 else { throw fail("unexpected end of the text") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("an invalid escape in a string")
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    /// A number, as JSON writes one: `-`? (`0` | [1-9][0-9]*) (`.` [0-9]+)? ([eE] [+-]?
    /// [0-9]+)?.
    private mutating func number() throws(JSONSyntaxError) -> JSONValue {
        let start = offset
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        guard !atEnd, isDigit(bytes[offset]) else { throw fail("a number with no digits") }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
        } else {
            skipDigits()
        }
        if !atEnd, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard !atEnd, isDigit(bytes[offset]) else { throw fail("a number with no fraction") }
            skipDigits()
        }
        if !atEnd, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            offset += 1
            if !atEnd, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard !atEnd, isDigit(bytes[offset]) else { throw fail("a number with no exponent") }
            skipDigits()
        }
        return .number(String(decoding: bytes[start..<offset], as: UTF8.self))
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
    }
}
