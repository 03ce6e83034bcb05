import Foundation

/// The screens a destination stack can push: an enum with one case per destination, as an app's
/// own `enum Destination` for `NavigationStack(path:)`.
///
/// ```swift
/// enum Destination: StepDestination {
///     case status(StatusScreen)    // a node: its own sheets and variants
///     case account(AccountScreen)
///     case about                   // a screen with no state
///
///     static let destinations: [StepDestinationCase<Self>] = [
///         .init(Self.status), .init(Self.account), .init(Self.about),
///     ]
/// }
///
/// var path = StepStack<Destination>()
/// path.push(.status(StatusScreen(id: 42)))  // "1"
/// path.push(.status(StatusScreen(id: 42)))  // "2": the same status twice is two screens
/// ```
///
/// Each element of a `StepStack<Destination>` is a node whose content is its destination: the
/// element `1` above is `/…/1`, its destination `/…/1/status`, a sheet of the status
/// `/…/1/status/reply`. Path strings name a destination by its case name
/// (`push(path: "home/path/status")`).
///
/// A case holds one ``StepsCollection`` value, labelled or not (a screen with no steps of its
/// own declares `typealias Key = NoStepKey`), or nothing. A destination is known by its case's
/// name, the name Swift gives it, never by its payload's type: pushing a case left out of
/// `destinations` throws, even when a listed case holds the same type. A destination enum must
/// not replace its `Mirror` (`CustomReflectable`), nor, when it has cases with no payload, its
/// `description`.
public protocol StepDestination: StepValue {
    /// The destinations, one per case of the enum.
    static var destinations: [StepDestinationCase<Self>] { get }
}

/// One destination of a ``StepDestination`` enum: the case, given by its constructor or, for a
/// case with no payload, by its value.
public struct StepDestinationCase<Destination: StepDestination>: Sendable {
    let form: DestinationForm<Destination>

    /// A case holding a node: `.init(Self.status)` for `case status(StatusScreen)` or
    /// `case status(screen: StatusScreen)`.
    ///
    /// A new element of this destination starts from `Payload()`.
    /// - Parameter embed: The case's constructor.
    public init<Payload: StepsCollection>(
        _ embed: @escaping @Sendable (Payload) -> Destination
    ) {
        form = NodeDestination(embed)
    }

    /// A case with no payload: `.init(Self.about)` for `case about`.
    /// - Parameter destination: The case.
    public init(_ destination: Destination) {
        form = PlainDestination(destination)
    }
}

/// What the engine knows of one destination: its name, its payload's box, and how to go between
/// the enum value and the box.
///
/// One subclass per kind of case; a table holds one per case for the life of the program.
///
/// `Sendable` without checks (the promise is made at the end of `StepMemory.swift`): it has no
/// state, and its subclasses only `let`s of `Sendable` values.
class DestinationForm<Destination: StepValue> {
    /// The case's name, as paths and encodings write it.
    var name: String { preconditionFailure("overridden") }
    /// The box of a new element's payload: shared, copied on write.
    var initialPayload: StepNodeStorage { preconditionFailure("overridden") }
    /// The value of an element of this case whose payload is in `payload`.
    func destination(payload: StepNodeStorage) -> Destination { preconditionFailure("overridden") }
    /// The payload's box of `destination`, whose mirror's first child is `child`, if the value
    /// is of this case.
    func payload(of destination: Destination, child: Any?) -> StepNodeStorage? { nil }
    /// Whether the payload can be renewed with `value`.
    func accepts(_ value: any StepValue) -> Bool { false }
    /// Renews the payload in `payload`, a unique box (never a shared initial one), with
    /// `value`, or with no value.
    func renew(_ payload: StepNodeStorage, with value: (any StepValue)?) {
        guard value == nil else { return }
        RenewalHistory.renew(&payload.renewalHistory)
    }
    /// Whether the payloads in two boxes are equal, renewal histories included.
    func payloadsEqual(_ lhs: StepNodeStorage, _ rhs: StepNodeStorage) -> Bool { true }
    /// Writes the payload's step.
    func encode(_ payload: StepNodeStorage, to encoder: any Encoder) throws {}
    /// Reads a payload's step.
    func decode(from decoder: any Decoder) throws -> StepNodeStorage { initialPayload }
}

/// A case holding a ``StepsCollection`` node (`@unchecked Sendable` restated from
/// ``DestinationForm``, as Swift requires of a subclass).
final class NodeDestination<Destination: StepValue, Payload: StepsCollection>:
    DestinationForm<Destination>, @unchecked Sendable
{
    private let embed: @Sendable (Payload) -> Destination
    private let caseName: String
    /// Whether the case labels its payload (`case status(screen: StatusScreen)`): its mirror's
    /// child is then a one-element tuple.
    private let isLabelled: Bool
    private let initial: StepStorage<Payload>

    init(_ embed: @escaping @Sendable (Payload) -> Destination) {
        self.embed = embed
        initial = Step(Payload()).storage
        let child = Mirror(reflecting: embed(Payload())).children.first
        guard let label = child?.label, let shape = child.flatMap({ Self.shape(of: $0.value) })
        else {
            preconditionFailure(
                "\(Destination.self): a destination must be a case of the enum holding one "
                    + "\(Payload.self), labelled or not, or nothing")
        }
        caseName = label
        isLabelled = shape.isLabelled
    }

    /// Whether `child`, a case's payload as its mirror shows it, is a `Payload` alone or in a
    /// one-element (labelled) tuple; `nil` when it is neither.
    private static func shape(of child: Any) -> (payload: Payload, isLabelled: Bool)? {
        if let payload = child as? Payload { return (payload, false) }
        let tuple = Mirror(reflecting: child)
        guard tuple.displayStyle == .tuple, tuple.children.count == 1,
            let payload = tuple.children.first?.value as? Payload
        else { return nil }
        return (payload, true)
    }

    override var name: String { caseName }
    override var initialPayload: StepNodeStorage { initial }

    override func destination(payload: StepNodeStorage) -> Destination {
        embed(Self.node(payload).value)
    }

    override func payload(of destination: Destination, child: Any?) -> StepNodeStorage? {
        guard let child, let (node, isLabelled) = Self.shape(of: child),
            isLabelled == self.isLabelled
        else { return nil }
        return Step(node).storage
    }

    override func accepts(_ value: any StepValue) -> Bool { value is Payload }

    override func renew(_ payload: StepNodeStorage, with value: (any StepValue)?) {
        let box = Self.node(payload)
        guard let node = value as? Payload else { return RenewalHistory.renew(&box.renewalHistory) }
        box.value = node
        RenewalHistory.record(&box.renewalHistory, node)
    }

    override func payloadsEqual(_ lhs: StepNodeStorage, _ rhs: StepNodeStorage) -> Bool {
        Step(storage: Self.node(lhs)) == Step(storage: Self.node(rhs))
    }

    override func encode(_ payload: StepNodeStorage, to encoder: any Encoder) throws {
        try Step(storage: Self.node(payload)).encode(to: encoder)
    }

    override func decode(from decoder: any Decoder) throws -> StepNodeStorage {
        try Step<Payload>(from: decoder).storage
    }

    private static func node(_ box: StepNodeStorage) -> StepStorage<Payload> {
        box.uncheckedCast(to: StepStorage<Payload>.self)
    }
}

/// A case with no payload: its element's destination is a leaf (`@unchecked Sendable` restated
/// from ``DestinationForm``, as Swift requires of a subclass).
final class PlainDestination<Destination: StepValue>: DestinationForm<Destination>,
    @unchecked Sendable
{
    private let value: Destination
    private let caseName: String

    init(_ value: Destination) {
        self.value = value
        caseName = String(describing: value)
        precondition(
            Mirror(reflecting: value).children.isEmpty,
            "\(Destination.self).\(caseName) has a payload: declare it with its constructor")
    }

    override var name: String { caseName }
    override var initialPayload: StepNodeStorage { sharedEmptyLeaf }
    override func destination(payload: StepNodeStorage) -> Destination { value }

    override func payload(of destination: Destination, child: Any?) -> StepNodeStorage? {
        child == nil && destination == value ? sharedEmptyLeaf : nil
    }

    override func payloadsEqual(_ lhs: StepNodeStorage, _ rhs: StepNodeStorage) -> Bool {
        lhs.renewal == rhs.renewal
    }

    override func encode(_ payload: StepNodeStorage, to encoder: any Encoder) throws {
        try Step<EmptyStep>(storage: payload.uncheckedCast(to: StepStorage<EmptyStep>.self))
            .encode(to: encoder)
    }

    override func decode(from decoder: any Decoder) throws -> StepNodeStorage {
        try Step<EmptyStep>(from: decoder).storage
    }
}

/// The destinations of one ``StepDestination`` type, checked and named once, for the life of the
/// program.
final class DestinationTable<Destination: StepValue>: Sendable {
    let forms: [DestinationForm<Destination>]
    let names: [String]
    let matcher: KeyMatcher
    private let indexByName: [String: Int]

    init(_ forms: [DestinationForm<Destination>]) {
        self.forms = forms
        names = forms.map(\.name)
        var indexByName: [String: Int] = [:]
        for (index, name) in names.enumerated() {
            precondition(
                StepPath.isValidSegment(name),
                "\(Destination.self): destination '\(name)' is not a valid path segment")
            precondition(
                indexByName.updateValue(index, forKey: name) == nil,
                "\(Destination.self): destination '\(name)' is declared twice")
        }
        precondition(!forms.isEmpty, "\(Destination.self) declares no destinations")
        self.indexByName = indexByName
        matcher = KeyMatcher(names)
    }

    /// The case of `destination` and its payload's box, found by the case's name; `nil` for a
    /// case that `destinations` leaves out.
    /// - Complexity: O(1) reflection of the value, plus O(*n*) comparisons for a case with no
    ///   payload among *n* cases.
    func classify(_ destination: Destination) -> (index: Int, payload: StepNodeStorage)? {
        let child = Mirror(reflecting: destination).children.first
        if let child {
            // A case with a payload, named by its mirror: never matched by its payload's type,
            // which another case may share.
            guard let label = child.label, let index = indexByName[label],
                let payload = forms[index].payload(of: destination, child: child.value)
            else { return nil }
            return (index, payload)
        }
        for (index, form) in forms.enumerated() {
            if let payload = form.payload(of: destination, child: nil) { return (index, payload) }
        }
        return nil
    }

    /// The error for `destination`, a case that `destinations` leaves out.
    func unlisted(_ destination: Destination, at path: StepPath?) -> StepPathError {
        let child = Mirror(reflecting: destination).children.first
        let name = child.map { $0.label ?? "?" } ?? String(describing: destination)
        return .valueMismatch(
            "\(Destination.self).\(name), a case not in its `destinations`", at: path ?? .root)
    }

    /// The index of the destination named `name`.
    func index(named name: some StringProtocol) -> Int? {
        name.withUTF8Bytes { matcher.index(of: $0) }
    }

    /// The table of `type` if it is a ``StepDestination``, made on first use.
    static func ifDestination(_ type: Destination.Type) -> DestinationTable<Destination>? {
        guard let destination = type as? any StepDestination.Type else { return nil }
        return table(of: destination) as? DestinationTable<Destination>
    }

    /// The table of `type`, a `DestinationTable<D>`, made on first use.
    private static func table<D: StepDestination>(of type: D.Type) -> any AnyObject & Sendable {
        let id = ObjectIdentifier(type)
        if let known = destinationTables.withLock({ $0[id] }) { return known }
        // Made outside the lock: a payload's initial value may build other tables.
        let made = DestinationTable<D>(D.destinations.map(\.form))
        return destinationTables.withLock { tables in
            if let known = tables[id] { return known }
            tables[id] = made
            return made
        }
    }
}

private let destinationTables = Locked<[ObjectIdentifier: any AnyObject & Sendable]>([:])

/// The box of one element of a destination stack: a node whose content layer selects its
/// destination, an inline child holding the payload.
///
/// The payload's box is the state; the enum value is made from it when read. Only the selected
/// destination has state: selecting another one starts it from its initial payload.
///
/// (`@unchecked Sendable` restated from ``StepNodeStorage``, as Swift requires of a subclass.)
final class DestinationStorage<Destination: StepValue>: StepNodeStorage, @unchecked Sendable {
    let table: DestinationTable<Destination>
    /// The destination.
    private(set) var index: Int
    /// The box of the destination's payload.
    private(set) var payload: StepNodeStorage

    init(_ table: DestinationTable<Destination>, index: Int, payload: StepNodeStorage) {
        self.table = table
        self.index = index
        self.payload = payload
    }

    /// The element holding `destination`; `nil` for a case that `destinations` leaves out.
    convenience init?(_ table: DestinationTable<Destination>, _ destination: Destination) {
        guard let (index, payload) = table.classify(destination) else { return nil }
        self.init(table, index: index, payload: payload)
    }

    /// The element's value: its destination with its payload.
    var value: Destination { table.forms[index].destination(payload: payload) }

    override var childCount: Int { table.forms.count }
    override func childKey(_ index: Int) -> String { table.names[index] }
    override func childKind(_ index: Int) -> StepKind { .inline }
    override func childLayer(_ index: Int) -> StepLayer { .content }
    override func childIndex(forSegment key: SegmentBytes) -> Int? { table.matcher.index(of: key) }
    override var typeName: String { String(describing: Destination.self) }
    override var shape: AnyObject? { table }
    override var anyValue: any StepValue { value }
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
        self.index = index
        payload = table.forms[index].initialPayload
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
        if !isKnownUniquelyReferenced(&payload) { payload = payload.copyNode() }
        return payload
    }

    override func copyNode() -> StepNodeStorage {
        let copy = DestinationStorage(table, index: index, payload: payload)
        copy.renewalHistory = renewalHistory
        return copy
    }

    /// Whether two elements hold the same destination with equal payloads.
    func hasSameValue(as other: DestinationStorage) -> Bool {
        index == other.index
            && (payload === other.payload
                || table.forms[index].payloadsEqual(payload, other.payload))
    }

    /// Writes the element's value: `{"status": …}`, the payload's step under its destination's
    /// name.
    func encodeValue(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DestinationKey.self)
        try table.forms[index].encode(
            payload, to: container.superEncoder(forKey: DestinationKey(table.names[index])))
    }

    /// Reads an element's value written by ``encodeValue(to:)``.
    /// - Throws: `DecodingError` for an object that does not have exactly one field naming a
    ///   destination, or a payload that does not decode.
    static func decodeValue(
        _ table: DestinationTable<Destination>, from decoder: any Decoder
    ) throws -> DestinationStorage {
        let container = try decoder.container(keyedBy: DestinationKey.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription:
                        "a destination is an object with one field, its name: one of "
                        + table.names.joined(separator: ", ")))
        }
        guard let index = table.index(named: key.stringValue) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription:
                    "no destination '\(StepPath.quoted(key.stringValue))' in "
                    + "\(Destination.self)")
        }
        let payload = try table.forms[index].decode(from: container.superDecoder(forKey: key))
        return DestinationStorage(table, index: index, payload: payload)
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
