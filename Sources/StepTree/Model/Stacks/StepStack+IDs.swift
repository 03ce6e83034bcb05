// The ids of a stack's elements: the counter that mints them, and the rules an explicit id
// follows.

extension StepStack {
    /// The counter a list of entries implies: one more than its largest decimal id, at least 1.
    static func impliedNextID(of entries: [Entry]) -> UInt64 {
        var next: UInt64 = 1
        for entry in entries {
            if let number = mintedNumber(entry.id), number >= next { next = number &+ 1 }
        }
        return next
    }

    /// The number `id` spells, if it is written as a minted id below ``maximumCounter`` is.
    ///
    /// A minted id is decimal, with no leading zero. A larger number is a name like any other:
    /// it does not move the counter, so that the counter never runs out.
    static func mintedNumber(_ id: String) -> UInt64? {
        guard let first = id.utf8.first, first != UInt8(ascii: "0") || id.utf8.count == 1,
            id.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let number = UInt64(id), number < maximumCounter
        else { return nil }
        return number
    }

    /// The largest counter a stack keeps or decodes (`Int64.max`): 2⁶³ pushes from it would be
    /// needed to run out of numbers.
    static var maximumCounter: UInt64 { UInt64(Int64.max) }

    /// Refuses a decoded counter above ``maximumCounter``.
    static func checkCounter(_ next: UInt64?, codingPath: [any CodingKey]) throws {
        guard let next, next > maximumCounter else { return }
        throw DecodingError.dataCorrupted(
            .init(
                codingPath: codingPath,
                debugDescription: "the counter \(next) is above \(maximumCounter)"))
    }

    /// Whether the counter has a number left for a push.
    ///
    /// The counter stops at ``maximumCounter``, the largest a save may hold, so that every
    /// stack it counts in can be saved and restored. Only an explicit id just below that number
    /// (or a decoded counter) leads there.
    var canTakeNumber: Bool { nextID < Self.maximumCounter }

    /// The id a push names when the counter has no number left: the one it cannot mint.
    static var exhaustedID: String { String(maximumCounter) }

    /// The next id the counter mints: the first decimal id from ``nextID`` on that no element
    /// has (a decimal id moves the counter past it, so it is the first one); ``canTakeNumber``
    /// is true.
    mutating func mintID() -> String {
        while true {
            let id = String(takeNumber())
            if index(of: id) == nil { return id }
        }
    }

    /// Whether `id` is the key of a step of the stack's elements (a destination's name), which a
    /// path after the stack reads as that step.
    func isStepKey(_ id: String) -> Bool {
        guard destinations != nil || Element.self is any StepsCollection.Type else { return false }
        return Self.initialBox(destinations).childIndex(forKey: id) != nil
    }
}
