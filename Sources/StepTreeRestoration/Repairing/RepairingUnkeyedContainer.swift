import StepTree
import StepTreeJSON

/// An unkeyed container of a repairing decoder: it skips the elements left out on this
/// attempt, and an element that fails notes the repair that fits it.
struct RepairingUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: RepairingDecoder
    let place: DecodingPlace
    let elements: [JSONValue]
    let relative: [JSONValue.Component]
    /// The indices of the elements that are read, when repairs left some out.
    let order: [Int]?
    private(set) var currentIndex = 0

    init(_ decoder: RepairingDecoder, _ place: DecodingPlace, _ relative: [JSONValue.Component])
        throws
    {
        guard case .array(let elements) = place.value else {
            throw RepairingDecoder.mismatch([Any].self, at: place, named: "Array<Any>")
        }
        self.decoder = decoder
        self.place = place
        self.elements = elements
        self.relative = relative
        if let frame = decoder.frame, !frame.forced.isEmpty {
            let kept = elements.indices.filter {
                frame.forcedRepair(at: relative + [.index($0)]) != .dropElement
            }
            order = kept.count == elements.count ? nil : kept
        } else {
            order = nil
        }
    }

    var codingPath: [any CodingKey] { place.codingPath }
    var count: Int? { order?.count ?? elements.count }
    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    /// The index in the array of the element read next.
    private var index: Int { order?[currentIndex] ?? currentIndex }

    /// The error for reading past the end, with the repair that fits it noted: the array has
    /// no such element, so from the array up.
    private func atEnd(_ type: Any.Type) -> DecodingError {
        let error = DecodingError.valueNotFound(
            type,
            .init(
                codingPath: codingPath + [PlaceKey(.index(currentIndex))],
                debugDescription: "Unkeyed container is at end."))
        decoder.frame?.noteRepair(
            at: place, relative, exists: true, for: error, in: decoder.session)
        return error
    }

    /// Notes the repair that fits an error at the element `index`.
    private func noteRepair(at child: DecodingPlace, _ index: Int, for error: any Error) {
        decoder.frame?.noteRepair(
            at: child, relative + [.index(index)], exists: true, for: error, in: decoder.session)
    }

    mutating func decodeNil() throws -> Bool {
        decoder.frame?.pending = nil
        guard !isAtEnd else { throw atEnd(Never?.self) }
        if case .null = elements[index] {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        decoder.frame?.pending = nil
        guard !isAtEnd else { throw atEnd(type) }
        let index = self.index
        let child = place.child(
            .index(index), value: elements[index], reference: place.reference?.element(at: index))
        do {
            let value = try decoder.session.decode(
                type, at: child, strict: decoder.frame == nil,
                in: decoder.frame.map { FrameSlot(frame: $0, relative: relative + [.index(index)]) }
            )
            currentIndex += 1
            return value
        } catch {
            noteRepair(at: child, index, for: error)
            throw error
        }
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decode(type, 0) }
    mutating func decode(_ type: String.Type) throws -> String { try decode(type, 0) }
    mutating func decode(_ type: Double.Type) throws -> Double { try decode(type, 0) }
    mutating func decode(_ type: Float.Type) throws -> Float { try decode(type, 0) }
    mutating func decode(_ type: Int.Type) throws -> Int { try decode(type, 0) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decode(type, 0) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decode(type, 0) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decode(type, 0) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decode(type, 0) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decode(type, 0) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decode(type, 0) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decode(type, 0) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decode(type, 0) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decode(type, 0) }

    /// The generic decode, for the scalar overloads.
    private mutating func decode<T: Decodable>(_ type: T.Type, _: Int) throws -> T {
        let value: T = try decode(type)
        return value
    }

    /// The place of the next element for a nested container or super decoder.
    private mutating func nextPlace(_ type: Any.Type) throws -> (DecodingPlace, Int) {
        decoder.frame?.pending = nil
        guard !isAtEnd else { throw atEnd(type) }
        let index = self.index
        let child = place.child(
            .index(index), value: elements[index], reference: place.reference?.element(at: index))
        return (child, index)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let (child, index) = try nextPlace(KeyedDecodingContainer<NestedKey>.self)
        do {
            let nested = try RepairingKeyedContainer<NestedKey>(
                decoder, child, relative + [.index(index)])
            currentIndex += 1
            return KeyedDecodingContainer(nested)
        } catch {
            noteRepair(at: child, index, for: error)
            throw error
        }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (child, index) = try nextPlace((any UnkeyedDecodingContainer).self)
        do {
            let nested = try RepairingUnkeyedContainer(decoder, child, relative + [.index(index)])
            currentIndex += 1
            return nested
        } catch {
            noteRepair(at: child, index, for: error)
            throw error
        }
    }

    mutating func superDecoder() throws -> any Decoder {
        let (child, index) = try nextPlace((any Decoder).self)
        currentIndex += 1
        var decoder = RepairingDecoder(session: decoder.session, frame: decoder.frame, place: child)
        decoder.relative = relative + [.index(index)]
        return decoder
    }
}
