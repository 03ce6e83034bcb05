/// Applies a checked edit level by level, making each box on the way unique, and records the
/// selection changes for observers.
struct StepEditor {
    let operation: StepEdit.Operation
    /// Whether the edit selects the steps along its path.
    let selects: Bool
    /// The resolved path, from the root.
    let steps: ScratchBuffer<PathStep>
    /// Where the changes go, when someone listens.
    let log: ChangeLog?

    init(_ edit: StepEdit, steps: ScratchBuffer<PathStep>, log: ChangeLog?) {
        self.operation = edit.operation
        self.selects = edit.selects
        self.steps = steps
        self.log = log
    }

    /// Applies `edit` along the path from the hand-written root at `root`, whose table is
    /// `table`, held in place: the path goes on below it.
    func apply(
        _ edit: StepEdit, inPlace root: MutableValueAddress, _ table: Unretained<StepTableShape>
    ) {
        guard case .child(let index) = steps[0], steps.count > 1 else {
            preconditionFailure("a root held in place is a hand-written node the path goes through")
        }
        precondition(selects, "a root held in place is only taken by selecting edits")
        // Borrowed: the table lives as long as the program.
        let child = table.with { table in
            let selection = table.selection
            return selection.descendInPlace(root, table, index, operation == .show).1
        }
        apply(edit, from: child, at: 1)
    }

    /// Applies `edit` along the path from `node`, which the first `start` steps lead to.
    ///
    /// Unretained: each box on the way is held by its parent, which the edit keeps.
    func apply(_ edit: StepEdit, from node: Unretained<StepNodeStorage>, at start: Int = 0) {
        defer { _checkInvariants(after: edit, from: node, at: start) }
        var node = node
        var depth = start
        while depth < steps.count {
            if selects, depth < steps.count - 1, case .child(let index) = steps[depth] {
                node = node.with { descend(from: $0, to: index, depth) }
            } else {
                guard let next = step(edit, from: node.object, depth) else { return }
                node = next
            }
            depth += 1
        }
        let target = node.object
        switch operation {
        case .show:
            if target.isStack {
                target.removeElements(from: 0)
            } else {
                uncover(target, path: log?.path)
            }
        case .setStack:
            target.setElements(edit.ids)
        case .push:
            let index = target.pushElement(id: edit.ids.first, box: edit.element)
            edit.recordPushed(target.element(index).id)
        case .select, .deselect, .remove:
            break
        }
    }

    /// Selects child `index` of `node`, the node after `depth` segments, and returns the
    /// child's box made unique: a level above the last of a selecting edit, in one call.
    @inline(__always)
    private func descend(
        from node: StepNodeStorage, to index: Int, _ depth: Int
    ) -> Unretained<StepNodeStorage> {
        // With no one listening, a show clears the covering layers in the same call.
        guard let log else {
            return node.selectUniqueChild(index, clearingAbove: operation == .show).child
        }
        let (old, child) = node.selectUniqueChild(index, clearingAbove: false)
        let layer = node.childLayer(index)
        log.record(node, depth, layer, from: old, to: index)
        if operation == .show { clear(above: layer, in: node, depth) }
        return child
    }

    /// Applies step `depth` of `edit` to `node`, which the steps before it lead to (any step
    /// `descend(from:to:_:)` does not take): the box of the next node, or `nil` when the edit
    /// ends here.
    private func step(
        _ edit: StepEdit, from node: StepNodeStorage, _ depth: Int
    ) -> Unretained<StepNodeStorage>? {
        let isLast = depth == steps.count - 1
        switch steps[depth] {
        case .child(let index):
            let layer = node.childLayer(index)
            if selects {
                let old = node.select(index, in: layer)
                // A renewal of the last step is part of the same change: one report for both.
                let renews = isLast && edit.renews
                if renews { node.renewChild(index, with: edit.value) }
                log?.record(node, depth, layer, from: old, to: index, renewed: renews)
                if operation == .show { clear(above: layer, in: node, depth) }
            }
            if isLast, !selects {
                if node.selectedIndex(in: layer) == index {
                    let cleared = node.clear(layer)
                    log?.record(node, depth, layer, from: cleared)
                }
                return nil
            }
            if isLast, !changes(target: node.child(index).storage) { return nil }
            return Unretained(node.uniqueChild(index))
        case .element(let index):
            if operation == .show { node.removeElements(from: index + 1) }
            if isLast {
                if operation == .remove {
                    if edit.alone {
                        node.removeElement(index)
                    } else {
                        node.removeElements(from: index)
                    }
                    return nil
                }
                if edit.renews {
                    node.renewElement(index, with: edit.value)
                    log?.recordRenewal(ofElement: index, in: node, depth)
                }
            }
            if isLast, !changes(target: node.element(index).storage) { return nil }
            return Unretained(node.uniqueElement(index))
        }
    }

    /// Clears the layers above `layer` in `node`, the node after `depth` segments (show).
    private func clear(above layer: StepLayer, in node: StepNodeStorage, _ depth: Int) {
        // With no one listening, the node clears them all in one call.
        guard let log else { return node.clearLayers(above: layer) }
        for above in layer.above {
            let cleared = node.clear(above)
            log.record(node, depth, above, from: cleared)
        }
    }

    /// Whether the edit has anything left to do at its target (read only): a target it leaves
    /// as it is is not made unique, so a leaf keeps sharing its box with its initial state.
    ///
    /// The target is read only for the edits that look at it.
    private func changes(target: @autoclosure () -> StepNodeStorage) -> Bool {
        switch operation {
        case .select, .deselect, .remove: return false
        case .show:
            let target = target()
            return target.isStack ? target.elementCount > 0 : covers(target)
        case .setStack, .push: return true
        }
    }

    /// Whether `node` or its chain of selected content children selects a pushed or presented
    /// step: what `uncover` clears.
    private func covers(_ node: StepNodeStorage) -> Bool {
        if node.selectedIndex(in: .push) != nil || node.selectedIndex(in: .modal) != nil {
            return true
        }
        guard let content = node.selectedIndex(in: .content) else { return false }
        return covers(node.child(content).storage)
    }

    /// Clears the push and modal layers of `node` and of its chain of selected content
    /// children (SPEC §4, show); `path` is the node's path, when someone listens.
    private func uncover(_ node: StepNodeStorage, path: StepPath?) {
        if let log {
            let push = node.clear(.push)
            let modal = node.clear(.modal)
            log.record(node, at: path, .push, from: push)
            log.record(node, at: path, .modal, from: modal)
        } else {
            // With no one listening, both layers in one call.
            node.clearLayers(above: .content)
        }
        guard let content = node.selectedIndex(in: .content) else { return }
        uncover(node.uniqueChild(content), path: path?.appending(node.childKey(content)))
    }
}

/// The selection changes of one edit, collected for the observers: made only when someone
/// listens, so that an edit no one observes records nothing.
final class ChangeLog {
    var report: SelectionReport
    /// The edit's segments, of which each change's path is a prefix.
    let segments: [Substring]

    private init(report: SelectionReport, segments: [Substring]) {
        self.report = report
        self.segments = segments
    }

    /// A log when someone listens at `sink`, else `nil`; one relaxed atomic load when no one
    /// is.
    static func start(_ segments: some PathSegments, reporting sink: SelectionSink) -> ChangeLog? {
        // The flag first: an empty optional report is dearer to make and drop than the load.
        guard sink.mayReport, let report = sink.open() else { return nil }
        return ChangeLog(report: report, segments: segments.slices)
    }

    /// The whole path of the edit.
    var path: StepPath { StepPath(segments.map { String($0) }) }

    /// Records that the node after `depth` segments changed its selection in `layer`, if
    /// something changed.
    func record(
        _ node: StepNodeStorage, _ depth: Int, _ layer: StepLayer, from old: Int?,
        to new: Int? = nil, renewed: Bool = false
    ) {
        append(node, .prefix(segments, depth), layer, from: old, to: new, renewed: renewed)
    }

    /// Records that the node at `path` changed its selection in `layer`, if something changed.
    func record(_ node: StepNodeStorage, at path: StepPath?, _ layer: StepLayer, from old: Int?) {
        guard let path else { return }
        append(node, .path(path), layer, from: old, to: nil, renewed: false)
    }

    /// Records that element `index` of the stack `node` was renewed: a new screen, reported in
    /// the push layer with the element's id as both keys.
    func recordRenewal(ofElement index: Int, in node: StepNodeStorage, _ depth: Int) {
        report.changes.append(
            SelectionChange(
                .init(
                    node: node, path: .prefix(segments, depth), layer: .push, old: nil, new: nil,
                    element: index)))
    }

    /// Records the change lazily: its fields are computed only when an observer reads them.
    private func append(
        _ node: StepNodeStorage, _ path: SelectionChange.EditedPath, _ layer: StepLayer,
        from old: Int?, to new: Int?, renewed: Bool
    ) {
        guard old != new || renewed, old != nil || new != nil else { return }
        report.changes.append(
            SelectionChange(
                .init(node: node, path: path, layer: layer, old: old, new: new, element: nil)))
    }
}
