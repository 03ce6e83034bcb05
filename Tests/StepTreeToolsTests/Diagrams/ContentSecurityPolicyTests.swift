import Foundation
import Testing

@testable import StepTreeTools

/// The map page's Content-Security-Policy allows its own script and style sheet by their
/// SHA-256 hashes and nothing else; the browser check (``NavigationMapBrowserTests``) counts
/// what the browser refuses.
@Suite struct ContentSecurityPolicyTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func theDigestIsSHA256(text: String, hex: String) {
        let digest = SHA256.digest(text.utf8).map { String(format: "%02x", $0) }.joined()
        #expect(digest == hex)
    }

    @Test func aMessageOfManyBlocksHasItsDigest() {
        let text = String(repeating: "a", count: 1_000)
        let digest = SHA256.digest(text.utf8).map { String(format: "%02x", $0) }.joined()
        #expect(digest == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }

    /// The text between the first `<open>` after `start` and the next `</tag>`.
    private func element(_ open: String, _ tag: String, in html: String) throws -> String {
        let start = try #require(html.range(of: open))
        let end = try #require(html.range(of: "</\(tag)>", range: start.upperBound..<html.endIndex))
        return String(html[start.upperBound..<end.lowerBound])
    }

    @Test func thePolicyNamesTheHashesOfThePagesOwnScriptAndStyleSheet() throws {
        let html = try HostileMaps.pageOfEverything().html
        let script = try element("<script>", "script", in: html)
        let style = try element("<style>", "style", in: html)
        let policy = try element(
            #"<meta http-equiv="Content-Security-Policy" content=""#, "head", in: html)
        let expected =
            "default-src 'none'; script-src '\(NavigationMapPage.hashSource(script))'; "
            + "style-src '\(NavigationMapPage.hashSource(style))'; base-uri 'none'; "
            + "form-action 'none'\">"
        #expect(policy.hasPrefix(expected))
        // One script runs, one style sheet applies, and no element carries a style of its own.
        #expect(html.components(separatedBy: "<script>").count == 2)
        #expect(html.components(separatedBy: "<style>").count == 2)
        #expect(!html.contains(" style=\""))
    }
}
