import TestSupport
import Testing

@Suite struct SeededGeneratorTests {
    @Test func knownSequenceForSeedZero() {
        // Reference values of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
        var generator = SeededGenerator(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
        #expect(generator.next() == 0x06C4_5D18_8009_454F)
    }

    @Test func sameSeedSameStream() {
        var first = SeededGenerator(seed: 42)
        var second = SeededGenerator(seed: 42)
        let a = (0..<8).map { _ in first.next() }
        let b = (0..<8).map { _ in second.next() }
        #expect(a == b)
    }
}
