import Foundation
import StepTree
import StepTreeDeepLinks
import TestSupport
import Testing

/// For every declarative route of the crowdfunding table, seeded random captures give a link,
/// the link a state, and `url(for:from:)` a link that lands on that state again: over captures
/// on screens beneath, ignored and renamed captures, optional query items (present or not),
/// hosts' roots and a custom scheme's host.
@Suite("Deep links: round trips over the new forms")
struct DeepLinkRoundTripPropertyTests {
    /// The declarative patterns: the table's and the gated ones.
    static let patterns =
        FundRoutes.table.routes.map(\.pattern) + [
            "projects/<creator>/<project>/pledge?reward=<int:reward?>", "settings/payment",
        ]

    /// Text for a capture: short, with characters a link must escape.
    static func text(_ random: inout SeededGenerator) -> String {
        let alphabet = Array("abzé -_~+")
        return "z"
            + String((0..<random.below(5)).map { _ in alphabet[random.below(alphabet.count)] })
    }

    /// A link to `pattern` with random captures, each optional query item left out or not.
    static func link(to pattern: String, _ random: inout SeededGenerator) -> String {
        let escaped = CharacterSet.alphanumerics
        func value(_ placeholder: Substring) -> String {
            placeholder.hasPrefix("<int:")
                ? String(random.below(100_000) - 99)
                : text(&random).addingPercentEncoding(withAllowedCharacters: escaped) ?? ""
        }
        /// `text` with each `<…>` replaced by a value.
        func filled(_ text: Substring) -> String {
            var result = ""
            var rest = text
            while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">")
            {
                result += rest[..<open] + value(rest[open...close])
                rest = rest[rest.index(after: close)...]
            }
            return result + rest
        }
        let parts = pattern.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        // A pattern with no origin takes the app's scheme (where `@` would start a user) and
        // its universal links.
        let origin =
            pattern.hasPrefix("@") || random.chance(50) ? "https://www.fund.example/" : "fund://"
        // A wildcard host is written as one of the hosts it takes.
        let path = Substring(parts[0].replacingOccurrences(of: "*", with: "app"))
        let head = pattern.contains("://") ? filled(path) : origin + filled(path)
        guard parts.count == 2 else { return head }
        let items = parts[1].split(separator: "&").filter {
            !$0.contains("?>") || random.chance(50)
        }
        // A repeated item once to three times.
        let written = items.flatMap { item in
            (0..<(item.contains("*>") ? 1 + random.below(3) : 1)).map { _ in filled(item) }
        }
        return head + (written.isEmpty ? "" : "?" + written.joined(separator: "&"))
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func everyRoutesStatesPrintBackToThemselves(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let router = try FundRoutes.router()
        for pattern in Self.patterns {
            let link = Self.link(to: pattern, &random)
            // A link with none of a pattern's query items, all optional, is taken by the
            // same path without them, when there is one.
            if link.contains("?") || !pattern.contains("?") {
                #expect(router.match(URL(string: link)!)?.pattern == pattern, "\(link)")
            }
            var state = FundApp()
            try router.route(link, in: &state)
            let origin: DeepLinkOrigin? =
                link.hasPrefix("https://clicks") ? .universalLink(host: "clicks.fund.example") : nil
            let printed = try #require(
                router.url(for: state, from: FundApp(), origin: origin), "\(link)")
            var again = FundApp()
            try router.route(printed, in: &again)
            #expect(again == state, "\(link) -> \(printed)")
        }
    }
}
