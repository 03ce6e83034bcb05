import StepTree
import StepTreeTools

/// `steptree show --schema S.json [--select PATH | --show PATH]...`: applies the deep links in
/// order to the schema's initial state, then prints the state's diagram and its screen.
func show(_ arguments: [String]) -> Int32 {
    runCommand(usage: showUsage) { () throws(CommandError) -> Int32 in
        let options = try CommandOptions(arguments, names: ["--schema", "--select", "--show"])
        guard options.operands.isEmpty else {
            throw .usage("unexpected argument \(options.operands[0])")
        }
        let state = try applyDeepLinks(
            options.pairs, to: DynamicSteps(schema: try loadSchema(options.value("--schema"))))
        printLines(state.diagram)
        print("")
        printLines(HeadlessScreen(state))
        return 0
    }
}

let showUsage = """
    usage: steptree show --schema FILE.json [--select PATH | --show PATH]...
      Prints the tree's diagram and its screen after the deep links, applied in order.
    """

/// Applies each `--select` and `--show` option of `pairs` to `state`, in order.
/// - Throws: ``CommandError/failed(_:)`` naming the option whose path is refused.
func applyDeepLinks(
    _ pairs: [(name: String, value: String)], to state: DynamicSteps
) throws(CommandError) -> DynamicSteps {
    var state = state
    for (name, path) in pairs where name == "--select" || name == "--show" {
        do {
            let parsed = try StepPath(parsing: path)
            if name == "--select" {
                try state.select(path: parsed)
            } else {
                try state.show(path: parsed)
            }
        } catch {
            throw .failed("\(name) \(path): \(error)")
        }
    }
    return state
}
