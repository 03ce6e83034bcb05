// The storage boundary. StepTree's unsafe code lives in two folders, which `.ci/unsafe-boundary`
// checks: this one, for the engine's boxes and the memory of node values, and Support, for
// locks, atomics, thread-local words, unretained references, borrowed bytes and scratch memory.
// Everything else goes through the small APIs they declare, whose contracts are written where
// they are declared. This file holds the model's: how node memory is read and written (the
// `StepMemory` contract below), and, at its end, the `Sendable` promises of the model's classes.

/// The one place where StepTree reads or writes a node's memory by address or byte offset, and
/// takes a box for a class its invariants give.
///
/// (The fingerprints decide, from the layouts found here, where a node's selection bytes are and
/// whether they may be compared as bits.)
///
/// Everything else reaches a child through its table: an index, a key path, an overridden
/// method. What is here does without a key path or a node's value type, and each function says
/// what that saves.
///
/// The contract, which every caller keeps:
/// - An address (``ValueAddress``, ``MutableValueAddress``) is valid only inside the closure of
///   ``withAddress(of:_:)``, ``withAddress(ofStored:_:)``, ``withMutableAddress(of:_:)`` or
///   `StepNodeStorage.withStoredAddress(atOffset:_:)` that made it, and is never stored or
///   returned from there. The value it shows is held by the caller for the whole call: a
///   borrowed value, a box it keeps alive, or an `inout` access.
/// - A type named to read or write the value at an address (`as:`) is the value's own type: the
///   type whose table compiled the closure, or the type the caller took the address of.
/// - A `Step<Value>` is laid out as one strong reference to its box, a ``StepNodeStorage``,
///   whatever `Value` is. An offset given here is one that ``offset(of:)`` gave for a stored
///   `Step` property of the node's type (the table's `childOffsets`); a computed property has
///   none (-1) and is never read here.
/// - A box returned unretained is valid only as long as the node holds it (see
///   ``Unretained``), and never outlives the access to the node.
/// - A box's stored properties are found from its address, as Swift lays out a class: a
///   two-word header, then the renewal history, then the value at its alignment (tests check
///   it); read so, a property is read with no access to it, which threads may share.
/// - A copy of a value's bytes (``equal(_:_:as:)``) is made only of a type that can be moved bit
///   for bit, is only read while the caller holds the original, and is never destroyed: it owns
///   nothing.
/// - Reads never write, so they may run on a box that other threads read too; what writes (a
///   ``MutableValueAddress``) needs the node held for modification: a unique box or an `inout`
///   value.
/// - ``StepNodeStorage/uncheckedCast(to:)`` and ``StepTableShape/uncheckedCast(to:)`` are given
///   the class the object has: the box of a `Step<Value>` is a `StepStorage<Value>` (or, before
///   its first change, the shared `InitialNodeStorage` of a node type), an accessor closure is
///   given the box and the table of the node type that compiled it, and a stack's elements are
///   boxed as its table says. Debug builds check it.
@usableFromInline
enum StepMemory {
    /// The byte offset of the `Step` stored at `keyPath` in a `Node`; `nil` for a computed
    /// property.
    ///
    /// Always inlined, so that a literal key path folds to a constant.
    @_alwaysEmitIntoClient @inline(__always)
    static func offset<Node, Value>(of keyPath: WritableKeyPath<Node, Step<Value>>) -> Int? {
        MemoryLayout<Node>.offset(of: keyPath)
    }

    /// Runs `body` with the address of `value`, read only.
    @usableFromInline @_transparent
    static func withAddress<Value, Result>(
        of value: Value, _ body: (ValueAddress) -> Result
    ) -> Result {
        withUnsafePointer(to: value) { body(ValueAddress(UnsafeRawPointer($0))) }
    }

    /// Runs `body` with the address of `value` where it is stored, read only: a property of a
    /// box is read there, not copied out first.
    ///
    /// `value` is passed `inout`, which is a modify access for the whole call even though
    /// nothing is written: use it only on a box no other thread can reach (one being edited,
    /// uniquely referenced), never on a shared box that another thread may read at the same
    /// time, or the two accesses race.
    @usableFromInline @_transparent
    static func withAddress<Value, Result>(
        ofStored value: inout Value, _ body: (ValueAddress) -> Result
    ) -> Result {
        // The address is valid for the call it is passed to: no closure of its own.
        run(body, at: &value)
    }

    /// Runs `body` with the address of `value`, for an edit in place.
    @usableFromInline @_transparent
    static func withMutableAddress<Value, Result, Failure: Error>(
        of value: inout Value, _ body: (MutableValueAddress) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        // The address is valid for the call it is passed to: no closure of its own, which the
        // optimizer would not always see through.
        try run(body, at: &value)
    }

    /// Runs `body` with `pointer`, the address of an `inout` argument.
    @usableFromInline @_transparent
    static func run<Value, Result>(
        _ body: (ValueAddress) -> Result, at pointer: UnsafePointer<Value>
    ) -> Result {
        body(ValueAddress(UnsafeRawPointer(pointer)))
    }

    /// Runs `body` with `pointer`, the address of an `inout` argument.
    @usableFromInline @_transparent
    static func run<Value, Result, Failure: Error>(
        _ body: (MutableValueAddress) throws(Failure) -> Result,
        at pointer: UnsafeMutablePointer<Value>
    ) throws(Failure) -> Result {
        try body(MutableValueAddress(UnsafeMutableRawPointer(pointer)))
    }

    /// The box of the child stored at byte `offset` of `node`, read from a borrowed value.
    ///
    /// A box being read may be shared between threads, so a child is never reached through a
    /// modifying access; the child's value type is not needed.
    @_alwaysEmitIntoClient @inline(__always)
    static func childBox<Node>(of node: Node, at offset: Int) -> StepNodeStorage {
        childBoxUnretained(of: node, at: offset).object
    }

    /// `childBox(of:at:)`, unretained: `node` holds the box.
    @_alwaysEmitIntoClient @inline(__always)
    static func childBoxUnretained<Node>(
        of node: Node, at offset: Int
    ) -> Unretained<StepNodeStorage> {
        withUnsafePointer(to: node) { ValueAddress(UnsafeRawPointer($0)).box(at: offset) }
    }

    /// Whether the `Value`s at `left` and `right` are equal, compared with no reference
    /// counting when `Value` can be moved bit for bit (every value type but those holding
    /// Objective-C weak references).
    ///
    /// The values are compared in copies of their bytes on this thread's stack, which own
    /// nothing: the caller holds the originals, which nothing changes meanwhile, and the copies
    /// are never destroyed. Passed `inout`, which no other access may overlap, the copies need
    /// not be retained around the comparison, as values read through a pointer do whenever
    /// `==` may release anything (a node's `==` compares its children's boxes). The
    /// originals are only read, so threads may compare one shared box at once.
    @_alwaysEmitIntoClient @inline(__always)
    static func equal<Value: Equatable>(
        _ left: ValueAddress, _ right: ValueAddress, as type: Value.Type
    ) -> Bool {
        guard _isBitwiseTakable(Value.self) else {
            return left[as: Value.self] == right[as: Value.self]
        }
        return withUnsafeTemporaryAllocation(of: Value.self, capacity: 2) { pair in
            let size = MemoryLayout<Value>.size
            let copies = UnsafeMutableRawPointer(pair.baseAddress.unsafelyUnwrapped)
            copies.copyMemory(from: left.raw, byteCount: size)
            (copies + MemoryLayout<Value>.stride).copyMemory(from: right.raw, byteCount: size)
            return equalInPlace(&pair[0], &pair[1])
        }
    }

    /// `left == right`, on values held for the call (see ``equal(_:_:as:)``).
    @_alwaysEmitIntoClient @inline(never)
    static func equalInPlace<Value: Equatable>(_ left: inout Value, _ right: inout Value) -> Bool {
        left == right
    }

    /// A copy of the pure node at `node` (its stored properties are exactly its steps, at
    /// `stepOffsets`, and a selection of plain keys), made from its bytes: each step's box is
    /// retained, but the step at byte `offset` gets a copy of its box
    /// (``StepNodeStorage/copyNode()``).
    ///
    /// What copying the node and then making that step's box unique makes, with no retain and
    /// release of the box the copy replaces: a deep edit on a copy of a tree copies each box on
    /// its path this way. The node is only read.
    @_alwaysEmitIntoClient
    static func copy<Node>(
        ofPureNodeAt node: ValueAddress, as type: Node.Type, stepOffsets: [Int],
        copyingBoxAt offset: Int
    ) -> Node {
        withUnsafeTemporaryAllocation(of: Node.self, capacity: 1) { buffer in
            let copy = buffer.baseAddress.unsafelyUnwrapped
            let bytes = UnsafeMutableRawPointer(copy)
            bytes.copyMemory(from: node.raw, byteCount: MemoryLayout<Node>.size)
            for step in stepOffsets where step != offset {
                _ = bytes.load(fromByteOffset: step, as: Unmanaged<StepNodeStorage>.self).retain()
            }
            // The shared box's bits there were not retained: overwritten, not released.
            let unique = node.box(at: offset).with { $0.copyNode() }
            (bytes + offset).withMemoryRebound(to: StepNodeStorage.self, capacity: 1) {
                $0.initialize(to: unique)
            }
            // The bytes now hold a node of their own: moved out, they are one.
            return copy.move()
        }
    }

    /// The byte `key` is stored as, for a key type whose optional is one byte.
    static func byte<Key>(of key: Key?) -> UInt8 {
        precondition(MemoryLayout<Key?>.size == 1, "StepMemory: a key of more than one byte")
        return withUnsafeBytes(of: key) { $0[0] }
    }

    /// Where a pure node of type `Node` (its stored properties are exactly its steps, at
    /// `stepOffsets`, and its selection) stores its selection, if its keys are plain bits, so
    /// that equal bytes there mean equal selections; `nil` otherwise.
    ///
    /// The selection is the node's one stored property besides its steps, which are one word
    /// each, at word boundaries: it starts at the first word no step takes.
    static func selectionBytes<Node: StepsCollection>(
        of type: Node.Type, stepOffsets: [Int]
    ) -> (offset: Int, count: Int)? {
        let word = MemoryLayout<Step<EmptyStep>>.size
        let count = MemoryLayout<StepSelection<Node.Key>>.size
        guard _isPOD(Node.Key.self), MemoryLayout<StepSelection<Node.Key>>.alignment <= word,
            stepOffsets.allSatisfy({ $0 % word == 0 })
        else { return nil }
        let steps = Set(stepOffsets)
        var offset = 0
        while steps.contains(offset) { offset += word }
        guard offset + count <= MemoryLayout<Node>.size else { return nil }
        return (offset, count)
    }

    /// Where a selection of `Node`'s keys keeps each layer's key, if each (and none) is one byte
    /// of its own and the selection is those three bytes alone; `nil` otherwise.
    static func keyByteOffsets<Node: StepsCollection>(
        of type: Node.Type
    ) -> (content: Int, push: Int, modal: Int)? {
        typealias Selection = StepSelection<Node.Key>
        guard MemoryLayout<Node.Key?>.size == 1, MemoryLayout<Selection>.size == 3,
            let content = MemoryLayout<Selection>.offset(of: \Selection.content),
            let push = MemoryLayout<Selection>.offset(of: \Selection.push),
            let modal = MemoryLayout<Selection>.offset(of: \Selection.modal)
        else { return nil }
        return (content, push, modal)
    }
}

/// The address of a value the caller holds, read only (see ``StepMemory`` for the contract).
@usableFromInline
struct ValueAddress {
    @usableFromInline let raw: UnsafeRawPointer

    @_alwaysEmitIntoClient @inline(__always)
    init(_ raw: UnsafeRawPointer) {
        self.raw = raw
    }

    /// The value, which is a `Value`, read where it is: a property read through it copies only
    /// that property.
    @_alwaysEmitIntoClient
    subscript<Value>(as type: Value.Type) -> Value {
        unsafeAddress { raw.assumingMemoryBound(to: Value.self) }
    }

    /// A copy of the value, which is a `Value`.
    @_alwaysEmitIntoClient @inline(__always)
    func load<Value>(as type: Value.Type) -> Value { raw.load(as: Value.self) }

    /// The box of the step at byte `offset`, unretained: the value holds it.
    ///
    /// Saves a key path application and a retain and release per child read by the editor and
    /// the fingerprints.
    @_alwaysEmitIntoClient @inline(__always)
    func box(at offset: Int) -> Unretained<StepNodeStorage> {
        Unretained(raw.load(fromByteOffset: offset, as: Unmanaged<StepNodeStorage>.self))
    }

    /// The word at byte `offset`: a step's box address, compared as bits.
    @_alwaysEmitIntoClient @inline(__always)
    func word(at offset: Int) -> UInt { raw.load(fromByteOffset: offset, as: UInt.self) }

    /// The byte at `offset`: one of a selection of plain keys.
    @_alwaysEmitIntoClient @inline(__always)
    func byte(at offset: Int) -> UInt8 { raw.load(fromByteOffset: offset, as: UInt8.self) }
}

/// The address of a value the caller holds for modification (see ``StepMemory`` for the
/// contract).
@usableFromInline
struct MutableValueAddress {
    @usableFromInline let raw: UnsafeMutableRawPointer

    @_alwaysEmitIntoClient @inline(__always)
    init(_ raw: UnsafeMutableRawPointer) {
        self.raw = raw
    }

    /// The same address, read only.
    @_alwaysEmitIntoClient
    var readOnly: ValueAddress {
        @inline(__always) get { ValueAddress(UnsafeRawPointer(raw)) }
    }

    /// The value, which is a `Value`, read and changed where it is.
    @_alwaysEmitIntoClient
    subscript<Value>(as type: Value.Type) -> Value {
        unsafeAddress { UnsafePointer(raw.assumingMemoryBound(to: Value.self)) }
        nonmutating unsafeMutableAddress { raw.assumingMemoryBound(to: Value.self) }
    }

    /// The `Step<Value>` stored at byte `offset`, read and changed where it is.
    ///
    /// Saves the key path application of a write through `node[keyPath:]`: typed selection and
    /// resets reach the step with no call.
    @_alwaysEmitIntoClient
    subscript<Value>(stepAt offset: Int, as type: Value.Type) -> Step<Value> {
        unsafeAddress { UnsafePointer((raw + offset).assumingMemoryBound(to: Step<Value>.self)) }
        nonmutating unsafeMutableAddress {
            (raw + offset).assumingMemoryBound(to: Step<Value>.self)
        }
    }

    /// The box of the `Step` stored at byte `offset`, made unique first (a shared box is copied,
    /// as `Step.makeUnique()` copies it): an edit that knows where a child is stored, but not its
    /// value type, changes it in place.
    ///
    /// The memory is viewed as the reference to the box while the box is checked. Unretained:
    /// the step holds the box.
    @usableFromInline
    func uniqueBox(at offset: Int) -> Unretained<StepNodeStorage> {
        let step = raw + offset
        step.withMemoryRebound(to: StepNodeStorage.self, capacity: 1) { box in
            if !isKnownUniquelyReferenced(&box.pointee) { box.pointee = box.pointee.copyNode() }
        }
        return ValueAddress(UnsafeRawPointer(raw)).box(at: offset)
    }

    /// Moves the value, which is a `Value`, out: the memory is left uninitialized until
    /// ``initialize(to:)`` fills it again.
    @_alwaysEmitIntoClient @inline(__always)
    func move<Value>(as type: Value.Type) -> Value {
        raw.assumingMemoryBound(to: Value.self).move()
    }

    /// Fills the memory that ``move(as:)`` left uninitialized with `value`.
    @_alwaysEmitIntoClient @inline(__always)
    func initialize<Value>(to value: Value) {
        raw.assumingMemoryBound(to: Value.self).initialize(to: value)
    }
}

extension StepNodeStorage {
    /// Runs `body` with the address of byte `offset` of this box's memory, read only, where a
    /// stored property lies (see ``StepStorage/valueOffset``); the caller holds the box.
    ///
    /// Found from the box's own address: no access to a property is made. A read through
    /// `&box.property` would be a modify access, and two threads reading one shared box that
    /// way race (TSan reports it); copying the property out instead retains what it holds.
    @_alwaysEmitIntoClient @inline(__always)
    final func withStoredAddress<Result>(
        atOffset offset: Int, _ body: (ValueAddress) -> Result
    ) -> Result {
        withExtendedLifetime(self) {
            body(ValueAddress(UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()) + offset))
        }
    }

    /// The byte offset of a box's first stored property, the renewal history: the object's
    /// header, two words (the runtime's `HeapObject`: the class and the reference counts).
    @_alwaysEmitIntoClient
    static var historyOffset: Int {
        @inline(__always) get { 2 * MemoryLayout<UnsafeRawPointer>.size }
    }

    /// The renewal history, read where the box stores it and unretained (the box holds it),
    /// with no access to the property: a read that may run on a box other threads read too.
    @_alwaysEmitIntoClient
    final var unretainedRenewalHistory: Unretained<RenewalHistory>? {
        @inline(__always) get {
            withStoredAddress(atOffset: Self.historyOffset) {
                $0.load(as: Unmanaged<RenewalHistory>?.self).map(Unretained.init)
            }
        }
    }

    /// This box as a `Box`, the class the caller's invariants give it (see ``StepMemory``):
    /// unchecked in release builds, where the cast costs nothing.
    @_alwaysEmitIntoClient @inline(__always)
    final func uncheckedCast<Box: StepNodeStorage>(to type: Box.Type) -> Box {
        unsafeDowncast(self, to: Box.self)
    }
}

extension StepStorage {
    /// The byte offset of the value in a box of this class: the first one after the renewal
    /// history at the value's alignment, as Swift lays out a subclass's stored properties after
    /// its superclass's (tests check it against the property's own address).
    @_alwaysEmitIntoClient
    static var valueOffset: Int {
        @inline(__always) get {
            let end = historyOffset + MemoryLayout<RenewalHistory?>.size
            let alignment = MemoryLayout<Value>.alignment
            return (end + alignment - 1) & ~(alignment - 1)
        }
    }

    /// Runs `body` with the address of the value where this box stores it, read only, with no
    /// access to the property (see ``withStoredAddress(atOffset:_:)``): the value is read in
    /// place, even on a box that other threads read too.
    @_alwaysEmitIntoClient @inline(__always)
    final func withValueAddress<Result>(_ body: (ValueAddress) -> Result) -> Result {
        withStoredAddress(atOffset: Self.valueOffset, body)
    }
}

extension StepTableShape {
    /// This table as a `Table`, the class of the node type whose code asks (see
    /// ``StepMemory``): unchecked in release builds, where the cast costs nothing.
    @_alwaysEmitIntoClient @inline(__always)
    final func uncheckedCast<Table: StepTableShape>(to type: Table.Type) -> Table {
        unsafeDowncast(self, to: Table.self)
    }
}

// MARK: - The unchecked Sendable promises

// The `Sendable` promises the compiler cannot check, for the classes of the model: each is made
// here, once, with the reason it holds, and binds the class's subclasses too. (Support makes the
// promises of its own locks and atomics where it declares them.)
//
// A subclass must restate the conformance it inherits (Swift requires it: "must restate inherited
// '@unchecked Sendable' conformance"); such a restatement, at the subclass, adds no promise of
// its own, and `.ci/unsafe-boundary` accepts one outside the boundary folders only on a subclass
// of a class whose promise is made in them. Each promise says what the subclasses must keep.

/// A box is written only while no other reference to it exists (see ``StepNodeStorage``): by the
/// editor, through a box it has just made unique, or while the box is being built. So an
/// instance shared between values or threads is never mutated, and subclasses keep the same
/// rule for every property they add (or add only `Sendable` `let`s).
extension StepNodeStorage: @unchecked Sendable {}

/// Every property is immutable, and a key path names a stored property and captures nothing;
/// subclasses add only such `let`s.
extension StepAccessor: @unchecked Sendable {}

/// Every stored property is immutable; the subclass (a table's `Contents`) adds only `let`s,
/// among them key paths to stored properties, which capture no state.
extension StepTableShape: @unchecked Sendable {}

/// The mutable state of a record (`words`, `previous`, and a subclass's value) is read and
/// written only under the one lock every record shares, or while the record is known to one
/// reference alone (see ``RenewalHistory``).
extension RenewalHistory: @unchecked Sendable {}

/// It has no state; a subclass (one kind of destination case) adds only `let`s of `Sendable`
/// values.
extension DestinationForm: @unchecked Sendable {}
