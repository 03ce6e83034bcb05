import Foundation

/// The screens a destination stack can push or a modal step can present: an enum with one case
/// per destination, as an app's own `enum Destination` for `NavigationStack(path:)` or its
/// `enum Sheet` for `.sheet(item:)`.
///
/// ```swift
/// enum Destination: StepDestination {
///     case status(StatusScreen)    // a node: its own sheets and variants
///     case hashtag(String)         // plain data: no wrapper
///     case about                   // a screen with no state
///
///     static let destinations: [StepDestinationCase<Self>] = [
///         .init(Self.status), .init(Self.hashtag, default: ""), .init(Self.about),
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
/// (`push(path: "home/path/status")`). A ``StepModal`` step holds one destination the same
/// way: `/sheet/compose`.
///
/// A case holds one value, labelled or not, or nothing. A ``StepsCollection`` value is a screen
/// with steps of its own (its sheets, its variants). Any other ``StepValue`` (a `String`, an
/// app's `Account`) is plain data on a screen with no steps: declare its case with the value a
/// path or link that opens it without one starts from (`default:`). A destination is known by its case's
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
        form = PayloadDestination(embed, initial: Payload())
    }

    /// A case holding plain data: `.init(Self.hashtag, default: "")` for `case hashtag(String)`.
    ///
    /// The destination is a screen with no steps of its own; its payload is the case's value.
    /// - Parameters:
    ///   - embed: The case's constructor.
    ///   - initial: The value a destination opened without one starts from (a path naming the
    ///     case, a link whose captures fill no value).
    public init<Payload: StepValue>(
        _ embed: @escaping @Sendable (Payload) -> Destination, default initial: Payload
    ) {
        form = PayloadDestination(embed, initial: initial)
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

/// A case holding a value: a ``StepsCollection`` node, or plain data in a leaf
/// (`@unchecked Sendable` restated from ``DestinationForm``, as Swift requires of a subclass).
final class PayloadDestination<Destination: StepValue, Payload: StepValue>:
    DestinationForm<Destination>, @unchecked Sendable
{
    private let embed: @Sendable (Payload) -> Destination
    private let caseName: String
    /// Whether the case labels its payload (`case status(screen: StatusScreen)`): its mirror's
    /// child is then a one-element tuple.
    private let isLabelled: Bool
    private let initial: StepStorage<Payload>

    init(_ embed: @escaping @Sendable (Payload) -> Destination, initial value: Payload) {
        self.embed = embed
        initial = Step(value).storage
        let child = Mirror(reflecting: embed(value)).children.first
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
        embed(Self.box(payload).value)
    }

    override func payload(of destination: Destination, child: Any?) -> StepNodeStorage? {
        guard let child, let (node, isLabelled) = Self.shape(of: child),
            isLabelled == self.isLabelled
        else { return nil }
        return Step(node).storage
    }

    override func accepts(_ value: any StepValue) -> Bool { value is Payload }

    override func renew(_ payload: StepNodeStorage, with value: (any StepValue)?) {
        let box = Self.box(payload)
        guard let value = value as? Payload else {
            return RenewalHistory.renew(&box.renewalHistory)
        }
        box.value = value
        RenewalHistory.record(&box.renewalHistory, value)
    }

    override func payloadsEqual(_ lhs: StepNodeStorage, _ rhs: StepNodeStorage) -> Bool {
        Step(storage: Self.box(lhs)) == Step(storage: Self.box(rhs))
    }

    override func encode(_ payload: StepNodeStorage, to encoder: any Encoder) throws {
        try Step(storage: Self.box(payload)).encode(to: encoder)
    }

    override func decode(from decoder: any Decoder) throws -> StepNodeStorage {
        try Step<Payload>(from: decoder).storage
    }

    private static func box(_ box: StepNodeStorage) -> StepStorage<Payload> {
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
    fileprivate static func table<D: StepDestination>(of type: D.Type) -> any AnyObject & Sendable {
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

extension DestinationTable where Destination: StepDestination {
    /// The table of `Destination`, made on first use.
    static var shared: DestinationTable {
        guard let table = table(of: Destination.self) as? DestinationTable else {
            preconditionFailure("the destination table of \(Destination.self) has another type")
        }
        return table
    }
}

private let destinationTables = Locked<[ObjectIdentifier: any AnyObject & Sendable]>([:])
