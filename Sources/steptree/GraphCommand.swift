import Foundation
import StepTree
import StepTreeTools

/// `steptree graph --schema S.json --format mermaid|dot|html [--select PATH | --show PATH]...
/// [--session LOG] [--output FILE]`: prints (or writes) the navigation map of the state the deep
/// links reach; the HTML page of a recorded session steps through it instead.
func graph(_ arguments: [String]) -> Int32 {
    runCommand(usage: graphUsage) { () throws(CommandError) -> Int32 in
        let options = try CommandOptions(
            arguments,
            names: ["--schema", "--format", "--select", "--show", "--session", "--output"])
        guard options.operands.isEmpty else {
            throw .usage("unexpected argument \(options.operands[0])")
        }
        let format = options.value("--format") ?? "mermaid"
        let schema = try loadSchema(options.value("--schema"))
        let state = try applyDeepLinks(options.pairs, to: DynamicSteps(schema: schema))
        let text: String
        switch format {
        case "mermaid": text = state.diagram.mermaid
        case "dot": text = state.diagram.dot
        case "html":
            if let file = options.value("--session") {
                let log = try readText(file, limit: FileLimit.session)
                do throws(SessionReplayError) {
                    let session = try SessionReplay.replay(log, schema: schema)
                    text = NavigationMapPage(session: session).html
                } catch {
                    throw .failed("\(file): \(error)")
                }
            } else {
                text = NavigationMapPage(state).html
            }
        default: throw .usage("unknown format '\(format)'")
        }
        if options.value("--session") != nil && format != "html" {
            throw .usage("--session is for --format html")
        }
        guard let output = options.value("--output") else {
            printLines(text)
            return 0
        }
        do {
            try Data((text + "\n").utf8).write(to: URL(fileURLWithPath: output))
        } catch {
            throw .failed("\(output): cannot be written (\(error.localizedDescription))")
        }
        return 0
    }
}

let graphUsage = """
    usage: steptree graph --schema FILE.json [--format mermaid|dot|html] [--select PATH | --show PATH]...
                          [--session LOG.jsonl] [--output FILE]
      Prints the navigation map of the state the deep links reach (default format: mermaid);
      an HTML page of a recorded session steps through its transactions.
    """
