import Foundation

/// The box every `Step<Node>()` holds: the step of a node in its initial state, whose value,
/// `Node()`, is made on first read and shared by every such step, as leaves share
/// `sharedEmptyLeaf`.
///
/// It is what lets a node hold a step of its own type, `var friend = Step<ProfileSteps>()`: the
/// box is made without making a node (one per node type, with its table), so `ProfileSteps()`
/// ends. Its value is the node made the first time anything reads it, a plain box of the node
/// (`resolved`) whose own `friend` holds this box again: the value is as deep as it is read.
///
/// To the engine it is that box: every read is forwarded to it, and an edit copies it first
/// (`copyNode()`), as it copies any shared box. A ``Step`` reads its value through it
/// (`Step.storage`).
///
/// A node type whose initial value holds a step of its own type this way, directly or through
/// other nodes, is *recursive*: the steps of such a type in their initial state (this box, or
/// any box holding an equal value in the initial history) are treated as one atom wherever the
/// whole value would be walked, or it would never end: they are written as the number `0` in
/// JSON (see ``Step``), digested as that number, hashed as a constant, and drawn without their
/// children off the selected route.
///
/// A node type whose initial state mounts a step of its own type (selects it, in any layer, or
/// declares it a tab) would have no end on screen: that stops the program when the initial value
/// is first made, naming the type, as a bad table does. So does an `init()` that reads such a
/// step of its own type, whose value it is making.
///
/// (`@unchecked Sendable` restated from ``StepNodeStorage``, as Swift requires of a subclass:
/// its own state is `Sendable` lets, the resolved box and the flags published once, through
/// ``PublishedReference`` and ``SharedCounter``; the box is never edited, as it is shared.)
@usableFromInline
final class InitialNodeStorage: StepNodeStorage, @unchecked Sendable {
    /// Makes the box of a new node.
    private let make: @Sendable () -> StepNodeStorage
    /// The node type's name, for messages.
    private let nodeTypeName: String
    /// The box holding the initial value, once made.
    private let published = PublishedReference<StepNodeStorage>()
    /// Keeps the published box alive (``PublishedReference`` holds it unretained), and makes
    /// the first box made the one kept.
    private let kept = Locked<StepNodeStorage?>(nil)
    /// Whether the type is recursive: 0 until known, 1 no, 2 yes.
    private let recursion = SharedCounter()
    /// ``elementDepth`` plus 1, once known (0 until then).
    private let depth = SharedCounter()

    init(nodeTypeName: String, make: @escaping @Sendable () -> StepNodeStorage) {
        self.nodeTypeName = nodeTypeName
        self.make = make
    }

    /// The box holding the node's initial value, made on first use.
    @usableFromInline
    var resolved: StepNodeStorage {
        if let box = published.load() { return box.object }
        return makeResolved()
    }

    @inline(never)
    private func makeResolved() -> StepNodeStorage {
        precondition(
            !InitialNodeStorage.building.contains(ObjectIdentifier(self)),
            "\(nodeTypeName).init() reads a step declared `Step<\(nodeTypeName)>()`, whose "
                + "initial value it is making")
        let made = InitialNodeStorage.building.with(ObjectIdentifier(self)) { make() }
        let box = kept.withLock { kept -> (StepNodeStorage, Bool) in
            if let kept { return (kept, false) }
            kept = made
            published.store(made)
            return (made, true)
        }
        if box.1 { checkMounted() }
        return box.0
    }

    /// Stops the program if the initial state mounts a step of its own type: its screens would
    /// nest without end.
    ///
    /// Walks what the engine may walk from a screen: the selected child of each layer, every
    /// tab and every stack element, through the initial boxes it meets (made on the way).
    private func checkMounted() {
        var chain: [ObjectIdentifier] = [ObjectIdentifier(self)]
        var done = Set<ObjectIdentifier>()
        func walk(_ box: StepNodeStorage) {
            if let initial = box as? InitialNodeStorage {
                let id = ObjectIdentifier(initial)
                precondition(
                    !chain.contains(id),
                    "\(nodeTypeName): its initial state mounts a step of type "
                        + "\(initial.nodeTypeName) declared `Step<\(initial.nodeTypeName)>()`, "
                        + "whose initial state mounts it again: its screens would nest without end")
                guard done.insert(id).inserted else { return }
                chain.append(id)
                defer { chain.removeLast() }
                return walk(initial.resolved)
            }
            for index in 0..<box.elementCount { walk(box.element(index).storage) }
            for index in 0..<box.childCount
            where box.childKind(index) == .tab || box.selects(index) {
                walk(box.child(index).storage)
            }
        }
        walk(resolved)
    }

    /// Whether the node's initial value holds a step of its own type in its initial state,
    /// directly or through other nodes' (their initial values made on the way).
    /// - Complexity: O(*n*) for the *n* boxes of the initial values it walks, once per type.
    var isRecursive: Bool {
        switch recursion.loadAcquiring() {
        case 1: return false
        case 2: return true
        default:
            var seen = Set<ObjectIdentifier>()
            func reaches(_ box: StepNodeStorage) -> Bool {
                if let initial = box as? InitialNodeStorage {
                    if initial === self { return true }
                    guard seen.insert(ObjectIdentifier(initial)).inserted else { return false }
                    return reaches(initial.resolved)
                }
                for index in 0..<box.elementCount where reaches(box.element(index).storage) {
                    return true
                }
                for index in 0..<box.childCount where reaches(box.child(index).storage) {
                    return true
                }
                return false
            }
            let found = reaches(resolved)
            recursion.storeReleasing(found ? 2 : 1)
            return found
        }
    }

    /// The boxes whose ``elementDepth`` is being found on this thread.
    private static let measuring = ThreadSet()
    /// The boxes whose initial value is being made on this thread.
    private static let building = ThreadSet()

    // MARK: Forwarded reads

    override var childCount: Int { resolved.childCount }
    override var hasTabs: Bool { resolved.hasTabs }
    override func childKey(_ index: Int) -> String { resolved.childKey(index) }
    override func childKind(_ index: Int) -> StepKind { resolved.childKind(index) }
    override func childLayer(_ index: Int) -> StepLayer { resolved.childLayer(index) }
    override func childIndex(forSegment key: SegmentBytes) -> Int? {
        resolved.childIndex(forSegment: key)
    }
    override func childIsUserDismissible(_ index: Int) -> Bool {
        resolved.childIsUserDismissible(index)
    }
    override var isStack: Bool { resolved.isStack }
    override var requiresContent: Bool { resolved.requiresContent }
    override var typeName: String { nodeTypeName }
    override var shape: AnyObject? { resolved.shape }
    override func selectedIndex(in layer: StepLayer) -> Int? { resolved.selectedIndex(in: layer) }
    override func child(_ index: Int) -> StepReference { resolved.child(index) }
    override var elementCount: Int { resolved.elementCount }
    override func element(_ index: Int) -> ElementReference { resolved.element(index) }
    override func elementIndex(forSegment id: SegmentBytes) -> Int? {
        resolved.elementIndex(forSegment: id)
    }
    override func resolve(_ segment: SegmentBytes) -> (PathStep, StepNodeStorage)? {
        resolved.resolve(segment)
    }
    // The resolved box lives as long as the program: what it holds can be handed out unretained.
    override func resolveUnretained(_ segment: SegmentBytes) -> (PathStep, ResolvedChild)? {
        resolved.resolveUnretained(segment)
    }
    override var anyValue: any StepValue { resolved.anyValue }
    override var selectionProblem: String? { nil }
    override func childAccepts(_ value: any StepValue, at index: Int) -> Bool {
        resolved.childAccepts(value, at: index)
    }
    override func elementAccepts(_ value: any StepValue) -> Bool { resolved.elementAccepts(value) }
    override var elementType: ObjectIdentifier? { resolved.elementType }
    override func elementBox<Value: StepValue>(for element: Value) -> StepNodeStorage? {
        resolved.elementBox(for: element)
    }
    override func levels(ofElement box: StepNodeStorage) -> Int {
        resolved.levels(ofElement: box)
    }
    override var initialElement: StepNodeStorage { resolved.initialElement }
    override var isInitialAtom: Bool { isRecursive }

    /// The initial value's depth; a step of the same type met inside it, while it is being
    /// measured, counts as holding no element.
    override var elementDepth: Int {
        let known = depth.loadAcquiring()
        if known > 0 { return known - 1 }
        guard !Self.measuring.contains(ObjectIdentifier(self)) else { return 0 }
        // Only a measure begun here is kept: one made inside another's counts that one as
        // holding nothing.
        let isOutermost = Self.measuring.isEmpty
        let measured = Self.measuring.with(ObjectIdentifier(self)) { resolved.elementDepth }
        if isOutermost { depth.storeReleasing(measured + 1) }
        return measured
    }

    /// A copy of the initial value's box, for an edit: the copy that copy-on-write makes of a
    /// shared box.
    @usableFromInline override func copyNode() -> StepNodeStorage { resolved.copyNode() }

    // MARK: Edits, which a shared box never gets

    override func setSelectedIndex(_ index: Int?, in layer: StepLayer) { edited() }
    override func resetChild(_ index: Int) { edited() }
    override func renewChild(_ index: Int, with value: (any StepValue)?) { edited() }
    override func uniqueChild(_ index: Int) -> StepNodeStorage { edited() }
    override func renewElement(_ index: Int, with value: (any StepValue)?) { edited() }
    override func uniqueElement(_ index: Int) -> StepNodeStorage { edited() }
    override func setElements(_ ids: [String]) { edited() }
    override func removeElements(from index: Int) { edited() }
    override func removeElement(_ index: Int) { edited() }
    override func pushElement(id: String?, box: StepNodeStorage?) -> Int { edited() }

    private func edited() -> Never {
        preconditionFailure("\(nodeTypeName): the shared initial step was edited in place")
    }
}
