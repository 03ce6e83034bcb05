import Foundation
import StepTree
import StepTreeTools

/// One path operation of the public API, as the fuzz targets apply it to any ``StepNode``.
public enum PathOperation: Hashable, Sendable, CustomStringConvertible {
    case select(String, fresh: Bool)
    case selectValue(String, String)
    case show(String, fresh: Bool)
    case showValue(String, String)
    case deselect(String)
    case stack(String, ids: [String])
    case remove(String)

    /// The operation's path text.
    public var path: String {
        switch self {
        case .select(let path, _), .selectValue(let path, _), .show(let path, _),
            .showValue(let path, _), .deselect(let path), .stack(let path, _), .remove(let path):
            path
        }
    }

    /// Whether the operation renews a step with a value, which only some steps accept.
    public var carriesValue: Bool {
        switch self {
        case .selectValue, .showValue: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .select(let path, let fresh): "select \(path.debugDescription)\(fresh ? " fresh" : "")"
        case .selectValue(let path, let value):
            "select \(path.debugDescription) with \(value.debugDescription)"
        case .show(let path, let fresh): "show \(path.debugDescription)\(fresh ? " fresh" : "")"
        case .showValue(let path, let value):
            "show \(path.debugDescription) with \(value.debugDescription)"
        case .deselect(let path): "deselect \(path.debugDescription)"
        case .stack(let path, let ids): "stack \(path.debugDescription) \(ids)"
        case .remove(let path): "remove \(path.debugDescription)"
        }
    }

    /// Reads an operation from one line of fuzz input: the first byte picks the operation, the
    /// rest is the path; a tab ends the path and starts the value, or the stack's ids separated
    /// by commas.
    public init(line: ArraySlice<UInt8>) {
        let code = line.first ?? 0
        let body = line.dropFirst()
        let tab = body.firstIndex(of: 9)
        let path = String(decoding: body[..<(tab ?? body.endIndex)], as: UTF8.self)
        let rest = tab.map { String(decoding: body[body.index(after: $0)...], as: UTF8.self) }
        switch code % 8 {
        case 0: self = .select(path, fresh: false)
        case 1: self = .select(path, fresh: true)
        case 2: self = .selectValue(path, rest ?? "")
        case 3: self = .show(path, fresh: code & 0x10 != 0)
        case 4: self = .showValue(path, rest ?? "")
        case 5: self = .deselect(path)
        case 6:
            let ids = (rest ?? "").split(separator: ",", omittingEmptySubsequences: false)
            self = .stack(path, ids: rest == nil ? [] : ids.map(String.init))
        default: self = .remove(path)
        }
    }

    /// The line ``init(line:)`` reads back as this operation (for seeds).
    public var line: [UInt8] {
        func encode(_ code: UInt8, _ path: String, _ rest: String? = nil) -> [UInt8] {
            [code] + Array(path.utf8) + (rest.map { [9] + Array($0.utf8) } ?? [])
        }
        return switch self {
        case .select(let path, let fresh): encode(fresh ? 1 : 0, path)
        case .selectValue(let path, let value): encode(2, path, value)
        case .show(let path, let fresh): encode(fresh ? 0x13 : 3, path)
        case .showValue(let path, let value): encode(4, path, value)
        case .deselect(let path): encode(5, path)
        case .stack(let path, let ids): encode(6, path, ids.joined(separator: ","))
        case .remove(let path): encode(7, path)
        }
    }
}

/// What an operation did: the events in text form, or the error.
public enum Outcome: Hashable, Sendable {
    case events([String])
    case error(StepPathError)
}

/// The segments of `text`, read the way SPEC §4 and the documented limits describe, written
/// independently of the library: drop one leading `/`, split at every `/`; no segments at all
/// is the empty path; more than 128 segments, or a segment over 1,024 bytes, is refused.
public func referenceParse(_ text: String) -> Result<[String], StepPathError> {
    var bytes = Substring(text).utf8[...]
    if bytes.first == UInt8(ascii: "/") { bytes = bytes.dropFirst() }
    if bytes.isEmpty { return .failure(.emptyPath) }
    let raw = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    if raw.count > 128 { return .failure(.tooDeep(raw.count)) }
    for (index, part) in raw.enumerated() {
        if part.isEmpty { return .failure(.emptySegment(index: index)) }
        if part.count > 1024 { return .failure(.segmentTooLong(index: index, length: part.count)) }
    }
    return .success(raw.map { String(decoding: Array($0), as: UTF8.self) })
}

extension StepNode {
    /// Runs `operation`, its path text parsed as text from outside is.
    public mutating func perform(_ operation: PathOperation) throws(StepPathError) {
        _ = try perform(operation, at: StepPath(parsing: operation.path))
    }

    /// Runs `operation` at `path`, a path already parsed (its own text is not read).
    /// - Returns: `true`.
    @discardableResult
    public mutating func perform(_ operation: PathOperation, at path: StepPath)
        throws(StepPathError) -> Bool
    {
        switch operation {
        case .select(_, let fresh):
            if fresh { try renew(path: path) } else { try select(path: path) }
        case .selectValue(_, let value): try select(path: path, with: value)
        case .show(_, let fresh):
            try show(path: path)
            if fresh { try renew(path: path) }
        case .showValue(_, let value): try show(path: path, with: value)
        case .deselect: try deselect(path: path)
        case .stack(_, let ids): try setStack(path: path, ids: ids)
        case .remove: try close(path: path)
        }
        return true
    }

    /// Runs `operation` and checks the promises of the path API:
    /// - the `String` and ``StepPath`` overloads agree, and a path that does not parse fails
    ///   with the parser's error;
    /// - on an error the value is unchanged and the diff from it is empty;
    /// - on success the diff runs both ways, the path is selected after a select, show or
    ///   stack, and no longer selected after a deselect or remove.
    /// - Returns: The events, or the error.
    public mutating func checkedApply(_ operation: PathOperation, _ context: String) -> Outcome {
        let before = self
        let outcome: Outcome
        do {
            try perform(operation)
            outcome = .events(NavigationDiff.events(from: before, to: self).map(\.description))
        } catch {
            require(
                self == before, "\(context): \(operation) failed (\(error)) but changed the state")
            require(
                NavigationDiff.events(from: before, to: self).isEmpty,
                "\(context): \(operation) failed (\(error)) but the diff is not empty")
            outcome = .error(error)
        }
        let parsed = Result { () throws(StepPathError) in try StepPath(parsing: operation.path) }
        switch parsed {
        case .failure(let error):
            require(
                outcome == .error(error),
                "\(context): \(operation) gave \(outcome), but the path does not parse: \(error)")
        case .success(let path):
            var other = before
            let otherOutcome: Outcome?
            do {
                otherOutcome =
                    try other.perform(operation, at: path)
                    ? .events(NavigationDiff.events(from: before, to: other).map(\.description))
                    : nil
            } catch {
                require(other == before, "\(context): \(operation) at \(path) changed the state")
                otherOutcome = .error(error)
            }
            if let otherOutcome {
                require(
                    otherOutcome == outcome && other == self,
                    "\(context): \(operation) gave \(outcome) as text, \(otherOutcome) as a StepPath"
                )
            }
            if case .events = outcome {
                _ = NavigationDiff.events(from: self, to: before)
                switch operation {
                case .select, .selectValue, .show, .showValue, .stack:
                    require(isSelected(path: path), "\(context): \(operation) left it unselected")
                case .deselect, .remove:
                    require(!isSelected(path: path), "\(context): \(operation) left it selected")
                }
            }
        }
        return outcome
    }

    /// Checks what any state must allow: an empty diff to itself, presented modals that are
    /// selected paths and can each be deselected, topmost first, and `dismissAll()`
    /// leaving none.
    public func checkModals(_ context: String) {
        require(
            NavigationDiff.events(from: self, to: self).isEmpty,
            "\(context): the diff from a state to itself is not empty")
        let modals = presentedModals
        var state = self
        for modal in modals.reversed() {
            require(state.isSelected(path: modal), "\(context): modal \(modal) is not selected")
            var reselected = state
            do {
                try reselected.select(path: modal)
            } catch {
                require(
                    false, "\(context): selecting the presented modal \(modal) failed: \(error)")
            }
            require(reselected == state, "\(context): selecting the presented \(modal) changed it")
            do {
                try state.deselect(path: modal)
            } catch {
                require(
                    false, "\(context): the presented modal \(modal) cannot be deselected: \(error)"
                )
            }
        }
        require(state.presentedModals.isEmpty, "\(context): modals left after dismissing all")
        var dismissed = self
        require(dismissed.dismissAll() == modals, "\(context): dismissAll")
        require(dismissed == state, "\(context): dismissAll differs from deselecting each")
    }
}

/// Encodes `value`, decodes it back and checks that the result is equal, hashes equally and
/// encodes to the same bytes.
/// - Returns: The decoded copy.
@discardableResult
public func checkRoundTrip<Value: Codable & Hashable>(
    _ value: Value, decoder: JSONDecoder, _ context: String
) -> Value {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data: Data
    do {
        data = try encoder.encode(value)
    } catch {
        require(false, "\(context): a state does not encode: \(error)")
        return value
    }
    let decoded: Value
    do {
        decoded = try decoder.decode(Value.self, from: data)
    } catch {
        require(
            false,
            "\(context): an encoded state does not decode: \(error)\n"
                + String(decoding: data, as: UTF8.self))
        return value
    }
    require(
        decoded == value,
        "\(context): the decoded state differs: " + String(decoding: data, as: UTF8.self))
    require(decoded.hashValue == value.hashValue, "\(context): the decoded state hashes apart")
    let again = try? encoder.encode(decoded)
    require(again == data, "\(context): the decoded state encodes differently")
    return decoded
}

/// The lines of `bytes`, split at `\n`.
public func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    bytes[...].split(separator: 10, omittingEmptySubsequences: false)
}
