/// A change to a tree along one path, as the path operations of SPEC §4 make it.
enum StepEdit {
    /// Select every step along the path; renew the last one when asked.
    case select(Renewal?)
    /// Select the path, then remove what would cover its last step.
    case show(Renewal?)
    /// Clear the last step's layer in its parent, if the parent selects it.
    case deselect
    /// Select the path, and make the stack at its end hold exactly these ids.
    case setStack([String])
    /// Remove the last step as a user gesture does: an element with the ones above it, or any
    /// other step by deselection.
    case remove

    /// How a step is renewed: with a value, or with none (`fresh`).
    enum Renewal {
        case fresh
        case value(any StepValue)

        var value: (any StepValue)? {
            if case .value(let value) = self { value } else { nil }
        }
    }

    /// Whether the edit selects the steps along its path.
    var selects: Bool {
        switch self {
        case .select, .show, .setStack: true
        case .deselect, .remove: false
        }
    }

    var renewal: Renewal? {
        switch self {
        case .select(let renewal), .show(let renewal): renewal
        case .deselect, .setStack, .remove: nil
        }
    }

    var isShow: Bool { if case .show = self { true } else { false } }
}

extension StepNode {
    /// Resolves the path made of `segments`, checks that `edit` can be made there, then makes
    /// it.
    ///
    /// Nothing is written, and no observer is told, unless every check passes.
    /// - Complexity: O(*d*) for a path of depth *d*, plus the cost of the nodes the edit resets
    ///   or removes.
    mutating func edit(_ segments: [Substring], _ edit: StepEdit) throws(StepPathError) {
        if segments.isEmpty { throw .emptyPath }
        if segments.count > StepPath.maximumDepth { throw .tooDeep(segments.count) }
        // Move the value into a box so that the boxes below it stay uniquely referenced and are
        // edited in place.
        let box = StepStorage.make(consume self)
        defer { self = box.value }
        guard let steps = try Self.plan(edit, segments, in: box) else { return }
        var editor = StepEditor(edit: edit, segments: segments, report: SelectionReport.start())
        editor.apply(box, steps[...], depth: 0)
        editor.report?.deliver()
    }

    /// Resolves and checks an edit: the resolved steps, or `nil` for an edit that changes
    /// nothing.
    ///
    /// Kept apart from `edit(_:_:)` so that the resolved nodes are released before the
    /// edit, leaving the boxes uniquely referenced.
    private static func plan(
        _ edit: StepEdit, _ segments: [Substring], in box: StepNodeStorage
    ) throws(StepPathError) -> [PathStep]? {
        let resolved = try ResolvedPath(segments, from: box)
        switch edit {
        case .select(let renewal), .show(let renewal):
            if let value = renewal?.value {
                let accepts =
                    switch resolved.steps[resolved.steps.count - 1] {
                    case .child(let index): resolved.parent.childAccepts(value, at: index)
                    case .element: resolved.parent.elementAccepts(value)
                    }
                guard accepts else {
                    throw .valueMismatch(String(describing: type(of: value)), at: resolved.path)
                }
            }
        case .deselect, .remove:
            switch resolved.steps[resolved.steps.count - 1] {
            case .element:
                if case .deselect = edit { throw .cannotDeselectElement(resolved.path) }
            case .child(let index):
                if resolved.parent.childKind(index) == .tab {
                    throw .cannotDeselectTab(resolved.path)
                }
            }
            if resolved.passesThroughClosedFrame { return nil }
        case .setStack(let ids):
            guard resolved.target.isStack else { throw .notAStack(resolved.path) }
            try StepStack<EmptyStep>.validate(ids: ids, at: resolved.path)
        }
        return resolved.steps
    }
}

/// Applies a checked edit level by level, making each box on the way unique, and records the
/// selection changes for observers.
struct StepEditor {
    let edit: StepEdit
    let segments: [Substring]
    var report: SelectionReport?

    /// Applies the edit to `node`, the node reached after `depth` segments; `steps` lead from
    /// it to the target.
    mutating func apply(_ node: StepNodeStorage, _ steps: ArraySlice<PathStep>, depth: Int) {
        guard let step = steps.first else {
            applyToTarget(node)
            return
        }
        let isLast = steps.count == 1
        switch step {
        case .child(let index):
            let layer = node.childLayer(index)
            if edit.selects {
                let old = node.select(index)
                // A renewal of the last step is part of the same change: one report for both.
                let renewal = isLast ? edit.renewal : nil
                if let renewal { node.renewChild(index, with: renewal.value) }
                record(node, depth, layer, from: old, to: index, renewed: renewal != nil)
                if edit.isShow {
                    for above in layer.above {
                        record(node, depth, above, from: node.clear(above))
                    }
                }
            }
            if isLast, !edit.selects {
                if node.selects(index) { record(node, depth, layer, from: node.clear(layer)) }
                return
            }
            if isLast, !changes(target: node.child(index).storage) { return }
            node.modifyChild(index) { apply($0, steps.dropFirst(), depth: depth + 1) }
        case .element(let index):
            if edit.isShow { node.removeElements(from: index + 1) }
            if isLast {
                if case .remove = edit {
                    node.removeElements(from: index)
                    return
                }
                if let renewal = edit.renewal {
                    node.renewElement(index, with: renewal.value)
                    recordRenewal(ofElement: index, in: node, depth)
                }
            }
            if isLast, !changes(target: node.element(index).storage) { return }
            node.modifyElement(index) { apply($0, steps.dropFirst(), depth: depth + 1) }
        }
    }

    /// Whether the edit has anything left to do at its target (read only): a target it leaves
    /// as it is is not made unique, so a leaf keeps sharing its box with its initial state.
    private func changes(target: StepNodeStorage) -> Bool {
        switch edit {
        case .select, .deselect, .remove: false
        case .show: target.isStack ? target.elementCount > 0 : covers(target)
        case .setStack: true
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

    private mutating func applyToTarget(_ target: StepNodeStorage) {
        switch edit {
        case .show:
            if target.isStack {
                target.removeElements(from: 0)
            } else {
                uncover(target, path: StepPath(segments.map { String($0) }))
            }
        case .setStack(let ids):
            target.setElements(ids)
        case .select, .deselect, .remove:
            break
        }
    }

    /// Clears the push and modal layers of `node` and of its chain of selected content
    /// children (SPEC §4, show).
    private mutating func uncover(_ node: StepNodeStorage, path: StepPath) {
        record(node, at: path, .push, from: node.clear(.push))
        record(node, at: path, .modal, from: node.clear(.modal))
        guard let content = node.selectedIndex(in: .content) else { return }
        node.modifyChild(content) { uncover($0, path: path.appending(node.childKey(content))) }
    }

    /// Records that `node` changed its selection in `layer`, when someone is listening and
    /// something changed.
    private mutating func record(
        _ node: StepNodeStorage, _ depth: Int, _ layer: StepLayer, from old: Int?,
        to new: Int? = nil, renewed: Bool = false
    ) {
        append(node, .prefix(segments, depth), layer, from: old, to: new, renewed: renewed)
    }

    /// Records that element `index` of the stack `node` was renewed: a new screen, reported in
    /// the push layer with the element's id as both keys.
    private mutating func recordRenewal(
        ofElement index: Int, in node: StepNodeStorage, _ depth: Int
    ) {
        guard report != nil else { return }
        let change = SelectionChange(
            .init(
                node: node, path: .prefix(segments, depth), layer: .push, old: nil, new: nil,
                element: index))
        report?.changes.append(change)
    }

    private mutating func record(
        _ node: StepNodeStorage, at path: StepPath, _ layer: StepLayer, from old: Int?,
        to new: Int? = nil, renewed: Bool = false
    ) {
        append(node, .path(path), layer, from: old, to: new, renewed: renewed)
    }

    /// Records the change lazily: its fields are computed only when an observer reads them.
    private mutating func append(
        _ node: StepNodeStorage, _ path: SelectionChange.EditedPath, _ layer: StepLayer,
        from old: Int?, to new: Int?, renewed: Bool
    ) {
        guard report != nil, old != new || renewed, old != nil || new != nil else { return }
        report?.changes.append(
            SelectionChange(
                .init(node: node, path: path, layer: layer, old: old, new: new, element: nil)))
    }
}
