import Foundation
import StepTree

/// The patterns of a router as a trie of their path segments: a link is matched by walking it
/// once, segment by segment, not by trying every pattern.
///
/// At each node the walk tries, in this order, the literal child named by the segment, the
/// prefixed children whose prefix the segment starts with (longer prefixes first; for one
/// prefix, typed before untyped), the `int` child (for a segment written as an integer), the
/// `uuid` child (for a segment that reads as a UUID), the untyped child, and last the `rest`
/// child, which takes every remaining segment; it backs up to the next choice when a branch
/// ends without a pattern. So the pattern that wins is the most specific at the first segment
/// where candidates differ (literal, then prefixed, then typed, then untyped, then rest), and
/// only then at the next one.
struct DeepLinkTrie: Sendable {
    /// A `prefix<…>` child.
    struct Prefixed: Sendable {
        let prefix: String
        /// The placeholder after the prefix: `.int`, `.uuid` or `.text`, its name aside.
        let kind: DeepLinkPiece
        let child: Int

        /// Whether `segment` starts with the prefix and the rest, not empty, has the kind.
        func accepts(_ segment: String) -> Bool {
            let bytes = segment.utf8
            guard bytes.count > prefix.utf8.count, bytes.starts(with: prefix.utf8) else {
                return false
            }
            let rest = Substring(bytes.dropFirst(prefix.utf8.count))
            switch kind {
            case .int: return DeepLinkPiece.isInteger(rest)
            case .uuid: return UUID(uuidString: String(rest)) != nil
            default: return true
            }
        }

        /// Its place among its siblings: longer prefixes first, then typed before untyped.
        var order: (Int, Int) {
            let rank =
                switch kind {
                case .int: 0
                case .uuid: 1
                default: 2
                }
            return (-prefix.utf8.count, rank)
        }
    }

    struct Node: Sendable {
        var literals: [SegmentKey: Int] = [:]
        var prefixed: [Prefixed] = []
        var int: Int?
        var uuid: Int?
        var text: Int?
        var rest: Int?
        /// The route that ends here.
        var route: Int?
    }

    /// What a walk found.
    enum Outcome: Equatable {
        /// The route with this index matches.
        case route(Int)
        /// No route matches; the walk got no further than this many segments.
        case none(reached: Int)
    }

    private var nodes = [Node()]

    /// Adds the route `route` with path `pieces`.
    /// - Returns: The route already registered with the same shape, if any; then nothing is
    ///   added.
    /// - Complexity: O(*s*) for *s* segments.
    mutating func insert(_ pieces: [DeepLinkPiece], route: Int) -> Int? {
        var node = 0
        for piece in pieces {
            if case .prefixed(let prefix, let inner) = piece {
                let kind = Self.kind(of: inner)
                if let known = nodes[node].prefixed.first(where: {
                    $0.kind == kind && $0.prefix.utf8.elementsEqual(prefix.utf8)
                }) {
                    node = known.child
                    continue
                }
                nodes.append(Node())
                let entry = Prefixed(prefix: prefix, kind: kind, child: nodes.count - 1)
                let at =
                    nodes[node].prefixed.firstIndex { $0.order > entry.order }
                    ?? nodes[node].prefixed.count
                nodes[node].prefixed.insert(entry, at: at)
                node = entry.child
                continue
            }
            let next: Int? =
                switch piece {
                case .prefixed: nil
                case .literal(let key): nodes[node].literals[SegmentKey(key)]
                case .int: nodes[node].int
                case .uuid: nodes[node].uuid
                case .text: nodes[node].text
                case .rest: nodes[node].rest
                }
            if let next {
                node = next
                continue
            }
            nodes.append(Node())
            let added = nodes.count - 1
            switch piece {
            case .prefixed: break
            case .literal(let key): nodes[node].literals[SegmentKey(key)] = added
            case .int: nodes[node].int = added
            case .uuid: nodes[node].uuid = added
            case .text: nodes[node].text = added
            case .rest: nodes[node].rest = added
            }
            node = added
        }
        if let existing = nodes[node].route { return existing }
        nodes[node].route = route
        return nil
    }

    /// The placeholder kind of a prefixed child, its name aside.
    private static func kind(of piece: DeepLinkPiece) -> DeepLinkPiece {
        switch piece {
        case .int: .int("")
        case .uuid: .uuid("")
        default: .text("")
        }
    }

    /// The route that matches `segments` best (see the type's comment).
    /// - Complexity: O(*s*) hash look-ups for *s* segments when no branch needs backing up; at
    ///   worst each trie node within depth *s* is visited once. It does not depend on the number
    ///   of patterns that share no prefix with the link.
    func match(_ segments: [String]) -> Outcome {
        var reached = 0
        if let route = search(0, segments[...], &reached) { return .route(route) }
        return .none(reached: reached)
    }

    private func search(_ index: Int, _ rest: ArraySlice<String>, _ reached: inout Int) -> Int? {
        let node = nodes[index]
        reached = max(reached, rest.startIndex)
        guard let segment = rest.first else { return node.route }
        let next = rest.dropFirst()
        if let child = node.literals[SegmentKey(segment)],
            let route = search(child, next, &reached)
        {
            return route
        }
        for entry in node.prefixed where entry.accepts(segment) {
            if let route = search(entry.child, next, &reached) { return route }
        }
        if let child = node.int, DeepLinkPiece.isInteger(segment),
            let route = search(child, next, &reached)
        {
            return route
        }
        if let child = node.uuid, UUID(uuidString: segment) != nil,
            let route = search(child, next, &reached)
        {
            return route
        }
        if let child = node.text, let route = search(child, next, &reached) { return route }
        if let child = node.rest, let route = nodes[child].route {
            reached = rest.endIndex
            return route
        }
        return nil
    }

    /// The routes that no link can reach, each with the routes that take every link it matches,
    /// in the order of the trie's nodes.
    ///
    /// Literal, typed and untyped placeholders each leave links to the route through them (a
    /// segment no literal names and no typed placeholder reads), and two routes of the same
    /// shape are refused by ``insert(_:route:)``; so the only route that can lose every link is
    /// a `<rest:…>` whose untyped sibling leads through a route at every length to a `<rest:…>`
    /// of its own: `files/<rest:path>` under `files/<name>` and `files/<name>/<rest:more>`.
    /// - Complexity: O(*n*) for *n* trie nodes.
    func unreachableRoutes() -> [(route: Int, takenBy: [Int])] {
        var found: [(route: Int, takenBy: [Int])] = []
        for node in nodes {
            guard let rest = node.rest, let loser = nodes[rest].route else { continue }
            var takers: [Int] = []
            var next = node.text
            while let index = next, let route = nodes[index].route {
                takers.append(route)
                if let deeper = nodes[index].rest, let winner = nodes[deeper].route {
                    found.append((loser, takers + [winner]))
                    break
                }
                next = nodes[index].text
            }
        }
        return found
    }
}
