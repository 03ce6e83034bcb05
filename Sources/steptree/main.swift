import Foundation
import StepTree

/// `steptree check FILE.json...`: runs conformance case files through the library.
func check(_ files: [String]) -> Int32 {
    guard !files.isEmpty else {
        printError("usage: steptree check FILE.json [FILE.json ...]")
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

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "check":
    exit(check(Array(arguments.dropFirst())))
case "open":
    exit(open(Array(arguments.dropFirst())))
case "show": exit(show(Array(arguments.dropFirst())))
case "graph": exit(graph(Array(arguments.dropFirst())))
case "replay": exit(replay(Array(arguments.dropFirst())))
case "lint": exit(lint(Array(arguments.dropFirst())))
default:
    printError(
        """
        usage: steptree check FILE.json [FILE.json ...]
          Runs conformance case files; prints failing steps and "N passed, N failed".
        """)
    printError(openUsage)
    printError(showUsage)
    printError(graphUsage)
    printError(replayUsage)
    printError(lintUsage)
    exit(2)
}
