/// The fields of a stack's encoding and of its elements'.
private enum StackField: String, CodingKey {
    case elements, next, id, value, renewal
}

extension StepStack: Codable {
    /// Decodes `[{"id": …, "value": …, "renewal": "…"}]`, or `{"elements": […], "next": n}` for
    /// a stack whose counter is ahead of what its elements imply.
    ///
    /// A destination's value is `{"status": …}`: its payload's step under its name.
    /// - Throws: `DecodingError.dataCorrupted` for a duplicate, empty or `/`-containing id, a
    ///   counter (`next`) above `Int64.max`, an unknown destination, elements nested more than ``StepPath/maximumDepth`` − 2 levels below
    ///   the stack (see ``depth``), and, as ``Step`` does, for an element whose selection names
    ///   a step in the wrong layer.
    public init(from decoder: any Decoder) throws {
        // Through containers, not a loop over the elements: a decoder that repairs a save can
        // then leave out an element that no longer decodes (see `RepairingDecoder`).
        let coded: [CodedEntry]
        var next: UInt64?
        // The array form first: asking an array for a keyed container throws an error whose
        // coding path is built from the whole depth, at every level of a recursive stack.
        if (try? decoder.unkeyedContainer()) != nil {
            coded = try decoder.singleValueContainer().decode([CodedEntry].self)
        } else {
            let object = try decoder.container(keyedBy: StackField.self)
            coded = try object.decode([CodedEntry].self, forKey: .elements)
            next = try object.decodeIfPresent(UInt64.self, forKey: .next)
            try Self.checkCounter(next, codingPath: decoder.codingPath)
        }
        let entries = coded.map(\.entry)
        do {
            try ElementIDs.validate(entries.map(\.id), at: nil)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
        self.init(entries: entries, nextID: next)
        // As deep as `push(_:id:)` allows: a saved state is no deeper than one built in code.
        knownDepth = measuredDepth
        if let depth = knownDepth, depth > Self.maximumLevels {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "elements nested \(depth) levels below their stack; at most "
                        + "\(Self.maximumLevels) are allowed"))
        }
        if let (id, problem) = entries.lazy.compactMap({ entry in
            entry.box.selectionProblem.map { (entry.id, $0) }
        }).first {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "element '\(StepPath.quoted(id))': \(problem)"))
        }
    }

    /// Encodes the elements as an array, bottom first; as `{"elements": […], "next": n}` when
    /// the counter is ahead of what the elements imply (after a pop, say).
    public func encode(to encoder: any Encoder) throws {
        if nextID == Self.impliedNextID(of: entries) {
            var list = encoder.unkeyedContainer()
            try encodeElements(into: &list)
        } else {
            var object = encoder.container(keyedBy: StackField.self)
            var list = object.nestedUnkeyedContainer(forKey: .elements)
            try encodeElements(into: &list)
            try object.encode(nextID, forKey: .next)
        }
    }

    /// One element as it is written: its id, its value and its renewal history.
    private struct CodedEntry: Decodable {
        let entry: Entry

        init(from decoder: any Decoder) throws {
            let item = try decoder.container(keyedBy: StackField.self)
            let id = try item.decode(String.self, forKey: .id)
            let box: StepNodeStorage
            if let destinations = DestinationTable.ifDestination(Element.self) {
                box = DestinationStorage(
                    try StepModal(destinations, from: item.superDecoder(forKey: .value)))
            } else {
                box = StepStorage.make(try item.decode(Element.self, forKey: .value))
            }
            if let renewal = try item.decodeIfPresent(StepRenewal.self, forKey: .renewal) {
                box.renewal = renewal
            }
            entry = Entry(id: id, box: box)
        }
    }

    private func encodeElements(into list: inout some UnkeyedEncodingContainer) throws {
        for entry in entries {
            var item = list.nestedContainer(keyedBy: StackField.self)
            try item.encode(entry.id, forKey: .id)
            if destinations != nil {
                try entry.box.uncheckedCast(to: DestinationStorage<Element>.self).value.encode(
                    to: item.superEncoder(forKey: .value))
            } else {
                try item.encode(value(of: entry.box), forKey: .value)
            }
            if !entry.box.renewal.isInitial { try item.encode(entry.box.renewal, forKey: .renewal) }
        }
    }
}

extension StepStack: BareCodable {
    static var codingForm: StepCodingForm { .array }
}
