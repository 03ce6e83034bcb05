import Foundation
import StepTree

/// `steptree replay LOG --schema S.json`: replays a recorded session and prints each screen,
/// stopping with an error at the first line where the recording and the tree disagree.
func replay(_ arguments: [String]) -> Int32 {
    runCommand(usage: replayUsage) { () throws(CommandError) -> Int32 in
        let options = try CommandOptions(arguments, names: ["--schema"])
        guard options.operands.count == 1, let file = options.operands.first else {
            throw .usage("give one recording")
        }
        let schema = try loadSchema(options.value("--schema"))
        let log = try readText(file)
        do throws(SessionReplayError) {
            printSteps(try SessionReplay.replay(log, schema: schema))
            return 0
        } catch {
            // Print what replays before the line that disagrees, then the reason.
            let before = log.split(separator: "\n", omittingEmptySubsequences: false)
                .prefix(error.line - 1).joined(separator: "\n")
            if let steps = try? SessionReplay.replay(before, schema: schema) { printSteps(steps) }
            throw .failed("\(file): \(error)")
        }
    }
}

let replayUsage = """
    usage: steptree replay LOG.jsonl --schema FILE.json
      Replays a session recorded by SessionRecorder; prints each transaction and its screen.
    """

/// Prints each replayed transaction: its number, cause and time, its events, then its screen,
/// the text from the recording shown (``shown(_:)``).
func printSteps(_ steps: [SessionReplay.Step<DynamicSteps>]) {
    for (index, step) in steps.enumerated() {
        let record = step.record
        if index > 0 { print("") }
        print(
            "#\(record.sequence) \(shown(record.cause)) at \(String(format: "%.3f", record.time)) s"
        )
        for event in record.events { print("  " + shown(event)) }
        for line in step.screen.description.split(separator: "\n") { print("  | " + shown(line)) }
    }
}

/// The text of the file at `path`.
/// - Throws: ``CommandError/failed(_:)`` naming the file.
func readText(_ path: String) throws(CommandError) -> String {
    String(decoding: try readFile(path), as: UTF8.self)
}
