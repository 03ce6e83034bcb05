import Foundation
import StepTree
import StepTreeJSON

/// The save format's own version, which ``StepArchive`` writes and reads back.
public enum StepArchiveFormat {
    /// The format version this library writes; it reads this one and older ones.
    public static let version = 1
    /// The value of the `format` field that marks a saved state.
    public static let name = "steptree-state"
}

/// Saves navigation state in a versioned format and restores it after an app update, keeping
/// whatever still fits the current tree and reporting what did not.
///
/// ```swift
/// let archive = StepArchive(version: 2, initial: AppSteps(), migrations: [
///     .rename(StepPath(["profile", "prefs"]), to: "settings")])
/// let data = try archive.encode(navigator.root)
/// let (events, report) = try navigator.restore(from: data, using: archive)
/// ```
///
/// The format is one JSON object: `{"format": "steptree-state", "formatVersion": 1,
/// "treeVersion": N, "state": …}`, where `state` is the tree's own `Codable` encoding (a
/// `StepsCollection`'s synthesized one, or `DynamicSteps`'s). A save of the current
/// `treeVersion` is decoded directly. An older or newer one, or one that does not decode, is
/// repaired: the declared migrations run, then every part that no longer fits is dropped or
/// put back to its initial value (see ``RestorationReport/Change``) as the save is decoded, and
/// everything else is kept, its numbers digit for digit. Steps and fields are named by their keys: a hand-written tree's
/// property names must be its keys' raw values, as in every example.
///
/// A `DynamicSteps` state saved under one schema restores under its successor: pass a state
/// of the new schema as `initial`.
public struct StepArchive<Root: StepNode>: Sendable {
    /// The version of the tree that this app writes; saves of this version are read directly.
    public let version: Int
    /// The initial state of the current tree, which parts that no longer fit go back to.
    public let initial: Root
    /// The renames between older trees and this one, applied in order.
    public let migrations: [StepMigration]

    /// The most repairs made in the fields of one value (a node, a payload, a stack element).
    ///
    /// Each such repair decodes the value again; a value that needs more is put back to its
    /// initial value, or dropped, whole where it is, and reported so. A save is never refused
    /// for how much it lost: a stack of damaged elements keeps every element that still
    /// decodes, each repaired, and the rest of the save restores.
    public static var repairLimit: Int { 1000 }

    /// Creates an archive for the current tree.
    /// - Parameters:
    ///   - version: The current tree's version; bump it when the tree changes.
    ///   - initial: The current tree's initial state (for a schema, one built from it).
    ///   - migrations: The renames since older versions.
    public init(version: Int, initial: Root, migrations: [StepMigration] = []) {
        self.version = version
        self.initial = initial
        self.migrations = migrations
    }

    private struct Envelope<State: Codable>: Codable {
        var format: String
        var formatVersion: Int
        var treeVersion: Int
        var state: State
    }

    private var userInfo: [CodingUserInfoKey: any Sendable] {
        guard let schema = (initial as? DynamicSteps)?.schema else { return [:] }
        return [.stepSchema: schema]
    }

    /// Saves `state` with the current versions.
    /// - Throws: ``RestorationError/unencodable(_:)`` when a payload cannot be encoded.
    /// - Complexity: O(*n*) for a tree of *n* nodes.
    public func encode(_ state: Root) throws(RestorationError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return try encoder.encode(
                Envelope(
                    format: StepArchiveFormat.name, formatVersion: StepArchiveFormat.version,
                    treeVersion: version, state: state))
        } catch {
            throw .unencodable(String(describing: error))
        }
    }

    /// Reads a saved state, repairing what no longer fits the current tree.
    ///
    /// The repairs are made while the state is decoded, each where it is needed, and a number
    /// is decoded from the digits it was saved with: a value that still fits is kept exactly
    /// (a `UInt64` above `Int64.max`, a `Decimal`, a `Double` of any length), and every change
    /// is in the report, a field the tree no longer reads among them.
    /// - Returns: The state, and what was changed to make it fit.
    /// - Throws: ``RestorationError`` for data that is not JSON (truncated, corrupted, nested
    ///   deeper than 512 levels), not a saved state, of a newer format, or damaged where no
    ///   repair fits (the root itself); and, as
    ///   ``RestorationError/unrepairable(at:_:)``, for a migration that renames a step to a
    ///   key no step can have (`""`, one with `/`), whatever the save, and for a state with a
    ///   stack element more than `StepPath.maximumDepth` − 1 segments below the root (a
    ///   screen no path could select).
    /// - Complexity: O(*n*) for a save of *n* JSON values, whatever the number of repairs,
    ///   except that a repair made directly in a field of a hand-written value (a node, a
    ///   payload) decodes that value once more, the values nested in it once each: O(*n* ·
    ///   *d* · *f*) at worst, where *f* is the most fields repaired in one value, which its
    ///   type bounds (and ``repairLimit`` caps), and *d* the number of such values nested in
    ///   one another. The elements of stacks, arrays and dictionaries, and a schema-driven
    ///   tree, are repaired in one pass.
    public func decode(_ data: Data) throws(RestorationError) -> (
        state: Root, report: RestorationReport
    ) {
        let decoded = try decodeState(data)
        do {
            try decoded.state.checkDepthFromRoot()
        } catch {
            throw .unrepairable(at: "/", error.description)
        }
        return decoded
    }

    /// The state in `data` and what restoring it changed, before the tree's depth is checked.
    private func decodeState(_ data: Data) throws(RestorationError) -> (
        state: Root, report: RestorationReport
    ) {
        try checkMigrations()
        let decoder = JSONDecoder()
        decoder.userInfo = userInfo
        decoder.userInfo[.archiveTreeVersion] = version
        if let envelope = try? decoder.decode(CurrentEnvelope<Root>.self, from: data) {
            return (envelope.state, RestorationReport())
        }
        let document: JSONValue
        do {
            document = try JSONValue.parse(data)
        } catch {
            throw .malformedJSON(error.description)
        }
        guard document["format"] == .string(StepArchiveFormat.name),
            case .number(let text) = document["formatVersion"], let formatVersion = Int(text),
            let state = document["state"]
        else { throw .notASavedState }
        guard formatVersion <= StepArchiveFormat.version else {
            throw .unsupportedFormat(version: formatVersion)
        }
        // The repairs walk the wrapped form (see `StateRepair.wrapped(_:schemaDriven:)`).
        let schema = (initial as? DynamicSteps)?.schema
        var repair = StateRepair(
            state: StateRepair.wrapped(state, schemaDriven: schema != nil),
            reference: try reference())
        for migration in migrations { repair.apply(migration) }
        repair.dropUnknownSteps()
        if let schema { return try decode(repair, schema: schema) }
        let session = RepairSession(userInfo: userInfo, limit: Self.repairLimit)
        session.typeRenames = typeRenames()
        let root = DecodingPlace(root: repair.state, reference: repair.reference)
        let restored: Root
        do {
            restored = try session.decode(Root.self, at: root, strict: false)
        } catch {
            throw Self.unrepairable(error, repair)
        }
        var report = repair.report
        report.changes += session.changes
        return (restored, report)
    }

    /// A schema-driven state: repaired against its schema in one walk, then decoded as it is.
    private func decode(_ repair: StateRepair, schema: StepSchema) throws(RestorationError) -> (
        state: Root, report: RestorationReport
    ) {
        let initialNodes = InitialNodes()
        var fix = SchemaStateRepair(elementReference: initialNodes.node)
        let state =
            fix.node(repair.state, schema: schema, reference: repair.reference, path: .root)
            ?? repair.state
        let session = RepairSession(userInfo: userInfo, limit: 0)
        do {
            let restored = try session.decode(
                Root.self, at: DecodingPlace(root: state, reference: nil), strict: true)
            var report = repair.report
            report.changes += fix.changes
            return (restored, report)
        } catch {
            throw Self.unrepairable(error, repair)
        }
    }

    /// The refusal for an error no repair answered, naming the place it names.
    private static func unrepairable(_ error: any Error, _ repair: StateRepair)
        -> RestorationError
    {
        let (path, detail): ([any CodingKey], String)
        switch error as? DecodingError {
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?,
            .dataCorrupted(let context)?:
            (path, detail) = (context.codingPath, context.debugDescription)
        case .keyNotFound(let key, let context)?:
            (path, detail) = (context.codingPath + [key], context.debugDescription)
        default:
            (path, detail) = ([], String(describing: error))
        }
        let place = repair.place(of: path.map(JSONValue.Component.init)).step
        // Scalars, not characters: one character can hold any number of combining marks.
        return .unrepairable(at: place.description, String(detail.unicodeScalars.prefix(200)))
    }

    /// Refuses a migration that renames the root, or renames a step to a key no step can have
    /// (it would drop the step).
    private func checkMigrations() throws(RestorationError) {
        for migration in migrations {
            switch migration.kind {
            case .rename(let path, let key):
                guard !path.segments.isEmpty else {
                    throw .unrepairable(at: "/", "a migration renames the root, which has no key")
                }
                guard StepPath.isValidSegment(key) else {
                    throw .unrepairable(
                        at: path.description,
                        "a migration renames it to '\(StepPath.excerpt(key))', which is not a "
                            + "step key")
                }
            }
        }
    }

    /// The renames that also reach the nodes of the renamed step's type inside stack elements,
    /// by that type: a hand-written tree's recursive stacks hold nodes of a type above them.
    private func typeRenames() -> [ObjectIdentifier: [(old: String, new: String)]] {
        guard !(initial is DynamicSteps) else { return [:] }
        var renames: [ObjectIdentifier: [(old: String, new: String)]] = [:]
        for migration in migrations {
            switch migration.kind {
            case .rename(let path, let key):
                guard let old = path.last,
                    let type = nodeType(at: Array(path.segments.dropLast()))
                else { continue }
                renames[type, default: []].append((old, key))
            }
        }
        return renames
    }

    /// The type of the hand-written node at `segments` of the current tree, a stack element's
    /// segment naming an element of its type.
    private func nodeType(at segments: [String]) -> ObjectIdentifier? {
        var probe = initial
        for end in segments.indices {
            let prefix = StepPath(Array(segments[...end]))
            guard probe.resolve(prefix) == nil else { continue }
            // Not a step: an element of the stack before it, which the initial state is given.
            let stack = StepPath(Array(segments[..<end]))
            guard (try? probe.setStack(path: stack, ids: [segments[end]])) != nil,
                probe.resolve(prefix) != nil
            else { return nil }
        }
        guard let value = probe.resolve(StepPath(segments))?.target.anyValue,
            value is any StepsCollection
        else { return nil }
        return ObjectIdentifier(type(of: value))
    }

    /// The initial state's encoding in the wrapped form, for the values that repairs go back
    /// to.
    private func reference() throws(RestorationError) -> JSONValue {
        let data: Data
        do {
            data = try StepCodingForm.wrappingEverything { try JSONEncoder().encode(initial) }
        } catch {
            throw .unencodable(String(describing: error))
        }
        do {
            return try JSONValue.parse(data)
        } catch {
            throw .unencodable(error.description)
        }
    }
}

/// A save of the current versions, whose state is decoded only once they are read: a save of
/// another version is not decoded twice.
private struct CurrentEnvelope<State: Decodable>: Decodable {
    let state: State

    private enum CodingKeys: String, CodingKey {
        case format, formatVersion, treeVersion, state
    }

    /// Not a save of the current versions.
    private struct OtherVersion: Error {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard try container.decode(String.self, forKey: .format) == StepArchiveFormat.name,
            try container.decode(Int.self, forKey: .formatVersion) == StepArchiveFormat.version,
            try container.decode(Int.self, forKey: .treeVersion)
                == decoder.userInfo[.archiveTreeVersion] as? Int
        else { throw OtherVersion() }
        state = try container.decode(State.self, forKey: .state)
    }
}

extension CodingUserInfoKey {
    // The initializer fails only for keys Foundation reserves; this constant key is not one.
    // swift-format-ignore: NeverForceUnwrap
    /// The tree version of the archive that decodes a save.
    fileprivate static let archiveTreeVersion = CodingUserInfoKey(
        rawValue: "StepTree.archiveTreeVersion")!
}

/// The initial node of each element schema met, in the wrapped form, encoded once each.
private final class InitialNodes {
    private var nodes: [ObjectIdentifier: JSONValue?] = [:]

    func node(_ schema: StepSchema) -> JSONValue? {
        if let node = nodes[ObjectIdentifier(schema)] { return node }
        let data = try? StepCodingForm.wrappingEverything {
            try JSONEncoder().encode(DynamicSteps(schema: schema))
        }
        let node = data.flatMap { try? JSONValue.parse($0) }
        nodes[ObjectIdentifier(schema)] = .some(node)
        return node
    }
}

extension Navigator {
    /// Restores a saved state in one transaction from the current screen (SPEC §4 `restore`):
    /// the events go straight to the saved screen, never through a replay of its history.
    /// - Parameters:
    ///   - data: What ``StepArchive/encode(_:)`` wrote, perhaps by an older app version.
    ///   - archive: The current tree's archive.
    /// - Returns: The events and what the restoration changed in the saved state.
    /// - Throws: ``RestorationError``; nothing changes and no one is told.
    /// - Complexity: ``StepArchive/decode(_:)``, then a comparison and a diff.
    @discardableResult
    public func restore(from data: Data, using archive: StepArchive<Root>)
        throws(RestorationError) -> (events: [NavigationEvent], report: RestorationReport)
    {
        let (state, report) = try archive.decode(data)
        let events = transaction(.restoration) { $0 = state }
        return (events, report)
    }
}
