import Foundation
import StepTree

/// `steptree open --schema S.json --routes R.json URL...`: routes each URL from the schema's
/// initial state and prints the screen it lands on and the events, or the error.
/// - Returns: 0 when every URL routes, 1 when one does not or a file is refused, 2 for bad
///   arguments.
func open(_ arguments: [String]) -> Int32 {
    runCommand(usage: openUsage) { () throws(CommandError) -> Int32 in
        let options = try CommandOptions(arguments, names: ["--schema", "--routes"])
        guard !options.operands.isEmpty else { throw .usage("give at least one URL") }
        let schema = try loadSchema(options.value("--schema"))
        let router: DeepLinkRouter<DynamicSteps>
        let (file, table) = try loadRoutes(options.value("--routes"))
        do throws(DeepLinkRouteTableError) {
            router = try table.router()
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
            } catch {
                print(shown("\(link) -> error: \(error)"))
                failed = true
            }
        }
        return failed ? 1 : 0
    }
}

let openUsage = """
    usage: steptree open --schema FILE.json --routes ROUTES.json URL [URL ...]
      Routes each URL from the schema's initial state; prints the screen and the events.
    """

/// Reads the routes file at `path` (see ``DeepLinkRouteTable``).
/// - Returns: The file's path and its table.
/// - Throws: ``CommandError/failed(_:)`` naming the file and the problem.
func loadRoutes(_ path: String?) throws(CommandError) -> (path: String, table: DeepLinkRouteTable) {
    guard let path else { throw .usage("--routes FILE.json is required") }
    let data = try readFile(path, limit: FileLimit.routes)
    do throws(DeepLinkRouteTableError) {
        return (path, try DeepLinkRouteTable(json: data))
    } catch {
        throw .failed("\(path): \(error)")
    }
}
