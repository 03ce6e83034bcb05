import Foundation
import StepTree

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The largest file each kind of input may be, in bytes.
///
/// Only regular files are read. A file is refused before it is read when its attributes say it
/// is larger, and reading stops one byte past the limit, so that a file that grows cannot get
/// past it either.
enum FileLimit {
    /// A schema: the size ``StepSchema/init(json:)`` accepts.
    static let schema = StepSchema.maximumSize
    /// A routes file.
    static let routes = 4 << 20
    /// A conformance case file.
    static let cases = 16 << 20
    /// A recording read whole, for the HTML page of `graph --session`, which holds every step.
    static let session = 16 << 20
    /// One line of a recording that `replay` streams: one record, its state included.
    static let recordLine = 16 << 20
}

/// An open regular file, read in chunks.
private struct InputFile: ~Copyable {
    let path: String
    let handle: FileHandle

    /// Opens the file at `path` and refuses it, before reading anything, when it is not a
    /// regular file that can be read or its attributes say it is larger than `limit` (when
    /// `limit` is given).
    ///
    /// A named pipe with no writer would block `open` itself, and a device could be endless or
    /// act when opened, so what is not a regular file is refused from its attributes before it
    /// is opened. It is opened without blocking and checked again through the open descriptor,
    /// so that a file swapped for a pipe in between cannot block the command either.
    init(_ path: String, limit: Int?) throws(CommandError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .failed("\(path): cannot be read (\(String(cString: strerror(errno))))")
        }
        if let problem = Self.problem(path, status: status, limit: limit) {
            throw .failed(problem)
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .failed("\(path): cannot be read (\(String(cString: strerror(errno))))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let problem: String? =
            if fstat(descriptor, &status) != 0 {
                "\(path): cannot be read (no file attributes)"
            } else {
                Self.problem(path, status: status, limit: limit)
            }
        if let problem {
            try? handle.close()
            throw .failed(problem)
        }
        self.path = path
        self.handle = handle
    }

    /// Why a file with these attributes is refused: it is not a regular file, or it is larger
    /// than `limit`; `nil` when it may be read.
    private static func problem(_ path: String, status: stat, limit: Int?) -> String? {
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            guard let limit, status.st_size > limit else { return nil }
            return tooLarge(path, limit: limit, size: Int64(status.st_size))
        case S_IFDIR: return "\(path): cannot be read (it is a directory)"
        case S_IFIFO: return "\(path): cannot be read (it is a named pipe, not a regular file)"
        case S_IFCHR, S_IFBLK: return "\(path): cannot be read (it is a device, not a regular file)"
        case S_IFSOCK: return "\(path): cannot be read (it is a socket, not a regular file)"
        default: return "\(path): cannot be read (it is not a regular file)"
        }
    }

    deinit { try? handle.close() }

    /// The next at most `count` bytes; empty at the end of the file.
    func read(upTo count: Int) throws(CommandError) -> Data {
        do {
            return try handle.read(upToCount: count) ?? Data()
        } catch {
            throw .failed("\(path): cannot be read (\(error.localizedDescription))")
        }
    }

    static func tooLarge(_ path: String, limit: Int, size: Int64?) -> String {
        let size = size.map { " (\($0) bytes)" } ?? ""
        return "\(path): the file is larger than \(limit) bytes\(size), the most this command reads"
    }
}

/// The size of the chunks files are read in.
private let chunkSize = 1 << 20

/// The bytes of the file at `path`, which may be at most `limit` bytes long.
/// - Throws: ``CommandError/failed(_:)`` naming the file: it cannot be read, or it is larger
///   than `limit`, which is found from its attributes before it is read, or else after reading
///   `limit` + 1 bytes of it.
/// - Complexity: O(min(*n*, `limit`)) time and memory for a file of *n* bytes.
func readFile(_ path: String, limit: Int) throws(CommandError) -> Data {
    let file = try InputFile(path, limit: limit)
    var data = Data()
    while data.count <= limit {
        let chunk = try file.read(upTo: min(chunkSize, limit + 1 - data.count))
        if chunk.isEmpty { return data }
        data.append(chunk)
    }
    throw .failed(InputFile.tooLarge(path, limit: limit, size: nil))
}

/// The text of the file at `path` (invalid UTF-8 replaced), which may be at most `limit` bytes.
/// - Throws: ``CommandError/failed(_:)`` as ``readFile(_:limit:)``.
func readText(_ path: String, limit: Int) throws(CommandError) -> String {
    String(decoding: try readFile(path, limit: limit), as: UTF8.self)
}

/// Calls `body` with each line of the file at `path` (without its `\n`), reading it in chunks:
/// a file of any length is read in the memory of its longest line.
/// - Throws: ``CommandError/failed(_:)`` naming the file when it cannot be read or a line is
///   longer than `limit` bytes (found after reading `limit` + 1 bytes of it), and what `body`
///   throws.
/// - Complexity: O(*n*) time for a file of *n* bytes, and O(`limit`) memory.
func forEachLine(
    of path: String, limit: Int, _ body: (Data) throws(CommandError) -> Void
) throws(CommandError) {
    let file = try InputFile(path, limit: nil)
    let newline = UInt8(ascii: "\n")
    var pending = Data()
    var line = 1
    while true {
        let chunk = try file.read(upTo: chunkSize)
        if chunk.isEmpty { break }
        var start = chunk.startIndex
        while let end = chunk[start...].firstIndex(of: newline) {
            let piece = chunk[start..<end]
            guard pending.count + piece.count <= limit else {
                throw .failed("\(path): line \(line) is longer than \(limit) bytes")
            }
            if pending.isEmpty {
                try body(Data(piece))
            } else {
                pending.append(piece)
                try body(pending)
                pending = Data()
            }
            line += 1
            start = chunk.index(after: end)
        }
        pending.append(chunk[start...])
        guard pending.count <= limit else {
            throw .failed("\(path): line \(line) is longer than \(limit) bytes")
        }
    }
    // The last line, when the file does not end with a line break.
    if !pending.isEmpty { try body(pending) }
}
