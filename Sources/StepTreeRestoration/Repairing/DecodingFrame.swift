import StepTree
import StepTreeJSON

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
    /// decodes it answers for. The rules are those at the top of `RepairingDecoder.swift`, at each place that
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
