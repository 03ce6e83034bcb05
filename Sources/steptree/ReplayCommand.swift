import Foundation
import StepTree
import StepTreeTools

/// `steptree replay LOG --schema S.json`: replays a recorded session and prints each screen,
/// stopping with an error at the first line where the recording and the tree disagree.
func replay(_ arguments: [String]) -> Int32 {
    runCommand(usage: replayUsage) { () throws(CommandError) -> Int32 in
        let options = try CommandOptions(arguments, names: ["--schema"])
        guard options.operands.count == 1, let file = options.operands.first else {
            throw .usage("give one recording")
        }
        let schema = try loadSchema(options.value("--schema"))
        // The recording is streamed: each step is printed as it replays, so that a recording of
        // any length takes the memory of one record; the first line that disagrees stops it.
        var player = SessionReplay.Player(schema: schema)
        var printed = 0
        try forEachLine(of: file, limit: FileLimit.recordLine) { line throws(CommandError) in
            do throws(SessionReplayError) {
                guard let step = try player.play(line) else { return }
                printSteps([step], after: printed)
                printed += 1
            } catch {
                throw .failed("\(file): \(error)")
            }
        }
        do throws(SessionReplayError) {
            try player.finish()
        } catch {
            throw .failed("\(file): \(error)")
        }
        return 0
    }
}

let replayUsage = """
    usage: steptree replay LOG.jsonl --schema FILE.json
      Replays a session recorded by SessionRecorder; prints each transaction and its screen.
    """

/// Prints each replayed transaction: its number, cause and time, its events, then its screen,
/// the text from the recording shown (``shown(_:)``); `printed` steps were printed before these.
func printSteps(_ steps: [SessionReplay.Step<DynamicSteps>], after printed: Int = 0) {
    for (index, step) in steps.enumerated() {
        let record = step.record
        if printed + index > 0 { print("") }
        print(
            "#\(record.sequence) \(shown(record.cause)) at \(String(format: "%.3f", record.time)) s"
        )
        for event in record.events { print("  " + shown(event)) }
        for line in step.screen.description.split(separator: "\n") { print("  | " + shown(line)) }
    }
}
