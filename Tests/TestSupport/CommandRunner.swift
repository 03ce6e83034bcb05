import Foundation
import Testing

/// Runs an executable built next to the tests and collects what it wrote.
package struct CommandRun {
    package let status: Int32
    package let output: String
    package let errors: String

    /// Runs `name` (an executable of the package) with `arguments`; one still running after
    /// `timeout` is ended, and the test fails.
    package static func run(
        _ name: String, _ arguments: [String], timeout: Duration = .seconds(300)
    ) throws -> CommandRun {
        let executable = try #require(
            builtExecutable(name),
            "\(name) is not built next to the tests")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        // Errors go to a file, so that two full pipes cannot block the process.
        let errorFile = try temporaryFile("", name: "stderr.txt")
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorFile))
        try process.run()
        let deadline = DispatchTime.now() + .seconds(Int(timeout.components.seconds))
        // SIGKILL: the child inherits the test thread's blocked signals, SIGTERM among them.
        let watchdog = DispatchWorkItem { [process] in
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        DispatchQueue.global().asyncAfter(deadline: deadline, execute: watchdog)
        defer { watchdog.cancel() }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(
            process.terminationReason == .exit,
            "\(name) \(arguments) was still running after \(timeout) and was ended")
        let errorData = try Data(contentsOf: URL(fileURLWithPath: errorFile))
        return CommandRun(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData, as: UTF8.self))
    }

    /// The executable `name` in the build folder that holds the test bundle.
    package static func builtExecutable(_ name: String) -> URL? {
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// Writes `text` to a new temporary file and returns its path.
    package static func temporaryFile(_ text: String, name: String = "schema.json") throws
        -> String
    {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("steptree-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }
}
