import Foundation
import StepTree

extension DeepLinkRouter {
    /// The link that leads to the screen `state` shows, for sharing and for tests: a route
    /// whose target is the visible screen, or the nearest step above it, filled from its path
    /// and from the screen it pushed.
    ///
    /// Only routes declared with a target are printed. A target that pushes is read with the
    /// new element's id left out, and the captures it gave the screen read back from the
    /// screen's value; it is printed only with `start`, since routing it on `state` would push
    /// another element. A `./…` target is read under the selected tab of `state`. Routes
    /// without a `<rest:…>` capture are tried first, then shorter targets before longer ones,
    /// then in registration order. Each link is checked before it is returned: it matches its
    /// own route, and routing it on `start` (or on `state`) shows the same screen and, from
    /// `start`, gives `state` exactly.
    /// - Parameters:
    ///   - state: The state to print.
    ///   - start: The state links are opened on, such as the app's initial state at cold
    ///     start; the link must rebuild `state` from it.
    ///   - origin: The scheme or universal-link host to print for a pattern that names no
    ///     origin; by default the first of ``origins``. A pattern that names one is printed
    ///     with it (a wildcard host only when `origin` is a host it accepts).
    /// - Returns: `nil` when no origin is known or no route leads to the screen.
    /// - Complexity: O(*d*² · *p*) template comparisons for a screen of depth *d* and *p*
    ///   routes, plus one route of each link tried.
    public func url(for state: Root, from start: Root? = nil, origin: DeepLinkOrigin? = nil)
        -> URL?
    {
        let origin = origin ?? origins.first
        let visible = state.visibleScreen
        let tab = Self.selectedTab(of: state)
        let storage = StepStorage.make(state)
        let prefixes = (1...max(visible.segments.count, 1)).map {
            StepPath(Array(visible.segments.prefix($0)))
        }
        for wantsRest in [false, true] {
            for path in prefixes {
                let resolved = try? ResolvedPath(path.parts, from: storage)
                for route in routes {
                    guard case .target(let declaration) = route.action else { continue }
                    let rests = Set(
                        route.pattern.segments.compactMap {
                            if case .rest(let name) = $0 { name } else { nil }
                        })
                    guard rests.isEmpty != wantsRest else { continue }
                    let base = declaration.isRelative ? tab : .root
                    for captures in readings(
                        of: path, resolved, under: base, declaration, rests, pushing: start != nil)
                    {
                        guard let url = Self.link(route.pattern, captures, origin),
                            (try? resolve(url))?.pattern == route.pattern.text
                        else { continue }
                        var copy = start ?? state
                        guard (try? self.route(url, in: &copy)) != nil,
                            copy.visibleScreen == visible, start == nil || copy == state
                        else { continue }
                        return url
                    }
                }
            }
        }
        return nil
    }

    /// The captures that would land a route's target on `path`: read as the path itself
    /// (its payload read back from the step there), then, with `pushing`, as a path with one element id
    /// left out at each stack it passes, the payload read back from that element's screen.
    private func readings(
        of path: StepPath, _ resolved: ResolvedPath?, under base: StepPath,
        _ declaration: Declaration, _ rests: Set<String>, pushing: Bool
    ) -> [[String: [String]]] {
        guard path.segments.starts(with: base.segments), let resolved else { return [] }
        let local = Array(path.segments.dropFirst(base.segments.count))
        let target = declaration.target
        var found: [[String: [String]]] = []
        if var captures = target.captures(in: StepPath(local), restNames: rests) {
            captures.merge(
                DeepLinkPayload.captures(
                    declaration.payload, from: resolved.target.anyValue, restNames: rests,
                    isTarget: true)
            ) { path, _ in path }
            if let complete = beneathPayload(captures, declaration, under: base, resolved, rests) {
                found.append(complete)
            }
        }
        guard pushing else { return found }
        for (depth, step) in resolved.steps.enumerated() where depth >= base.segments.count {
            guard case .element = step else { continue }
            var removed = local
            removed.remove(at: depth - base.segments.count)
            guard var captures = target.captures(in: StepPath(removed), restNames: rests) else {
                continue
            }
            let element = resolved.nodes[depth + 1]
            let screen: StepNodeStorage? =
                element.requiresContent
                ? (depth + 2 < resolved.nodes.count ? resolved.nodes[depth + 2] : nil) : element
            guard let screen else { continue }
            captures.merge(
                DeepLinkPayload.captures(
                    declaration.payload, from: screen.anyValue, restNames: rests, isTarget: true)
            ) { path, _ in path }
            if let complete = beneathPayload(captures, declaration, under: base, resolved, rests) {
                found.append(complete)
            }
        }
        return found
    }

    /// `captures` with the payload captures they lack read back from the screens beneath,
    /// each found at its path filled with the captures known (a screen beneath that pushed is
    /// not found); `nil` when one is still missing.
    private func beneathPayload(
        _ captures: [String: [String]], _ declaration: Declaration, under base: StepPath,
        _ resolved: ResolvedPath, _ rests: Set<String>
    ) -> [String: [String]]? {
        var captures = captures
        var missing = declaration.payload.filter { captures[$0.capture] == nil }
        guard !missing.isEmpty else { return captures }
        let storage = resolved.nodes[0]
        for template in declaration.beneath where !missing.isEmpty {
            var segments = template.isRelative ? base.segments : []
            for part in template.parts {
                switch part {
                case .key(let key): segments.append(key)
                case .capture(let name): segments += captures[name] ?? []
                }
            }
            guard let screen = try? ResolvedPath(StepPath(segments).parts, from: storage) else {
                continue
            }
            captures.merge(
                DeepLinkPayload.captures(
                    missing, from: screen.target.anyValue, restNames: rests, isTarget: false)
            ) { known, _ in known }
            missing.removeAll { captures[$0.capture] != nil }
        }
        // An optional item no screen holds is left out of the link.
        return missing.allSatisfy(\.isOptional) ? captures : nil
    }

    /// The text of a link to `pattern` with these captures, from the origin the pattern names,
    /// or else from `origin`.
    static func link(
        _ pattern: DeepLinkPattern, _ captures: [String: [String]], _ origin: DeepLinkOrigin?
    ) -> URL? {
        let head: String
        switch (pattern.scope, origin) {
        case (.scheme(let scheme), .schemeHost(let own, _)?) where own.lowercased() == scheme:
            // A custom scheme's link with a host, printed with the origin's exact host.
            guard let host = origin?.exactHost else { return nil }
            head = "\(scheme)://\(host)/"
        case (.any, .schemeHost(let scheme, _)?):
            guard let host = origin?.exactHost else { return nil }
            head = "\(scheme.lowercased())://\(host)/"
        case (.scheme(let scheme), _), (.any, .scheme(let scheme)?): head = "\(scheme)://"
        case (.schemeHost(let scheme, let host), _): head = "\(scheme)://\(host)/"
        case (.schemeWildcard(let scheme, let suffix), .schemeHost(let own, _)?)
        where own.lowercased() == scheme:
            let host = origin?.exactHost ?? ""
            guard DeepLinkOrigin.host(host, endsWith: suffix) else { return nil }
            head = "\(scheme)://\(host)/"
        case (.schemeWildcard, _): return nil
        case (.host(let host), _): head = "https://\(host)/"
        case (.anyHost, _):
            guard let host = pattern.hostName.flatMap({ captures[$0]?.first }) else { return nil }
            head = "https://\(host)/"
        case (.wildcard(let suffix), let origin?):
            let host = origin.exactHost ?? ""
            guard DeepLinkOrigin.host(host, endsWith: suffix) else { return nil }
            head = "https://\(host)/"
        case (.any, let origin?):
            guard let host = origin.exactHost else { return nil }
            head = "https://\(host)/"
        case (.wildcard, _), (.any, nil): return nil
        }
        var segments: [String] = []
        for piece in pattern.segments {
            switch piece {
            case .literal(let key): segments.append(key)
            case .prefixed(let prefix, let inner):
                segments.append(prefix + (captures[inner.name ?? ""]?.first ?? ""))
            default: segments += captures[piece.name ?? ""] ?? []
            }
        }
        // The first segment of a custom-scheme link is its host, where `@` would change what
        // the link means; in a path it need not be escaped.
        let custom = head.hasSuffix("://")
        let encoded = segments.enumerated().map { index, segment in
            let allowed: CharacterSet = custom && index == 0 ? .unreserved : .unreservedOrAt
            return segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? segment
        }
        let query = pattern.query.keys.sorted().flatMap { item -> [String] in
            guard let name = pattern.query[item]?.name, let written = captures[name] else {
                return []
            }
            // A repeated item once per value; any other once.
            let values = pattern.repeated.contains(name) ? written : Array(written.prefix(1))
            let allowed = CharacterSet.unreserved
            return values.map { value in
                (item.addingPercentEncoding(withAllowedCharacters: allowed) ?? item) + "="
                    + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
            }
        }
        return URL(
            string: head + encoded.joined(separator: "/")
                + (query.isEmpty ? "" : "?" + query.joined(separator: "&")))
    }
}
