import Foundation
import StepTree
import StepTreeDeepLinks
import StepTreeRestoration

enum RouterBench {
    /// A router of `count` patterns in groups of ten sharing their first segment
    /// (`s<g>/item<i>/<int:id>`), with a few of other shapes, over the example tree.
    static func router(patterns count: Int) throws -> DeepLinkRouter<DynamicSteps> {
        var router = DeepLinkRouter<DynamicSteps>(origins: [.scheme("bench")])
        for index in 0..<count {
            let pattern =
                switch index % 4 {
                case 0: "s\(index / 10)/item\(index)/<int:id>"
                case 1: "s\(index / 10)/item\(index)/<id>/more"
                case 2: "s\(index / 10)/item\(index)?q=<q>"
                default: "s\(index / 10)/item\(index)/<rest:path>"
                }
            try router.register(pattern) { _, _ in }
        }
        return router
    }

    /// `router.resolve` of a link to the last group's `<int:id>` pattern: reading the link and
    /// walking the trie, with `count` patterns registered.
    static func match(patterns count: Int) throws -> Runner {
        let router = try router(patterns: count)
        let last = (count - 1) / 4 * 4
        let link = try require(URL(string: "bench://s\(last / 10)/item\(last)/42"), "a link")
        let match = try router.resolve(link)
        try expect(
            match.pattern == "s\(last / 10)/item\(last)/<int:id>" && match.int("id") == 42,
            "the link matched \(match.pattern)")
        return { count in
            timeLoop(count) { _ in
                let match = try? router.resolve(link)
                blackHole(match)
            }
        }
    }
}

/// The same document decoded into plain `Codable` types with no library: the floor for
/// `restore.10000`.
///
/// One type reads both forms of a step, as one container: a node written bare (`selected`,
/// `payload`, `steps`, `elements`) or a renewed one in its wrapper (`value`, `renewal`).
private final class PlainNode: Codable {
    var selected: [String]?
    var payload: String?
    var steps: [String: PlainNode]?
    var elements: [PlainElement]?
    var value: PlainNode?
    var renewal: String?
}

private struct PlainElement: Codable {
    var id: String
    var value: PlainNode
    var renewal: String?
}

private struct PlainEnvelope: Codable {
    var format: String
    var formatVersion: Int
    var treeVersion: Int
    var state: PlainNode
}

enum RestoreBench {
    /// Decoding a saved 9,829-node state and restoring it on a navigator at the initial state
    /// (one transaction whose diff builds the whole saved screen).
    static func restore(_ tree: BuiltTree) throws -> Runner {
        let archive = StepArchive(version: 1, initial: DynamicSteps(schema: tree.schema))
        let data = try archive.encode(tree.state)
        let navigator = Navigator(DynamicSteps(schema: tree.schema))
        let (events, report) = try navigator.restore(from: data, using: archive)
        try expect(report.isClean, "the restoration changed the save: \(report)")
        try expect(navigator.root == tree.state, "the restored state differs")
        try expect(!events.isEmpty, "restoring from the initial state emitted nothing")
        return { count in
            timeLoop(count) { _ in
                let navigator = Navigator(DynamicSteps(schema: tree.schema))
                let result = try? navigator.restore(from: data, using: archive)
                blackHole(result)
            }
        }
    }

    /// `JSONDecoder` decoding the same bytes into plain structs of the same shape.
    static func plain(_ tree: BuiltTree) throws -> Runner {
        let data = try StepArchive(version: 1, initial: DynamicSteps(schema: tree.schema)).encode(
            tree.state)
        let decoded = try JSONDecoder().decode(PlainEnvelope.self, from: data)
        try expect(decoded.state.steps?.count == tree.shape.tabs, "the plain decode lost tabs")
        return { count in
            timeLoop(count) { _ in
                let decoded = try? JSONDecoder().decode(PlainEnvelope.self, from: data)
                blackHole(decoded)
            }
        }
    }
}
