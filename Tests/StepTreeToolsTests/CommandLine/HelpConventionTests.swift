import TestSupport
import Testing

/// `steptree help`, `--help`, `-h` and `--version` print to standard output and exit 0; bad
/// usage prints the usage to standard error and exits 2.
@Suite struct HelpConventionTests {
    static let commands = ["check", "open", "show", "graph", "replay", "lint"]

    static let lintUsage = """
        usage: steptree lint --schema FILE.json [--routes ROUTES.json] [--max-modal-depth N]
          Checks a navigation map and its routing table; prints one line per finding, exits with 1
          on errors.

        """

    @Test func helpListsEveryCommandOnStandardOutput() throws {
        let run = try CommandRun.run("steptree", ["help"])
        #expect(run.status == 0)
        #expect(run.errors == "")
        #expect(
            run.output.hasPrefix(
                """
                usage: steptree <command> [options]
                       steptree help [<command>] | steptree <command> --help | steptree --version

                usage: steptree check FILE.json [FILE.json ...]
                """))
        for command in Self.commands {
            #expect(run.output.contains("usage: steptree \(command) "), "\(command)")
        }
        let long = try CommandRun.run("steptree", ["--help"])
        #expect(long.status == 0)
        #expect(long.output == run.output)
    }

    @Test(arguments: [
        ["help", "lint"], ["lint", "--help"], ["lint", "-h"],
        ["lint", "--schema", "missing.json", "--help"],
    ])
    func aCommandsHelpIsItsUsage(arguments: [String]) throws {
        let run = try CommandRun.run("steptree", arguments)
        #expect(run.status == 0)
        #expect(run.errors == "")
        #expect(run.output == Self.lintUsage)
    }

    @Test(arguments: commands)
    func everyCommandHasHelp(command: String) throws {
        let help = try CommandRun.run("steptree", ["help", command])
        let flag = try CommandRun.run("steptree", [command, "-h"])
        #expect(help.status == 0 && flag.status == 0)
        #expect(help.output.hasPrefix("usage: steptree \(command) "))
        #expect(flag.output == help.output)
    }

    @Test func versionIsPrinted() throws {
        let run = try CommandRun.run("steptree", ["--version"])
        #expect(run.status == 0)
        #expect(run.errors == "")
        #expect(run.output == "steptree 1.0.0\n")
    }

    @Test(
        arguments: [
            ([], "usage: steptree <command> [options]\n"),
            (["nope"], "error: no command 'nope'\nusage: steptree <command> [options]\n"),
            (["help", "nope"], "error: no command 'nope'\nusage: steptree <command> [options]\n"),
            (["--version", "x"], "error: --version takes no arguments\nusage: steptree <command>"),
            (["check"], "usage: steptree check FILE.json [FILE.json ...]\n"),
            (["lint", "--bogus"], "error: unknown option --bogus\n" + lintUsage.prefix(30)),
        ] as [([String], String)])
    func badUsageGoesToStandardErrorWithStatus2(arguments: [String], start: String) throws {
        let run = try CommandRun.run("steptree", arguments)
        #expect(run.status == 2)
        #expect(run.output == "")
        #expect(run.errors.hasPrefix(start), "\(run.errors)")
    }
}
