import Foundation
import TestSupport
import Testing

@testable import StepTree

extension ThreadSafety {
    /// Fingerprints computed for the first time from many threads at once: every thread reads
    /// the fingerprint that one thread alone computes, while records are made and released
    /// around the shared chain.
    @Suite struct RenewalHistoryTests {
        static let threads = 8
        static let rounds = 20

        /// What one thread found.
        struct Reading: Hashable, Sendable {
            var shared: String
            var equalToTwin: Bool
            var hashesAsTwin: Bool
            var own: String
        }

        /// The shared state: a chain of renewals, with and without values, inside a value that is
        /// itself a renewal.
        static func build() -> NestingList {
            var inner = RenewedList.renewed([1, nil, 2, 3, nil])
            inner.select(\.item, with: 4)
            var outer = NestingList()
            outer.select(\.child, with: inner)
            outer.renew(\.child)
            return outer
        }

        @Test func firstFingerprintsFromManyThreadsAgree() {
            for _ in 0..<Self.rounds {
                let twin = Self.build()
                let expected = twin.child.renewal.description
                let twinHash = twin.hashValue
                // What each thread's own further renewal must give.
                let own = (0..<Self.threads).map { index in
                    var mine = Self.build()
                    mine.select(\.child, \.item, with: 100 + index)
                    return mine.child.item.renewal.description
                }
                let shared = Self.build()
                let readings = onThreads(Self.threads) { index in
                    // Threads start on different entry points into the same unfingerprinted chain.
                    var reading = Reading(
                        shared: "", equalToTwin: false, hashesAsTwin: false, own: "")
                    switch index % 3 {
                    case 0: reading.shared = shared.child.renewal.description
                    case 1: reading.equalToTwin = shared == twin
                    default: reading.hashesAsTwin = shared.hashValue == twinHash
                    }
                    var mine = shared
                    mine.select(\.child, \.item, with: 100 + index)
                    reading.own = mine.child.item.renewal.description
                    if reading.shared.isEmpty { reading.shared = shared.child.renewal.description }
                    if index % 3 != 1 { reading.equalToTwin = shared == twin }
                    if index % 3 != 2 { reading.hashesAsTwin = shared.hashValue == twinHash }
                    return reading
                }
                #expect(
                    readings
                        == (0..<Self.threads).map {
                            Reading(
                                shared: expected, equalToTwin: true, hashesAsTwin: true,
                                own: own[$0])
                        })
            }
        }
    }
}
