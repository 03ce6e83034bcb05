/// SplitMix64 (Vigna): a small, seeded, deterministic random number generator, so that every
/// fuzzing run sees the same inputs and a failure can be replayed from its seed.
package struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SeededGenerator {
    /// An index below `bound` (which must be positive). Written out rather than
    /// `Int.random(in:using:)` so that the inputs do not depend on the standard library's
    /// sampling algorithm; the modulo bias is irrelevant for fuzzing.
    package mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }

    /// `true` with the given probability in percent.
    package mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// `true` with probability `numerator / denominator`.
    package mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
        below(denominator) < numerator
    }

    /// A uniformly chosen element of a non-empty array.
    package mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }

    /// `count` random bytes.
    package mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }

    /// A string of `count` pieces drawn from `alphabet`.
    package mutating func string(from alphabet: [String], count: Int) -> String {
        (0..<count).map { _ in pick(alphabet) }.joined()
    }

    /// `data` with a few random byte edits: replacements, deletions, insertions and duplicated
    /// slices.
    package mutating func mutate(_ data: [UInt8], edits: Int) -> [UInt8] {
        var bytes = data
        for _ in 0..<edits {
            switch below(4) {
            case 0 where !bytes.isEmpty:
                bytes[below(bytes.count)] = pick(Self.interestingBytes)
            case 1 where !bytes.isEmpty:
                bytes.remove(at: below(bytes.count))
            case 2:
                bytes.insert(pick(Self.interestingBytes), at: below(bytes.count + 1))
            default:
                guard !bytes.isEmpty else { continue }
                let start = below(bytes.count)
                let end = min(bytes.count, start + 1 + below(16))
                bytes.insert(contentsOf: bytes[start..<end], at: below(bytes.count + 1))
            }
        }
        return bytes
    }

    /// Bytes that tend to change the meaning of JSON text.
    package static let interestingBytes: [UInt8] =
        Array("{}[]\",:/\\ 0-1tfn\"ae".utf8) + [0, 0xFF, 0xC3]
}
