import Foundation

/// Why a text is not JSON: what was found, and where.
package struct JSONSyntaxError: Error, CustomStringConvertible {
    /// What is wrong.
    package let problem: String
    /// The offset of the byte where it was found.
    package let offset: Int

    package var description: String { "\(problem) at byte \(offset)" }
}

/// A recursive-descent parser over the bytes of one JSON text.
struct JSONParser {
    let bytes: [UInt8]
    var offset = 0
    var depth = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

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
