extension StepStack: StorageShaped {
    func makeStorage() -> StepNodeStorage { StackStorage(self) }
    static var nodeBoxing: NodeBoxing? { nil }
}

/// The box of a hand-written stack (`@unchecked Sendable` restated from ``StepNodeStorage``, as
/// Swift requires of a subclass).
final class StackStorage<Element: StepValue>: StepStorage<StepStack<Element>>,
    @unchecked Sendable
{
    override func copy() -> StepStorage<StepStack<Element>> { StackStorage(copying: self) }
    override var isStack: Bool { true }
    override var elementCount: Int { value.entries.count }
    override func element(_ index: Int) -> ElementReference { value.entries[index].reference }
    override func elementIndex(forSegment id: SegmentBytes) -> Int? { value.index(ofSegment: id) }
    override func resolve(_ segment: SegmentBytes) -> (PathStep, StepNodeStorage)? {
        guard let index = value.index(ofSegment: segment) else { return nil }
        return (.element(index), value.entries[index].box)
    }
    override func elementAccepts(_ value: any StepValue) -> Bool {
        guard let element = value as? Element else { return false }
        guard let destinations = self.value.destinations else { return true }
        return destinations.classify(element) != nil
    }
    override func renewElement(_ index: Int, with renewal: (any StepValue)?) {
        // Accepted first (see `elementAccepts(_:)`): a listed destination, if one.
        let element = renewal as? Element
        let made = element.flatMap { try? value.box(for: $0) }
        value.modifyBox(at: index) { box in
            if let element, let made {
                made.renewalHistory = box.renewalHistory
                box = made
                RenewalHistory.record(&box.renewalHistory, element)
            } else {
                if !isKnownUniquelyReferenced(&box) { box = box.copyNode() }
                RenewalHistory.renew(&box.renewalHistory)
            }
        }
    }
    override func uniqueElement(_ index: Int) -> StepNodeStorage {
        value.modifyBox(at: index) { box in
            if !isKnownUniquelyReferenced(&box) { box = box.copyNode() }
            return box
        }
    }
    override func setElements(_ ids: [String]) { value.replace(withInitial: ids) }
    override var elementDepth: Int { value.depth }
    override func levels(ofElement box: StepNodeStorage) -> Int {
        StepStack<Element>.levels(of: box)
    }
    override func removeElements(from index: Int) { value.removeEntries(from: index) }
    override func removeElement(_ index: Int) { value.remove(at: index) }
    override var elementType: ObjectIdentifier? { ObjectIdentifier(Element.self) }
    override func elementBox<Value: StepValue>(for element: Value) -> StepNodeStorage? {
        // The same type when `elementType` matched: a cast that only copies.
        guard let element = element as? Element else { return nil }
        return try? value.box(for: element)
    }
    override func pushElement(id: String?, box: StepNodeStorage?) -> Int {
        _ = value.pushBox(box ?? initialElement, id: id)
        return value.entries.count - 1
    }
    override var initialElement: StepNodeStorage {
        StepStack<Element>.initialBox(value.destinations)
    }
    override func elementHasStep(named id: String) -> Bool { value.isStepKey(id) }
    override var canPushElement: Bool { value.canTakeNumber }
    override var elementCounter: UInt64 { value.nextID }
    override func raiseElementCounter(to number: UInt64) { value.raiseCounter(to: number) }
}
