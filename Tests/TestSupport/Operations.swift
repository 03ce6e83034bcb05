import StepTree
import Testing

/// One path operation, applied the same way to any ``StepNode`` (hand-written or schema-driven).
package enum PathOperation: Hashable, Sendable, CustomTestStringConvertible {
    case select(String, fresh: Bool = false)
    case selectValue(String, String)
    case show(String)
    case deselect(String)
    case stack(String, ids: [String])
    case remove(String)

    package var testDescription: String {
        switch self {
        case .select(let path, let fresh): fresh ? "select \(path) fresh" : "select \(path)"
        case .selectValue(let path, let value): "select \(path) with '\(value)'"
        case .show(let path): "show \(path)"
        case .deselect(let path): "deselect \(path)"
        case .stack(let path, let ids): "stack \(path) \(ids)"
        case .remove(let path): "remove \(path)"
        }
    }
}

/// What an operation did: the events it caused, or the error it raised.
package enum Outcome: Hashable, Sendable, CustomTestStringConvertible {
    case events([String])
    case error(StepPathError)

    package var testDescription: String {
        switch self {
        case .events(let events): "events \(events)"
        case .error(let error): "error \(error)"
        }
    }
}

extension StepNode {
    /// Runs `operation` on this value.
    package mutating func perform(_ operation: PathOperation) throws(StepPathError) {
        switch operation {
        case .select(let path, let fresh):
            if fresh {
                try renew(path: StepPath(parsing: path))
            } else {
                try select(path: StepPath(parsing: path))
            }
        case .selectValue(let path, let value):
            try select(path: StepPath(parsing: path), with: value)
        case .show(let path): try show(path: StepPath(parsing: path))
        case .deselect(let path): try deselect(path: StepPath(parsing: path))
        case .stack(let path, let ids): try setStack(path: StepPath(parsing: path), ids: ids)
        case .remove(let path): try close(path: StepPath(parsing: path))
        }
    }

    /// Runs `operation` and returns its events in text form, or its error. On an error it also
    /// checks the SPEC §4 guarantee: the value is unchanged and the diff to it is empty.
    package mutating func apply(
        _ operation: PathOperation, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Outcome {
        let before = self
        do {
            try perform(operation)
        } catch {
            #expect(
                self == before, "\(operation) changed the state", sourceLocation: sourceLocation)
            #expect(
                NavigationDiff.events(from: before, to: self) == [],
                "\(operation) failed but the diff is not empty", sourceLocation: sourceLocation)
            return .error(error)
        }
        return .events(NavigationDiff.events(from: before, to: self).map(\.description))
    }
}

/// The events between two states of one tree, in SPEC §5 text form.
package func eventText<Root: StepNode>(from old: Root, to new: Root) -> [String] {
    NavigationDiff.events(from: old, to: new).map(\.description)
}
