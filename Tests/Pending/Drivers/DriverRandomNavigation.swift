import Foundation

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

/// Random schemas in the style of the conformance suite's random cases: a root with tabs or
/// not, children of every kind (presents with sheet, cover or a custom style), stacks with
/// element schemas, initial selections, nodes nested up to four levels deep.
enum DriverSchemas {
    static let maximumDepth = 4
    static let styles = ["sheet", "cover", "popover"]

    /// A schema as a JSON object, ready for `StepSchema(jsonObject:)`.
    static func root(_ random: inout SeededGenerator) -> [String: Any] {
        body(depth: 0, tabChance: 35, minimumChildren: 2, &random)
    }

    /// The fields of a node other than key and kind: children, element and initial.
    private static func body(
        depth: Int, tabChance: Int, minimumChildren: Int, _ random: inout SeededGenerator
    ) -> [String: Any] {
        guard depth < maximumDepth else { return [:] }
        let count = minimumChildren + random.below(5 - minimumChildren)
        guard count > 0 else { return [:] }
        let tabs = random.chance(tabChance)
        var children: [[String: Any]] = []
        for index in 0..<count {
            let key = String(UnicodeScalar(UInt8(97 + index))) + String(depth)
            children.append(child(key: key, tabs: tabs, depth: depth + 1, &random))
        }
        var fields: [String: Any] = ["children": children]
        if random.chance(tabs ? 85 : 50), let initial = random.pick(children)["key"] {
            fields["initial"] = initial
        }
        return fields
    }

    private static func child(
        key: String, tabs: Bool, depth: Int, _ random: inout SeededGenerator
    ) -> [String: Any] {
        let kind =
            tabs
            ? "tab"
            : random.pick(["inline", "inline", "push", "push", "present", "present", "stack"])
        var fields: [String: Any] = ["key": key, "kind": kind]
        if kind == "stack" {
            // An element schema is one more level; like the root it has no key or kind.
            fields["element"] = body(depth: depth, tabChance: 10, minimumChildren: 0, &random)
            return fields
        }
        if kind == "present" { fields["style"] = random.pick(styles) }
        if random.chance(60) {
            fields.merge(body(depth: depth, tabChance: 10, minimumChildren: 1, &random)) { $1 }
        }
        return fields
    }
}

/// One operation of SPEC §4, valid or not.
enum DriverOperation: CustomStringConvertible {
    case select(String, fresh: Bool)
    case deselect(String)
    case setStack(String, ids: [String])

    /// Runs the operation on `state`.
    func run(on state: inout some StepNode) throws(StepPathError) {
        switch self {
        case .select(let path, let fresh): try state.select(path: path, fresh: fresh)
        case .deselect(let path): try state.deselect(path: path)
        case .setStack(let path, let ids): try state.setStack(path: path, ids: ids)
        }
    }

    /// The path selected by the operation, when it succeeds.
    var selectedPath: String? {
        switch self {
        case .select(let path, _), .setStack(let path, _): path
        case .deselect: nil
        }
    }

    /// The step in the conformance suite's JSON form, so that a failure can become a case.
    var description: String {
        switch self {
        case .select(let path, let fresh):
            fresh ? #"{"select": "\#(path)", "fresh": true}"# : #"{"select": "\#(path)"}"#
        case .deselect(let path): #"{"deselect": "\#(path)"}"#
        case .setStack(let path, let ids):
            #"{"stack": "\#(path)", "ids": [\#(ids.map { "\"\($0)\"" }.joined(separator: ", "))]}"#
        }
    }
}

/// Random operations on any tree, read through the engine's view of its nodes.
enum DriverOperations {
    static let elementIDs = ["u1", "u2", "u3", "u4", "u5"]

    static func next(on root: some StepNode, _ random: inout SeededGenerator) -> DriverOperation {
        let tree: StepNodeStorage = StepStorage.make(root)
        let stacks = stackPaths(in: tree)
        switch random.below(100) {
        case 0..<40:
            return .select(validPath(in: tree, &random), fresh: random.chance(20))
        case 40..<50:
            return .select(invalidPath(in: tree, stacks: stacks, &random), fresh: random.chance(20))
        case 50..<62:
            let path =
                random.chance(85)
                ? validPath(in: tree, &random)
                : invalidPath(
                    in: tree, stacks: stacks, &random)
            return .deselect(path)
        default:
            guard !stacks.isEmpty, random.chance(95) else {
                return .setStack(validPath(in: tree, &random), ids: ["u1"])
            }
            let path = random.pick(stacks)
            let current = elementIDs(at: path, in: tree)
            return .setStack(path, ids: stackIDs(from: current, &random))
        }
    }

    /// A path of existing steps, following the selection half of the time and preferring the
    /// top element of stacks, so that walks reach the active screens as often as hidden ones.
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
                let index =
                    random.chance(50)
                    ? node.selectedIndex ?? random.below(node.childCount)
                    : random.below(node.childCount)
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
        switch random.below(6) {
        case 0: return valid + "/zz"
        case 1: return ""
        case 2: return "/" + valid
        case 3: return valid + "/"
        case 4: return stacks.isEmpty ? "zz" : random.pick(stacks) + "/nobody"
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

    private static func elementIDs(at path: String, in tree: StepNodeStorage) -> [String] {
        let segments = path.split(separator: "/").map(String.init)
        guard let node = ScreenLocation(StepPath(segments), in: tree)?.storage else { return [] }
        return (0..<node.elementCount).map { node.element($0).id }
    }
}
