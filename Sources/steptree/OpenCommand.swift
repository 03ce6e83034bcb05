import Foundation
import StepTree
import StepTreeDeepLinks

/// `steptree open --schema S.json --routes R.json URL...`: routes each URL from the schema's
/// initial state and prints the screen it lands on, the events and the payloads the link gave
/// the screens it shows, or the error.
/// - Returns: 0 when every URL routes, 1 when one does not or a file is refused, 2 for bad
///   arguments.
func open(_ arguments: [String]) -> Int32 {
    runCommand(usage: openUsage) { () throws(CommandError) -> Int32 in
        let options = try CommandOptions(arguments, names: ["--schema", "--routes"])
        guard !options.operands.isEmpty else { throw .usage("give at least one URL") }
        let schema = try loadSchema(options.value("--schema"))
        let router: DeepLinkRouter<DynamicSteps>
        let (file, table) = try loadRoutes(options.value("--routes"))
        do throws(DeepLinkError) {
            router = try table.router(for: DynamicSteps.self)
        } catch {
            throw .failed("\(file): \(error)")
        }
        var failed = false
        let initial = DynamicSteps(schema: schema)
        for link in options.operands {
            var state = initial
            do {
                try router.route(link, in: &state)
                print(shown("\(link) -> \(state.visibleScreen)"))
                for event in NavigationDiff.events(from: initial, to: state) {
                    print("  " + shown(event))
                }
                for (path, payload) in payloads(of: state, from: initial) {
                    print("  " + shown("payload \(path): \(payload)"))
                }
            } catch {
                print(shown("\(link) -> error: \(error)"))
                failed = true
            }
        }
        return failed ? 1 : 0
    }
}

/// The payloads of the steps on the way to the visible screen of `state` that differ from
/// those in `initial`, top-down.
func payloads(of state: DynamicSteps, from initial: DynamicSteps) -> [(StepPath, String)] {
    let visible = state.visibleScreen.segments
    return (1...max(visible.count, 1)).compactMap { count in
        let path = StepPath(Array(visible.prefix(count)))
        guard let payload = state.node(at: path)?.payload,
            initial.node(at: path)?.payload != payload
        else { return nil }
        return (path, payload)
    }
}

let openUsage = """
    usage: steptree open --schema FILE.json --routes ROUTES.json URL [URL ...]
      Routes each URL from the schema's initial state; prints the screen, the events and the
      payloads the link gave.
    """

/// Reads the routes file at `path` (see ``DeepLinkRouteTable``).
/// - Returns: The file's path and its table.
/// - Throws: ``CommandError/failed(_:)`` naming the file and the problem.
func loadRoutes(_ path: String?) throws(CommandError) -> (path: String, table: DeepLinkRouteTable) {
    guard let path else { throw .usage("--routes FILE.json is required") }
    let data = try readFile(path, limit: FileLimit.routes)
    do throws(DeepLinkError) {
        return (path, try DeepLinkRouteTable(json: data))
    } catch {
        throw .failed("\(path): \(error)")
    }
}
