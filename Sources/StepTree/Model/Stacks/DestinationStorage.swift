/// The box of a node whose content is one destination: an element of a destination stack, or
/// (``ModalDestinationStorage``) a ``StepModal`` step.
///
/// Its value, a ``StepModal``, holds the destination's index and its payload's box; the enum
/// value is made from them when read. Only the selected destination has state: selecting another
/// one starts it from its initial payload.
///
/// (`@unchecked Sendable` restated from ``StepNodeStorage``, as Swift requires of a subclass.)
class DestinationStorage<Destination: StepValue>: StepStorage<StepModal<Destination>>,
    @unchecked Sendable
{
    var table: DestinationTable<Destination> { value.table }
    /// The destination.
    var index: Int { value.index }
    /// The box of the destination's payload.
    var payload: StepNodeStorage { value.payload }

    init(_ table: DestinationTable<Destination>, index: Int, payload: StepNodeStorage) {
        super.init(StepModal(table: table, index: index, payload: payload))
    }

    required override init(_ value: StepModal<Destination>) {
        super.init(value)
    }

    /// The element holding `destination`; `nil` for a case that `destinations` leaves out.
    convenience init?(_ table: DestinationTable<Destination>, _ destination: Destination) {
        guard let (index, payload) = table.classify(destination) else { return nil }
        self.init(table, index: index, payload: payload)
    }

    override func copy() -> StepStorage<StepModal<Destination>> { Self(value) }

    /// The destination with its payload.
    var destination: Destination { value.destination }

    override var childCount: Int { table.forms.count }
    override func childKey(_ index: Int) -> String { table.names[index] }
    override func childKind(_ index: Int) -> StepKind { .inline }
    override func childLayer(_ index: Int) -> StepLayer { .content }
    override func childIndex(forSegment key: SegmentBytes) -> Int? { table.matcher.index(of: key) }
    override var typeName: String { String(describing: Destination.self) }
    override var shape: AnyObject? { table }
    /// An element's value is its destination, as the stack's `Element` says.
    package override var anyValue: any StepValue { destination }
    override var requiresContent: Bool { true }
    override var destinationName: String? { table.names[index] }

    override func selectedIndex(in layer: StepLayer) -> Int? { layer == .content ? index : nil }

    override func child(_ index: Int) -> StepReference {
        StepReference(storage: index == self.index ? payload : table.forms[index].initialPayload)
    }

    override func resolve(_ segment: SegmentBytes) -> (PathStep, StepNodeStorage)? {
        guard let index = childIndex(forSegment: segment) else { return nil }
        return (.child(index), child(index).storage)
    }

    override func setSelectedIndex(_ index: Int?, in layer: StepLayer) {
        guard layer == .content, let index, index != self.index else { return }
        value.index = index
        value.payload = table.forms[index].initialPayload
    }

    override func childAccepts(_ value: any StepValue, at index: Int) -> Bool {
        table.forms[index].accepts(value)
    }

    override func renewChild(_ index: Int, with value: (any StepValue)?) {
        guard index == self.index else { return }
        table.forms[index].renew(uniqueChild(index), with: value)
    }

    override func uniqueChild(_ index: Int) -> StepNodeStorage {
        // Only the selected destination holds state; an edit through another one is an edit
        // through a closed screen, which the editor makes none of.
        precondition(index == self.index, "only the selected destination is edited")
        if !isKnownUniquelyReferenced(&value.payload) { value.payload = value.payload.copyNode() }
        return value.payload
    }

    /// Whether two elements hold the same destination with equal payloads.
    func hasSameValue(as other: DestinationStorage) -> Bool { value == other.value }
}

/// The box of a ``StepModal`` step: a destination node whose value is the ``StepModal`` itself,
/// and which is a new screen each time it shows another destination, as `.sheet(item:)` shows
/// another item (`@unchecked Sendable` restated from ``StepNodeStorage``).
final class ModalDestinationStorage<Destination: StepValue>: DestinationStorage<Destination>,
    @unchecked Sendable
{
    package override var anyValue: any StepValue { value }

    override func setSelectedIndex(_ index: Int?, in layer: StepLayer) {
        guard layer == .content, let index, index != self.index else { return }
        super.setSelectedIndex(index, in: layer)
        RenewalHistory.renew(&renewalHistory)
    }
}

/// The field that names an element's destination.
struct DestinationKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
