import Foundation
import StepTree
import StepTreeDeepLinks

extension LintFinding.Rule {
    /// A route the router refuses to register: a malformed pattern or target.
    public static let invalidRoute = Self(rawValue: "invalid-route")
    /// A route whose target, a screen beneath it or its fallback tab is not a step of the
    /// schema (for a `./…` path: under no tab, or not under its fallback tab).
    public static let unresolvedRoute = Self(rawValue: "unresolved-route")
    /// A route with `./…` paths that some tabs lack, and no fallback tab: a link that arrives
    /// while such a tab is selected is refused.
    public static let partialRoute = Self(rawValue: "partial-route")
    /// A pattern that never wins: other patterns take every link it matches.
    public static let shadowedPattern = Self(rawValue: "shadowed-pattern")
    /// A step that no route reaches, with the path fallback off.
    public static let unreachableStep = Self(rawValue: "unreachable-step")
    /// The routes file itself is refused (see `DeepLinkError.Reason.malformedTable(_:)`).
    public static let routes = Self(rawValue: "routes")
}

extension NavigationLinter {
    /// The findings for `schema` (see ``lint(_:)``), then those for its routing table: per
    /// route in order, routes the router refuses (`invalid-route`), targets, screens beneath
    /// and fallback tabs that are not in the schema (`unresolved-route`), `./…` routes that
    /// some tabs lack with no fallback tab (`partial-route`, a warning), patterns that never
    /// win (`shadowed-pattern`); then, with the path fallback off, the steps no route reaches
    /// (`unreachable-step`), each at the top of the part of the tree no route reaches.
    ///
    /// A route's findings are about `routes[i]`, its index in the table.
    ///
    /// - A pattern never wins when one registered before has the same origin and shape
    ///   (placeholder names and query items aside; the router refuses it), or when it ends in
    ///   `<rest:…>` and untyped placeholders beside it, of the same origin, lead through a route
    ///   at every length to a `<rest:…>` of their own, since an untyped placeholder beats
    ///   `<rest:…>`. Under the router's precedence no other pattern loses every link: a literal
    ///   wins its segment, and a prefixed, typed or untyped placeholder wins every segment no
    ///   more specific piece takes. (A pattern with an origin is not compared with the patterns
    ///   of other origins.)
    /// - Paths are read as the router lands them: a literal after a stack pushes a new element
    ///   and names a step in it, a capture after a stack names an element, a path that ends at
    ///   a stack pushes an element on it. A `./…` path is read under every tab of the schema
    ///   (under the root when the root has no tabs), as the selected tab.
    /// - A route reaches the steps its paths pass through and land on, and the initial
    ///   selections under them; a capture stands for every step it can name there (a stack's
    ///   elements, or the children whose keys it reads), and a path resolves when some capture
    ///   makes it a step; a pattern that never wins reaches nothing. The launch screen (the
    ///   initial selections from the root) counts as reached.
    ///
    /// - Parameters:
    ///   - schema: The navigation map.
    ///   - table: The app's routing table.
    /// - Returns: The findings, schema first.
    /// - Complexity: O(*n* · *c* + *t* · *p* · *n*) for *n* schema nodes with at most *c*
    ///   children each, *t* tabs and *p* segments in all the routes' paths.
    public func lint(_ schema: StepSchema, routes table: DeepLinkRouteTable) -> [LintFinding] {
        var findings = lint(schema)
        var router = DeepLinkRouter<DynamicSteps>(
            origins: table.origins, unknownQueryItems: table.unknownQueryItems)
        // The table index of each route the router holds, in registration order.
        var registered: [Int] = []
        // The steps each route lands on, when all its paths resolve.
        var reachedBy: [Int: Set<String>] = [:]
        var routeFindings: [Int: [LintFinding]] = [:]
        func report(
            _ index: Int, _ rule: LintFinding.Rule, _ message: String,
            _ severity: LintFinding.Severity = .error
        ) {
            routeFindings[index, default: []].append(
                LintFinding(severity, rule, at: "routes[\(index)]", message))
        }
        let root = Place(schema, "")
        let tabs = Self.tabs(under: root)
        let bases = tabs.isEmpty ? [root] : tabs
        for (index, route) in table.routes.enumerated() {
            if let error = table.register(index, into: &router) {
                if case .conflicts(let earlier) = error.reason,
                    let first = registered.first(where: { table.routes[$0].pattern == earlier })
                {
                    report(
                        index, .shadowedPattern,
                        "'\(route.pattern)' never wins: routes[\(first)] '\(earlier)', registered "
                            + "before, has the same shape (placeholder names and query items "
                            + "aside)")
                } else {
                    report(index, .invalidRoute, "\(error)")
                }
                continue
            }
            registered.append(index)
            // The router accepted the route, so its pattern and paths parse.
            guard
                let pattern = try? DeepLinkPattern(
                    route.pattern, hostSchemes: router.hostSchemes)
            else { continue }
            if let steps = Self.check(
                route, pattern, in: schema, bases: bases, report: { report(index, $0, $1, $2) })
            {
                reachedBy[index] = steps
            }
        }
        for (loser, takers) in router.unreachableRoutes() {
            let loser = registered[loser]
            reachedBy[loser] = nil  // it never lands
            let names = takers.map {
                "routes[\(registered[$0])] '\(table.routes[registered[$0]].pattern)'"
            }
            let listed = names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
            report(
                loser, .shadowedPattern,
                "'\(table.routes[loser].pattern)' never wins: \(listed) take every link it "
                    + "matches (an untyped placeholder beats <rest:…>)")
        }
        for index in table.routes.indices { findings += routeFindings[index] ?? [] }
        if !table.fallbackToPath {
            let reached = reachedBy.values.reduce(Set(Self.initialSteps(under: root))) {
                $0.union($1)
            }
            Self.findUnreached(root, reached, into: &findings)
        }
        return findings
    }

    /// Checks one route the router accepted against the schema, reporting what is wrong.
    /// - Returns: The steps it reaches, or `nil` when it lands nowhere.
    private static func check(
        _ route: DeepLinkRouteTable.Route, _ pattern: DeepLinkPattern, in schema: StepSchema,
        bases: [Place],
        report: (LintFinding.Rule, String, LintFinding.Severity) -> Void
    ) -> Set<String>? {
        let quoted = "'\(route.pattern)'"
        let names = Set(pattern.names)
        let roles = [("target", route.target)] + route.beneath.map { ("beneath", $0) }
        let templates = roles.compactMap { role, text in
            (try? DeepLinkTemplate(text, pattern: pattern.text, names: names)).map { (role, $0) }
        }
        let pieces = pattern.placeholders
        let root = Place(schema, "")
        /// Traces every path under `base`: the steps; or the first problem, naming the path
        /// (`target './path/status'`) and where it leaves the schema.
        func traceAll(under base: Place) -> Result<Set<String>, Unresolved> {
            // The tab itself, and the steps above it, are passed through. Split by bytes: a key
            // may start with a combining mark, which makes one character with the `/` before it.
            let keys = StepPath.split(base.path).filter { !$0.isEmpty }
            var steps = Set(keys.indices.map { "/" + keys[...$0].joined(separator: "/") })
            for (role, template) in templates {
                switch trace(template, pieces, from: template.isRelative ? base : root) {
                case .success(let traced): steps.formUnion(traced.passed)
                case .failure(let problem):
                    return .failure(
                        Unresolved(text: "\(role) '\(template.text)' (\(problem.text))"))
                }
            }
            return .success(steps)
        }
        var steps: Set<String> = []
        if !templates.contains(where: \.1.isRelative) {
            // Every path is absolute: each problem is reported.
            var resolved = true
            for (role, template) in templates {
                switch trace(template, pieces, from: root) {
                case .success(let traced): steps.formUnion(traced.passed)
                case .failure(let problem):
                    resolved = false
                    report(
                        .unresolvedRoute,
                        "\(role) '\(template.text)' of \(quoted) is not in the schema: "
                            + problem.text, .error)
                }
            }
            guard resolved else { return nil }
        } else {
            var missing: [(Place, Unresolved)] = []
            var landed = false
            for base in bases {
                switch traceAll(under: base) {
                case .success(let found):
                    steps.formUnion(found)
                    landed = true
                case .failure(let problem): missing.append((base, problem))
                }
            }
            if let text = route.fallbackTab {
                guard let fallback = try? DeepLinkTemplate(text, pattern: pattern.text, names: [])
                else { return nil }
                switch trace(fallback, pieces, from: root) {
                case .failure(let problem):
                    report(
                        .unresolvedRoute,
                        "fallbackTab '\(text)' of \(quoted) is not in the schema: \(problem.text)",
                        .error)
                    return nil
                case .success(let traced):
                    steps.formUnion(traced.passed)
                    let places = traced.places
                    let under = places.map { traceAll(under: $0) }
                    guard let found = under.compactMap({ try? $0.get() }).first else {
                        if case .failure(let problem)? = under.first {
                            report(
                                .unresolvedRoute,
                                "\(problem.text) of \(quoted) is not under its fallbackTab "
                                    + "'\(text)'", .error)
                        }
                        return nil
                    }
                    steps.formUnion(found)
                }
            } else if !landed {
                if let (_, problem) = missing.first {
                    report(
                        .unresolvedRoute,
                        "\(problem.text) of \(quoted) is not under any tab of the schema",
                        .error)
                }
                return nil
            } else if !missing.isEmpty {
                let tabs = missing.map { $0.0.shown }.joined(separator: ", ")
                report(
                    .partialRoute,
                    "\(quoted) is refused while \(tabs) is selected, having no fallbackTab: "
                        + "\(missing[0].1.text) is not under \(missing[0].0.shown)", .warning)
            }
        }
        return steps
    }

    /// A step of the schema and its lint path (`/a/*/b`; `""` for the root).
    struct Place {
        let node: StepSchema
        let path: String

        init(_ node: StepSchema, _ path: String) {
            self.node = node
            self.path = path
        }

        /// The element schema under `*`, for a stack.
        var element: StepSchema? { node.element ?? (node.kind == .stack ? StepSchema.leaf : nil) }

        /// The children, then the element schema under `*`.
        var children: [Place] {
            node.children.map { Place($0, path + "/" + $0.key) }
                + (element.map { [Place($0, path + "/*")] } ?? [])
        }

        /// The path as printed: `/` for the root.
        var shown: String { path.isEmpty ? "/" : path }
    }

    /// Why a path is not in the schema.
    struct Unresolved: Error {
        let text: String
    }

    /// What a path passes through and where it lands.
    struct Traced {
        /// The steps passed and landed on, with the initial selections under them.
        var passed: Set<String>
        /// Where it can land.
        var places: [Place]
    }

    /// Every tab of the schema, in depth-first order.
    static func tabs(under place: Place) -> [Place] {
        descendants(of: place).filter { $0.node.kind == .tab }
    }

    /// The steps `template` (a route's path, with captures `pieces`) passes through from
    /// `start` and lands on, with the initial selections under where it lands; or why it is
    /// not in the schema, naming the first segment that leaves it.
    static func trace(
        _ template: DeepLinkTemplate, _ pieces: [String: DeepLinkPiece], from start: Place
    ) -> Result<Traced, Unresolved> {
        // The places the path can be at so far, each once: distinct places have distinct
        // children, and a rest capture's descendants are gathered once for all of them.
        var current = [start]
        var passed: Set<String> = []
        for part in template.parts {
            var next: [Place]
            if case .capture(let name) = part, case .rest = pieces[name] {
                next = descendants(of: current)
            } else {
                next = current.flatMap { place -> [Place] in
                    switch part {
                    case .key(let key):
                        // After a stack, a literal pushes a new element and names a step in it.
                        var place = place
                        if let element = place.element {
                            place = Place(element, place.path + "/*")
                            passed.insert(place.path)
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
        // A path that ends at a stack pushes an element on it.
        if case .key? = template.parts.last {
            current = current.map { place in
                guard let element = place.element else { return place }
                passed.insert(place.path + "/*")
                return Place(element, place.path + "/*")
            }
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
        return .success(Traced(passed: passed, places: current))
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
