// Fuzzes deep-link URLs and router patterns. The first byte's low bit says whether the routers
// fall back to plain paths, its second bit whether they accept only ``origins`` (custom schemes,
// an exact host and wildcard hosts) rather than any custom scheme; then each line starting with
// `@` registers a pattern (with an origin or not; segments literal, placeholders or a literal
// prefix and a placeholder; query items required or optional, `<name?>`; a host's root), and
// every other line is a URL, read as a step path, selected,
// matched and routed on `AppSteps` and its schema twin. The match (its pattern, origin, scheme
// and host) is checked against a reference matcher, the outcome of a route against what the
// matched handler or the fallback does on its own.
import ExampleSteps
import Foundation
import FuzzSupport
import StepTree
import StepTreeDeepLinks

let comparedSegments = ExampleTwin.comparedSegments
let schema = ExampleTwin.schema

/// The origins the routers accept when the first byte's second bit is set: among them a custom
/// scheme whose authority is a host (`h`), and one read either way (`x`).
let origins: [DeepLinkOrigin] = [
    .scheme("myapp"), .scheme("x"), .universalLink(host: "example.com"),
    .universalLink(host: "*.example.com"), .universalLink(host: "*.a.example.com"),
    .universalLink(host: "*"), .schemeHost("h", host: "example.com"),
    .schemeHost("h", host: "*.example.com"), .schemeHost("x", host: "example.com"),
]

/// The custom schemes whose authority `origins` reads as a host.
func hostSchemes(_ origins: [DeepLinkOrigin]) -> Set<String> {
    Set(origins.compactMap { if case .schemeHost(let scheme, _) = $0 { scheme } else { nil } })
}

/// Why a handler refused a link.
struct Refusal: Error, CustomStringConvertible {
    var description: String { "the link asks to be refused" }
}

/// The handler of every pattern: selects the link's path, renewing it with `fresh` in the query,
/// then refuses the link if the query says `refuse`, after having changed the copy it edits.
@Sendable func handle<Root: StepNode>(_ root: inout Root, _ link: DeepLinkMatch) throws {
    if link.query["fresh"] != nil {
        try root.renew(path: link.path)
    } else {
        try root.select(path: link.path)
    }
    if link["refuse"] != nil { throw Refusal() }
}

/// Checks `router.resolve(url)` against the reference: a link that reads matches the pattern
/// the reference picks, or fails for a reason that pattern explains.
func checkMatch<Root: StepNode>(
    _ url: URL, _ router: DeepLinkRouter<Root>, _ patterns: [ReferencePattern], _ context: String
) {
    let resolved = Result { () throws(DeepLinkError) in try router.resolve(url) }
    let reference: (ReferencePattern?) -> String = { $0?.pattern ?? "nothing" }
    switch resolved {
    case .success(let match):
        guard let link = ReferenceLink(url, origins: router.origins) else {
            return require(false, "\(context): \(url) matches but reads as no path")
        }
        require(
            match.path.segments == link.segments,
            "\(context): \(url) has the path \(match.path), not \(link.segments)")
        require(
            match.scheme == link.scheme && match.host == link.host,
            "\(context): \(url) comes from \(match.scheme) \(match.host ?? "-")")
        require(
            match.origin == link.origin(among: router.origins),
            "\(context): \(url) is said to come from \(match.origin)")
        let expected = referenceMatch(patterns, link)
        require(
            expected?.pattern == match.pattern,
            "\(context): \(url) matches \(match.pattern), not \(reference(expected))")
        if case .anyHost(let name) = expected?.scope {
            require(
                match.values[name] == link.host,
                "\(context): \(url) captures another host: \(match.values)")
        }
        if let expected {
            // A rest captures the link's segments from its own on, exactly (byte for byte:
            // `String`'s `==` takes `é` for `e` + U+0301).
            for (index, segment) in expected.segments.enumerated() {
                guard case .rest(let name) = segment else { continue }
                require(
                    match.rest(name).map { Array($0.utf8) }
                        == link.segments[index...].map { Array($0.utf8) },
                    "\(context): \(url) captures the rest \(match.rest(name))")
            }
            for item in expected.query where !item.optional {
                require(match.query[item.item] != nil, "\(context): \(item.item) is missing")
            }
        }
        require(
            match.path.segments.allSatisfy { StepPath.isValidSegment($0) },
            "\(context): \(url) reads as the bad path \(match.path.segments)")
    case .failure(let error):
        guard let link = ReferenceLink(url, origins: router.origins) else { return }
        switch error.reason {
        case .unknownSegment, .incomplete:
            let expected = referenceMatch(patterns, link)
            require(
                expected == nil, "\(context): \(url) matches nothing, not \(reference(expected))")
        case .numberOutOfRange, .missingQueryItem, .invalidQueryValue:
            require(
                referenceMatch(patterns, link) != nil,
                "\(context): \(url) fails \(error) but the reference matches no pattern")
        case .unknownScheme, .unknownHost:
            require(
                link.origin(among: router.origins) == nil,
                "\(context): \(url) is refused (\(error)) but an origin accepts it")
        default: break
        }
    }
}

/// Routes `url` through `targets`, whose routes land on ``ReferencePattern/target``, when it
/// matches there what it matches in `router`: a link that lands does so on the element ids the
/// reference writes, each typed capture in its canonical text, so equal values land alike.
func checkTarget(
    _ url: URL, _ targets: DeepLinkRouter<AppSteps>, _ router: DeepLinkRouter<AppSteps>,
    _ patterns: [ReferencePattern], _ context: String
) {
    guard let match = router.match(url), targets.match(url)?.pattern == match.pattern,
        let pattern = patterns.first(where: { $0.pattern == match.pattern })
    else { return }
    var state = AppSteps()
    do {
        try targets.route(url, in: &state)
    } catch {
        require(error is DeepLinkError, "\(context): the target route threw \(error)")
        return
    }
    var expected = ["profile"]
    for capture in pattern.captures {
        guard let name = capture.name, let text = match[name] else {
            return require(false, "\(context): \(url) has no capture \(capture)")
        }
        expected += ["friends"] + capture.targetSegments(text)
    }
    require(
        state.isSelected(path: StepPath(expected)),
        "\(context): \(url) lands on \(state.visibleScreen), not \(expected)")
}

/// Selects and routes `url` on `state`, checking both against their promises.
/// - Returns: The outcome of the route, as text, to compare the front-ends.
func checkURL<Root: StepNode>(
    _ url: URL, _ state: inout Root, router: DeepLinkRouter<Root>, fallback: Bool,
    _ context: String
) -> String {
    let before = state
    // Selecting the path a URL reads as selects it, or changes nothing.
    var selected = state
    do {
        let path = try StepPath(url: url)
        try selected.select(path: path)
        require(selected.isSelected(path: path), "\(context): the URL's path left it unselected")
    } catch {
        require(selected == before, "\(context): the URL's path failed (\(error)) but changed it")
        require(
            NavigationDiff.events(from: before, to: selected).isEmpty,
            "\(context): the URL's path failed but the diff is not empty")
    }
    let match = router.match(url)
    do {
        try router.route(url, in: &state)
    } catch {
        require(state == before, "\(context): route failed (\(error)) but changed the state")
        require(
            NavigationDiff.events(from: before, to: state).isEmpty,
            "\(context): route failed but the diff is not empty")
        if error is Refusal {
            require(match?["refuse"] != nil, "\(context): refused without being asked")
        } else {
            // The router's own errors, or the handler's `select(path:)` rethrown as it is.
            require(
                error is DeepLinkError || error is StepPathError,
                "\(context): route threw \(error), of another type")
        }
        return "error \(error)"
    }
    // What the route must have done: the handler, or else the fallback's `show`.
    var expected = before
    if let match {
        try? handle(&expected, match)
    } else {
        require(fallback, "\(context): route worked without a pattern or the fallback")
        if let link = ReferenceLink(url, origins: router.origins) {
            try? expected.show(path: StepPath(link.segments))
        }
    }
    require(expected == state, "\(context): route differs from its handler or fallback")
    return NavigationDiff.events(from: before, to: state).map(\.description).joined(separator: "; ")
}

/// The URL of `path` reads back as `path`, when every segment could name a step (a segment with
/// a control character parses, but names nothing, and a URL refuses it).
func checkURLRoundTrip(_ path: StepPath, _ context: String) {
    guard path.segments.allSatisfy({ StepPath.isValidSegment($0) }) else { return }
    guard let url = path.url(scheme: "myapp") else {
        require(path.isRoot, "\(context): \(path) has no URL")
        return
    }
    let back = Result { () throws(StepPathError) in try StepPath(url: url) }
    require(back == .success(path), "\(context): \(path) → \(url.absoluteString) → \(back)")
}

/// Registers `pattern` with the common handler.
/// - Returns: The error, if the router refuses it.
func register<Root: StepNode>(_ pattern: String, in router: inout DeepLinkRouter<Root>)
    -> DeepLinkError?
{
    do {
        try router.register(pattern, handle)
        return nil
    } catch {
        return error
    }
}

func check(_ bytes: [UInt8]) {
    let fallback = (bytes.first ?? 1) & 1 == 1
    let accepted = (bytes.first ?? 0) & 2 == 2 ? origins : []
    var typedRouter = DeepLinkRouter<AppSteps>(origins: accepted, fallbackToPath: fallback)
    var dynamicRouter = DeepLinkRouter<DynamicSteps>(origins: accepted, fallbackToPath: fallback)
    // The same patterns with targets that show what the router writes into them.
    var targetRouter = DeepLinkRouter<AppSteps>(origins: accepted, fallbackToPath: false)
    var patterns: [ReferencePattern] = []
    var typed = AppSteps()
    var dynamic = DynamicSteps(schema: schema)
    for (index, line) in lines(Array(bytes.dropFirst())).prefix(48).enumerated() {
        let text = String(decoding: line, as: UTF8.self)
        let context = "line \(index)"
        if text.hasPrefix("@") {
            let pattern = String(text.dropFirst())
            let typedError = register(pattern, in: &typedRouter)
            let dynamicError = register(pattern, in: &dynamicRouter)
            require(typedError == dynamicError, "\(context): the routers disagree on \(pattern)")
            if let error = typedError {
                // A long pattern is named by its excerpt, as a long link is.
                let named = DeepLinkError(pattern: pattern, reason: error.reason).pattern
                require(
                    error.pattern == named && error.link == nil && error.route == nil,
                    "\(context): \(error) names another pattern")
            } else {
                let reference = ReferencePattern(pattern, hostSchemes: hostSchemes(accepted))
                patterns.append(reference)
                // Refused only for a name too long to be written `<name>` in a target.
                try? targetRouter.register(pattern, showing: reference.target)
            }
            continue
        }
        // Any text that parses as a path has a URL that reads back as it.
        if let path = try? StepPath(parsing: text) { checkURLRoundTrip(path, context) }
        guard let url = URL(string: text) else { continue }
        let parsed = Result { () throws(StepPathError) in try StepPath(url: url) }
        var comparable = false
        checkMatch(url, typedRouter, patterns, context)
        checkTarget(url, targetRouter, typedRouter, patterns, context)
        require(
            typedRouter.match(url) == dynamicRouter.match(url),
            "\(context): the routers match differently")
        if case .success(let path) = parsed {
            require(
                path.segments.allSatisfy { StepPath.isValidSegment($0) },
                "\(context): \(url) reads as the bad path \(path.segments)")
            checkURLRoundTrip(path, context)
            comparable = path.segments.count <= comparedSegments
        }
        if comparable {
            let typedOutcome = checkURL(
                url, &typed, router: typedRouter, fallback: fallback, context)
            let dynamicOutcome = checkURL(
                url, &dynamic, router: dynamicRouter, fallback: fallback, context)
            require(
                typedOutcome == dynamicOutcome,
                "\(context): \(url): typed \(typedOutcome), schema \(dynamicOutcome)")
        } else {
            var typedCopy = typed
            var dynamicCopy = dynamic
            _ = checkURL(url, &typedCopy, router: typedRouter, fallback: fallback, context)
            _ = checkURL(url, &dynamicCopy, router: dynamicRouter, fallback: fallback, context)
        }
    }
    typed.checkModals("typed")
    dynamic.checkModals("schema")
}

func seeds(_ fixtures: [URL]) -> [[UInt8]] {
    let inputs: [[String]] = [
        [
            "@profile/friends/<id>", "@item/<int:number>", "@search/<query>", "@profile/<tab>",
            "myapp://profile/friends/u1", "myapp://item/12", "myapp://item/x",
            "myapp://search/a?q=1",
            "myapp://profile/detail/dark", "myapp://profile/detail?refuse", "myapp:///explore",
            "myapp://profile/friends/ann%20lee?fresh=1&fresh=2",
        ],
        [
            "@<a>/<b>", "@<a>/<a>", "@<>", "@<int:>", "@<x:y>", "@a//b", "@", "@<a>/<int:b>",
            "@profile/settings", "@profile/settings", "myapp://profile/settings",
            "myapp://login/signUp?refuse=1", "myapp://login/signUp", "myapp://%2F", "myapp://a%",
            "myapp://", "myapp:profile", "https://example.com/profile/detail#frag",
        ],
        [
            "myapp://profile/friends", "myapp://profile/friends/", "myapp://profile//friends",
            "myapp://home", "myapp://explore?x=%E2%9C%93", "myapp://%C3%A9/x", "myapp://u@h:1/p",
        ],
        [
            "@profile/friends/<uuid:u>", "@profile/<rest:r>", "@search?q=<q>&n=<int:n>",
            "@profile/friends/<int:n>/<x>",
            "myapp://profile/friends/C0FFEE00-0000-4000-8000-000000000001",
            "myapp://profile/friends/7/main", "myapp://profile/detail/dark",
            "myapp://search?n=2&q=x", "myapp://search?q=x",
            "myapp://search?q=x&n=99999999999999999999",
            "myapp://profile/../x", "myapp://profile/%2E", "myapp://profile/%FF",
            "myapp://profile/friends/99999999999999999999/main",
        ],
        [
            "@item/<int:n>", "@session/<uuid:u>/<int:k>", "@find?page=<int:p>&q=<q>",
            "@tree/<int:n>/<rest:r>", "myapp://item/7", "myapp://item/007", "myapp://item/+7",
            "myapp://item/-0", "myapp://item/-007", "myapp://item/+", "myapp://item//",
            "myapp://session/c0ffee00-0000-4000-8000-000000000001/+01",
            "myapp://find?page=-00&q=x", "myapp://tree/010/a/b", "myapp://tree/1/a//",
        ],
        [
            "@profile/@<user>", "@profile/@@<user>", "@profile/@me", "@profile/@<int:n>",
            "@profile/v<uuid:u>", "@profile/<any>", "@profile/@<rest:r>", "@profile/x<y>z",
            "myapp://profile/@ann", "myapp://profile/@@ann", "myapp://profile/@me",
            "myapp://profile/@007", "myapp://profile/@", "myapp://profile/@@",
            "myapp://profile/vC0FFEE00-0000-4000-8000-000000000001", "myapp://profile/v",
            "myapp://profile/@99999999999999999999",
        ],
        [
            "@myapp://profile/<tab>", "@https://example.com/profile/<tab>",
            "@https://*.example.com/profile/<tab>", "@https://*.a.example.com/profile/<tab>",
            "@https://*/profile/<tab>", "@https://<server>/profile/@<user>", "@x://<a>/<b>",
            "@https://*.b.org/x", "@http://example.com/x", "@https://Example.COM/profile/@<u>",
            "https://example.com/profile/detail", "https://a.example.com/profile/detail",
            "https://b.a.example.com/profile/detail", "https://x.b.a.example.com/profile/@ann",
            "https://badexample.com/profile/detail", "https://other.org/profile/@bob",
            "https://EXAMPLE.com/profile/@ann", "myapp://profile/detail", "x://profile/friends",
            "y://profile/detail", "http://example.com/profile/detail", "https://example.com/",
            "https://u@example.com/profile/detail",
        ],
    ]
    // Hosts written with escapes, empty labels, a trailing dot, bytes no host name has.
    let hosts = [
        "@https://*.example.com/profile/<tab>", "@https://<server>/profile/@<user>",
        "@https://example.com./profile/x", "@https://a..example.com/x",
        "@https://*.a.example.com./x",
        "https://%61.example.com/profile/detail", "https://..example.com/profile/detail",
        "https://a..example.com/profile/detail", "https://evil.com%23.example.com/profile/detail",
        "https://a%20b.example.com/profile/detail", "https://ma%73todon.social/profile/@ann",
        "https://mastodon%2esocial/profile/@ann", "https://mastodon.social./profile/@ann",
        "https://EX%41MPLE.com./profile/x", "https://xn--caf-dma.a.example.com/x",
        "https://café.a.example.com/x", "https://[::1]/profile/@ann", "https://a.example.com../x",
        "https://b.a.example.com./x", "https://%2E/profile/@ann",
    ]
    // Optional query items, a host's root, custom schemes with hosts, ignored and renamed
    // captures.
    let forms = [
        "@profile/<tab>?sort=<sort?>&page=<int:page?>", "@profile/<tab>", "@profile/<t>?q=<q>",
        "@profile/<tab>?x=<x?>", "@profile/<_>/<int:_>", "@profile/friends/<id as user>",
        "@https://example.com/", "@https://example.com/?c=<c>&s=<s?>", "@https://*/",
        "@h://example.com/", "@h://example.com/profile/<tab>", "@h://*.example.com/profile/<t>",
        "@h://*/profile/detail", "@h://profile/<tab>", "@x://example.com/profile/<tab>",
        "@x://profile/<tab>", "@h://<host>/a", "@profile/<x?>",
        "myapp://profile/detail", "myapp://profile/detail?sort=new",
        "myapp://profile/detail?page=2&sort=new&utm=1", "myapp://profile/detail?page=x",
        "myapp://profile/detail?x=1&q=2", "myapp://profile/a/7", "myapp://profile/a/b",
        "myapp://profile/friends/ann",
        "https://example.com/", "https://example.com", "https://example.com/?c=1",
        "https://example.com/?s=2", "https://a.example.com/", "https://example.com/?c=1&c=2",
        "h://example.com/", "h://example.com", "h://example.com/profile/detail",
        "h://a.example.com/profile/detail", "h://EXAMPLE.com./profile/x", "h://other.org/x",
        "h://a..example.com/profile/detail", "h://profile/detail", "h:///profile",
        "x://example.com/profile/detail", "x://profile/detail", "x://other.org/profile/x",
        "@search?tag=<tags*>&n=<int:n*>", "myapp://search?tag=a&tag=b&n=1&n=02",
        "myapp://search?n=x&n=1", "myapp://search?tag=a&tag=a", "myapp://search",
        "myapp://nothing?a=1&a=2",
    ]
    return (inputs + [hosts, forms]).enumerated().map { index, lines in
        [UInt8(index % 2) | (index >= 6 ? 2 : 0)] + Array(lines.joined(separator: "\n").utf8)
    }
}

FuzzDriver.main(
    "fuzz-urls", seeds: seeds,
    dictionary: Tokens.example + [
        "myapp://", "myapp:///", "\n@", "<int:", "<", ">", "/", "?refuse", "&fresh", "?fresh=1",
        "%2F", "%25", "%20", "%C3%A9", "#", "@", ":", "[", "]", "<uuid:", "<rest:", "?q=<q>",
        "..", "%2E", "&", "=", "https://", "99999999999999999999",
        "C0FFEE00-0000-4000-8000-000000000001", "@<user>", "/@", "https://*.example.com/",
        "https://*/", "https://<h>/", "a.example.com", "example.com", "%61", "%2e", "%23",
        "example.com.", "xn--caf-dma", "https://%",
        "?>", "*>", " as ", "<_>", "h://", "h://example.com/", "x://example.com/", "?s=<s?>",
    ], check: check)
