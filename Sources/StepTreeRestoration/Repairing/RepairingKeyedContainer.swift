import StepTree
import StepTreeJSON

/// A keyed container of a repairing decoder: a field that fails notes the repair that fits
/// it, and a repair forced on this attempt is made where the field is read.
struct RepairingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: RepairingDecoder
    let place: DecodingPlace
    let object: [String: JSONValue]
    let relative: [JSONValue.Component]
    let reader: FieldReader?

    init(_ decoder: RepairingDecoder, _ place: DecodingPlace, _ relative: [JSONValue.Component])
        throws
    {
        guard case .object(let object) = place.value else {
            throw RepairingDecoder.mismatch(
                [String: Any].self, at: place, named: "Dictionary<String, Any>")
        }
        self.decoder = decoder
        self.place = place
        self.object = object
        self.relative = relative
        reader = decoder.frame?.reader(at: relative, place: place)
    }

    private var session: RepairSession { decoder.session }
    private var frame: DecodingFrame? { decoder.frame }

    var codingPath: [any CodingKey] { place.codingPath }

    var allKeys: [Key] {
        frame?.pending = nil
        reader?.readAll = true
        guard let frame, !frame.forced.isEmpty else {
            return object.keys.compactMap(Key.init(stringValue:))
        }
        var names = object.keys.filter { frame.forcedRepair(at: relative + [.key($0)]) != .drop }
        for (path, repair) in frame.forced where repair == .fill && path.count == relative.count + 1
        {
            guard path.starts(with: relative), case .key(let name) = path.last,
                object[name] == nil
            else { continue }
            names.append(name)
        }
        return names.compactMap(Key.init(stringValue:))
    }

    func contains(_ key: Key) -> Bool {
        frame?.pending = nil
        let name = key.stringValue
        reader?.read.append(name)
        switch frame?.forcedRepair(at: relative + [.key(name)]) {
        case .drop: return false
        case .fill: return true
        default: return object[name] != nil
        }
    }

    private func missing(_ key: Key) -> DecodingError {
        .keyNotFound(
            key,
            .init(
                codingPath: codingPath,
                debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }

    /// The place of the saved field `name` (`null` when the save lacks it).
    private func saved(_ name: String) -> DecodingPlace {
        place.child(.key(name), value: object[name] ?? .null, reference: place.reference?[name])
    }

    /// The error for the field `name`, which the save lacks (or a repair left out), with the
    /// repair that fits it noted.
    private func missing(_ key: Key, noting frame: DecodingFrame?) -> DecodingError {
        let error = missing(key)
        let name = key.stringValue
        frame?.noteRepair(
            at: saved(name), relative + [.key(name)], exists: false, for: error, in: session)
        return error
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        frame?.pending = nil
        let name = key.stringValue
        reader?.read.append(name)
        switch frame?.forcedRepair(at: relative + [.key(name)]) {
        case .drop: throw missing(key, noting: frame)
        case .fill, .reset: return place.reference?[name] == .null
        default: break
        }
        guard let value = object[name] else { throw missing(key, noting: frame) }
        return value == .null
    }

    /// Decodes the field `key`, repairing it if it fits; `nil` when it is absent or `null` and
    /// not `required`.
    private func field<T: Decodable>(_ type: T.Type, _ key: Key, required: Bool) throws -> T? {
        let name = key.stringValue
        reader?.read.append(name)
        let reference = place.reference?[name]
        guard let frame else {
            guard let value = object[name] else {
                if required { throw missing(key) }
                return nil
            }
            if !required, value == .null { return nil }
            let child = place.child(.key(name), value: value, reference: reference)
            return try session.decode(type, at: child, strict: true)
        }
        frame.pending = nil
        if let repair = frame.forcedRepair(at: relative + [.key(name)]) {
            switch repair {
            case .reset, .fill:
                guard let reference else { throw missing(key, noting: frame) }
                let initial = place.child(.key(name), value: reference, reference: reference)
                let value: T
                do {
                    value = try frame.initialValue(at: relative + [.key(name)]) {
                        try session.decode(type, at: initial, strict: true)
                    }
                } catch {
                    frame.noteRepair(
                        at: saved(name), relative + [.key(name)], exists: true, for: error,
                        in: session)
                    throw error
                }
                session.record(repair, at: saved(name))
                return value
            case .drop, .dropElement:
                if required { throw missing(key, noting: frame) }
                return nil
            }
        }
        guard let value = object[name] else {
            guard required else { return nil }
            throw missing(key, noting: frame)
        }
        if !required, value == .null { return nil }
        let child = place.child(.key(name), value: value, reference: reference)
        do {
            return try session.decode(
                type, at: child, strict: false,
                in: FrameSlot(frame: frame, relative: relative + [.key(name)]))
        } catch {
            frame.noteRepair(
                at: child, relative + [.key(name)], exists: true, for: error, in: session)
            throw error
        }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let value = try field(type, key, required: true) else { throw missing(key) }
        return value
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try field(type, key, required: false)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decode(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decode(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decode(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decode(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decode(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decode(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decode(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decode(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decode(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decode(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decode(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decode(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decode(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decode(type, key) }

    private func decode<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        guard let value = try field(type, key, required: true) else { throw missing(key) }
        return value
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try field(type, key, required: false)
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try field(type, key, required: false)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try field(type, key, required: false)
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try field(type, key, required: false)
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try field(type, key, required: false)
    }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try field(type, key, required: false)
    }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try field(type, key, required: false)
    }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try field(type, key, required: false)
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try field(type, key, required: false)
    }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try field(type, key, required: false)
    }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try field(type, key, required: false)
    }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try field(type, key, required: false)
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try field(type, key, required: false)
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try field(type, key, required: false)
    }

    /// The place of the field `key` for a nested container or super decoder, with the repair
    /// forced there made.
    private func nestedPlace(_ key: Key) throws -> DecodingPlace {
        let name = key.stringValue
        reader?.read.append(name)
        let reference = place.reference?[name]
        if let frame {
            frame.pending = nil
            if let repair = frame.forcedRepair(at: relative + [.key(name)]) {
                switch repair {
                case .reset, .fill:
                    guard let reference else { throw missing(key, noting: frame) }
                    session.record(repair, at: saved(name))
                    return place.child(.key(name), value: reference, reference: reference)
                case .drop, .dropElement:
                    throw missing(key, noting: frame)
                }
            }
        }
        guard let value = object[name] else { throw missing(key, noting: frame) }
        return place.child(.key(name), value: value, reference: reference)
    }

    /// Notes the repair that fits a container that could not be opened at `key`.
    private func noteRepair(_ key: Key, for error: any Error) {
        let name = key.stringValue
        frame?.noteRepair(
            at: saved(name), relative + [.key(name)], exists: true, for: error, in: session)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key)
        throws -> KeyedDecodingContainer<NestedKey>
    {
        let child = try nestedPlace(key)
        do {
            let nested = try RepairingKeyedContainer<NestedKey>(
                decoder, child, relative + [.key(key.stringValue)])
            return KeyedDecodingContainer(nested)
        } catch {
            noteRepair(key, for: error)
            throw error
        }
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let child = try nestedPlace(key)
        do {
            return try RepairingUnkeyedContainer(decoder, child, relative + [.key(key.stringValue)])
        } catch {
            noteRepair(key, for: error)
            throw error
        }
    }

    func superDecoder() throws -> any Decoder {
        superDecoder(
            named: "super",
            place.child(
                .key("super"), value: object["super"] ?? .null, reference: place.reference?["super"]
            ))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        let child =
            (try? nestedPlace(key))
            ?? place.child(.key(key.stringValue), value: .null, reference: nil)
        return superDecoder(named: key.stringValue, child)
    }

    private func superDecoder(named name: String, _ child: DecodingPlace) -> any Decoder {
        reader?.read.append(name)
        var decoder = RepairingDecoder(session: session, frame: frame, place: child)
        decoder.relative = relative + [.key(name)]
        return decoder
    }
}
