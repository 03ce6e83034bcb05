// Fuzzes path strings: each input line is one path operation (see `PathOperation(line:)`),
// applied to the hand-written `AppSteps` and to its schema twin, and to `ClientSteps` (stacks of
// destinations) and its schema twin. The path parses as a reference parser reads it; every
// operation keeps the promises `checkedApply` checks; both front-ends of each pair give the
// same events and errors; the states round-trip through JSON at the end.
import ExampleSteps
import Foundation
import FuzzSupport
import StepTree
import StepTreeTools

let comparedSegments = ExampleTwin.comparedSegments
let schema = ExampleTwin.schema
let dynamicDecoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.userInfo[.stepSchema] = schema
    return decoder
}()

func check(_ bytes: [UInt8]) {
    var typed = AppSteps()
    var dynamic = DynamicSteps(schema: schema)
    var client = ClientSteps()
    var clientTwin = DynamicSteps(schema: DestinationTwin.schema)
    for (index, line) in lines(bytes).prefix(32).enumerated() {
        let operation = PathOperation(line: line)
        let context = "line \(index)"
        let parsed = Result { () throws(StepPathError) in
            try StepPath(parsing: operation.path).segments
        }
        require(
            parsed == referenceParse(operation.path),
            "\(context): \(operation.path.debugDescription) parses as \(parsed), not as "
                + "\(referenceParse(operation.path))")
        let segments = (try? parsed.get().count) ?? 0
        applyToBoth(operation, &client, &clientTwin, context + " (destinations)")
        guard !operation.carriesValue, segments <= comparedSegments else {
            // The trees differ here (a value type, or deeper than the twin): check each on a
            // copy, so that the two stay in step.
            var typedCopy = typed
            var dynamicCopy = dynamic
            _ = typedCopy.checkedApply(operation, context + " (typed)")
            _ = dynamicCopy.checkedApply(operation, context + " (schema)")
            continue
        }
        let typedOutcome = typed.checkedApply(operation, context + " (typed)")
        let dynamicOutcome = dynamic.checkedApply(operation, context + " (schema)")
        require(
            typedOutcome == dynamicOutcome,
            "\(context): \(operation): typed \(typedOutcome), schema \(dynamicOutcome)")
    }
    require(
        typed.presentedModals == dynamic.presentedModals,
        "the front-ends present \(typed.presentedModals) and \(dynamic.presentedModals)")
    typed.checkModals("typed")
    dynamic.checkModals("schema")
    checkRoundTrip(typed, decoder: JSONDecoder(), "typed")
    checkRoundTrip(dynamic, decoder: dynamicDecoder, "schema")
    require(
        client.presentedModals == clientTwin.presentedModals,
        "the destination trees present \(client.presentedModals) and "
            + "\(clientTwin.presentedModals)")
    client.checkModals("destinations typed")
    clientTwin.checkModals("destinations schema")
    checkRoundTrip(client, decoder: JSONDecoder(), "destinations typed")
    checkRoundTrip(clientTwin, decoder: DestinationTwin.decoder, "destinations schema")
}

/// Applies `operation` to a hand-written tree and its schema twin, which mean the same at every
/// depth: they give the same outcome, but for a value, which only the twin's steps accept.
func applyToBoth<Root: StepNode>(
    _ operation: PathOperation, _ typed: inout Root, _ dynamic: inout DynamicSteps,
    _ context: String
) {
    guard !operation.carriesValue else {
        var typedCopy = typed
        var dynamicCopy = dynamic
        _ = typedCopy.checkedApply(operation, context + " typed")
        _ = dynamicCopy.checkedApply(operation, context + " schema")
        return
    }
    let typedOutcome = typed.checkedApply(operation, context + " typed")
    let dynamicOutcome = dynamic.checkedApply(operation, context + " schema")
    require(
        typedOutcome == dynamicOutcome,
        "\(context): \(operation): typed \(typedOutcome), schema \(dynamicOutcome)")
}

/// Walks through the example app: every kind of operation, on good and bad paths.
func seeds(_ fixtures: [URL]) -> [[UInt8]] {
    let walks: [[PathOperation]] = [
        [
            .select("profile/detail/dark", fresh: false), .select("explore", fresh: false),
            .select("profile/settings", fresh: false), .select("home", fresh: false),
            .select("profile", fresh: false), .deselect("profile/settings"),
            .show("profile/detail", fresh: false),
        ],
        [
            .stack("profile/friends", ids: ["u1", "u2"]),
            .select("profile/friends/u2/detail/light", fresh: false),
            .select("profile/friends/u2/settings", fresh: false),
            .stack("profile/friends/u2/friends", ids: ["v1"]),
            .select("profile/friends/u2/friends/v1/detail", fresh: true),
            .remove("profile/friends/u2"), .show("profile", fresh: false),
        ],
        [
            .select("login/signUp", fresh: false), .remove("login/signUp"),
            .select("login", fresh: true), .deselect("login"), .deselect("home"),
            .select("/explore", fresh: false), .selectValue("explore", "swift"),
            .showValue("profile/detail/dark", "x"),
        ],
        [
            .select("", fresh: false), .select("/", fresh: false),
            .select("profile//x", fresh: false),
            .select("profile/nothing", fresh: false), .stack("profile", ids: ["a"]),
            .stack("profile/friends", ids: ["a", "a"]), .stack("profile/friends", ids: ["a/b"]),
            .stack("profile/friends", ids: [""]), .deselect("profile/friends/u9"),
            .remove("profile/"),
        ],
        [
            .stack("profile/friends", ids: ["u1"]),
            .stack("profile/friends/u1/friends", ids: ["u2"]),
            .stack("profile/friends/u1/friends/u2/friends", ids: ["u3"]),
            .stack("profile/friends/u1/friends/u2/friends/u3/friends", ids: ["u4"]),
            .select("profile/friends/u1/friends/u2/friends/u3/friends/u4/settings", fresh: false),
            .show("profile/friends/u1/friends/u2", fresh: false),
        ],
        [
            .stack("home/path", ids: ["1", "2"]),
            .select("home/path/2/account/followers", fresh: false),
            .select("home/path/2/status/reply", fresh: false), .deselect("home/path/2/status"),
            .remove("home/path/2/status/reply"), .select("home/path/1/about", fresh: true),
            .show("home/path/1/about", fresh: false), .remove("home/path/1"),
            .stack("search/path", ids: ["a", "1"]),
            .select("search/path/a/status/reply", fresh: false),
            .deselect("search/path/a/status/reply"), .show("search/path/1/account", fresh: true),
            .selectValue("home/path/1/status", "x"), .deselect("home/path/9/status"),
        ],
    ]
    return walks.map { walk in Array(walk.map(\.line).joined(separator: [10])) }
}

FuzzDriver.main(
    "fuzz-paths", seeds: seeds,
    dictionary: Tokens.example + DestinationTwin.tokens + ["/", "//", "\t", "\n", ","],
    check: check)
