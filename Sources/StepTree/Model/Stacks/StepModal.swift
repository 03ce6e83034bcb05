/// The destination a modal step shows: one case of a ``StepDestination`` enum, as
/// `.sheet(item:)` and TCA's `@Presents` hold it.
///
/// ```swift
/// enum Sheet: StepDestination {
///     case compose(ComposeScreen)   // a node: its own steps
///     case report(String)           // plain data
///     case settings
///     static let destinations: [StepDestinationCase<Self>] = [
///         .init(Self.compose), .init(Self.report, default: ""), .init(Self.settings),
///     ]
/// }
/// struct AppSteps: StepsCollection {
///     enum Key: String, StepKey { case home, sheet }
///     var selected = StepSelection<Key>(.home)
///     var home = Step()
///     var sheet = Step(StepModal<Sheet>())
///     static let steps = StepTable<Self>(.inline(.home, \.home), .present(.sheet, \.sheet))
/// }
/// steps.select(\.sheet, with: StepModal(.report("spam")))  // "/sheet/report"
/// ```
///
/// Whether the sheet is up is its parent's modal selection, as for every modal step; the
/// ``StepModal`` says which destination it shows. The step is a node whose content selects the
/// destination by its case name, so paths reach it (`/sheet/compose`, `/sheet/compose/draft`)
/// and links fill its payload as a destination stack's. Showing another destination gives the
/// step a new identity, whether by a path or a value: the diff dismisses the sheet and presents
/// the new one, as SwiftUI does when `.sheet(item:)`'s item changes. A change inside the case
/// shown (a path into it, its payload edited) keeps the screen. Writing the step's value in
/// place (`steps.sheet.value = …`) is never a renewal, as for any step: it keeps the screen even
/// for another case, so present with ``StepNode/present(_:at:)`` or select with the value.
///
/// `Destination` is a ``StepDestination`` enum: the initializers require it.
public struct StepModal<Destination: StepValue>: Sendable {
    let table: DestinationTable<Destination>
    /// The destination shown.
    var index: Int
    /// The box of its payload: shared, copied on write.
    var payload: StepNodeStorage

    init(table: DestinationTable<Destination>, index: Int, payload: StepNodeStorage) {
        self.table = table
        self.index = index
        self.payload = payload
    }

    /// The destination with its payload.
    public var destination: Destination { table.forms[index].destination(payload: payload) }

    /// The destination's case name, as paths write it: `compose`.
    public var name: String { table.names[index] }
}

extension StepModal where Destination: StepDestination {
    /// A modal step showing the first of `Destination.destinations`, in its initial state: what
    /// the step holds before anything presented it.
    public init() {
        let table = DestinationTable<Destination>.shared
        self.init(table: table, index: 0, payload: table.forms[0].initialPayload)
    }

    /// A modal step showing `destination`.
    ///
    /// A case that `destinations` leaves out stops the program, naming it: that is a
    /// programming error (a path or a decoded state naming one is a thrown error instead).
    /// - Parameter destination: The destination, with its payload.
    public init(_ destination: Destination) {
        let table = DestinationTable<Destination>.shared
        guard let (index, payload) = table.classify(destination) else {
            preconditionFailure(table.unlisted(destination, at: nil).description)
        }
        self.init(table: table, index: index, payload: payload)
    }
}

extension StepModal: Equatable {
    /// Equal when they show the same destination with equal payloads, renewal histories
    /// included.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.index == rhs.index
            && (lhs.payload === rhs.payload
                || lhs.table.forms[lhs.index].payloadsEqual(lhs.payload, rhs.payload))
    }
}

extension StepModal: Hashable {
    /// Hashes the destination and its payload.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(index)
        hasher.combine(payload.renewal)
        hasher.combine(destination)
    }
}

extension StepModal: Codable {
    /// Writes the destination's payload step under its name: `{"compose": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DestinationKey.self)
        try table.forms[index].encode(
            payload, to: container.superEncoder(forKey: DestinationKey(name)))
    }

    /// Reads what ``encode(to:)`` wrote.
    /// - Throws: `DecodingError` for an object that does not have exactly one field naming a
    ///   destination, or a payload that does not decode.
    public init(from decoder: any Decoder) throws {
        guard let table = DestinationTable.ifDestination(Destination.self) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "\(Destination.self) is not a StepDestination"))
        }
        try self.init(table, from: decoder)
    }

    /// Reads a destination of `table` written by ``encode(to:)``.
    init(_ table: DestinationTable<Destination>, from decoder: any Decoder) throws {
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
        self.init(table: table, index: index, payload: payload)
    }
}

extension StepModal: StepValue {}

extension StepModal: StorageShaped {
    func makeStorage() -> StepNodeStorage { ModalDestinationStorage(self) }
    static var nodeBoxing: NodeBoxing? { nil }
}

/// A value that shows one destination: a ``StepModal``, read as its enum by
/// ``ScreenFrame/value(as:)``.
protocol DestinationShowing {
    /// The destination enum.
    var shownDestination: any StepValue { get }
}

extension StepModal: DestinationShowing {
    var shownDestination: any StepValue { destination }
}

extension StepModal: CustomStringConvertible {
    /// The destination, as Swift prints it.
    public var description: String { String(describing: destination) }
}
