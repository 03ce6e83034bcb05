import Foundation
import StepTree
import StepTreeJSON

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
