import Foundation
import StepTree

/// A command's options, read in order: `--name value` pairs and bare operands.
struct CommandOptions {
    /// The `--name value` pairs in the order given.
    var pairs: [(name: String, value: String)] = []
    /// The arguments that are not options.
    var operands: [String] = []

    /// Reads `arguments`; every name in `names` takes a value.
    /// - Throws: ``CommandError`` for an unknown option or one without its value.
    init(_ arguments: [String], names: Set<String>) throws(CommandError) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--") else {
                operands.append(argument)
                continue
            }
            guard names.contains(argument) else { throw .usage("unknown option \(argument)") }
            guard let value = rest.popFirst() else { throw .usage("\(argument) needs a value") }
            pairs.append((argument, value))
        }
    }

    /// The value of the last `name` option.
    func value(_ name: String) -> String? { pairs.last { $0.name == name }?.value }
}

/// Why a command stopped: bad usage (exit status 2) or bad input (exit status 1).
enum CommandError: Error {
    case usage(String)
    case failed(String)
}

/// Reads the schema file at `path`.
/// - Throws: ``CommandError/failed(_:)`` naming the file and the problem.
func loadSchema(_ path: String?) throws(CommandError) -> StepSchema {
    guard let path else { throw .usage("--schema FILE.json is required") }
    let data = try readFile(path, limit: FileLimit.schema)
    do {
        return try StepSchema(json: data)
    } catch {
        throw .failed("\(path): \(error)")
    }
}

/// Runs `body`, prints what stopped it (shown: ``shown(_:)``), and returns the exit status: 0,
/// 1 for bad input, 2 for bad usage (followed by `usage`).
func runCommand(usage: String, _ body: () throws(CommandError) -> Int32) -> Int32 {
    do {
        return try body()
    } catch {
        switch error {
        case .usage(let problem):
            printError("error: \(shown(problem))\n\(usage)")
            return 2
        case .failed(let problem):
            printError("error: \(shown(problem))")
            return 1
        }
    }
}
