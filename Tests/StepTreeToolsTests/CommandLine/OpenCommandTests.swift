import Foundation
import TestSupport
import Testing

/// `steptree open`: its whole output and exit status on the shop fixtures
/// (`Fixtures/routes`), regenerated with the command in `Fixtures/routes/README.md`.
@Suite struct OpenCommandTests {
    static let links = [
        "shop://orders/42", "https://shop.example.com/product/7/reviews",
        "shop://product/123/nope", "https://evil.com/orders", "shop://orders/99999999999999999999",
        "shop://signin",
    ]

    static func fixture(_ name: String) throws -> URL {
        try Fixtures.url("routes/\(name)")
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String)
    {
        let run = try CommandRun.run("steptree", arguments)
        return (run.status, run.output, run.errors)
    }

    @Test func printsTheScreenAndTheEventsOrTheErrorOfEachLink() throws {
        let schema = try Self.fixture("shop-schema.json").path
        let routes = try Self.fixture("shop-routes.json").path
        let (status, output, _) = try Self.run(
            ["open", "--schema", schema, "--routes", routes] + Self.links)
        let expected = try String(contentsOf: Self.fixture("open-shop.txt"), encoding: .utf8)
        #expect(output == expected)
        #expect(status == 1)  // some links are refused
    }

    /// The Mastodon links land in the home tab's stack with minted ids, their captures the
    /// payload; `https://mastodon.social/@` is refused (a prefixed placeholder needs a byte
    /// after its prefix).
    @Test func mastodonLinksLandInTheSelectedTab() throws {
        let schema = try Self.fixture("mastodon-schema.json").path
        let routes = try Self.fixture("mastodon-routes.json").path
        let links = [
            "https://mastodon.social/@alice/109876543210", "https://my.server/@bob",
            "https://any.host/tags/swift", "myapp://status/123", "https://mastodon.social/@",
            "myapp://settings",
        ]
        let (status, output, _) = try Self.run(
            ["open", "--schema", schema, "--routes", routes] + links)
        let expected = try String(contentsOf: Self.fixture("open-mastodon.txt"), encoding: .utf8)
        #expect(output == expected)
        #expect(status == 1)
        let (lint, findings, _) = try Self.run(["lint", "--schema", schema, "--routes", routes])
        #expect(lint == 0)
        #expect(findings.hasSuffix("0 error(s), 4 warning(s)\n"))
    }

    @Test func aBadRoutesFileNamesTheRoute() throws {
        let schema = try Self.fixture("shop-schema.json").path
        let routes = FileManager.default.temporaryDirectory
            .appendingPathComponent("steptree-routes-\(UUID().uuidString).json")
        try Data(
            #"{"routes": [{"pattern": "a", "target": "orders"}, {"pattern": "<x", "target": "orders"}]}"#
                .utf8
        )
        .write(to: routes)
        defer { try? FileManager.default.removeItem(at: routes) }
        let (status, output, error) = try Self.run(
            ["open", "--schema", schema, "--routes", routes.path, "shop://a"])
        #expect(status == 1)  // a refused file, as for the other commands
        #expect(output == "")
        #expect(
            error == "error: \(routes.path): routes[1]: pattern '<x': malformed placeholder '<x'\n")
        let (usage, _, message) = try Self.run(["open", "--schema", schema])
        #expect(usage == 2)
        #expect(message.hasPrefix("error: give at least one URL\nusage: steptree open"))
    }

    /// The forms real tables use: a custom scheme's host, a host's root with an optional query
    /// item, an ignored capture and a renamed one; unknown query items refused.
    @Test func theNewFormsOpenFromAFile() throws {
        let schema = try Self.fixture("shop-schema.json").path
        let routes = FileManager.default.temporaryDirectory
            .appendingPathComponent("steptree-routes-\(UUID().uuidString).json")
        try Data(
            #"""
            {"schemeHosts": ["shop://www.shop.example"], "hosts": ["clicks.shop.example"],
             "unknownQueryItems": "refuse", "routes": [
              {"pattern": "shop://www.shop.example/p/<int:n as id>/<_>", "target": "catalog/product"},
              {"pattern": "https://clicks.shop.example/?o=<int:id?>", "target": "orders/list"}]}
            """#.utf8
        )
        .write(to: routes)
        defer { try? FileManager.default.removeItem(at: routes) }
        let links = [
            "shop://www.shop.example/p/7/some-title", "https://clicks.shop.example/?o=3",
            "https://clicks.shop.example", "https://clicks.shop.example/?utm=1",
        ]
        let (status, output, _) = try Self.run(
            ["open", "--schema", schema, "--routes", routes.path] + links)
        let refused =
            "https://clicks.shop.example/?utm=1 -> error: link "
            + "'https://clicks.shop.example/?utm=1' has the query item 'utm', which "
            + "'https://clicks.shop.example/?o=<int:id?>' does not name"
        let expected: [String] = [
            "shop://www.shop.example/p/7/some-title -> /catalog/product/1/main",
            "  push /catalog/product/1", "  payload /catalog/product/1: 7",
            "https://clicks.shop.example/?o=3 -> /orders/list", "  select / catalog -> orders",
            "  replace /orders/list", "  payload /orders/list: 3",
            "https://clicks.shop.example -> /orders/list", "  select / catalog -> orders",
            refused,
        ]
        #expect(output == expected.joined(separator: "\n") + "\n")
        #expect(status == 1)
    }
}
