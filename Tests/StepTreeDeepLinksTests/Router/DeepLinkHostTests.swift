import Foundation
import StepTree
import StepTreeDeepLinks
import Testing

/// A universal link's host is read as a host name before it is compared or captured:
/// percent-decoded once, in lower case, without a trailing dot, and refused when it is no name,
/// so that no encoding of a host passes where the host itself would not.
@Suite("Deep links: host names")
struct DeepLinkHostTests {
    static func router() throws -> DeepLinkRouter<MastodonClient> {
        var router = DeepLinkRouter<MastodonClient>(
            origins: [
                .universalLink(host: "*.example.com"), .universalLink(host: "exact.example.com"),
                .universalLink(host: "*"),
            ])
        try router.register("https://*.example.com/@<user>") { _, _ in }
        try router.register("https://exact.example.com/@<user>") { _, _ in }
        try router.register("https://<server>/@<user>/<int:id>") { _, _ in }
        return router
    }

    /// A host written with escapes, in upper case or with a trailing dot is the same host as
    /// written plainly: the same origin takes it and a capture holds the plain name.
    @Test(arguments: [
        ("https://%61.example.com/@ann", "a.example.com", "*.example.com"),
        ("https://ex%61ct.example.com/@ann", "exact.example.com", "exact.example.com"),
        ("https://EXACT.example.com./@ann", "exact.example.com", "exact.example.com"),
        ("https://a.example.com./@ann", "a.example.com", "*.example.com"),
        ("https://a%2Eexample.com/@ann", "a.example.com", "*.example.com"),
        ("https://xn--caf-dma.example.com/@ann", "xn--caf-dma.example.com", "*.example.com"),
        ("https://a_b.example.com/@ann", "a_b.example.com", "*.example.com"),
    ])
    func anEncodedHostIsTheHostItDecodesTo(link: String, host: String, origin: String) throws {
        let match = try Self.router().resolve(#require(URL(string: link)))
        #expect(match.host == host)
        #expect(match.origin == .universalLink(host: origin))
        #expect(match.pattern == "https://\(origin)/@<user>")
    }

    /// An app's list of servers sees one spelling of each: the capture is the decoded name.
    @Test(arguments: [
        "ma%73todon.social", "mastodon%2esocial", "mastodon.social.", "Mastodon.Social",
        "MASTODON%2ESOCIAL.",
    ])
    func aCapturedHostIsItsName(written: String) throws {
        let link = "https://\(written)/@ann/7"
        let match = try Self.router().resolve(#require(URL(string: link)))
        #expect(match.values == ["server": "mastodon.social", "user": "ann", "id": "7"])
        #expect(match.host == "mastodon.social")
    }

    /// A host with an empty label, or a byte no host name has once decoded (`#`, a space, a
    /// `/`, a `:` of an IP literal, anything not ASCII), is no server's: refused, naming the
    /// host as the link writes it, and the state is unchanged.
    @Test(arguments: [
        "..example.com", "a..example.com", ".example.com", "a.example.com..",
        "evil.com%23.example.com", "a%20b.example.com", "a%2Fb.example.com",
        "a%2E%2Eb.example.com", "caf%C3%A9.example.com", "a%00.example.com", "[::1]", ".",
        "%2E",
    ])
    func aHostThatIsNoNameIsRefused(written: String) throws {
        let link = "https://\(written)/@ann/7"
        let router = try Self.router()
        var client = MastodonClient()
        #expect(throws: DeepLinkError(link: link, reason: .unknownHost(written))) {
            try router.route(#require(URL(string: link)), in: &client)
        }
        #expect(client == MastodonClient())
    }

    /// A host not in ASCII is refused (the router converts no IDNA label): written in its
    /// IDNA form (`xn--…`), it is accepted as that name.
    @Test func aHostNotInASCIIIsRefused() throws {
        let url = try #require(URL(string: "https://café.example.com/@ann"))
        let router = try Self.router()
        let error = #expect(throws: DeepLinkError.self) { try router.resolve(url) }
        #expect(error?.reason == .unknownHost("caf%C3%A9.example.com"))
        #expect(router.match(url) == nil)
    }

    /// A pattern's host is read as a link's is: no empty label, one trailing dot dropped.
    @Test func aPatternsHostIsReadAsALinksIs() throws {
        var router = DeepLinkRouter<MastodonClient>(
            origins: [.universalLink(host: "Example.COM."), .universalLink(host: "*.b.org.")])
        for (pattern, origin) in [
            ("https://a..example.com/x", "https://a..example.com/"),
            ("https://.example.com/x", "https://.example.com/"),
            ("https://example.com../x", "https://example.com../"),
            ("https://*..b.org/x", "https://*..b.org/"),
            ("https://*./x", "https://*./"),
            ("https://./x", "https://./"),
        ] {
            #expect(
                throws: DeepLinkError(pattern: pattern, reason: .malformedOrigin(origin)),
                "\(pattern)"
            ) {
                try router.register(pattern) { _, _ in }
            }
        }
        try router.register("https://example.com./x") { _, _ in }
        try router.register("https://*.b.org./x") { _, _ in }
        #expect(
            throws: DeepLinkError(
                pattern: "https://example.com/x", reason: .conflicts(with: "https://example.com./x")
            )
        ) {
            try router.register("https://example.com/x") { _, _ in }
        }
        for (link, pattern, origin) in [
            ("https://example.com/x", "https://example.com./x", "Example.COM."),
            ("https://example.com./x", "https://example.com./x", "Example.COM."),
            ("https://a.b.org/x", "https://*.b.org./x", "*.b.org."),
        ] {
            let match = try router.resolve(#require(URL(string: link)))
            #expect(match.pattern == pattern, "\(link)")
            #expect(match.origin == .universalLink(host: origin), "\(link)")
        }
    }
}
