import ExampleSteps
import StepTree
import Testing

extension ThreadSafety {
    /// What a `changes` stream keeps for a consumer that does not read it.
    @Suite("Stream buffering")
    struct StreamBufferingTests {
        /// Commits `count` changes, toggling the root's selection.
        static func commit(_ count: Int, to navigator: Navigator<AppSteps>) {
            for index in 0..<count {
                navigator.transaction {
                    index.isMultiple(of: 2) ? $0.select(\.explore) : $0.select(\.home)
                }
            }
        }

        /// The sequence numbers of the first `count` changes `stream` yields.
        static func sequences<Changes: AsyncSequence>(
            _ count: Int, of stream: Changes, _ sequence: (Changes.Element) -> UInt64
        ) async throws -> [UInt64] {
            var sequences: [UInt64] = []
            for try await change in stream {
                sequences.append(sequence(change))
                if sequences.count == count { break }
            }
            return sequences
        }

        @Test func anUnreadStreamKeepsOnlyTheNewestChangesByDefault() async throws {
            let navigator = Navigator(AppSteps())
            let first = navigator.changes
            let second = navigator.changes
            Self.commit(1_000, to: navigator)
            let limit = Navigator<AppSteps>.defaultStreamBufferLimit
            #expect(limit == 64)
            let newest = Array(UInt64(1_000 - limit + 1)...1_000)
            #expect(try await Self.sequences(limit, of: first, \.sequence) == newest)
            #expect(try await Self.sequences(limit, of: second, \.sequence) == newest)
        }

        @Test func aStreamTakesTheBufferingPolicyItIsGiven() async throws {
            let navigator = Navigator(AppSteps())
            let everything = navigator.changes(buffering: .unbounded)
            let oldest = navigator.changes(buffering: .bufferingOldest(3))
            let newest = navigator.changes(buffering: .bufferingNewest(2))
            Self.commit(200, to: navigator)
            #expect(try await Self.sequences(200, of: everything, \.sequence) == Array(1...200))
            #expect(try await Self.sequences(3, of: oldest, \.sequence) == [1, 2, 3])
            #expect(try await Self.sequences(2, of: newest, \.sequence) == [199, 200])
        }

        @Test func aConsumerThatKeepsUpGetsEveryChange() async throws {
            let navigator = Navigator(AppSteps())
            let stream = navigator.changes
            var iterator = stream.makeAsyncIterator()
            var sequences: [UInt64] = []
            for round in 0..<10 {
                Self.commit(50, to: navigator)  // fewer than the limit between two reads
                for _ in 0..<50 { sequences.append(try #require(await iterator.next()).sequence) }
                #expect(sequences.count == 50 * (round + 1))
            }
            #expect(sequences == Array(1...500))
        }
    }
}
