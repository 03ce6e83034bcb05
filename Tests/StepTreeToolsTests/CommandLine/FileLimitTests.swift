import Foundation
import TestSupport
import Testing

/// Every file the command line reads is bounded: one larger than its limit is refused from its
/// attributes before it is read, and reading stops one byte past the limit, so that a special
/// file cannot get past it; a recording is streamed, with a bound on each line.
@Suite struct FileLimitTests {
    /// A sparse file of `size` bytes, all zero, which takes no room on disk.
    static func sparseFile(size: UInt64, name: String) throws -> String {
        let path = try CommandRun.temporaryFile("", name: name)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: size)
        try handle.close()
        return path
    }

    @Test func aSchemaLargerThanTheLimitIsRefusedBeforeItIsRead() throws {
        let schema = try Self.sparseFile(size: 64 << 20, name: "schema.json")
        let run = try CommandRun.run("steptree", ["show", "--schema", schema])
        #expect(run.status == 1)
        #expect(run.output == "")
        #expect(
            run.errors
                == "error: \(schema): the file is larger than 4194304 bytes (67108864 bytes), "
                + "the most this command reads\n")
    }

    @Test func aDeviceIsRefusedBeforeItIsOpened() throws {
        let run = try CommandRun.run("steptree", ["show", "--schema", "/dev/zero"])
        #expect(run.status == 1)
        #expect(
            run.errors
                == "error: /dev/zero: cannot be read (it is a device, not a regular file)\n")
    }

    /// A named pipe with no writer blocks whoever opens it for reading: the command must refuse
    /// it from its attributes instead of waiting for a writer that never comes.
    @Test(arguments: [
        ["show", "--schema", "FILE"], ["check", "FILE"],
        ["replay", "FILE", "--schema", "SCHEMA"],
    ])
    func aNamedPipeWithNoWriterIsRefusedAtOnce(command: [String]) throws {
        let folder = URL(fileURLWithPath: try CommandRun.temporaryFile("", name: "fifo-folder"))
            .deletingLastPathComponent()
        let fifo = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let schema = try CommandRun.temporaryFile(ShowCommandTests.schema)
        let arguments = command.map { ["FILE": fifo, "SCHEMA": schema][$0] ?? $0 }
        let run = try CommandRun.run("steptree", arguments, timeout: .seconds(20))
        #expect(run.status == 1)
        #expect(
            run.errors
                == "error: \(fifo): cannot be read (it is a named pipe, not a regular file)\n")
    }

    @Test func aRoutesFileLargerThanTheLimitIsRefused() throws {
        let schema = try CommandRun.temporaryFile(ShowCommandTests.schema)
        let routes = try Self.sparseFile(size: 5 << 20, name: "routes.json")
        let run = try CommandRun.run(
            "steptree", ["open", "--schema", schema, "--routes", routes, "app://x/feed"])
        #expect(run.status == 1)
        #expect(
            run.errors
                == "error: \(routes): the file is larger than 4194304 bytes (5242880 bytes), "
                + "the most this command reads\n")
    }

    @Test func aCaseFileLargerThanTheLimitIsRefused() throws {
        let cases = try Self.sparseFile(size: 17 << 20, name: "cases.json")
        let run = try CommandRun.run("steptree", ["check", cases])
        #expect(run.status == 1)
        #expect(run.output == "0 passed, 0 failed\n")
        #expect(
            run.errors
                == "error: \(cases): the file is larger than 16777216 bytes (17825792 bytes), "
                + "the most this command reads\n")
    }

    @Test func aSessionForTheMapLargerThanTheLimitIsRefused() throws {
        let schema = try CommandRun.temporaryFile(ShowCommandTests.schema)
        let log = try Self.sparseFile(size: 17 << 20, name: "session.jsonl")
        let run = try CommandRun.run(
            "steptree", ["graph", "--schema", schema, "--format", "html", "--session", log])
        #expect(run.status == 1)
        #expect(
            run.errors
                == "error: \(log): the file is larger than 16777216 bytes (17825792 bytes), "
                + "the most this command reads\n")
    }

    @Test func aRecordingIsStreamedAndALineLongerThanTheLimitStopsIt() throws {
        let schema = try CommandRun.temporaryFile(ShowCommandTests.schema)
        let recording = try ReplayCommandTests.recording()
        let log = try CommandRun.temporaryFile(recording, name: "session.jsonl")
        // After the recording, a line of 16 MiB and one byte, with no line break.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        let end = try handle.seekToEnd()
        try handle.truncate(atOffset: end + (16 << 20) + 1)
        try handle.close()
        let run = try CommandRun.run("steptree", ["replay", log, "--schema", schema])
        #expect(run.status == 1)
        // The records before it were replayed and printed.
        #expect(run.output.hasPrefix("#0 start at 1.500 s\n"))
        #expect(run.output.contains("#2 userGesture at 2.000 s\n"))
        #expect(run.errors == "error: \(log): line 4 is longer than 16777216 bytes\n")
    }

    @Test func aRecordingWithWindowsLineBreaksReplays() throws {
        let schema = try CommandRun.temporaryFile(ShowCommandTests.schema)
        let recording = try ReplayCommandTests.recording()
        let log = try CommandRun.temporaryFile(
            recording.replacingOccurrences(of: "\n", with: "\r\n"), name: "session.jsonl")
        let unix = try CommandRun.temporaryFile(recording, name: "session.jsonl")
        let run = try CommandRun.run("steptree", ["replay", log, "--schema", schema])
        #expect(run.errors == "")
        #expect(run.status == 0)
        #expect(
            run.output
                == (try CommandRun.run("steptree", ["replay", unix, "--schema", schema])).output)
    }
}
