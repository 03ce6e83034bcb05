import Foundation
import StepTree

/// `steptree lint --schema S.json [--max-modal-depth N]`: prints one line per finding of the
/// navigation-map linter; exits with 1 when there is an error.
func lint(_ arguments: [String]) -> Int32 {
    runCommand(usage: lintUsage) { () throws(CommandError) -> Int32 in
        let options = try CommandOptions(
            arguments, names: ["--schema", "--max-modal-depth", "--routes"])
        guard options.operands.isEmpty else {
            throw .usage("unexpected argument \(options.operands[0])")
        }
        // The routes checks (screens no route reaches, routes that resolve to nothing, patterns
        // that shadow each other) come with the routes file format.
        if options.value("--routes") != nil {
            throw .usage("--routes is not supported yet: the routes file format is not settled")
        }
        var linter = NavigationLinter()
        if let text = options.value("--max-modal-depth") {
            guard let depth = Int(text), depth >= 0 else {
                throw .usage("--max-modal-depth takes a number, not '\(text)'")
            }
            linter.maximumModalDepth = depth
        }
        let findings: [LintFinding]
        do throws(CommandError) {
            findings = linter.lint(try loadSchema(options.value("--schema")))
        } catch .failed(let problem) {
            // A schema the library refuses is a finding too, on its own line.
            findings = [LintFinding(.error, .schema, at: options.value("--schema") ?? "", problem)]
        }
        for finding in findings { print(finding) }
        let errors = findings.count { $0.severity == .error }
        print("\(errors) error(s), \(findings.count - errors) warning(s)")
        return errors == 0 ? 0 : 1
    }
}

let lintUsage = """
    usage: steptree lint --schema FILE.json [--max-modal-depth N]
      Checks a navigation map; prints one line per finding, exits with 1 on errors.
    """
