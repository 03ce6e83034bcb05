extension StepStack {
    /// Whether two element boxes hold the same renewal history and equal values.
    private func sameElement(_ lhs: StepNodeStorage, _ rhs: StepNodeStorage) -> Bool {
        guard lhs !== rhs else { return true }
        guard lhs.renewal == rhs.renewal else { return false }
        if destinations != nil {
            return lhs.uncheckedCast(to: DestinationStorage<Element>.self).hasSameValue(
                as: rhs.uncheckedCast(to: DestinationStorage<Element>.self))
        }
        return value(of: lhs) == value(of: rhs)
    }
}

extension StepStack: Equatable {
    /// Stacks are equal when they hold equal elements with equal ids and renewal histories, and
    /// their counters would mint the same ids.
    ///
    /// Ids are compared by their Unicode scalars, as everywhere: `café` written with `é` and
    /// with `e` + U+0301 are two ids.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.nextID == rhs.nextID && lhs.entries.count == rhs.entries.count
            && zip(lhs.entries, rhs.entries).allSatisfy { left, right in
                StepPath.sameSegment(left.id, right.id) && lhs.sameElement(left.box, right.box)
            }
    }
}

extension StepStack: Hashable {
    /// Hashes the ids, elements, renewal histories and the counter.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(nextID)
        hasher.combine(entries.count)
        for entry in entries {
            hasher.combine(SegmentKey(entry.id))
            hasher.combine(entry.box.renewal)
            hasher.combine(value(of: entry.box))
        }
    }
}
