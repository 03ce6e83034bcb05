import Foundation
import StepTree
import StepTreeDeepLinks
import StepTreeTools
import Testing

/// The linter's checks of a routing table against the shop schema (`Fixtures/routes`).
@Suite struct NavigationLinterRoutesTests {
    static func shop() throws -> StepSchema {
        try StepSchema(json: Data(contentsOf: OpenCommandTests.fixture("shop-schema.json")))
    }

    static func table(_ routes: [DeepLinkRouteTable.Route], fallback: Bool = false)
        -> DeepLinkRouteTable
    {
        DeepLinkRouteTable(schemes: ["shop"], fallbackToPath: fallback, routes: routes)
    }

    @Test func theShopTableIsClean() throws {
        let table = try DeepLinkRouteTable(
            json: Data(contentsOf: OpenCommandTests.fixture("shop-routes.json")))
        #expect(NavigationLinter().lint(try Self.shop(), routes: table) == [])
    }

    /// Routes that land in the selected tab are read under every tab: one some tab lacks needs a
    /// fallback tab that has it; a pattern's origin and prefixed segments are checked as the
    /// router reads them.
    @Test func selectedTabRoutesAreReadUnderEveryTab() throws {
        let mastodon = try StepSchema(
            json: Data(contentsOf: OpenCommandTests.fixture("mastodon-schema.json")))
        let table = DeepLinkRouteTable(
            schemes: ["myapp"], hosts: ["*.example.com", "my.server"], fallbackToPath: true,
            routes: [
                .init("https://<server>/@<user>/<int:id>", showing: "./path/status"),
                .init("tags/<tag>", showing: "./path/hashtag", fallbackTab: "home"),
                .init("https://*.example.com/@<user>", showing: "./path/nope", fallbackTab: "home"),
                .init("myapp://status/<int:id>", showing: "./path/status", fallbackTab: "settings"),
                .init("https://*.other.org/x", showing: "settings"),
                .init("p/@<user>/reply", showing: "./path/status/reply", fallbackTab: "search"),
            ])
        #expect(
            NavigationLinter().lint(mastodon, routes: table).map(\.description) == [
                "warning routes[0]: partial-route: 'https://<server>/@<user>/<int:id>' is "
                    + "refused while /settings is selected, having no fallbackTab: target "
                    + "'./path/status' (no step 'path' at /settings) is not under /settings",
                "error routes[2]: unresolved-route: target './path/nope' (no step 'nope' at "
                    + "/home/path) of 'https://*.example.com/@<user>' is not under its "
                    + "fallbackTab 'home'",
                "error routes[3]: unresolved-route: target './path/status' (no step 'path' at "
                    + "/settings) of 'myapp://status/<int:id>' is not under its fallbackTab "
                    + "'settings'",
                "error routes[4]: invalid-route: pattern 'https://*.other.org/x': the router "
                    + "accepts no link from 'https://*.other.org/'",
            ])
    }

    /// A selected-tab route passes through the tab it lands under, also one whose key starts
    /// with a combining mark (which, read as characters, makes one with the `/` before it).
    @Test func aSelectedTabRoutePassesThroughATabWhoseKeyStartsWithACombiningMark() throws {
        let schema = try StepSchema(
            json: Data(
                #"""
                {"children": [
                    {"key": "a", "kind": "tab", "children": [{"key": "detail", "kind": "push"}]},
                    {"key": "\u035Et", "kind": "tab",
                     "children": [{"key": "detail", "kind": "push"}]}]}
                """#.utf8))
        let table = Self.table([.init("x", showing: "./detail")])
        #expect(
            NavigationLinter().lint(schema, routes: table).map(\.rule) == [.urlUnsafeKey])
    }

    @Test func findsEveryRouteProblemInRouteOrderThenTheStepsNoRouteReaches() throws {
        let table = Self.table([
            .init("product/<int:id>", showing: "catalog/product/<id>"),
            .init("product/<int:n>?ref=<r>", showing: "catalog/product/<n>/<r>"),
            .init("produkt/<id>", showing: "catalog/produkt/<id>"),
            .init("files/<name>", showing: "catalog/product/<name>"),
            .init("files/<dir>/<rest:more>", showing: "catalog/product/<dir>/<more>"),
            .init("files/<rest:path>", showing: "catalog/<path>"),
            .init("tab/<int:k>", showing: "<k>"),
            .init("<x", showing: "orders"),
            .init("s", showing: "orders/list", beneath: ["nope/x"]),
            .init("t", showing: "orders/list", beneath: ["<a>"]),
        ])
        #expect(
            NavigationLinter().lint(try Self.shop(), routes: table).map(\.description) == [
                "error routes[1]: shadowed-pattern: 'product/<int:n>?ref=<r>' never wins: "
                    + "routes[0] 'product/<int:id>', registered before, has the same shape "
                    + "(placeholder names and query items aside)",
                "error routes[2]: unresolved-route: target 'catalog/produkt/<id>' of "
                    + "'produkt/<id>' is not in the schema: no step 'produkt' at /catalog",
                "error routes[5]: shadowed-pattern: 'files/<rest:path>' never wins: routes[3] "
                    + "'files/<name>' and routes[4] 'files/<dir>/<rest:more>' take every link "
                    + "it matches (an untyped placeholder beats <rest:…>)",
                "error routes[6]: unresolved-route: target '<k>' of 'tab/<int:k>' is not in "
                    + "the schema: no step <k> can name at /",
                "error routes[7]: invalid-route: pattern '<x': malformed placeholder '<x'",
                "error routes[8]: unresolved-route: beneath 'nope/x' of 's' is not in the "
                    + "schema: no step 'nope' at /",
                "error routes[9]: invalid-route: pattern 't': the target uses '<a>', not "
                    + "captured",
                // routes[8] lands nothing, so /orders/list is not reached by it.
                "warning /orders: unreachable-step: no route reaches it or the 4 steps "
                    + "beneath it, and the path fallback is off",
                "warning /login: unreachable-step: no route reaches it, and the path fallback "
                    + "is off",
            ])
    }

    @Test func schemaFindingsComeFirst() throws {
        let schema = try StepSchema(
            json: Data(#"{"children": [{"key": "only", "kind": "tab"}]}"#.utf8))
        let table = Self.table([.init("x", showing: "y")])
        #expect(
            NavigationLinter().lint(schema, routes: table).map(\.description) == [
                "warning /: single-tab: a tab bar with one tab ('only'); make it inline",
                "error routes[0]: unresolved-route: target 'y' of 'x' is not in the schema: "
                    + "no step 'y' at /",
                "warning /only: unreachable-step: no route reaches it, and the path fallback "
                    + "is off",
            ])
    }

    /// Which steps a route reaches: what its paths pass through and land on, a capture standing
    /// for what it can name, and the initial selections under them and from the root.
    @Test(arguments: [
        // A stack element, its initial child, and the tab above.
        (["orders/<int:id>": "orders/order/<id>"], ["/catalog/product", "/orders/list", "/login"]),
        // A `beneath` path counts; the launch screen (catalog, its list) always does.
        (
            ["o/<int:id>": "orders/order/<id>/summary", "l": "login"],
            ["/catalog/product"]
        ),
        // An untyped capture names any child of the root; an int capture none of them.
        (["<tab>": "<tab>"], ["/catalog/product", "/orders/order"]),
        (["<int:tab>": "<tab>"], ["/catalog/product", "/orders", "/login"]),
        // A rest capture names every step below.
        (["all/<rest:path>": "<path>"], []),
    ])
    func theStepsNoRouteReaches(routes: [String: String], unreached: [String]) throws {
        let table = Self.table(
            routes.sorted { $0.key < $1.key }.map {
                .init($0.key, showing: $0.value, beneath: $0.key == "l" ? ["orders/list"] : [])
            })
        let findings = NavigationLinter().lint(try Self.shop(), routes: table)
        #expect(findings.filter { $0.rule == .unreachableStep }.map(\.path) == unreached)
        let fallback = NavigationLinter().lint(
            try Self.shop(), routes: Self.table(table.routes, fallback: true))
        #expect(fallback.filter { $0.rule == .unreachableStep } == [])
    }

    @Test func aPatternThatNeverWinsReachesNothing() throws {
        let table = Self.table([
            .init("a/<x>", showing: "catalog/product/<x>"),
            .init("a/<x>/<rest:s>", showing: "catalog/product/<x>/<s>"),
            .init("a/<rest:r>", showing: "orders/<r>"),
        ])
        let findings = NavigationLinter().lint(try Self.shop(), routes: table)
        #expect(findings.map(\.rule) == [.shadowedPattern, .unreachableStep, .unreachableStep])
        #expect(
            findings.filter { $0.rule == .unreachableStep }.map(\.path) == ["/orders", "/login"])
    }

    /// Shadowing, checked against the router itself: a pattern reported as never winning loses
    /// the sample links it matches, and one not reported wins its witness link.
    @Test(arguments: [
        // A rest under an untyped placeholder that leads to a rest at every length.
        ShadowCase(["a/<x>", "a/<x>/<rest:s>", "a/<rest:r>"], shadowedBy: [0, 1]),
        ShadowCase(
            ["a/<x>", "a/<x>/<y>", "a/<x>/<y>/<rest:z>", "a/<rest:r>"], shadowedBy: [0, 1, 2]),
        ShadowCase(["<x>", "<x>/<rest:s>", "<rest:r>"], shadowedBy: [0, 1]),
        // A length the others miss leaves the rest some links.
        ShadowCase(["a/<x>", "a/<rest:r>"], witness: "a/b/c"),
        ShadowCase(["a/<x>/<rest:s>", "a/<rest:r>"], witness: "a/b"),
        ShadowCase(["a/<x>", "a/<x>/<y>/<rest:z>", "a/<rest:r>"], witness: "a/b/c"),
        // Typed placeholders and literals take only some segments.
        ShadowCase(["a/<int:x>", "a/<int:x>/<rest:s>", "a/<rest:r>"], witness: "a/b"),
        ShadowCase(["a/b", "a/b/<rest:s>", "a/<rest:r>"], witness: "a/c"),
        ShadowCase(["a/42", "a/<int:id>"], witness: "a/7"),
        ShadowCase(["a/<int:id>", "a/<id>"], witness: "a/b"),
        ShadowCase(["a/<uuid:id>", "a/<id>"], witness: "a/b"),
    ])
    func patternsThatNeverWin(_ shadow: ShadowCase) throws {
        let table = Self.table(shadow.patterns.map { .init($0, showing: ShadowCase.target($0)) })
        let last = shadow.patterns.count - 1
        let expected =
            shadow.shadowedBy.isEmpty
            ? []
            : [
                "error routes[\(last)]: shadowed-pattern: '\(shadow.patterns[last])' never wins: "
                    + shadow.takers + " take every link it matches (an untyped placeholder "
                    + "beats <rest:…>)"
            ]
        let findings = NavigationLinter().lint(try Self.shop(), routes: table)
        #expect(findings.filter { $0.rule == .shadowedPattern }.map(\.description) == expected)
        let router = try table.router(for: DynamicSteps.self)
        if let witness = shadow.witness {
            let url = try #require(URL(string: "shop://" + witness))
            #expect(try router.resolve(url).pattern == shadow.patterns[last])
        }
        for link in ["a", "a/b", "a/b/c", "a/b/c/d", "a/b/c/d/e", "x/y"] where shadow.witness == nil
        {
            let url = try #require(URL(string: "shop://" + link))
            #expect(router.match(url)?.pattern != shadow.patterns[last], "\(link)")
        }
    }

    /// A comb: a spine `depth` steps deep, each spine step with `leaves` leaves beside the next.
    static func comb(depth: Int, leaves: Int) throws -> StepSchema {
        func node(_ level: Int) -> String {
            let children =
                (0..<leaves).map { #"{"key": "l\#($0)", "kind": "inline"}"# }
                + (level < depth ? [#"{"key": "s", "kind": "inline", \#(node(level + 1))}"#] : [])
            return #""initial": "l0", "children": [\#(children.joined(separator: ","))]"#
        }
        return try StepSchema(json: Data(("{" + node(1) + "}").utf8))
    }

    /// Lints `x/<rest:r>` landing on `<r>` written `repeats` times; the fastest of three runs,
    /// in seconds, and the findings.
    static func lintRepeatedRest(_ schema: StepSchema, repeats: Int) -> (Double, [LintFinding]) {
        let target = Array(repeating: "<r>", count: repeats).joined(separator: "/")
        let table = Self.table([.init("x/<rest:r>", showing: target)])
        var best = Double.infinity
        var findings: [LintFinding] = []
        for _ in 0..<3 {
            let start = ContinuousClock.now
            findings = NavigationLinter().lint(schema, routes: table)
            let took = (ContinuousClock.now - start).components
            best = min(best, Double(took.seconds) + Double(took.attoseconds) * 1e-18)
        }
        return (best, findings)
    }

    /// Each `<r>` of a target stands for every step below where the path is, gathered once for
    /// all the places it can be: a rest capture written three times costs about three passes
    /// over the schema, not one pass per place per place (O(*n*³) places for a deep schema).
    @Test func aTargetRepeatingARestCaptureCostsAPassOverTheSchemaPerRepeat() throws {
        let schema = try Self.comb(depth: 60, leaves: 12)
        let (once, onceFound) = Self.lintRepeatedRest(schema, repeats: 1)
        let (thrice, thriceFound) = Self.lintRepeatedRest(schema, repeats: 3)
        // Every step is reached either way: the first <r> passes through all of them.
        #expect(onceFound == [])
        #expect(thriceFound == [])
        #expect(thrice < 4 * once, "three repeats took \(thrice) s, one \(once) s")
    }

    @Test(arguments: [
        ("a/<int:id>", "a/<int:n>"), ("search?q=<q>", "search?p=<p>"), ("a/<x>", "a/<y>?z=<z>"),
        ("f/<rest:a>", "f/<rest:b>"),
    ])
    func patternsOfTheSameShapeNeverWin(first: String, second: String) throws {
        let table = Self.table([
            .init(first, showing: ShadowCase.target(first)),
            .init(second, showing: ShadowCase.target(second)),
        ])
        #expect(
            NavigationLinter().lint(try Self.shop(), routes: table)
                .filter { $0.rule == .shadowedPattern }.map(\.description) == [
                    "error routes[1]: shadowed-pattern: '\(second)' never wins: routes[0] "
                        + "'\(first)', registered before, has the same shape (placeholder names "
                        + "and query items aside)"
                ])
    }
}

/// Patterns whose last one a linter reports as never winning, or not.
struct ShadowCase: Sendable, CustomTestStringConvertible {
    let patterns: [String]
    /// The routes reported as taking every link of the last one; empty when it wins some.
    let shadowedBy: [Int]
    /// A link the last pattern wins.
    let witness: String?

    init(_ patterns: [String], shadowedBy: [Int] = [], witness: String? = nil) {
        self.patterns = patterns
        self.shadowedBy = shadowedBy
        self.witness = witness
    }

    var takers: String {
        let names = shadowedBy.map { "routes[\($0)] '\(patterns[$0])'" }
        return names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }

    var testDescription: String { patterns.joined(separator: " ") }

    /// A target that uses every capture of `pattern` (it need not be in the schema).
    static func target(_ pattern: String) -> String {
        let names = pattern.split(whereSeparator: { "/?&=".contains($0) }).compactMap {
            part -> String? in
            guard part.hasPrefix("<") else { return nil }
            return "<" + (part.dropFirst().dropLast().split(separator: ":").last ?? "") + ">"
        }
        return names.isEmpty ? "catalog" : names.joined(separator: "/")
    }
}
