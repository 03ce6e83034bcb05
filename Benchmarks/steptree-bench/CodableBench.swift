import Foundation
import StepTree

/// A hand-written tree's JSON round trip: encode, then decode, with Foundation's coders.
enum CodableBench {
    static func roundTrip() throws -> Runner {
        var steps = LinkRoot()
        steps.select(\.a, \.b, \.c, \.d)
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        let back = try decoder.decode(LinkRoot.self, from: encoder.encode(steps))
        try expect(back == steps, "the round trip changed the tree")
        try expect(back.visibleScreen.description == "/a/b/c/d", "the round trip lost the link")
        return { [steps] count in
            try timeLoop(count) { _ in
                blackHole(try decoder.decode(LinkRoot.self, from: encoder.encode(steps)))
            }
        }
    }

    /// The peer benchmark's classic tree after its deep link (`profile/detail/dark`), as the
    /// peer benchmark's `codable.roundtrip` has it.
    static func roundTripClassic() throws -> Runner {
        var steps = ClassicApp()
        steps.select(\.profile, \.detail, \.dark)
        let encoder = JSONEncoder()
        let decoder = JSONDecoder()
        let back = try decoder.decode(ClassicApp.self, from: encoder.encode(steps))
        try expect(back == steps, "the round trip changed the classic tree")
        try expect(
            back.visibleScreen.description == "/profile/detail/dark",
            "the round trip lost the classic tree's link")
        return { [steps] count in
            try timeLoop(count) { _ in
                blackHole(try decoder.decode(ClassicApp.self, from: encoder.encode(steps)))
            }
        }
    }
}
