import Foundation
import TestSupport
import Testing

@testable import StepTree

extension ThreadSafety {
    /// Renewal fingerprints made on many threads at once, for types fingerprinted for the first
    /// time there: every thread finds the route one thread alone finds, and the fingerprints a
    /// single thread computes.
    @Suite struct ValueFingerprintThreadTests {
        static let threads = 8

        /// A pure node of leaves, used by this suite only: its route is made here.
        struct Shades: StepsCollection {
            enum Key: String, StepKey { case pale, deep }
            var selected = StepSelection<Key>()
            var pale = Step()
            var deep = Step()
            static let steps = StepTable<Self>(.inline(.pale, \.pale), .inline(.deep, \.deep))
            init() {}
        }

        /// A payload, used by this suite only: renewals with it are recorded and encoded later.
        struct Swatch: StepValue {
            var name: String
        }

        /// A node with a step of each.
        struct Palette: StepsCollection {
            enum Key: String, StepKey { case shades, swatch }
            var selected = StepSelection<Key>()
            var shades = Step(Shades())
            var swatch = Step(Swatch(name: ""))
            static let steps = StepTable<Self>(
                .push(.shades, \.shades), .present(.swatch, \.swatch))
            init() {}
        }

        /// The fingerprints after the renewals thread `index` makes.
        static func renewals(_ index: Int) -> [String] {
            var palette = Palette()
            palette.select(\.shades, with: Shades.selecting(index % 2 == 0 ? \.pale : \.deep))
            palette.select(\.swatch, with: Swatch(name: "s\(index % 3)"))
            palette.renew(\.shades, \.deep)
            var outer = Palette()
            outer.select(\.shades, with: palette.shades.value)
            return [
                palette.shades.renewal.description, palette.swatch.renewal.description,
                palette.shades.value.deep.renewal.description, outer.shades.renewal.description,
            ]
        }

        @Test func fingerprintsFromManyThreadsAgree() {
            let readings = onThreads(Self.threads) { Self.renewals($0) }
            #expect(readings == (0..<Self.threads).map(Self.renewals))
            #expect(Set(readings.map { $0[0] }).count == 2)
            #expect(Set(readings.map { $0[1] }).count == 3)
        }
    }
}
