/// Room for a fixed number of plain values on the stack, for the length of one call: an edit's
/// resolved steps, with nothing allocated for a path within the depth limit.
///
/// The one way StepTree allocates temporary memory (it wraps `withUnsafeTemporaryAllocation`).
/// Values are appended, then read back by index; every access is checked against the values
/// appended. The contract every caller keeps: the buffer is valid only inside the closure that
/// ``with(capacity:_:)`` gives it to, so no copy of it is stored or returned from there. A copy
/// shares the memory, and knows the values appended before it was made.
///
/// The values are plain data (`_isPOD`): the memory is left as it is when the call returns.
@usableFromInline
struct ScratchBuffer<Element> {
    @usableFromInline let memory: UnsafeMutableBufferPointer<Element>
    /// The number of values appended.
    @usableFromInline private(set) var count = 0

    @_alwaysEmitIntoClient @inline(__always)
    init(_ memory: UnsafeMutableBufferPointer<Element>) {
        self.memory = memory
    }

    /// Runs `body` with room for `capacity` values.
    @usableFromInline @_transparent
    static func with<Result, Failure: Error>(
        capacity: Int, _ body: (ScratchBuffer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        precondition(_isPOD(Element.self), "ScratchBuffer holds plain values only")
        return try withUnsafeTemporaryAllocation(of: Element.self, capacity: capacity) {
            memory throws(Failure) in try body(ScratchBuffer(memory))
        }
    }

    /// The number of values it has room for.
    @_alwaysEmitIntoClient var capacity: Int { memory.count }

    /// Appends `element`; appending past ``capacity`` stops the program.
    @_alwaysEmitIntoClient @inline(__always)
    mutating func append(_ element: Element) {
        precondition(count < memory.count, "ScratchBuffer is full")
        memory.initializeElement(at: count, to: element)
        count += 1
    }

    /// Value `index`; one not appended stops the program.
    @_alwaysEmitIntoClient
    subscript(index: Int) -> Element {
        @inline(__always) get {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "no such value")
            return memory[index]
        }
    }
}
