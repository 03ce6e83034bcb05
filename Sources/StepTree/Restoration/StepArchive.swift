import Foundation

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
/// ``StepsCollection``'s synthesized one, or ``DynamicSteps``'s). A save of the current
/// `treeVersion` is decoded directly. An older or newer one, or one that does not decode, is
/// repaired first: the declared migrations run, then every part that no longer fits is
/// dropped or put back to its initial value (see ``RestorationReport/Change``), and
/// everything else is kept. Steps and fields are named by their keys: a hand-written tree's
/// property names must be its keys' raw values, as in every example.
///
/// A ``DynamicSteps`` state saved under one schema restores under its successor: pass a state
/// of the new schema as `initial`.
public struct StepArchive<Root: StepNode>: Sendable {
    /// The version of the tree that this app writes; saves of this version are read directly.
    public let version: Int
    /// The initial state of the current tree, which parts that no longer fit go back to.
    public let initial: Root
    /// The renames between older trees and this one, applied in order.
    public let migrations: [StepMigration]

    /// The most repairs one restoration makes before it gives up.
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
    /// - Returns: The state, and what was changed to make it fit.
    /// - Throws: ``RestorationError`` for data that is not JSON (truncated, corrupted), not a
    ///   saved state, of a newer format, or damaged beyond repair.
    /// - Complexity: O(*n*) for a save of the current version with *n* nodes; O(*n* · *r*) for
    ///   one that needs *r* repairs.
    public func decode(_ data: Data) throws(RestorationError) -> (
        state: Root, report: RestorationReport
    ) {
        let decoder = JSONDecoder()
        decoder.userInfo = userInfo
        if let envelope = try? decoder.decode(Envelope<Root>.self, from: data),
            envelope.format == StepArchiveFormat.name,
            envelope.formatVersion == StepArchiveFormat.version, envelope.treeVersion == version
        {
            return (envelope.state, RestorationReport())
        }
        let document: JSONValue
        do {
            document = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw .malformedJSON(Self.detail(of: error))
        }
        guard document["format"] == .string(StepArchiveFormat.name),
            case .int(let formatVersion) = document["formatVersion"],
            let state = document["state"]
        else { throw .notASavedState }
        guard formatVersion <= StepArchiveFormat.version else {
            throw .unsupportedFormat(version: formatVersion)
        }
        // The repairs walk the wrapped form (see `StateRepair.wrapped(_:schemaDriven:)`).
        let schemaDriven = initial is DynamicSteps
        var repair = StateRepair(
            state: StateRepair.wrapped(state, schemaDriven: schemaDriven),
            reference: try reference())
        for migration in migrations { repair.apply(migration) }
        repair.dropUnknownSteps()
        for _ in 0..<Self.repairLimit {
            do {
                let encoded = try JSONEncoder().encode(repair.state)
                return (try decoder.decode(Root.self, from: encoded), repair.report)
            } catch let error as DecodingError {
                try repair.fix(error)
            } catch {
                throw .unrepairable(at: "/", String(describing: error))
            }
        }
        throw .unrepairable(at: "/", "more than \(Self.repairLimit) repairs")
    }

    /// The initial state's encoding in the wrapped form, for the values that repairs go back
    /// to.
    private func reference() throws(RestorationError) -> JSONValue {
        do {
            let data = try StepCodingForm.wrappingEverything { try JSONEncoder().encode(initial) }
            return try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw .unencodable(String(describing: error))
        }
    }

    private static func detail(of error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        switch error {
        case .dataCorrupted(let context): return context.debugDescription
        default: return String(describing: error)
        }
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
