import Foundation
import StepTree
import StepTreeTools

/// `steptree check FILE.json...`: runs conformance case files through the library.
func check(_ files: [String]) -> Int32 {
    guard !files.isEmpty else {
        printError(checkUsage)
        return 2
    }
    var report = ConformanceRunner.Report()
    var unreadable = 0
    for file in files {
        do {
            let data = try readFile(file, limit: FileLimit.cases)
            let cases = try ConformanceCase.load(json: data)
            let result = ConformanceRunner.run(cases)
            report.merge(result)
        } catch let error as ConformanceFileError {
            printError("error: \(shown(file)): \(shown(error))")
            unreadable += 1
        } catch let error as CommandError {
            if case .failed(let problem) = error { printError("error: \(problem)") }
            unreadable += 1
        } catch {
            printError("error: \(shown("\(file): cannot be read (\(error.localizedDescription))"))")
            unreadable += 1
        }
    }
    for failure in report.failures { print(shown(failure)) }
    print("\(report.passed) passed, \(report.failed) failed")
    return report.failed == 0 && unreadable == 0 ? 0 : 1
}

func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

let checkUsage = """
    usage: steptree check FILE.json [FILE.json ...]
      Runs conformance case files; prints failing steps and "N passed, N failed".
    """

/// The version `steptree --version` prints.
let toolVersion = "1.0.0"

/// The commands, each with what runs it and its usage, in the order `steptree help` lists them.
let commands: [(name: String, run: ([String]) -> Int32, usage: String)] = [
    ("check", check, checkUsage), ("open", open, openUsage), ("show", show, showUsage),
    ("graph", graph, graphUsage), ("replay", replay, replayUsage), ("lint", lint, lintUsage),
]

let fullUsage =
    ([
        """
        usage: steptree <command> [options]
               steptree help [<command>] | steptree <command> --help | steptree --version
        """
    ] + commands.map(\.usage)).joined(separator: "\n\n")

/// Whether `argument` asks for help.
func isHelp(_ argument: String) -> Bool { argument == "--help" || argument == "-h" }

let arguments = Array(CommandLine.arguments.dropFirst())
let rest = Array(arguments.dropFirst())
switch arguments.first {
case "--version":
    guard rest.isEmpty else {
        printError("error: --version takes no arguments\n\(fullUsage)")
        exit(2)
    }
    print("steptree \(toolVersion)")
    exit(0)
case "help", "--help", "-h":
    guard let name = rest.first else {
        print(fullUsage)
        exit(0)
    }
    guard rest.count == 1, let command = commands.first(where: { $0.name == name }) else {
        printError("error: no command '\(shown(rest.joined(separator: " ")))'\n\(fullUsage)")
        exit(2)
    }
    print(command.usage)
    exit(0)
case let name?:
    guard let command = commands.first(where: { $0.name == name }) else {
        printError("error: no command '\(shown(name))'\n\(fullUsage)")
        exit(2)
    }
    if rest.contains(where: isHelp) {
        print(command.usage)
        exit(0)
    }
    exit(command.run(rest))
case nil:
    printError(fullUsage)
    exit(2)
}
