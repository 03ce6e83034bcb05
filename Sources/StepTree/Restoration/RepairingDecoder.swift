import Foundation

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
// fixed number of; a repair never makes the whole document decode again.
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

/// What one tolerant decoding shares: the report, the limit of repairs in one value and the
/// renames by type.
final class RepairSession {
    let userInfo: [CodingUserInfoKey: Any]
    /// The most repairs made in one value's own containers (each decodes the value again);
    /// a value that needs more is repaired whole at its place instead.
    let limit: Int
    /// The changes made, in order.
    var changes: [RestorationReport.Change] = []
    /// The renames that reach the nodes of a hand-written type inside stack elements, by type.
    var typeRenames: [ObjectIdentifier: [(old: String, new: String)]] = [:]
    /// The initial state of each hand-written node type met inside a stack element.
    private var elementReferences: [ObjectIdentifier: JSONValue?] = [:]

    init(userInfo: [CodingUserInfoKey: Any], limit: Int) {
        self.userInfo = userInfo
        self.limit = limit
    }

    /// Records a change that a repair at `place` made.
    func record(_ repair: Repair, at place: DecodingPlace) {
        let (step, field) = place.naming()
        switch repair {
        case .reset: changes.append(.reset(field ?? "value", at: step))
        case .fill: changes.append(.filledIn(field ?? place.component?.description ?? "", at: step))
        case .drop: changes.append(field.map { .droppedField($0, at: step) } ?? .droppedStep(step))
        case .dropElement:
            let stack = place.parent?.naming().step ?? .root
            let id: String
            if case .string(let text) = place.value["id"] {
                id = text
            } else {
                id = "#\(place.component?.description ?? "")"
            }
            changes.append(.droppedElement(id, in: stack))
        }
    }

    /// Decodes a `T` from the value at `place`.
    /// - Parameters:
    ///   - strict: Whether repairs are off (the initial state's own values, or a state already
    ///     repaired).
    ///   - slot: The frame whose containers ask for the value, and the value's place in it.
    func decode<T: Decodable>(
        _ type: T.Type, at place: DecodingPlace, strict: Bool, in slot: FrameSlot? = nil
    ) throws -> T {
        if let value = try Scalars.decode(type, at: place) { return value }
        if let native = type as? any RepairingCollection.Type {
            guard
                let value = try native.decodeElements(self, at: place, strict: strict, in: slot)
                    as? T
            else {
                preconditionFailure("a collection decoded as another type")
            }
            return value
        }
        if strict {
            return try T(from: RepairingDecoder(session: self, frame: nil, place: place))
        }
        let start = changes.count
        var place = renamed(place, as: type)
        if place.reference == nil, place.isInsideElement,
            let reference = elementReference(for: type)
        {
            place = place.with(reference: reference)
        }
        // Decoded again (its container's frame made a repair and started over), the value
        // starts from the repairs it needed the first time: nested values repaired at every
        // level cost one decoding more per repair, never one per combination of repairs.
        let frame = slot.flatMap { $0.frame.child(at: $0.relative, type) } ?? DecodingFrame()
        while true {
            let attempt = changes.count
            frame.beginAttempt()
            do {
                let value = try T(from: RepairingDecoder(session: self, frame: frame, place: place))
                frame.reportUnreadFields(in: self)
                if let slot { slot.frame.keep(frame, at: slot.relative, type) }
                return value
            } catch {
                changes.removeSubrange(attempt...)
                guard frame.pending != nil, frame.repairCount < limit else {
                    changes.removeSubrange(start...)
                    throw error
                }
                frame.commitPending()
            }
        }
    }

    /// The initial state of a hand-written node type, in the wrapped form: the reference of a
    /// stack element's node, which the initial tree has none of.
    private func elementReference<T>(for type: T.Type) -> JSONValue? {
        let key = ObjectIdentifier(type)
        if let reference = elementReferences[key] { return reference }
        var reference: JSONValue?
        if let node = type as? any StepsCollection.Type {
            let data = try? StepCodingForm.wrappingEverything {
                try JSONEncoder().encode(node.init())
            }
            reference = data.flatMap { try? JSONValue.parse($0) }
        }
        elementReferences[key] = .some(reference)
        return reference
    }

    /// The place with the renames of `type` made, for a node inside a stack element (the
    /// migrations renamed the others before decoding).
    private func renamed<T>(_ place: DecodingPlace, as type: T.Type) -> DecodingPlace {
        guard place.isInsideElement, !typeRenames.isEmpty,
            let renames = typeRenames[ObjectIdentifier(type)],
            case .object(var object) = place.value
        else { return place }
        var changed = false
        for (old, new) in renames where object[new] == nil {
            guard let step = object.removeValue(forKey: old) else { continue }
            object[new] = step
            if let selection = object["selected"] {
                object["selected"] = StateRepair.renaming(old, to: new, in: selection)
            }
            changes.append(.renamed(place.naming().step.appending(old), to: new))
            changed = true
        }
        return changed ? place.with(value: .object(object)) : place
    }
}

/// Where a value is decoded: in the containers of `frame`, at `relative` to the frame's value.
struct FrameSlot {
    let frame: DecodingFrame
    let relative: [JSONValue.Component]

    /// The slot one key or index further.
    func appending(_ component: JSONValue.Component) -> FrameSlot {
        FrameSlot(frame: frame, relative: relative + [component])
    }
}

/// A place in the document being decoded: the saved value there, the initial state's value at
/// the same place, and the way there.
final class DecodingPlace {
    let parent: DecodingPlace?
    /// The key or index that leads here from `parent`; `nil` at the root.
    let component: JSONValue.Component?
    /// The value decoded here.
    let value: JSONValue
    /// The initial state's value here, if it has one.
    let reference: JSONValue?
    /// Whether the place is inside an array's element (a stack element, for one).
    let isInsideElement: Bool

    init(root value: JSONValue, reference: JSONValue?) {
        parent = nil
        component = nil
        self.value = value
        self.reference = reference
        isInsideElement = false
    }

    private init(
        parent: DecodingPlace, component: JSONValue.Component, value: JSONValue,
        reference: JSONValue?
    ) {
        self.parent = parent
        self.component = component
        self.value = value
        self.reference = reference
        if case .index = component {
            isInsideElement = true
        } else {
            isInsideElement = parent.isInsideElement
        }
    }

    /// The same place with another value or reference.
    func with(value: JSONValue? = nil, reference: JSONValue? = nil) -> DecodingPlace {
        guard let parent, let component else {
            return DecodingPlace(root: value ?? self.value, reference: reference ?? self.reference)
        }
        return parent.child(
            component, value: value ?? self.value, reference: reference ?? self.reference)
    }

    /// The place one key or index further.
    func child(_ component: JSONValue.Component, value: JSONValue, reference: JSONValue?)
        -> DecodingPlace
    {
        DecodingPlace(parent: self, component: component, value: value, reference: reference)
    }

    /// The places from the root to this one.
    private var chain: [DecodingPlace] {
        var places: [DecodingPlace] = []
        var place: DecodingPlace? = self
        while let current = place {
            places.append(current)
            place = current.parent
        }
        return places.reversed()
    }

    /// The coding path of this place, as `DecodingError` contexts name it (computed once, the
    /// first time an error or a decoder asks for it).
    private(set) lazy var codingPath: [any CodingKey] = {
        guard let parent, let component else { return [] }
        return parent.codingPath + [PlaceKey(component)]
    }()

    /// The step this place belongs to, and the field within it (`nil` when the place is a
    /// step), as ``RestorationReport`` names them (see `StateRepair.place(of:)`).
    func naming() -> (step: StepPath, field: String?) {
        var segments: [String] = []
        let places = chain
        for (offset, place) in places.enumerated() {
            switch place.component {
            case nil: continue
            case .index(let index):
                if case .string(let id) = place.value["id"] {
                    segments.append(id)
                } else {
                    segments.append("#\(index)")
                }
            case .key(let key) where ["value", "steps", "elements"].contains(key):
                continue
            case .key(let key):
                guard place.value["value"] != nil else {
                    let field = places[offset...].compactMap { $0.component?.description }
                    return (StepPath(segments), field.joined(separator: "."))
                }
                segments.append(key)
            }
        }
        return (StepPath(segments), nil)
    }
}

/// A key of a coding path, as Foundation's JSON decoder writes it.
struct PlaceKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ component: JSONValue.Component) {
        switch component {
        case .key(let key):
            stringValue = key
            intValue = nil
        case .index(let index):
            stringValue = "Index \(index)"
            intValue = index
        }
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init?(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

/// One value's decoding: the repair its containers noted for an error, the repairs made on
/// the attempts before, and the fields its containers read.
final class DecodingFrame {
    /// The repair that fits the last error one of the frame's containers gave.
    ///
    /// It is at its place relative to the frame's value, with the place itself to name it.
    /// Any later call clears it: the error was caught.
    var pending: (relative: [JSONValue.Component], repair: Repair, place: DecodingPlace)?
    /// The repairs to make on this attempt, by place relative to the frame's value.
    private(set) var forced: [[JSONValue.Component]: Repair] = [:]
    /// The places of the fields and elements left out, which are reported once the frame's
    /// value decodes, in the order they were found.
    private var omitted: [(relative: [JSONValue.Component], Repair, DecodingPlace)] = []
    /// The objects the frame's keyed containers read, by place relative to the frame's value:
    /// the value's own, and the others.
    private var rootReader: FieldReader?
    private var readers: [[JSONValue.Component]: FieldReader] = [:]
    /// The frames of the values decoded in this frame's containers, by place and type: kept
    /// across this frame's attempts.
    private var children: [ChildKey: DecodingFrame] = [:]
    /// The repairs made on the attempts so far.
    private(set) var repairCount = 0
    /// The initial values decoded for the fields put back, by place: the same on every attempt.
    private var initialValues: [[JSONValue.Component]: Any] = [:]

    /// The initial value of the field put back at `relative`, decoded once.
    func initialValue<T>(at relative: [JSONValue.Component], _ decode: () throws -> T) rethrows
        -> T
    {
        if let value = initialValues[relative] as? T { return value }
        let value = try decode()
        initialValues[relative] = value
        return value
    }

    private struct ChildKey: Hashable {
        let relative: [JSONValue.Component]
        let type: ObjectIdentifier
    }

    /// The frame the `type` value at `relative` was decoded in on an earlier attempt, if it
    /// made repairs (one that made none decodes the same way again from a new frame).
    func child(at relative: [JSONValue.Component], _ type: Any.Type) -> DecodingFrame? {
        children.isEmpty
            ? nil : children[ChildKey(relative: relative, type: ObjectIdentifier(type))]
    }

    /// Keeps the frame of the `type` value decoded at `relative` for the next attempts, if it
    /// or a value in it made repairs.
    func keep(_ frame: DecodingFrame, at relative: [JSONValue.Component], _ type: Any.Type) {
        guard !frame.forced.isEmpty || !frame.children.isEmpty else { return }
        children[ChildKey(relative: relative, type: ObjectIdentifier(type))] = frame
    }

    /// Forgets what the last attempt read, before another.
    func beginAttempt() {
        pending = nil
        rootReader = nil
        readers = [:]
    }

    /// Notes the first repair that fits an error at `place`, from there up to the frame's
    /// value.
    ///
    /// `place` is at `relative` in the frame, not the frame's value itself, which the call that
    /// decodes it answers for. The rules are those at the top of this file, at each place that
    /// no repair was made at on this attempt. `exists` is whether the save has a value at
    /// `place` (it may lack a key, or an element past the end), which only a field the initial
    /// state has can fill in.
    func noteRepair(
        at place: DecodingPlace, _ relative: [JSONValue.Component], exists: Bool,
        for error: any Error, in session: RepairSession
    ) {
        var place = place
        var relative = relative
        var exists = exists
        while let component = relative.last, let parent = place.parent {
            if forcedRepair(at: relative) == nil {
                let repair: Repair? =
                    switch component {
                    case .index: exists ? .dropElement : nil
                    case .key:
                        if place.reference != nil {
                            exists ? .reset : .fill
                        } else if exists && parent.reference != nil {
                            .drop
                        } else {
                            nil
                        }
                    }
                if let repair {
                    pending = (relative, repair, place)
                    return
                }
            }
            relative.removeLast()
            place = parent
            exists = true
        }
    }

    /// Makes the pending repair on the next attempts.
    func commitPending() {
        guard let (relative, repair, place) = pending else { return }
        pending = nil
        // The repairs inside a value it replaces or leaves out are moot.
        func isInside(_ path: [JSONValue.Component]) -> Bool {
            path.count > relative.count && path.starts(with: relative)
        }
        forced = forced.filter { !isInside($0.key) }
        omitted.removeAll { isInside($0.relative) }
        children = children.filter { !isInside($0.key.relative) && $0.key.relative != relative }
        initialValues = initialValues.filter { !isInside($0.key) }
        forced[relative] = repair
        if repair == .drop || repair == .dropElement { omitted.append((relative, repair, place)) }
        repairCount += 1
    }

    /// The repair to make at `relative`, if any.
    func forcedRepair(at relative: @autoclosure () -> [JSONValue.Component]) -> Repair? {
        forced.isEmpty ? nil : forced[relative()]
    }

    /// The reader of the object at `relative`, shared by every container opened on it.
    func reader(at relative: [JSONValue.Component], place: DecodingPlace) -> FieldReader {
        if relative.isEmpty {
            if let rootReader { return rootReader }
            let reader = FieldReader(place: place)
            rootReader = reader
            return reader
        }
        if let reader = readers[relative] { return reader }
        let reader = FieldReader(place: place)
        readers[relative] = reader
        return reader
    }

    /// Reports every field of an object the frame read that no container asked for: the
    /// value's type no longer has it, and it is dropped.
    func reportUnreadFields(in session: RepairSession) {
        for (_, repair, place) in omitted { session.record(repair, at: place) }
        if let rootReader { report(rootReader, at: [], in: session) }
        guard !readers.isEmpty else { return }
        let ordered = readers.sorted {
            $0.key.map(\.description).joined(separator: "/")
                < $1.key.map(\.description).joined(separator: "/")
        }
        for (relative, reader) in ordered { report(reader, at: relative, in: session) }
    }

    /// Reports the fields of the object `reader` read that no container asked for.
    private func report(
        _ reader: FieldReader, at relative: [JSONValue.Component], in session: RepairSession
    ) {
        guard !reader.readAll, case .object(let object) = reader.place.value,
            object.keys.contains(where: { !reader.read.contains($0) })
        else { return }
        for (key, value) in object.sorted(by: { $0.key < $1.key })
        where !reader.read.contains(key) && forced[relative + [.key(key)]] == nil {
            let field = reader.place.child(.key(key), value: value, reference: nil)
            session.record(.drop, at: field)
        }
    }
}

/// The fields of one object that a frame's containers asked for.
final class FieldReader {
    let place: DecodingPlace
    /// The keys asked for, in order (an object has few keys: a list is cheaper than a set).
    var read: [String] = []
    /// Whether a container listed every key (the decoder then chose what to read).
    var readAll = false

    init(place: DecodingPlace) { self.place = place }
}

// MARK: The decoder

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

// MARK: Keyed container

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

// MARK: Unkeyed container

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

// MARK: Collections

/// A collection the decoder reads element by element itself, so that it can leave out an
/// element that does not decode without the collection's own decoder seeing it.
protocol RepairingCollection {
    /// Decodes the collection at `place`, dropping (or resetting) the elements that do not
    /// decode unless `strict`.
    static func decodeElements(
        _ session: RepairSession, at place: DecodingPlace, strict: Bool, in slot: FrameSlot?
    ) throws -> Self
}

extension RepairSession {
    /// The elements of the array at `place` that decode as `Element`.
    func decodeArray<Element: Decodable>(
        _ type: Element.Type, at place: DecodingPlace, strict: Bool, in slot: FrameSlot?
    ) throws -> [Element] {
        guard case .array(let elements) = place.value else {
            throw RepairingDecoder.mismatch([Element].self, at: place)
        }
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let child = place.child(
                .index(index), value: element, reference: place.reference?.element(at: index))
            do {
                result.append(
                    try decode(type, at: child, strict: strict, in: slot?.appending(.index(index))))
            } catch {
                guard !strict else { throw error }
                record(.dropElement, at: child)
            }
        }
        return result
    }
}

extension Array: RepairingCollection where Element: Decodable {
    static func decodeElements(
        _ session: RepairSession, at place: DecodingPlace, strict: Bool, in slot: FrameSlot?
    ) throws -> [Element] {
        try session.decodeArray(Element.self, at: place, strict: strict, in: slot)
    }
}

extension ContiguousArray: RepairingCollection where Element: Decodable {
    static func decodeElements(
        _ session: RepairSession, at place: DecodingPlace, strict: Bool, in slot: FrameSlot?
    ) throws -> ContiguousArray<Element> {
        ContiguousArray(try session.decodeArray(Element.self, at: place, strict: strict, in: slot))
    }
}

extension Set: RepairingCollection where Element: Decodable {
    static func decodeElements(
        _ session: RepairSession, at place: DecodingPlace, strict: Bool, in slot: FrameSlot?
    ) throws -> Set<Element> {
        Set(try session.decodeArray(Element.self, at: place, strict: strict, in: slot))
    }
}

extension Dictionary: RepairingCollection where Key == String, Value: Decodable {
    /// The entries that decode; one that does not is put back to its initial value when the
    /// initial state has the key, and dropped otherwise.
    static func decodeElements(
        _ session: RepairSession, at place: DecodingPlace, strict: Bool, in slot: FrameSlot?
    ) throws -> [String: Value] {
        guard case .object(let object) = place.value else {
            throw RepairingDecoder.mismatch([String: Value].self, at: place)
        }
        var result: [String: Value] = [:]
        result.reserveCapacity(object.count)
        for (key, value) in strict ? Array(object) : object.sorted(by: { $0.key < $1.key }) {
            let reference = place.reference?[key]
            let child = place.child(.key(key), value: value, reference: reference)
            do {
                result[key] = try session.decode(
                    Value.self, at: child, strict: strict, in: slot?.appending(.key(key)))
            } catch {
                guard !strict, reference != nil || place.reference != nil else { throw error }
                if let reference {
                    let initial = place.child(.key(key), value: reference, reference: reference)
                    result[key] = try session.decode(Value.self, at: initial, strict: true)
                    session.record(.reset, at: child)
                } else {
                    session.record(.drop, at: child)
                }
            }
        }
        return result
    }
}

// MARK: Scalars

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
