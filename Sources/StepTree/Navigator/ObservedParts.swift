/// The parts of a navigator's state read since they last changed: a set, kept as an array
/// sorted by hash value.
///
/// Not a `Set`: its insertion and growth, specialized for a payload-carrying enum, are about
/// 10 KB of code in every app that links the core, for a collection that holds a few parts per
/// visible screen. A sorted array finds a part as fast, by binary search.
struct ObservedParts: Sendable {
    /// The parts, each with its hash value, in increasing order of it.
    private var entries: [(hash: Int, part: ObservedPart)] = []

    /// Whether no part is held.
    var isEmpty: Bool { entries.isEmpty }

    /// Adds `part`, whose hash value is `hash`, unless it is held already.
    ///
    /// The caller hashes, so that a part can be hashed before a lock is taken.
    /// - Complexity: O(log *k* + *k*) for *k* parts: a binary search, and a move of the entries
    ///   after a new one.
    mutating func insert(_ part: ObservedPart, hash: Int) {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].hash < hash { low = middle + 1 } else { high = middle }
        }
        // Parts of the same hash value sit together from `low`.
        var index = low
        while index < entries.count, entries[index].hash == hash {
            if entries[index].part == part { return }
            index += 1
        }
        entries.insert((hash, part), at: low)
    }

    /// Adds the parts of `other`.
    /// - Complexity: O(1) when empty, else O(*m* (log *k* + *k*)) for *m* parts added.
    mutating func formUnion(_ other: ObservedParts) {
        guard !isEmpty else {
            self = other
            return
        }
        for entry in other.entries { insert(entry.part, hash: entry.hash) }
    }

    /// The parts for which `isIncluded` is true, in the order the set keeps them.
    /// - Complexity: O(*k*) calls of `isIncluded`.
    func filter(_ isIncluded: (ObservedPart) -> Bool) -> ObservedParts {
        var kept = ObservedParts()
        kept.entries = entries.filter { isIncluded($0.part) }
        return kept
    }

    /// Removes every part and returns them.
    /// - Complexity: O(1).
    mutating func takeAll() -> ObservedParts {
        var taken = ObservedParts()
        swap(&taken, &self)
        return taken
    }
}
