import Foundation
import StepTree
import StepTreeJSON

// A decoder over a `JSONValue` that repairs a saved state while it decodes it, in one pass.
//
// Each value is decoded in a *frame*: the call of its type's `init(from:)`, with the containers
// it opens. When a value fails to decode, the container call that asked for it finds the
// repair that fits its place, the same rules at each place from the failing value up:
//
// - an array's element is dropped;
// - a field the initial state has is put back to its initial value (or filled in, when the
//   save lacks it);
// - a field it does not have, in an object it has, is dropped.
//
// A repair made in place must not change what the code that asked for the value sees: a
// decoder that catches the error itself (`try?`) would have done something else with it. So
// the repair is made where the caller is this decoder's own code (the elements of an array, a
// set or a dictionary: the elements of every stack among them); anywhere else it is only noted,
// the error goes on, and if it leaves the frame of the value that asked (so that value's
// decoder did not catch it), that frame is decoded again with the repair made. A frame is thus
// decoded once more per repair made directly in its own fields, which a hand-written type has a
// fixed number of (`StepArchive.repairLimit` at most); the values nested in it are then decoded
// again from the repairs they needed before, each in one attempt. A repair never makes the
// whole document decode again, and a save is never refused for how many it needs.
//
// The parts: the session (`RepairSession`, with the collections it reads itself), the places
// (`DecodingPlace`), the frames (`DecodingFrame`), this decoder and its containers, and the
// scalars (`Scalars`).
//
// Numbers are decoded from their text, each into the type asked for: nothing passes through a
// type it does not fit.

/// The repairs a decoding can make at a place.
enum Repair: Hashable, Sendable {
    /// Decode the initial state's value instead of the saved one.
    case reset
    /// Decode the initial state's value of a field the save lacks.
    case fill
    /// Leave out a field the initial state does not have.
    case drop
    /// Leave out an array's element.
    case dropElement
}

/// A decoder of one value at one place: in a frame that repairs, or strict.
struct RepairingDecoder: Decoder {
    let session: RepairSession
    /// The frame, `nil` when no repair is made.
    let frame: DecodingFrame?
    let place: DecodingPlace
    /// The place relative to the frame's value (not empty for a super decoder).
    var relative: [JSONValue.Component] = []

    var codingPath: [any CodingKey] { place.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { session.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        frame?.pending = nil
        do {
            return KeyedDecodingContainer(try RepairingKeyedContainer<Key>(self, place, relative))
        } catch {
            noteRepair(for: error)
            throw error
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        frame?.pending = nil
        do {
            return try RepairingUnkeyedContainer(self, place, relative)
        } catch {
            noteRepair(for: error)
            throw error
        }
    }

    /// Notes the repair that fits an error at this decoder's place, for a super decoder (a
    /// frame's own decoder leaves that to the call that decodes the frame's value).
    func noteRepair(for error: any Error) {
        guard !relative.isEmpty else { return }
        frame?.noteRepair(at: place, relative, exists: true, for: error, in: session)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        frame?.pending = nil
        return RepairingValueContainer(decoder: self)
    }

    /// The error for a value of the wrong kind at `place`.
    static func mismatch(_ type: Any.Type, at place: DecodingPlace, named name: String? = nil)
        -> DecodingError
    {
        .typeMismatch(
            type,
            .init(
                codingPath: place.codingPath,
                debugDescription:
                    "Expected to decode \(name ?? "\(type)") but found \(place.value.kind) instead."
            ))
    }
}

extension JSONValue {
    /// The kind of value, as decoding errors name it.
    var kind: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }

    /// An array's element at `index`.
    func element(at index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else {
            return nil
        }
        return elements[index]
    }
}

// MARK: Single-value container

struct RepairingValueContainer: SingleValueDecodingContainer {
    let decoder: RepairingDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        decoder.frame?.pending = nil
        return decoder.place.value == .null
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        decoder.frame?.pending = nil
        do {
            return try decoder.session.decode(
                type, at: decoder.place, strict: decoder.frame == nil,
                in: decoder.frame.map { FrameSlot(frame: $0, relative: decoder.relative) })
        } catch {
            decoder.noteRepair(for: error)
            throw error
        }
    }

    func decode(_ type: Bool.Type) throws -> Bool { try decode(type, 0) }
    func decode(_ type: String.Type) throws -> String { try decode(type, 0) }
    func decode(_ type: Double.Type) throws -> Double { try decode(type, 0) }
    func decode(_ type: Float.Type) throws -> Float { try decode(type, 0) }
    func decode(_ type: Int.Type) throws -> Int { try decode(type, 0) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decode(type, 0) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decode(type, 0) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decode(type, 0) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decode(type, 0) }
    func decode(_ type: UInt.Type) throws -> UInt { try decode(type, 0) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decode(type, 0) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decode(type, 0) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decode(type, 0) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decode(type, 0) }

    private func decode<T: Decodable>(_ type: T.Type, _: Int) throws -> T {
        let value: T = try decode(type)
        return value
    }
}
