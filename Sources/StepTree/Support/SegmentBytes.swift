/// The UTF-8 bytes of one path segment, or of a whole path text, as the engine compares them with
/// keys and ids: read in place, with no copy.
///
/// The one way StepTree reads a text's bytes (it wraps an `UnsafeBufferPointer`). Every access is
/// bounds-checked, and a slice is another `SegmentBytes`; the contract every caller keeps is the
/// one of ``StringProtocol/withUTF8Bytes(_:)``, which alone makes them: the bytes are valid only
/// inside the closure they are given to, so neither they nor a slice of them is stored or
/// returned from it.
@usableFromInline
package struct SegmentBytes: RandomAccessCollection {
    @usableFromInline let buffer: UnsafeBufferPointer<UInt8>

    @_alwaysEmitIntoClient @inline(__always)
    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    @_alwaysEmitIntoClient package var startIndex: Int { 0 }
    @_alwaysEmitIntoClient package var endIndex: Int { buffer.count }
    @_alwaysEmitIntoClient package var count: Int { buffer.count }

    /// Byte `index`; one outside the bytes stops the program.
    @_alwaysEmitIntoClient
    package subscript(index: Int) -> UInt8 {
        @inline(__always) get {
            precondition(
                UInt(bitPattern: index) < UInt(bitPattern: buffer.count), "byte out of range")
            return buffer[index]
        }
    }

    /// The bytes in `bounds`; bounds outside the bytes stop the program.
    @_alwaysEmitIntoClient
    package subscript(bounds: Range<Int>) -> SegmentBytes {
        @inline(__always) get {
            precondition(
                bounds.lowerBound >= 0 && bounds.upperBound <= buffer.count, "bytes out of range")
            return SegmentBytes(UnsafeBufferPointer(rebasing: buffer[bounds]))
        }
    }

    @_alwaysEmitIntoClient @inline(__always)
    package func makeIterator() -> UnsafeBufferPointer<UInt8>.Iterator { buffer.makeIterator() }

    @_alwaysEmitIntoClient @inline(__always)
    package func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        try body(buffer)
    }

    /// Hands each part of the bytes between `separator`s to `body`, in order, while it returns
    /// `true`: the index of the part it refused, or `nil` when it took them all.
    ///
    /// Each byte is read once, with no check per byte: the loop stays within the bytes.
    @_alwaysEmitIntoClient @inline(__always)
    func forEachPart(separatedBy separator: UInt8, _ body: (SegmentBytes) -> Bool) -> Int? {
        guard let base = buffer.baseAddress else { return body(self) ? nil : 0 }
        let count = buffer.count
        var index = 0
        var start = 0
        for end in 0..<count where base[end] == separator {
            if !body(SegmentBytes(UnsafeBufferPointer(start: base + start, count: end - start))) {
                return index
            }
            index += 1
            start = end + 1
        }
        let last = SegmentBytes(UnsafeBufferPointer(start: base + start, count: count - start))
        return body(last) ? nil : index
    }

    /// Whether `other` holds the same bytes.
    ///
    /// Keys are short: a plain loop beats a call to a general comparison.
    @_alwaysEmitIntoClient @inline(__always)
    func hasSameBytes(as other: SegmentBytes) -> Bool {
        guard buffer.count == other.buffer.count else { return false }
        for index in buffer.indices where buffer[index] != other.buffer[index] { return false }
        return true
    }

    /// Feeds the bytes to `hasher`, as `Hasher.combine(bytes:)` does.
    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes: UnsafeRawBufferPointer(buffer))
    }
}

extension StringProtocol {
    /// Runs `body` on the text's UTF-8 bytes, which a native string stores contiguously; any
    /// other (a bridged string) is copied first.
    ///
    /// The bytes are valid only inside `body` (see ``SegmentBytes``).
    @_alwaysEmitIntoClient @inline(__always)
    package func withUTF8Bytes<Result>(_ body: (SegmentBytes) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable({ body(SegmentBytes($0)) }) {
            return result
        }
        var copy = String(self)
        return copy.withUTF8 { body(SegmentBytes($0)) }
    }
}
