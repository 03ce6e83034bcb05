import Foundation
import Testing

@testable import ExampleSteps
@testable import StepTree
@testable import StepTreeDeepLinks
@testable import StepTreeDrivers
@testable import StepTreeRestoration
@testable import StepTreeTools

/// Every error's description, and every report's, shows the outside text it quotes and never
/// lets a terminal act on it: control, line-separator and bidirectional-formatting characters
/// are written as escapes, whichever part of the error holds them.
@Suite struct ErrorDescriptionTests {
    @Test(arguments: [
        (
            StepPathError.unknownStep("a\u{1B}[2J", in: StepPath(["home"]))
                as any CustomStringConvertible & Sendable,
            #"no step 'a\u{1B}[2J' in /home"#
        ),
        (
            StepPathError.unknownElement("\u{202E}x", in: StepPath(["home", "pa\u{2028}th"])),
            #"no element '\u{202E}x' in the stack /home/pa\u{2028}th"#
        ),
        (
            DeepLinkError(link: "myapp://a\u{1B}]0;x\u{7}", reason: .malformedURL),
            #"link 'myapp://a\u{1B}]0;x\u{7}' is not a URL"#
        ),
        (
            DeepLinkError(pattern: "p/<\u{9B}>", reason: .malformedPlaceholder("<\u{9B}>")),
            #"pattern 'p/<\u{9B}>': malformed placeholder '<\u{9B}>'"#
        ),
        (
            DeepLinkError(
                link: "myapp://a", reason: .invalidTarget(.unknownStep("\u{1B}c", in: .root))),
            #"link 'myapp://a' leads nowhere: no step '\u{1B}c' in /"#
        ),
        (
            RestorationError.unrepairable(at: "/a\u{2029}", "a\u{1B}[31m"),
            #"the saved state cannot be repaired at /a\u{2029}: a\u{1B}[31m"#
        ),
        (
            StepSchemaError(path: "/\u{1B}", problem: "\u{2066}p"),
            #"schema error at /\u{1B}: \u{2066}p"#
        ),
        (
            ScreenError(
                NavigationEvent(.pop, StepPath(["a\u{1B}"]), identity: .root),
                .notOnScreen),
            #"pop /a\u{1B}: no container on screen holds it"#
        ),
        (
            SessionReplayError(line: 2, .malformed("\u{1B}]0;owned\u{7}")),
            #"line 2: not a session record: \u{1B}]0;owned\u{7}"#
        ),
        (
            SimulationError("push \u{1B}[2J", .alreadyPushed),
            #"push \u{1B}[2J: already on a navigation stack"#
        ),
        (
            ConformanceFileError(location: "case \u{1B}[8m", problem: "x"),
            #"case \u{1B}[8m: x"#
        ),
        (
            RestorationReport.Change.droppedElement("\u{1B}[2J", in: StepPath(["home"])),
            #"dropped the element '\u{1B}[2J' of /home, which no longer decodes"#
        ),
        (
            LintFinding(.warning, .unreachableStep, at: "/\u{202E}x", "m"),
            #"warning /\u{202E}x: unreachable-step: m"#
        ),
        (
            ConformanceStepError.malformed("op\r\n"),
            #"malformed step: op\u{D}\u{A}"#
        ),
    ])
    func outsideTextIsWrittenAsEscapes(error: any CustomStringConvertible & Sendable, shown: String)
    {
        #expect(error.description == shown)
    }

    /// A DecodingError thrown by a StepTree type quotes an excerpt of the JSON text, escaped.
    @Test func decodingErrorsQuoteTheirTextEscaped() throws {
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(StepIdentity.self, from: Data(#""\u001B[2J""#.utf8))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(context.debugDescription == #"'\u{1B}[2J' is not a step identity"#)
    }

    /// An error keeps an excerpt of at most 64 Unicode scalars of the text it quotes: a link of
    /// one character, `a` with 100,000 combining marks, is cut too.
    @Test func anExcerptIsCutByScalarsNotCharacters() {
        let link = "a" + String(repeating: "\u{35E}", count: 100_000)
        let error = DeepLinkError(link: link, reason: .tooLong(bytes: link.utf8.count))
        #expect(error.link == "a" + String(repeating: "\u{35E}", count: 63) + "… (200001 bytes)")
    }

    /// A refusal of real outside input: a path, as a link or a test might give it, naming a
    /// step with an escape sequence that would clear the screen.
    @Test func aRefusedPathShowsItsEscapeSequence() throws {
        var steps = AppSteps()
        let path = try StepPath(parsing: "profile/\u{1B}[2J")
        let error = try #require(throws: StepPathError.self) { try steps.select(path: path) }
        #expect(error.description == #"no step '\u{1B}[2J' in /profile"#)
        #expect(steps == AppSteps())
    }
}
