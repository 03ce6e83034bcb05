import Foundation
import TestSupport

@testable import StepTree

extension SeededGenerator {
    /// Shuffles `items` in place (Fisher–Yates).
    mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for index in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(index, below(index + 1))
        }
    }
}

/// Random version 2 schemas: every node has its content children (all tabs or all inline),
/// and beside them push, stack and present children (sheet, cover or a custom style); the
/// `initial` list names at most one child per layer; stacks have element schemas; nodes nest
/// up to four levels deep.
enum DriverSchemas {
    static let maximumDepth = 4
    static let styles = ["sheet", "cover", "popover"]

    /// A schema as a JSON object, ready for `StepSchema(jsonObject:)`.
    static func root(_ random: inout SeededGenerator) -> [String: Any] {
        body(depth: 0, tabChance: 40, minimumChildren: 2, &random)
    }

    /// The fields of a node other than key and kind: children and initial.
    private static func body(
        depth: Int, tabChance: Int, minimumChildren: Int, _ random: inout SeededGenerator
    ) -> [String: Any] {
        guard depth < maximumDepth else { return [:] }
        let count = minimumChildren + random.below(5 - minimumChildren)
        guard count > 0 else { return [:] }
        let tabs = random.chance(tabChance)
        let content = tabs ? "tab" : "inline"
        // At least one content child half of the time, then any mix of the layers.
        var kinds: [String] = []
        for index in 0..<count {
            kinds.append(
                index == 0 && random.chance(50)
                    ? content
                    : random.pick([content, content, "push", "push", "stack", "present", "present"])
            )
        }
        var children: [[String: Any]] = []
        for (index, kind) in kinds.enumerated() {
            let key = String(UnicodeScalar(UInt8(97 + index))) + String(depth)
            children.append(child(key: key, kind: kind, depth: depth + 1, &random))
        }
        var fields: [String: Any] = ["children": children]
        var initial: [String] = []
        for layer in [[content], ["push", "stack"], ["present"]] {
            let candidates = children.filter { layer.contains($0["kind"] as? String ?? "") }
            let chance = layer == ["tab"] ? 85 : layer == ["present"] ? 20 : 45
            if !candidates.isEmpty, random.chance(chance),
                let key = random.pick(candidates)["key"] as? String
            {
                initial.append(key)
            }
        }
        random.shuffle(&initial)
        if initial.count == 1, random.chance(50) {
            fields["initial"] = initial[0]
        } else if !initial.isEmpty || random.chance(10) {
            fields["initial"] = initial
        }
        return fields
    }

    private static func child(
        key: String, kind: String, depth: Int, _ random: inout SeededGenerator
    ) -> [String: Any] {
        var fields: [String: Any] = ["key": key, "kind": kind]
        if kind == "stack" {
            // An element schema is one more level; like the root it has no key or kind.
            fields["element"] = body(depth: depth, tabChance: 10, minimumChildren: 0, &random)
            return fields
        }
        if kind == "present" { fields["style"] = random.pick(styles) }
        if random.chance(55) {
            fields.merge(body(depth: depth, tabChance: 15, minimumChildren: 1, &random)) { $1 }
        }
        return fields
    }
}

/// One operation of SPEC §4, valid or not: a path operation, or a restore of a state built
/// from the initial state by the given operations.
enum DriverOperation: CustomStringConvertible {
    case path(PathOperation)
    case restore([PathOperation])

    /// Runs the operation on `state`; a restore replays its operations from `initial`.
    func run<Root: StepNode>(on state: inout Root, initial: Root) throws(StepPathError) {
        switch self {
        case .path(let operation): try state.perform(operation)
        case .restore(let operations):
            var saved = initial
            for operation in operations { try saved.perform(operation) }
            state.restore(saved)
        }
    }

    /// The path selected by the operation, when it succeeds.
    var selectedPath: String? {
        switch self {
        case .path(.select(let path, _)), .path(.selectValue(let path, _)), .path(.show(let path)),
            .path(.stack(let path, _)):
            path
        default: nil
        }
    }

    /// The step in the conformance suite's JSON form, so that a failure can become a case
    /// (`remove` is not in the case format; it is written the same way).
    var description: String {
        switch self {
        case .path(let operation): Self.json(operation)
        case .restore(let operations):
            #"{"restore": [\#(operations.map(Self.json).joined(separator: ", "))]}"#
        }
    }

    static func json(_ operation: PathOperation) -> String {
        func quoted(_ text: String) -> String {
            let data = try? JSONSerialization.data(
                withJSONObject: [text], options: [.fragmentsAllowed])
            return String(decoding: data ?? Data(), as: UTF8.self).dropFirst().dropLast()
                .description
        }
        return switch operation {
        case .select(let path, let fresh):
            fresh
                ? #"{"select": \#(quoted(path)), "fresh": true}"# : #"{"select": \#(quoted(path))}"#
        case .selectValue(let path, let value):
            #"{"select": \#(quoted(path)), "value": \#(quoted(value))}"#
        case .show(let path): #"{"show": \#(quoted(path))}"#
        case .deselect(let path): #"{"deselect": \#(quoted(path))}"#
        case .remove(let path): #"{"remove": \#(quoted(path))}"#
        case .stack(let path, let ids):
            #"{"stack": \#(quoted(path)), "ids": [\#(ids.map(quoted).joined(separator: ", "))]}"#
        }
    }
}

/// Random operations on any tree, read through the model's view of its nodes.
enum DriverOperations {
    static let elementIDs = ["u1", "u2", "u3", "u4", "u5"]
    /// Few values, so that a step is often renewed with the value it already has.
    static let values = ["x", "y"]

    /// A random path operation on `root`.
    static func next(on root: some StepNode, _ random: inout SeededGenerator) -> PathOperation {
        next(on: root, stacks: stackPaths(in: StepStorage.make(root)), &random)
    }

    /// A random path operation on `root`, whose stacks are `stacks` (for a tree whose stacks are
    /// known in advance, which saves the walk over the whole tree).
    static func next(
        on root: some StepNode, stacks: [String], _ random: inout SeededGenerator
    ) -> PathOperation {
        let tree: StepNodeStorage = StepStorage.make(root)
        func path(valid percent: Int) -> String {
            random.chance(percent)
                ? validPath(in: tree, &random) : invalidPath(in: tree, stacks: stacks, &random)
        }
        switch random.below(100) {
        case 0..<28: return .select(path(valid: 100), fresh: random.chance(15))
        case 28..<36: return .select(path(valid: 0), fresh: random.chance(20))
        case 36..<44: return .selectValue(path(valid: 90), random.pick(values))
        case 44..<56: return .show(path(valid: 90))
        case 56..<68: return .deselect(path(valid: 85))
        case 68..<74: return .remove(path(valid: 85))
        default:
            guard !stacks.isEmpty, random.chance(95) else {
                return .stack(validPath(in: tree, &random), ids: ["u1"])
            }
            let path = random.pick(stacks)
            let current = elementIDs(at: path, in: tree)
            return .stack(path, ids: stackIDs(from: current, &random))
        }
    }

    /// A path of existing steps, following a selected child half of the time and preferring
    /// the top element of stacks, so that walks reach the active screens as often as hidden
    /// ones.
    static func validPath(in tree: StepNodeStorage, _ random: inout SeededGenerator) -> String {
        var node = tree
        var segments: [String] = []
        while segments.isEmpty || random.chance(70) {
            if node.isStack {
                let count = node.elementCount
                guard count > 0 else { break }
                let element = node.element(random.chance(60) ? count - 1 : random.below(count))
                segments.append(element.id)
                node = element.storage
            } else {
                guard node.childCount > 0 else { break }
                let selected = (0..<node.childCount).filter(node.selects)
                let index =
                    random.chance(50) && !selected.isEmpty
                    ? random.pick(selected) : random.below(node.childCount)
                segments.append(node.childKey(index))
                node = node.child(index).storage
            }
        }
        return segments.joined(separator: "/")
    }

    static func invalidPath(
        in tree: StepNodeStorage, stacks: [String], _ random: inout SeededGenerator
    ) -> String {
        let valid = validPath(in: tree, &random)
        switch random.below(7) {
        case 0: return valid + "/zz"
        case 1: return random.chance(50) ? "" : "/"
        case 2: return "//" + valid
        case 3: return valid + "/"
        case 4: return stacks.isEmpty ? "zz" : random.pick(stacks) + "/nobody"
        case 5: return "/" + valid  // valid: one leading slash is allowed
        default: return valid.replacingOccurrences(of: "/", with: "//")
        }
    }

    /// The element ids for a set stack: kept, dropped, reordered or added, and now and then
    /// an invalid list (a duplicate, an empty id, an id with `/`).
    static func stackIDs(from current: [String], _ random: inout SeededGenerator) -> [String] {
        var ids = current
        switch random.below(10) {
        case 0: break  // keep
        case 1: if !ids.isEmpty { ids.remove(at: random.below(ids.count)) }
        case 2: ids.removeLast(min(ids.count, 1 + random.below(2)))
        case 3:
            if ids.count > 1 { ids.swapAt(random.below(ids.count), random.below(ids.count)) }
        case 4: ids = []
        case 5:
            ids = elementIDs.filter { _ in random.chance(50) }
            random.shuffle(&ids)
        case 6:
            if random.chance(50) {
                ids.append(ids.first ?? "u1")
                if ids.count == 1 { ids.append("u1") }
            } else {
                ids.insert(random.chance(50) ? "" : "a/b", at: random.below(ids.count + 1))
            }
        default:
            if let id = elementIDs.first(where: { !ids.contains($0) }) {
                ids.insert(id, at: random.chance(70) ? ids.count : random.below(ids.count + 1))
            }
        }
        return ids
    }

    /// Every stack in the tree, selected or not, as relative paths.
    static func stackPaths(in tree: StepNodeStorage) -> [String] {
        var paths: [String] = []
        collectStacks(tree, path: [], into: &paths)
        return paths
    }

    private static func collectStacks(
        _ node: StepNodeStorage, path: [String], into paths: inout [String]
    ) {
        if node.isStack {
            paths.append(path.joined(separator: "/"))
            for index in 0..<node.elementCount {
                let element = node.element(index)
                collectStacks(element.storage, path: path + [element.id], into: &paths)
            }
        } else {
            for index in 0..<node.childCount {
                collectStacks(
                    node.child(index).storage, path: path + [node.childKey(index)], into: &paths)
            }
        }
    }

    static func elementIDs(at path: String, in tree: StepNodeStorage) -> [String] {
        guard let node = step(at: path.split(separator: "/").map(String.init), in: tree)?.storage
        else { return [] }
        return (0..<node.elementCount).map { node.element($0).id }
    }

    /// The step at `segments`: its renewal and its box.
    static func step(at segments: [String], in tree: StepNodeStorage) -> StepReference? {
        var step = StepReference(storage: tree)
        for segment in segments {
            let node = step.storage
            if node.isStack {
                guard let index = node.elementIndex(forID: Substring(segment)) else { return nil }
                let element = node.element(index)
                step = StepReference(storage: element.storage)
            } else {
                guard let index = node.childIndex(forKey: Substring(segment)) else { return nil }
                step = node.child(index)
            }
        }
        return step
    }
}
