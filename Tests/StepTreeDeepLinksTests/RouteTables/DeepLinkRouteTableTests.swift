import Foundation
import StepTree
import StepTreeDeepLinks
import TestSupport
import Testing

/// The routes file model shared by `steptree open` and `steptree lint`.
@Suite struct DeepLinkRouteTableTests {
    @Test func leftOutKeysTakeTheirDefaults() throws {
        let table = try DeepLinkRouteTable(
            json: Data(#"{"routes": [{"pattern": "orders", "target": "orders/list"}]}"#.utf8))
        #expect(
            table
                == DeepLinkRouteTable(
                    schemes: [], hosts: [], landing: .show, fallbackToPath: false,
                    routes: [.init("orders", showing: "orders/list", beneath: [])]))
    }

    @Test func theShopFileReadsAsWritten() throws {
        let table = try DeepLinkRouteTable(
            json: Data(contentsOf: Fixtures.url("routes/shop-routes.json")))
        #expect(table.origins == [.scheme("shop"), .universalLink(host: "shop.example.com")])
        #expect(
            table.routes.map(\.pattern) == [
                "product/<int:id>", "product/<int:id>/reviews", "orders", "orders/<int:id>",
                "signin",
            ])
        let encoded = try JSONEncoder().encode(table)
        #expect(try DeepLinkRouteTable(json: encoded) == table)
    }

    @Test func theRouterLandsWhereTheTableSays() throws {
        let schema = try StepSchema(
            json: Data(contentsOf: Fixtures.url("routes/shop-schema.json")))
        let table = DeepLinkRouteTable(
            schemes: ["shop"], landing: .select,
            routes: [.init("o/<int:id>", showing: "orders/order", beneath: ["orders/list"])])
        let router = try table.router(for: DynamicSteps.self)
        #expect(router.landing == .select)
        #expect(router.fallbackToPath == false)
        var state = DynamicSteps(schema: schema)
        try router.route("shop://o/42", in: &state)
        // A new order, its id minted, its payload the capture.
        #expect(state.visibleScreen.description == "/orders/order/1/summary")
        #expect(state.node(at: "orders/order/1")?.payload == "42")
    }

    @Test(arguments: [
        (#"{"routes": [{"pattern": "a"}]}"#, ".routes[0]: 'target' is missing"),
        (
            #"{"routes": [], "landing": "push"}"#,
            ".landing: 'push' is no landing; use 'show' or 'select'"
        ),
        (#"{"routes": {}}"#, ".routes: expected Array<Any>"),
        (#"{"routes": [], "hosts": "x"}"#, ".hosts: expected Array<Any>"),
        (#"{"routes": ["#, "not valid JSON"),
        (#"{}"#, "'routes' is missing"),
        (
            #"{"routes": [], "schemeHosts": ["fund:www.example.com"]}"#,
            ".schemeHosts: 'fund:www.example.com' is not written scheme://host"
        ),
        (
            #"{"routes": [], "unknownQueryItems": "drop"}"#,
            ".unknownQueryItems: 'drop' is no choice; use 'ignore' or 'refuse'"
        ),
    ])
    func aFileThatIsNoTableSaysWhereAndWhat(json: String, message: String) {
        #expect(throws: DeepLinkError(reason: .malformedTable(message))) {
            try DeepLinkRouteTable(json: Data(json.utf8))
        }
    }

    @Test func theFirstRouteTheRouterRefusesIsNamed() throws {
        let table = DeepLinkRouteTable(routes: [
            .init("a", showing: "orders"), .init("<x", showing: "orders"),
            .init("b/<y>", showing: "orders"),
        ])
        #expect(
            throws: DeepLinkError(pattern: "<x", route: 1, reason: .malformedPlaceholder("<x"))
        ) {
            try table.router(for: DynamicSteps.self)
        }
        #expect(
            DeepLinkError(pattern: "<x", route: 1, reason: .malformedPlaceholder("<x"))
                .description == "routes[1]: pattern '<x': malformed placeholder '<x'")
        let bad = DeepLinkRouteTable(routes: [.init("a", showing: "./x", fallbackTab: "a//b")])
        #expect(throws: DeepLinkError(pattern: "a", route: 0, reason: .malformedTarget("a//b"))) {
            try bad.router(for: DynamicSteps.self)
        }
    }

    /// The new forms read from a file: hosts on a custom scheme, optional and ignored captures,
    /// a host's root, unknown query items refused.
    @Test func aTableHoldsTheNewForms() throws {
        let json = #"""
            {"schemeHosts": ["fund://www.example.com"], "hosts": ["clicks.example.com"],
             "unknownQueryItems": "refuse", "routes": [
               {"pattern": "fund://www.example.com/p/<slug as project>/<_>", "target": "project/page"},
               {"pattern": "https://clicks.example.com/?c=<category?>", "target": "discover"}]}
            """#
        let table = try DeepLinkRouteTable(json: Data(json.utf8))
        #expect(
            table.origins == [
                .universalLink(host: "clicks.example.com"),
                .schemeHost("fund", host: "www.example.com"),
            ])
        #expect(try DeepLinkRouteTable(json: JSONEncoder().encode(table)) == table)
        let router = try table.router(for: FundApp.self)
        var app = FundApp()
        try router.route("fund://www.example.com/p/engine/x", in: &app)
        #expect(app.project.page.value == FundPage(project: "engine"))
        try router.route("https://clicks.example.com/?c=art", in: &app)
        #expect(app.discover.value == FundDiscover(category: "art"))
        #expect(throws: DeepLinkError.self) {
            try router.route("https://clicks.example.com/?c=art&utm=1", in: &app)
        }
        #expect(app.discover.value == FundDiscover(category: "art"))
    }
}
