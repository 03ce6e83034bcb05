import StepTree

/// Random path operations on any tree, on paths read from the tree itself: the walks of the
/// diff's equivalence test and of the coding forms' round trips.
package enum RandomOperations {
    /// Every path of steps and elements in `node`, selected or not, to a depth of `limit`.
    package static func paths(in node: StepNodeView, prefix: [String] = [], limit: Int = 6)
        -> [String]
    {
        guard prefix.count < limit else { return [] }
        var result: [String] = []
        if node.isStack {
            for index in 0..<node.elementCount {
                let element = node.element(index)
                let path = prefix + [element.id]
                result.append(path.joined(separator: "/"))
                result += paths(in: element.node, prefix: path, limit: limit)
            }
            return result
        }
        for index in 0..<node.childCount {
            let path = prefix + [node.childKey(index)]
            result.append(path.joined(separator: "/"))
            result += paths(in: node.child(index), prefix: path, limit: limit)
        }
        return result
    }

    /// A random operation on a path of `state`.
    package static func operation(
        _ state: some StepNode, _ random: inout SeededGenerator
    ) -> PathOperation? {
        let all = paths(in: StepNodeView(state))
        guard !all.isEmpty else { return nil }
        let path = random.pick(all)
        switch random.below(9) {
        case 0, 1: return .select(path)
        case 2: return .select(path, fresh: true)
        case 3: return .selectValue(path, random.pick(["v1", "v2"]))
        case 4, 5: return .show(path)
        case 6: return .deselect(path)
        case 7:
            let ids = (0..<random.below(4)).map { _ in random.pick(["u1", "u2", "u3"]) }
            return .stack(path, ids: Array(Set(ids)).sorted())
        default: return .remove(path)
        }
    }
}
