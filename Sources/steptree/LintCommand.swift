import Foundation
import StepTree
import StepTreeDeepLinks
import StepTreeTools

/// `steptree lint --schema S.json [--routes R.json] [--max-modal-depth N]`: prints one line per
/// finding of the navigation-map linter, with the routing table's checks when one is given;
/// exits with 1 when there is an error.
func lint(_ arguments: [String]) -> Int32 {
    runCommand(usage: lintUsage) { () throws(CommandError) -> Int32 in
        let options = try CommandOptions(
            arguments, names: ["--schema", "--max-modal-depth", "--routes"])
        guard options.operands.isEmpty else {
            throw .usage("unexpected argument \(options.operands[0])")
        }
        var linter = NavigationLinter()
        if let text = options.value("--max-modal-depth") {
            guard let depth = Int(text), depth >= 0 else {
                throw .usage("--max-modal-depth takes a number, not '\(text)'")
            }
            linter.maximumModalDepth = depth
        }
        var findings: [LintFinding] = []
        // A schema or routes file the library refuses is a finding too, on its own line.
        var schema: StepSchema?
        do throws(CommandError) {
            schema = try loadSchema(options.value("--schema"))
        } catch .failed(let problem) {
            findings.append(
                LintFinding(.error, .schema, at: options.value("--schema") ?? "", problem))
        }
        var table: DeepLinkRouteTable?
        if let path = options.value("--routes") {
            do throws(CommandError) {
                table = try loadRoutes(path).table
            } catch .failed(let problem) {
                findings.append(LintFinding(.error, .routes, at: path, problem))
            }
        }
        if let schema {
            findings =
                (table.map { linter.lint(schema, routes: $0) } ?? linter.lint(schema))
                + findings
        }
        for finding in findings { print(shown(finding)) }
        let errors = findings.count { $0.severity == .error }
        print("\(errors) error(s), \(findings.count - errors) warning(s)")
        return errors == 0 ? 0 : 1
    }
}

let lintUsage = """
    usage: steptree lint --schema FILE.json [--routes ROUTES.json] [--max-modal-depth N]
      Checks a navigation map and its routing table; prints one line per finding, exits with 1
      on errors.
    """
