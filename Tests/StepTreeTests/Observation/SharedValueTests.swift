import ExampleSteps
import Foundation
import TestSupport
import Testing

@testable import StepTree

/// What one thread reads from a shared state.
private struct Reading: Hashable, Sendable {
    var screen: StepPath
    var identity: StepIdentity
    var eventsIn: [NavigationEvent]
    var eventsOut: [NavigationEvent]
    var selected: [Bool]
    var equalToCopy: Bool
    var equalToTwin: Bool
    var differentFromStart: Bool
    var hash: Int
    var json: Data
}

/// What one thread's edit of its copy did.
private struct EditOutcome: Hashable, Sendable {
    var events: [NavigationEvent]
    var reachesTheSameState: Bool
}

/// The operations that build the shared state, on either tree (the schema is the twin of the
/// hand-written tree): a pushed theme, then a stack of two friends in its place (one push per
/// node), a friend's sheet, and the login cover with its sign-up screen pushed inside it.
private let building: [PathOperation] = [
    .select("profile/detail/dark"),
    .stack("profile/friends", ids: ["ann", "bob"]),
    .select("profile/friends/bob/settings"),
    .select("login/signUp"),
]

private let probes = [
    "profile", "profile/detail", "profile/detail/dark", "profile/detail/light",
    "profile/friends/ann", "profile/friends/bob/settings", "profile/settings", "login/signUp",
    "home", "nope",
]

private func built<Root: StepNode>(_ start: Root) throws -> Root {
    var state = start
    for operation in building { try state.perform(operation) }
    return state
}

private func read<Root: StepNode>(_ shared: Root, start: Root, twin: Root) -> Reading {
    let copy = shared
    var hasher = Hasher()
    shared.hash(into: &hasher)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return Reading(
        screen: shared.visibleScreen, identity: shared.visibleIdentity,
        eventsIn: NavigationDiff.events(from: start, to: shared),
        eventsOut: NavigationDiff.events(from: shared, to: start),
        selected: probes.map { shared.isSelected(path: StepPath(stringLiteral: $0)) },
        equalToCopy: copy == shared, equalToTwin: shared == twin && twin == shared,
        differentFromStart: shared != start, hash: hasher.finalize(),
        json: (try? encoder.encode(shared)) ?? Data())
}

/// Many threads reading one shared `let` value at once: every read is a pure function of the
/// value, so every thread sees exactly what one thread saw alone, and the thread sanitizer sees
/// no write (a lazily filled cache, a copy-on-write box written while shared) under the reads.
extension ThreadSafety {
    @Suite struct SharedValueTests {
        static let threads = 8
        static let rounds = 40

        /// Reads `shared` from `threads` threads, `rounds` times each; the distinct readings of
        /// each thread.
        private static func readings<Root: StepNode>(
            _ shared: Root, start: Root, twin: Root
        ) -> [Set<Reading>] {
            onThreads(threads) { _ in
                var seen: Set<Reading> = []
                for _ in 0..<rounds { seen.insert(read(shared, start: start, twin: twin)) }
                return seen
            }
        }

        private static func check<Root: StepNode>(_ start: Root) throws {
            let shared = try built(start)
            let twin = try built(start)  // the same state in boxes of its own
            let expected = read(shared, start: start, twin: twin)
            #expect(expected.screen == StepPath(["login", "signUp"]))
            #expect(
                expected.eventsIn.map(\.description) == [
                    "select / home -> profile", "push /profile/friends/ann",
                    "push /profile/friends/bob", "present /profile/friends/bob/settings sheet",
                    "present /login cover",
                ])
            #expect(
                expected.eventsOut.map(\.description) == [
                    "dismiss /login cover", "dismiss /profile/friends/bob/settings sheet",
                    "pop /profile/friends/bob", "pop /profile/friends/ann",
                    "select / profile -> home",
                ])
            #expect(
                expected.selected == [
                    true, false, false, false, true, true, false, true, false, false,
                ])
            #expect(expected.equalToCopy && expected.equalToTwin && expected.differentFromStart)
            #expect(!expected.json.isEmpty)
            #expect(
                readings(shared, start: start, twin: twin)
                    == Array(repeating: [expected], count: threads))
            // Nothing the threads did changed the value.
            #expect(shared == twin)
            #expect(read(shared, start: start, twin: twin) == expected)
        }

        @Test func handWrittenTree() throws {
            try Self.check(AppSteps())
        }

        @Test func schemaDrivenTree() throws {
            try Self.check(DynamicSteps(schema: ExampleSchema.load()))
        }

        /// Each thread edits its own copy of one shared value: the copies are written only after
        /// copy-on-write has given them boxes of their own, so the shared value never changes
        /// and every thread reaches the same state.
        @Test(arguments: [false, true])
        func copiesEditedAtOnce(schemaDriven: Bool) throws {
            if schemaDriven {
                try Self.editCopies(DynamicSteps(schema: ExampleSchema.load()))
            } else {
                try Self.editCopies(AppSteps())
            }
        }

        private static func editCopies<Root: StepNode>(_ start: Root) throws {
            let shared = try built(start)
            let twin = try built(start)
            var edited = shared
            try edited.perform(.show("profile/friends/ann/detail/light"))
            let alone = edited
            let expected = NavigationDiff.events(from: shared, to: alone)
            #expect(
                expected.map(\.description) == [
                    "dismiss /login cover", "dismiss /profile/friends/bob/settings sheet",
                    "pop /profile/friends/bob", "push /profile/friends/ann/detail",
                ])
            let results = onThreads(threads) { _ in
                var outcomes: Set<EditOutcome> = []
                for _ in 0..<rounds {
                    var copy = shared
                    try? copy.perform(.show("profile/friends/ann/detail/light"))
                    outcomes.insert(
                        EditOutcome(
                            events: NavigationDiff.events(from: shared, to: copy),
                            reachesTheSameState: copy == alone))
                }
                return outcomes
            }
            #expect(
                results
                    == Array(
                        repeating: [EditOutcome(events: expected, reachesTheSameState: true)],
                        count: threads))
            #expect(shared == twin)
        }

        /// Each thread selects deep in its own copy of one shared value through key paths (each
        /// box on the path copied as its bytes, the next one copied at once) and compares the
        /// shared value with a twin, whose boxes are read in place: the shared value is only
        /// read, and every thread reaches the same state.
        @Test func typedSelectsOnCopiesAndComparisonsAtOnce() {
            func selecting(_ key: ThemeSteps.Key) -> AppSteps {
                var steps = AppSteps()
                steps.select(\.profile, \.detail, key == .dark ? \.dark : \.light)
                return steps
            }
            let shared = selecting(.dark)
            let twin = selecting(.dark)  // the same state in boxes of its own
            let alone = selecting(.light)
            let results = onThreads(Self.threads) { thread in
                var same = true
                for round in 0..<Self.rounds {
                    var copy = shared
                    if (thread + round) % 2 == 0 {
                        copy.select(\.profile, \.detail, \.light)
                        same = same && copy == alone && copy != shared
                    } else {
                        same = same && shared == twin && twin == shared && copy == shared
                    }
                }
                return same
            }
            #expect(results == Array(repeating: true, count: Self.threads))
            #expect(shared == twin)
            #expect(shared.profile.detail.selected.content == .dark)
        }
    }
}
