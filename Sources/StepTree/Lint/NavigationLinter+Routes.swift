import Foundation

extension LintFinding.Rule {
    /// A route the router refuses to register: a malformed pattern or target.
    public static let invalidRoute = Self(rawValue: "invalid-route")
    /// A route whose target or a screen beneath it is not a step of the schema.
    public static let unresolvedRoute = Self(rawValue: "unresolved-route")
    /// A pattern that never wins: other patterns take every link it matches.
    public static let shadowedPattern = Self(rawValue: "shadowed-pattern")
    /// A step that no route reaches, with the path fallback off.
    public static let unreachableStep = Self(rawValue: "unreachable-step")
    /// The routes file itself is refused (see ``DeepLinkRouteTableError``).
    public static let routes = Self(rawValue: "routes")
}

extension NavigationLinter {
    /// The findings for `schema` (see ``lint(_:)``), then those for its routing table: per
    /// route in order, routes the router refuses (`invalid-route`), targets and screens beneath
    /// that are not in the schema (`unresolved-route`), patterns that never win
    /// (`shadowed-pattern`); then, with the path fallback off, the steps no route reaches
    /// (`unreachable-step`), each at the top of the part of the tree no route reaches.
    ///
    /// A route's findings are about `routes[i]`, its index in the table.
    ///
    /// - A pattern never wins when one registered before has the same shape (placeholder names
    ///   and query items aside; the router refuses it), or when it ends in `<rest:…>` and
    ///   untyped placeholders beside it lead through a route at every length to a `<rest:…>`
    ///   of their own, since an untyped placeholder beats `<rest:…>`. Under the router's
    ///   precedence no other pattern loses every link: a literal wins its segment, and a typed
    ///   or untyped placeholder wins every segment no literal names and no more specific
    ///   placeholder reads.
    /// - A route reaches the steps its target and screens beneath pass through and land on, and
    ///   the initial selections under them; a capture stands for every step it can name there
    ///   (a stack's elements, or the children whose keys it reads), and a path resolves when
    ///   some capture makes it a step; a pattern that never wins reaches nothing. The launch screen (the initial selections from the root)
    ///   counts as reached.
    ///
    /// - Parameters:
    ///   - schema: The navigation map.
    ///   - table: The app's routing table.
    /// - Returns: The findings, schema first.
    /// - Complexity: O(*n* · *c* + *p* · *n*) for *n* schema nodes with at most *c* children
    ///   each and *p* segments in all the routes' paths.
    public func lint(_ schema: StepSchema, routes table: DeepLinkRouteTable) -> [LintFinding] {
        var findings = lint(schema)
        var router = DeepLinkRouter<DynamicSteps>(origins: table.origins)
        var trie = DeepLinkTrie()
        // The steps each route lands on, when all its paths resolve.
        var reachedBy: [Int: Set<String>] = [:]
        var routeFindings: [Int: [LintFinding]] = [:]
        func report(_ index: Int, _ rule: LintFinding.Rule, _ message: String) {
            routeFindings[index, default: []].append(
                LintFinding(.error, rule, at: "routes[\(index)]", message))
        }
        for (index, route) in table.routes.enumerated() {
            let quoted = "'\(route.pattern)'"
            if let error = table.register(index, into: &router) {
                guard case .conflicts = error.reason,
                    let pattern = try? DeepLinkPattern(route.pattern),
                    let earlier = trie.insert(pattern.segments, route: index)
                else {
                    report(index, .invalidRoute, "\(error)")
                    continue
                }
                report(
                    index, .shadowedPattern,
                    "\(quoted) never wins: routes[\(earlier)] '\(table.routes[earlier].pattern)', "
                        + "registered before, has the same shape (placeholder names and query "
                        + "items aside)")
                continue
            }
            // The router accepted the route, so its pattern and paths parse.
            guard let pattern = try? DeepLinkPattern(route.pattern) else { continue }
            _ = trie.insert(pattern.segments, route: index)
            var steps: Set<String> = []
            var resolved = true
            for (role, path) in [("target", route.target)] + route.beneath.map({ ("beneath", $0) })
            {
                switch Self.trace(path, pattern, in: schema) {
                case .success(let passed): steps.formUnion(passed)
                case .failure(let problem):
                    resolved = false
                    report(
                        index, .unresolvedRoute,
                        "\(role) '\(path)' of \(quoted) is not in the schema: \(problem.text)")
                }
            }
            if resolved { reachedBy[index] = steps }
        }
        for (loser, takers) in trie.unreachableRoutes() {
            reachedBy[loser] = nil  // it never lands
            let names = takers.map { "routes[\($0)] '\(table.routes[$0].pattern)'" }
            let listed = names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
            report(
                loser, .shadowedPattern,
                "'\(table.routes[loser].pattern)' never wins: \(listed) take every link it "
                    + "matches (an untyped placeholder beats <rest:…>)")
        }
        for index in table.routes.indices { findings += routeFindings[index] ?? [] }
        if !table.fallbackToPath {
            let reached = reachedBy.values.reduce(
                Set(Self.initialSteps(under: Place(schema, "")))
            ) { $0.union($1) }
            Self.findUnreached(Place(schema, ""), reached, into: &findings)
        }
        return findings
    }

    /// A step of the schema and its lint path (`/a/*/b`; `""` for the root).
    struct Place {
        let node: StepSchema
        let path: String

        init(_ node: StepSchema, _ path: String) {
            self.node = node
            self.path = path
        }

        /// The children, then the element schema under `*`.
        var children: [Place] {
            node.children.map { Place($0, path + "/" + $0.key) }
                + (node.element.map { [Place($0, path + "/*")] } ?? [])
        }

        /// The path as printed: `/` for the root.
        var shown: String { path.isEmpty ? "/" : path }
    }

    /// Why a path is not in the schema.
    struct Unresolved: Error {
        let text: String
    }

    /// The steps `path` (a route's target or a screen beneath, with `<name>` captures of
    /// `pattern`) passes through and lands on, with the initial selections under where it
    /// lands; or why it is not in the schema, naming the first segment that leaves it.
    static func trace(_ path: String, _ pattern: DeepLinkPattern, in schema: StepSchema)
        -> Result<Set<String>, Unresolved>
    {
        let names = Set(pattern.names)
        guard let template = try? DeepLinkTemplate(path, pattern: pattern.text, names: names) else {
            return .failure(Unresolved(text: "it is not a path"))
        }
        let pieces = Dictionary(
            (pattern.segments + Array(pattern.query.values)).compactMap { piece in
                piece.name.map { ($0, piece) }
            }, uniquingKeysWith: { first, _ in first })
        // The places the path can be at so far, each once: distinct places have distinct
        // children, and a rest capture's descendants are gathered once for all of them.
        var current = [Place(schema, "")]
        var passed: Set<String> = []
        for part in template.parts {
            let next: [Place]
            if case .capture(let name) = part, case .rest = pieces[name] {
                next = descendants(of: current)
            } else {
                next = current.flatMap { place -> [Place] in
                    switch part {
                    case .key(let key):
                        if let element = place.node.element {
                            return [Place(element, place.path + "/*")]
                        }
                        guard let index = place.node.childIndex(forKey: key) else { return [] }
                        return [Place(place.node.children[index], place.path + "/" + key)]
                    case .capture(let name):
                        let piece = pieces[name]
                        return place.children.filter { child in
                            child.node.key.isEmpty
                                || piece.map { accepts($0, child.node.key) } ?? true
                        }
                    }
                }
            }
            guard !next.isEmpty else {
                let segment =
                    switch part {
                    case .key(let key): "no step '\(key)'"
                    case .capture(let name): "no step <\(name)> can name"
                    }
                return .failure(Unresolved(text: "\(segment) at \(current[0].shown)"))
            }
            passed.formUnion(next.map(\.path))
            current = next
        }
        // Each place's initial selections once: under a rest capture, the places include one
        // another's initial children.
        var landed: Set<String> = []
        func land(_ place: Place) {
            guard landed.insert(place.path).inserted else { return }
            for key in place.node.initialKeys {
                guard let index = place.node.childIndex(forKey: key) else { continue }
                let child = Place(place.node.children[index], place.path + "/" + key)
                passed.insert(child.path)
                land(child)
            }
        }
        for place in current { land(place) }
        return .success(passed)
    }

    /// Whether a capture of `piece` can be the key `key`: a typed capture is written in its
    /// canonical text (see ``DeepLinkMatch``), so it names only keys written that way.
    private static func accepts(_ piece: DeepLinkPiece, _ key: String) -> Bool {
        switch piece {
        case .int: DeepLinkPiece.isCanonicalInteger(key)
        case .uuid: UUID(uuidString: key)?.uuidString == key
        default: true
        }
    }

    /// Every step below `place`, at any depth, in depth-first order.
    private static func descendants(of place: Place) -> [Place] {
        descendants(of: [place])
    }

    /// Every step below any of `places`, each once, in depth-first order from the first place
    /// on: a step below two of them (one place below another) is not gathered twice, nor the
    /// steps below it.
    /// - Complexity: O(*n*) for *n* steps in the schema, however many places are given.
    private static func descendants(of places: [Place]) -> [Place] {
        var found: [Place] = []
        var seen: Set<String> = []
        for place in places {
            var pending = Array(place.children.reversed())
            while let next = pending.popLast() {
                guard seen.insert(next.path).inserted else { continue }
                found.append(next)
                pending += next.children.reversed()
            }
        }
        return found
    }

    /// The steps selected at start under `place`, at any depth.
    static func initialSteps(under place: Place) -> [String] {
        place.node.initialKeys.flatMap { key -> [String] in
            guard let index = place.node.childIndex(forKey: key) else { return [] }
            let child = Place(place.node.children[index], place.path + "/" + key)
            return [child.path] + initialSteps(under: child)
        }
    }

    /// Reports each step under `place` that is not in `reached`, once for the part of the tree
    /// below it, in depth-first order.
    private static func findUnreached(
        _ place: Place, _ reached: Set<String>, into findings: inout [LintFinding]
    ) {
        for child in place.children {
            if reached.contains(child.path) {
                findUnreached(child, reached, into: &findings)
                continue
            }
            let beneath = descendants(of: child).count
            let also =
                switch beneath {
                case 0: ""
                case 1: " or the step beneath it"
                default: " or the \(beneath) steps beneath it"
                }
            findings.append(
                LintFinding(
                    .warning, .unreachableStep, at: child.shown,
                    "no route reaches it\(also), and the path fallback is off"))
        }
    }
}
