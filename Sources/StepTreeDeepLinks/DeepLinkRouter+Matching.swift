import Foundation
import StepTree

extension DeepLinkRouter {
    /// The best pattern for `url`, with its converted captures, or `nil` when the link is
    /// refused or no pattern matches (``resolve(_:)`` says why).
    /// - Complexity: O(*n*) in the length of the link, plus the trie walk: see ``resolve(_:)``.
    public func match(_ url: URL) -> DeepLinkMatch? {
        try? resolve(url)
    }

    /// The best pattern for `url`, with its converted captures.
    /// - Throws: ``DeepLinkError`` for a link refused as it is read, one no pattern matches
    ///   (naming the first segment the patterns do not know), or a capture or query item that
    ///   does not convert.
    /// - Complexity: O(*n*) in the length of the link, then O(*s*) trie steps for *s* segments
    ///   in the common case, whatever the number of patterns, in each of the few origin scopes
    ///   that could take the link (plus one comparison per prefixed placeholder at a step).
    public func resolve(_ url: URL) throws(DeepLinkError) -> DeepLinkMatch {
        let address = try read(url)
        switch find(address) {
        case .route(let index): return try makeMatch(routes[index].pattern, address, url)
        case .none(let reached): throw unmatched(address, reached: reached, url)
        }
    }

    /// The gate of the route `url` matches, if it has one.
    public func gate(for url: URL) -> DeepLinkGate? {
        guard let address = try? read(url), case .route(let index) = find(address) else {
            return nil
        }
        return routes[index].gate
    }

    func read(_ url: URL) throws(DeepLinkError) -> DeepLinkAddress {
        try DeepLinkAddress(url, origins: origins, limits: limits)
    }

    /// The best route for `address`: scope by scope in precedence order (see the type's
    /// comment), the first that has one; else how far the walks got.
    func find(_ address: DeepLinkAddress) -> DeepLinkTrie.Outcome {
        var scopes: [DeepLinkScope] = []
        if let host = address.host, address.scheme != "https" {
            // A custom scheme with hosts: its host, its wildcards, then the scheme's own.
            scopes.append(.schemeHost(address.scheme, host: host))
            for suffix in schemeWildcards[address.scheme] ?? []
            where suffix.isEmpty || DeepLinkOrigin.host(host, endsWith: suffix) {
                scopes.append(.schemeWildcard(address.scheme, suffix: suffix))
            }
            scopes.append(.scheme(address.scheme))
        } else if let host = address.host {
            scopes.append(.host(host))
            for suffix in wildcards
            where suffix.isEmpty || DeepLinkOrigin.host(host, endsWith: suffix) {
                scopes.append(.wildcard(suffix))
            }
            scopes.append(.anyHost)
        } else {
            scopes.append(.scheme(address.scheme))
        }
        scopes.append(.any)
        var reached = 0
        for scope in scopes {
            guard let trie = tries[scope] else { continue }
            switch trie.match(address.segments) {
            case .route(let index): return .route(best(index, for: address.query))
            case .none(let got): reached = max(reached, got)
            }
        }
        return .none(reached: reached)
    }

    /// Of the route the trie found and those of the same path with other query items, the one
    /// for a link with `query`: of those whose required items it has, the one with the most
    /// items it has, then the fewest it names, then the first registered; `index` when none has
    /// all its required items (its match names the first missing one).
    /// - Complexity: O(*r* · *q*) for *r* routes of that path with *q* query items each.
    func best(_ index: Int, for query: [String: String]) -> Int {
        guard let others = alternatives[index] else { return index }
        var best: (index: Int, present: Int, named: Int)?
        for candidate in [index] + others {
            let items = routes[candidate].pattern.query
            let optional = routes[candidate].pattern.optional
            var present = 0
            var complete = true
            for (item, piece) in items {
                if query[item] != nil {
                    present += 1
                } else if !optional.contains(piece.name ?? "") {
                    complete = false
                }
            }
            guard complete else { continue }
            if let found = best,
                found.present > present || (found.present == present && found.named <= items.count)
            {
                continue
            }
            best = (candidate, present, items.count)
        }
        return best?.index ?? index
    }

    func unmatched(_ address: DeepLinkAddress, reached: Int, _ url: URL) -> DeepLinkError {
        // A link that repeats an item is refused as it was before repeated items were read.
        if let name = address.repeatedNames.first {
            return DeepLinkError(link: url.absoluteString, reason: .repeatedQueryItem(name))
        }
        // A host's root no route takes names no step.
        if address.segments.isEmpty {
            return DeepLinkError(link: url.absoluteString, reason: .emptyPath)
        }
        let reason: DeepLinkError.Reason =
            reached < address.segments.count
            ? .unknownSegment(address.segments[reached], index: reached) : .incomplete
        return DeepLinkError(link: url.absoluteString, reason: reason)
    }

    func makeMatch(_ pattern: DeepLinkPattern, _ address: DeepLinkAddress, _ url: URL)
        throws(DeepLinkError) -> DeepLinkMatch
    {
        func fail(_ reason: DeepLinkError.Reason) -> DeepLinkError {
            DeepLinkError(link: url.absoluteString, reason: reason)
        }
        // An item given more than once is refused unless the pattern reads it as repeated.
        if let name = address.repeatedNames.first(where: {
            !pattern.repeated.contains(pattern.query[$0]?.name ?? "")
        }) {
            throw fail(.repeatedQueryItem(name))
        }
        var values: [String: String] = [:]
        var captures: [String: DeepLinkMatch.Capture] = [:]
        func capture(_ written: DeepLinkPiece, _ whole: String) -> DeepLinkError.Reason? {
            var piece = written
            var text = whole
            if case .prefixed(let prefix, let inner) = written {
                piece = inner
                text = String(Substring(whole.utf8.dropFirst(prefix.utf8.count)))
            }
            switch piece {
            // A rest is the whole last segment of a path (never prefixed, never a query item):
            // the loop below captures it.
            case .literal, .prefixed, .rest: return nil
            // An ignored capture is checked as its type says, and kept nowhere.
            case .int(let name) where name == DeepLinkPattern.ignored:
                return Int(text) == nil ? .numberOutOfRange(text, placeholder: name) : nil
            case .text(let name) where name == DeepLinkPattern.ignored: return nil
            case .uuid(let name) where name == DeepLinkPattern.ignored: return nil
            case .text(let name): captures[name] = .text(text)
            case .int(let name):
                guard let value = Int(text) else {
                    return .numberOutOfRange(text, placeholder: name)
                }
                captures[name] = .int(value)
            case .uuid(let name):
                guard let value = UUID(uuidString: text) else {
                    return .invalidQueryValue(name, pattern: pattern.text)
                }
                captures[name] = .uuid(value)
            }
            values[piece.name ?? ""] = text
            return nil
        }
        if let name = pattern.hostName, let host = address.host {
            captures[name] = .text(host)
            values[name] = host
        }
        for (index, piece) in pattern.segments.enumerated() {
            guard case .rest(let name) = piece else {
                if let reason = capture(piece, address.segments[index]) { throw fail(reason) }
                continue
            }
            // The link's own segments, as read: never split again from their joined text.
            let rest = Array(address.segments[index...])
            if name == DeepLinkPattern.ignored { continue }
            captures[name] = .rest(rest)
            values[name] = rest.joined(separator: "/")
        }
        if unknownQueryItems == .refuse,
            let unknown = address.query.keys.sorted().first(where: { pattern.query[$0] == nil })
        {
            throw fail(.unknownQueryItem(unknown, pattern: pattern.text))
        }
        /// Captures the query item `name`'s value `text` with `piece`, checking its type.
        func item(_ name: String, _ piece: DeepLinkPiece, _ text: String) throws(DeepLinkError) {
            let valid =
                switch piece {
                case .int: DeepLinkPiece.isInteger(text)
                case .uuid: UUID(uuidString: text) != nil
                default: true
                }
            guard valid else { throw fail(.invalidQueryValue(name, pattern: pattern.text)) }
            if let reason = capture(piece, text) { throw fail(reason) }
        }
        for name in pattern.query.keys.sorted() {
            guard let piece = pattern.query[name] else { continue }
            if let placeholder = piece.name, pattern.repeated.contains(placeholder) {
                // Every value, in the link's order; none when the link lacks the item.
                let texts = address.repeated[name] ?? address.query[name].map { [$0] } ?? []
                var list: [DeepLinkMatch.Capture] = []
                for text in texts {
                    try item(name, piece, text)
                    if let one = captures[placeholder] { list.append(one) }
                }
                captures[placeholder] = .list(list)
                values[placeholder] = texts.joined(separator: ",")
                continue
            }
            guard let text = address.query[name] else {
                // A missing optional item leaves its field at its default.
                if pattern.optional.contains(piece.name ?? "") { continue }
                throw fail(.missingQueryItem(name, pattern: pattern.text))
            }
            try item(name, piece, text)
        }
        return DeepLinkMatch(
            pattern: pattern.text, scheme: address.scheme, host: address.host,
            origin: address.origin, path: StepPath(address.segments), values: values,
            query: address.query, captures: captures)
    }
}
