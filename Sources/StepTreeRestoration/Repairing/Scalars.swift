import Foundation
import StepTree

/// The scalars, read from the value itself: numbers from their text, into the type asked for.
enum Scalars {
    /// The `T` at `place` when `T` is a scalar (or `Decimal`, `Data`, `URL`, which Foundation's
    /// JSON decoder also reads itself); `nil` for any other type.
    static func decode<T>(_ type: T.Type, at place: DecodingPlace) throws -> T? {
        let value = place.value
        if type == String.self {
            guard case .string(let text) = value else { throw mismatch(type, place) }
            return text as? T
        }
        if type == Bool.self {
            guard case .bool(let flag) = value else { throw mismatch(type, place) }
            return flag as? T
        }
        if type == Int.self { return try integer(Int.self, place) as? T }
        if type == Double.self {
            let text = try number(type, place)
            guard let number = Double(text), number.isFinite else {
                throw unfit(text, type, place)
            }
            return number as? T
        }
        if type == UInt64.self { return try integer(UInt64.self, place) as? T }
        if type == Int64.self { return try integer(Int64.self, place) as? T }
        if type == UInt.self { return try integer(UInt.self, place) as? T }
        if type == Int32.self { return try integer(Int32.self, place) as? T }
        if type == UInt32.self { return try integer(UInt32.self, place) as? T }
        if type == Int16.self { return try integer(Int16.self, place) as? T }
        if type == UInt16.self { return try integer(UInt16.self, place) as? T }
        if type == Int8.self { return try integer(Int8.self, place) as? T }
        if type == UInt8.self { return try integer(UInt8.self, place) as? T }
        if type == Float.self {
            let text = try number(type, place)
            guard let number = Float(text), number.isFinite else {
                throw unfit(text, type, place)
            }
            return number as? T
        }
        if type == Decimal.self {
            let text = try number(type, place)
            guard let number = Decimal(string: text, locale: nil) else {
                throw unfit(text, type, place)
            }
            return number as? T
        }
        if type == Data.self {
            guard case .string(let text) = value else { throw mismatch(type, place) }
            guard let data = Data(base64Encoded: text) else {
                throw corrupted("Encountered Data is not valid Base64.", place)
            }
            return data as? T
        }
        if type == URL.self {
            guard case .string(let text) = value else { throw mismatch(type, place) }
            guard let url = URL(string: text) else {
                throw corrupted("Invalid URL string.", place)
            }
            return url as? T
        }
        return nil
    }

    private static func mismatch(_ type: Any.Type, _ place: DecodingPlace) -> DecodingError {
        RepairingDecoder.mismatch(type, at: place)
    }

    private static func corrupted(_ description: String, _ place: DecodingPlace) -> DecodingError {
        .dataCorrupted(.init(codingPath: place.codingPath, debugDescription: description))
    }

    private static func unfit(_ text: String, _ type: Any.Type, _ place: DecodingPlace)
        -> DecodingError
    {
        corrupted("Parsed JSON number <\(text)> does not fit in \(type).", place)
    }

    /// The text of the number at `place`.
    private static func number(_ type: Any.Type, _ place: DecodingPlace) throws -> String {
        if case .number(let text) = place.value { return text }
        if case .null = place.value {
            throw DecodingError.valueNotFound(
                type,
                .init(
                    codingPath: place.codingPath,
                    debugDescription: "Expected \(type) value but found null instead."))
        }
        throw mismatch(type, place)
    }

    /// The integer the number at `place` is exactly: its digits, or a fraction or exponent
    /// whose value is a whole number in range.
    private static func integer<I: FixedWidthInteger>(_ type: I.Type, _ place: DecodingPlace)
        throws -> I
    {
        let text = try number(type, place)
        if let number = I(text, radix: 10) { return number }
        if text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }),
            let decimal = Decimal(string: text, locale: nil), decimal == decimal.rounded,
            let number = I(exactly: decimal)
        {
            return number
        }
        throw unfit(text, type, place)
    }
}

extension Decimal {
    /// The value rounded to a whole number (half away from zero).
    fileprivate var rounded: Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, 0, .plain)
        return result
    }
}

extension FixedWidthInteger {
    /// The integer a whole `Decimal` is, if it is in range.
    fileprivate init?(exactly decimal: Decimal) {
        guard let number = Self(decimal.description, radix: 10) else { return nil }
        self = number
    }
}
