import Foundation
import StepTree
import StepTreeJSON

/// Encodes a value straight into a ``JSONValue``, as `JSONEncoder` with its default strategies
/// would write it, with no text in between: what a payload reads a screen's fields from.
///
/// `Data` is written in Base64, a `URL` as its absolute string, a `Decimal` and every other
/// number as its digits (an integral double without a fraction, as `JSONEncoder` writes it), a
/// `Date` as its `Codable` encoding does; a non-finite number is refused, as `JSONEncoder`
/// refuses it.
struct JSONValueEncoder {
    /// The JSON `value` is written as.
    /// - Throws: `EncodingError` for a non-finite number, or what `value`'s encoding throws.
    static func encode(_ value: some Encodable) throws -> JSONValue {
        let root = JSONSlot()
        try root.write(value, codingPath: [])
        return root.value
    }
}

/// A place a value is written to, which a container fills in later: containers are made before
/// the values they hold, so each slot is shared by the container that fills it.
final class JSONSlot {
    private enum Content {
        case value(JSONValue)
        case array([JSONSlot])
        case object([String: JSONSlot])
    }

    private var content = Content.value(.null)

    /// The value written, its containers' contents included.
    var value: JSONValue {
        switch content {
        case .value(let value): value
        case .array(let slots): .array(slots.map(\.value))
        case .object(let slots): .object(slots.mapValues(\.value))
        }
    }

    /// Sets the slot to `value`.
    func set(_ value: JSONValue) { content = .value(value) }

    /// The slot of field `key` of the object written here, made an object when it is not one.
    func field(_ key: String) -> JSONSlot {
        guard case .object(var fields) = content else {
            let slot = JSONSlot()
            content = .object([key: slot])
            return slot
        }
        if let slot = fields[key] { return slot }
        content = .value(.null)  // so that `fields` is the only reference to its storage
        let slot = JSONSlot()
        fields[key] = slot
        content = .object(fields)
        return slot
    }

    /// Makes the slot an empty object unless it is one.
    func makeObject() {
        if case .object = content { return }
        content = .object([:])
    }

    /// A new slot at the end of the array written here, made an array when it is not one.
    func appendElement() -> JSONSlot {
        let slot = JSONSlot()
        guard case .array(var elements) = content else {
            content = .array([slot])
            return slot
        }
        content = .value(.null)  // so that `elements` is the only reference to its storage
        elements.append(slot)
        content = .array(elements)
        return slot
    }

    /// Makes the slot an empty array unless it is one.
    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }

    /// The number of elements of the array written here.
    var elementCount: Int {
        if case .array(let elements) = content { elements.count } else { 0 }
    }

    /// Writes `value`, the types `JSONEncoder` writes its own way first.
    func write(_ value: some Encodable, codingPath: [any CodingKey]) throws {
        switch value {
        case let data as Data: set(.string(data.base64EncodedString()))
        case let url as URL: set(.string(url.absoluteString))
        case let decimal as Decimal: set(.number(decimal.description))
        default: try value.encode(to: JSONSlotEncoder(slot: self, codingPath: codingPath))
        }
    }

    /// Writes a floating-point number as `JSONEncoder` does: an integral one without a fraction.
    func write<Number: BinaryFloatingPoint & LosslessStringConvertible>(
        _ number: Number, codingPath: [any CodingKey]
    ) throws {
        guard number.isFinite else {
            throw EncodingError.invalidValue(
                number,
                EncodingError.Context(
                    codingPath: codingPath, debugDescription: "\(number) is not valid JSON"))
        }
        // Below 2^53 an integral number is an exact integer.
        if number == number.rounded(), abs(number) <= 9_007_199_254_740_992 {
            set(.number(String(Int64(number))))
        } else {
            set(.number(number.description))
        }
    }
}

/// The `Encoder` of one slot.
private struct JSONSlotEncoder: Encoder {
    let slot: JSONSlot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.makeObject()
        return KeyedEncodingContainer(JSONKeyedSlots<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.makeArray()
        return JSONUnkeyedSlots(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleSlot(slot: slot, codingPath: codingPath)
    }
}

/// An object's fields.
private struct JSONKeyedSlots<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: JSONSlot
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { slot.field(key.stringValue).set(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try slot.field(key.stringValue).write(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let field = slot.field(key.stringValue)
        field.makeObject()
        return KeyedEncodingContainer(
            JSONKeyedSlots<NestedKey>(slot: field, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let field = slot.field(key.stringValue)
        field.makeArray()
        return JSONUnkeyedSlots(slot: field, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        JSONSlotEncoder(slot: slot.field("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        JSONSlotEncoder(slot: slot.field(key.stringValue), codingPath: codingPath + [key])
    }
}

/// An array's elements.
private struct JSONUnkeyedSlots: UnkeyedEncodingContainer {
    let slot: JSONSlot
    let codingPath: [any CodingKey]
    var count: Int { slot.elementCount }

    mutating func encodeNil() throws { slot.appendElement().set(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try slot.appendElement().write(value, codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let element = slot.appendElement()
        element.makeObject()
        return KeyedEncodingContainer(
            JSONKeyedSlots<NestedKey>(slot: element, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let element = slot.appendElement()
        element.makeArray()
        return JSONUnkeyedSlots(slot: element, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        JSONSlotEncoder(slot: slot.appendElement(), codingPath: codingPath)
    }
}

/// One value.
private struct JSONSingleSlot: SingleValueEncodingContainer {
    let slot: JSONSlot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { slot.set(.null) }
    mutating func encode(_ value: Bool) throws { slot.set(.bool(value)) }
    mutating func encode(_ value: String) throws { slot.set(.string(value)) }
    mutating func encode(_ value: Double) throws { try slot.write(value, codingPath: codingPath) }
    mutating func encode(_ value: Float) throws { try slot.write(value, codingPath: codingPath) }
    mutating func encode(_ value: Int) throws { slot.set(.number(String(value))) }
    mutating func encode(_ value: Int8) throws { slot.set(.number(String(value))) }
    mutating func encode(_ value: Int16) throws { slot.set(.number(String(value))) }
    mutating func encode(_ value: Int32) throws { slot.set(.number(String(value))) }
    mutating func encode(_ value: Int64) throws { slot.set(.number(String(value))) }
    mutating func encode(_ value: UInt) throws { slot.set(.number(String(value))) }
    mutating func encode(_ value: UInt8) throws { slot.set(.number(String(value))) }
    mutating func encode(_ value: UInt16) throws { slot.set(.number(String(value))) }
    mutating func encode(_ value: UInt32) throws { slot.set(.number(String(value))) }
    mutating func encode(_ value: UInt64) throws { slot.set(.number(String(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try slot.write(value, codingPath: codingPath)
    }
}
