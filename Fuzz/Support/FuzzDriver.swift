import Foundation

#if STEPTREE_FUZZING
    /// libFuzzer's entry point for a program that has a `main` of its own (SwiftPM renames an
    /// executable's `main` to `<module>_main`, which then becomes the program's `main`).
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32
#endif

/// The check the running fuzz target applies to each input. Set once, before any input runs, on
/// the only thread that runs inputs.
nonisolated(unsafe) private var currentCheck: ([UInt8]) -> Void = { _ in }

/// The entry point of every fuzz target.
public enum FuzzDriver {
    /// Runs the fuzz target and exits.
    ///
    /// - `--make-seeds DIR [FIXTURE.json ...]` writes the seed corpus, built from the example
    ///   and the given conformance case files, into `DIR`.
    /// - `--make-dictionary FILE` writes the tokens of the input format as a libFuzzer
    ///   dictionary (for `-dict=FILE`).
    /// - Built with `-sanitize=fuzzer` and `-DSTEPTREE_FUZZING`, any other arguments go to
    ///   libFuzzer (`fuzz-paths CORPUS -max_total_time=60`, or `fuzz-paths crash-…` to rerun one
    ///   input).
    /// - In a plain build, the arguments are input files or directories of them, each checked
    ///   once; with none, the seeds are checked (from the conformance fixtures when run from the
    ///   package's directory).
    ///
    /// - Parameters:
    ///   - name: The target's name, for messages.
    ///   - seeds: The seed inputs, from the conformance case files given.
    ///   - dictionary: Tokens of the input format, which libFuzzer inserts while mutating.
    ///   - check: Checks one input; a broken invariant stops the program (see ``require(_:_:)``).
    public static func main(
        _ name: String, seeds: ([URL]) throws -> [[UInt8]], dictionary: [String] = [],
        check: @escaping ([UInt8]) -> Void
    ) -> Never {
        currentCheck = check
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--make-seeds" {
            exit(makeSeeds(name, arguments: Array(arguments.dropFirst()), seeds: seeds))
        }
        if arguments.first == "--make-dictionary" {
            exit(makeDictionary(name, arguments: Array(arguments.dropFirst()), tokens: dictionary))
        }
        #if STEPTREE_FUZZING
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(
                runFuzzerDriver(&argc, &argv) { data, size in
                    currentCheck(
                        data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
                    return 0
                })
        #else
            exit(replay(name, arguments: arguments, seeds: seeds))
        #endif
    }

    private static func makeSeeds(
        _ name: String, arguments: [String], seeds: ([URL]) throws -> [[UInt8]]
    ) -> Int32 {
        guard let directory = arguments.first else {
            printError("usage: \(name) --make-seeds DIR [FIXTURE.json ...]")
            return 2
        }
        do {
            let output = URL(fileURLWithPath: directory, isDirectory: true)
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            let inputs = try seeds(arguments.dropFirst().map { URL(fileURLWithPath: $0) })
            for (index, bytes) in inputs.enumerated() {
                let file = output.appendingPathComponent("seed-\(index)")
                try Data(bytes).write(to: file)
            }
            print("\(name): \(inputs.count) seeds in \(directory)")
            return 0
        } catch {
            printError("\(name): cannot write the seeds: \(error)")
            return 1
        }
    }

    private static func makeDictionary(_ name: String, arguments: [String], tokens: [String])
        -> Int32
    {
        guard let file = arguments.first else {
            printError("usage: \(name) --make-dictionary FILE")
            return 2
        }
        let lines = tokens.map { token in
            let escaped = token.utf8.map { byte -> String in
                switch byte {
                case UInt8(ascii: "\\"): return "\\\\"
                case UInt8(ascii: "\""): return "\\\""
                case 0x20..<0x7F: return String(UnicodeScalar(byte))
                default:
                    let hex = String(byte, radix: 16)
                    return "\\x" + (hex.count == 1 ? "0" + hex : hex)
                }
            }
            return "\"" + escaped.joined() + "\""
        }
        do {
            try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: file))
            print("\(name): \(tokens.count) dictionary tokens in \(file)")
            return 0
        } catch {
            printError("\(name): cannot write the dictionary: \(error)")
            return 1
        }
    }

    private static func replay(
        _ name: String, arguments: [String], seeds: ([URL]) throws -> [[UInt8]]
    ) -> Int32 {
        var count = 0
        if arguments.isEmpty {
            do {
                for bytes in try seeds(defaultFixtures()) {
                    currentCheck(bytes)
                    count += 1
                }
            } catch {
                printError("\(name): cannot make the seeds: \(error)")
                return 1
            }
        }
        for argument in arguments where !argument.hasPrefix("-") {
            for file in files(at: argument) {
                guard let data = FileManager.default.contents(atPath: file) else {
                    printError("\(name): cannot read \(file)")
                    return 1
                }
                currentCheck(Array(data))
                count += 1
            }
        }
        print("\(name): \(count) inputs checked (plain build: no fuzzing)")
        return 0
    }

    /// The conformance case files, when run from the package's directory.
    private static func defaultFixtures() -> [URL] {
        let directory = "Tests/Fixtures/conformance"
        return files(at: directory).filter { $0.hasSuffix(".json") }.map {
            URL(fileURLWithPath: $0)
        }
    }

    /// `path` itself, or the regular files directly inside it, sorted.
    private static func files(at path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().map { path + "/" + $0 }
    }
}

/// Stops the program, so that libFuzzer saves the input, when `condition` is false.
/// - Parameters:
///   - condition: The invariant.
///   - message: What broke, with the values involved.
public func require(
    _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
    line: UInt = #line
) {
    guard !condition else { return }
    fatalError("invariant broken: \(message())", file: file, line: line)
}

/// Writes a line to standard error.
public func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
