import Foundation
import StepTree

/// `steptree graph --schema S.json --format mermaid|dot [--select PATH | --show PATH]...`:
/// prints the navigation map of the state the deep links reach.
func graph(_ arguments: [String]) -> Int32 {
    runCommand(usage: graphUsage) { () throws(CommandError) -> Int32 in
        let options = try CommandOptions(
            arguments, names: ["--schema", "--format", "--select", "--show"])
        guard options.operands.isEmpty else {
            throw .usage("unexpected argument \(options.operands[0])")
        }
        let format = options.value("--format") ?? "mermaid"
        let schema = try loadSchema(options.value("--schema"))
        let state = try applyDeepLinks(options.pairs, to: DynamicSteps(schema: schema))
        switch format {
        case "mermaid": print(state.diagram.mermaid)
        case "dot": print(state.diagram.dot)
        default: throw .usage("unknown format '\(format)'")
        }
        return 0
    }
}

let graphUsage = """
    usage: steptree graph --schema FILE.json [--format mermaid|dot] [--select PATH | --show PATH]...
      Prints the navigation map of the state the deep links reach (default format: mermaid).
    """
