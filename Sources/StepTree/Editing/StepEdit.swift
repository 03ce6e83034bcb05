/// A change to a tree along one path, as the path operations of SPEC §4 make it.
///
/// A flat value, read at every level of the path: an enum with payloads would be copied,
/// payload and all, each time it is matched.
package struct StepEdit {
    /// What the edit does along its path.
    enum Operation {
        /// Select every step along the path; renew the last one when asked.
        case select
        /// Select the path, then remove what would cover its last step.
        case show
        /// Clear the last step's layer in its parent, if the parent selects it.
        case deselect
        /// Select the path, and make the stack at its end hold exactly ``StepEdit/ids``.
        case setStack
        /// Remove the last step as a user gesture does: an element with the ones above it, or
        /// any other step by deselection.
        case remove
        /// Select the path, and push a new element on the stack at its end: ``StepEdit/value``,
        /// or one in its initial state, with the id in ``StepEdit/ids``, or a minted one.
        case push
    }

    /// How a step is renewed: with a value, or with none (`fresh`).
    enum Renewal {
        case fresh
        case value(any StepValue)

        var value: (any StepValue)? {
            if case .value(let value) = self { value } else { nil }
        }
    }

    /// A renewal's value in a box: the edit is copied on its way down, and a box copies as one
    /// reference where an optional existential takes a call to its type's copy.
    final class RenewalValue: Sendable {
        let value: any StepValue

        init(_ value: any StepValue) { self.value = value }
    }

    let operation: Operation
    /// Whether the last step is renewed (select and show only).
    let renews: Bool
    /// Whether a removal is the user's gesture, which may not take away a modal declared not
    /// user-dismissible (remove only).
    private(set) var byUser = false
    /// Whether a removed element goes alone, the elements above it staying (remove only).
    private(set) var alone = false
    private let renewalValue: RenewalValue?
    /// The ids of the stack at the end of the path (set stack only).
    let ids: [String]

    /// The value the last step is renewed with; `nil` for a `fresh` renewal.
    var value: (any StepValue)? { renewalValue?.value }

    private init(
        _ operation: Operation, renews: Bool = false, value: (any StepValue)? = nil,
        ids: [String] = []
    ) {
        self.operation = operation
        self.renews = renews
        self.renewalValue = value.map(RenewalValue.init)
        self.ids = ids
    }

    /// Select every step along the path, renewing the last one with no value when `fresh`.
    package static func select(fresh: Bool) -> StepEdit { StepEdit(.select, renews: fresh) }
    /// Select every step along the path, renewing the last one with `value`.
    package static func select(with value: any StepValue) -> StepEdit {
        StepEdit(.select, renews: true, value: value)
    }
    /// Select every step along the path, renewing the last one as `renewal` says.
    static func select(_ renewal: Renewal?) -> StepEdit { StepEdit(.select, renewal) }
    /// Show the path's last step, renewed with no value when `fresh`.
    package static func show(fresh: Bool) -> StepEdit { StepEdit(.show, renews: fresh) }
    /// Show the path's last step, renewed with `value`.
    static func show(with value: any StepValue) -> StepEdit {
        StepEdit(.show, renews: true, value: value)
    }
    /// Show the path's last step, renewed as `renewal` says.
    static func show(_ renewal: Renewal?) -> StepEdit { StepEdit(.show, renewal) }
    /// Deselect the path's last step.
    package static var deselect: StepEdit { StepEdit(.deselect) }
    /// Select the path and give the stack at its end exactly `ids`.
    package static func setStack(_ ids: [String]) -> StepEdit { StepEdit(.setStack, ids: ids) }
    /// Remove the path's last step as a gesture does.
    static var remove: StepEdit { StepEdit(.remove) }
    /// Remove the path's last step for the user's gesture: refused when it would take away a
    /// modal that is not user-dismissible.
    static var removeByUser: StepEdit {
        var edit = StepEdit(.remove)
        edit.byUser = true
        return edit
    }
    /// Remove the element at the path alone, as closing its frame does.
    static var removeAlone: StepEdit {
        var edit = StepEdit(.remove)
        edit.alone = true
        return edit
    }
    /// Select the path and push `element` (`nil`: a new element in its initial state) on the
    /// stack at its end, with `id` or a minted one.
    static func push(id: String?, element: (any StepValue)?) -> StepEdit {
        StepEdit(.push, value: element, ids: id.map { [$0] } ?? [])
    }

    private init(_ operation: Operation, _ renewal: Renewal?) {
        switch renewal {
        case nil: self.init(operation)
        case .fresh?: self.init(operation, renews: true)
        case .value(let value)?: self.init(operation, renews: true, value: value)
        }
    }

    /// Whether the edit selects the steps along its path.
    var selects: Bool {
        switch operation {
        case .select, .show, .setStack, .push: true
        case .deselect, .remove: false
        }
    }
}

extension StepNode {
    /// Resolves the path text `text`, checks that `edit` can be made there, then makes it.
    ///
    /// Nothing is written, and no observer is told, unless every check passes. The selections
    /// it changes are reported into `sink`: the observers for the public operations,
    /// ``SelectionSink/none`` for the library's own edits that are not navigation.
    /// - Complexity: O(*d*) for a path of depth *d*, plus the cost of the nodes the edit resets
    ///   or removes.
    mutating func edit(
        path text: String, _ edit: StepEdit, reporting sink: SelectionSink = .observers
    ) throws(StepPathError) {
        try self.edit(along: PathText(text: text), edit, reporting: sink)
    }

    /// Resolves the path made of `segments`, checks that `edit` can be made there, then makes
    /// it; see ``edit(path:_:reporting:)-(String,_,_)``.
    mutating func edit(
        _ segments: [Substring], _ edit: StepEdit, reporting sink: SelectionSink = .observers
    ) throws(StepPathError) {
        try self.edit(along: segments, edit, reporting: sink)
    }

    /// Makes `edit` along `path`, reporting into `sink`; a path literal that did not parse
    /// throws its error (its ``PathSegments/checkedCount()`` does, with no copy of the path).
    package mutating func edit(
        path: StepPath, _ edit: StepEdit, reporting sink: SelectionSink = .observers
    ) throws(StepPathError) {
        try self.edit(along: path, edit, reporting: sink)
    }

    // Inlined into both callers, so that each has its concrete segments and the passes below
    // are specialized for them: unspecialized, every segment would go through witness tables.
    @inline(__always)
    private mutating func edit(
        along segments: some PathSegments, _ edit: StepEdit, reporting sink: SelectionSink
    ) throws(StepPathError) {
        let count = try segments.checkedCount()
        // One step per segment, on the stack for any path within the depth limit.
        try withUnsafeTemporaryAllocation(of: PathStep.self, capacity: count) {
            steps throws(StepPathError) in
            // A hand-written root is edited in place, with no box, when no one listens (a report
            // refers to the boxes of the nodes it names) and the edit ends below it (an edit at
            // the root's own children would check them through its box).
            if count > 1, edit.selects, !sink.mayReport,
                let table = StorageShape.table(of: Self.self)
            {
                try withUnsafeMutablePointer(to: &self) { node throws(StepPathError) in
                    let root = UnsafeMutableRawPointer(node)
                    let walked = try Self.plan(
                        edit, along: segments,
                        from: .inPlace(InPlaceRoot(node: root, table: table)), into: steps)
                    guard walked else { return }
                    StepEditor(edit, steps: UnsafeBufferPointer(steps), log: nil)
                        .apply(edit, inPlace: root, table)
                }
                return
            }
            try withBox { box throws(StepPathError) in
                guard try Self.plan(edit, along: segments, from: .box(box), into: steps) else {
                    return
                }
                let log = ChangeLog.start(segments, reporting: sink)
                StepEditor(edit, steps: UnsafeBufferPointer(steps), log: log).apply(
                    edit, from: .passUnretained(box))
                log?.report.deliver()
            }
        }
    }

    /// Refuses a value that would put a stack element more than ``StepPath/deepestElement``
    /// segments below the root, the one bound of a tree: ``StepPathError/tooDeep(_:)`` with the
    /// segments of the screen that element would show.
    ///
    /// A value with no elements of its own adds none: a path reaches no deeper than the bound.
    /// - Complexity: O(*d*) for a path of *d* segments, plus the steps of `value` outside its
    ///   own stacks.
    private static func checkDepth(of value: any StepValue, at walk: PathWalk)
        throws(StepPathError)
    {
        func box<Value: StepValue>(_ value: Value) -> StepNodeStorage { StepStorage.make(value) }
        let below = box(value).elementDepth
        guard below > 0 else { return }
        // The value is `count` segments below the root.
        let segments = walk.count + below
        if segments > StepPath.deepestElement { throw StepPath.tooDeep(element: segments) }
    }

    /// Resolves the segments into `steps` and checks the edit: `false` for an edit that changes
    /// nothing.
    ///
    /// Kept apart from `edit(along:_:)` so that the nodes it reads are released before the
    /// edit, leaving the boxes uniquely referenced.
    @inline(__always)
    private static func plan(
        _ edit: StepEdit, along segments: some PathSegments, from root: EditRoot,
        into steps: UnsafeMutableBufferPointer<PathStep>
    ) throws(StepPathError) -> Bool {
        var walk = PathWalk(from: root, into: steps, tracksClosedFrames: !edit.selects)
        if let refused = segments.firstRefused(by: { walk.take($0) }) {
            let slices = segments.slices
            throw .unknown(
                String(slices[refused]), in: StepPath(slices[..<refused].map { String($0) }),
                isStack: walk.targetIsStack)
        }
        // The whole path, for the errors below.
        var path: StepPath { StepPath(segments.slices.map { String($0) }) }
        // The parent of the target is read only by the checks that need it: an edit with no value
        // to check reads nothing more.
        guard walk.hasParent else { return false }
        switch edit.operation {
        case .select, .show:
            // Only a renewal with a value has a type to check.
            if edit.renews, let value = edit.value, let parent = walk.parent {
                let accepts =
                    switch walk.last {
                    case .child(let index): parent.childAccepts(value, at: index)
                    case .element: parent.elementAccepts(value)
                    }
                guard accepts else {
                    throw .valueMismatch(String(describing: type(of: value)), at: path)
                }
                try checkDepth(of: value, at: walk)
            }
        case .deselect, .remove:
            switch walk.last {
            case .element:
                if edit.operation == .deselect { throw .cannotDeselectElement(path) }
            case .child(let index):
                if walk.parent?.childKind(index) == .tab { throw .cannotDeselectTab(path) }
                if let parent = walk.parent, parent.requiresContent,
                    parent.childLayer(index) == .content
                {
                    throw .cannotDeselectDestination(path)
                }
            }
            if walk.passesThroughClosedFrame { return false }
            if edit.byUser, let parent = walk.parent,
                let modal = UndismissibleModal.find(removing: walk.last, from: parent, at: path)
            {
                throw .notUserDismissible(modal)
            }
        case .setStack:
            guard walk.targetIsStack else { throw .notAStack(path) }
            try StepStack<EmptyStep>.validate(ids: edit.ids, at: path)
            if !edit.ids.isEmpty, let stack = walk.target {
                let segments = walk.count + 1 + stack.initialElement.elementDepth
                if segments > StepPath.deepestElement { throw StepPath.tooDeep(element: segments) }
            }
        case .push:
            guard let stack = walk.target, stack.isStack else { throw .notAStack(path) }
            if let id = edit.ids.first {
                guard StepPath.isValidSegment(id) else { throw .invalidElementID(id, in: path) }
                if stack.elementIndex(forID: id) != nil { throw .duplicateElementID(id, in: path) }
                if stack.elementHasStep(named: id) { throw .invalidElementID(id, in: path) }
            }
            guard stack.canPushElement else {
                throw .duplicateElementID(StepStack<EmptyStep>.exhaustedID, in: path)
            }
            if let element = edit.value {
                guard stack.elementAccepts(element) else {
                    throw .valueMismatch(String(describing: type(of: element)), at: path)
                }
                // The new element is one level below the stack, `count` segments below the root.
                let segments = walk.count + stack.levels(ofElement: element)
                if segments > StepPath.deepestElement { throw StepPath.tooDeep(element: segments) }
            }
        }
        return true
    }
}

/// Applies a checked edit level by level, making each box on the way unique, and records the
/// selection changes for observers.
struct StepEditor {
    let operation: StepEdit.Operation
    /// Whether the edit selects the steps along its path.
    let selects: Bool
    /// The resolved path, from the root.
    let steps: UnsafeBufferPointer<PathStep>
    /// Where the changes go, when someone listens.
    let log: ChangeLog?

    init(_ edit: StepEdit, steps: UnsafeBufferPointer<PathStep>, log: ChangeLog?) {
        self.operation = edit.operation
        self.selects = edit.selects
        self.steps = steps
        self.log = log
    }

    /// Applies `edit` along the path from the hand-written root at `root`, whose table is
    /// `table`, held in place: the path goes on below it.
    func apply(
        _ edit: StepEdit, inPlace root: UnsafeMutableRawPointer, _ table: Unmanaged<StepTableShape>
    ) {
        guard case .child(let index) = steps[0], steps.count > 1 else {
            preconditionFailure("a root held in place is a hand-written node the path goes through")
        }
        precondition(selects, "a root held in place is only taken by selecting edits")
        // Borrowed: the table lives as long as the program.
        let child = table._withUnsafeGuaranteedRef { table in
            let selection = table.selection
            return selection.descendInPlace(root, table, index, operation == .show).1
        }
        apply(edit, from: child, at: 1)
    }

    /// Applies `edit` along the path from `node`, which the first `start` steps lead to.
    ///
    /// Unretained: each box on the way is held by its parent, which the edit keeps.
    func apply(_ edit: StepEdit, from node: Unmanaged<StepNodeStorage>, at start: Int = 0) {
        defer { _checkInvariants(after: edit, from: node, at: start) }
        var node = node
        var depth = start
        while depth < steps.count {
            if selects, depth < steps.count - 1, case .child(let index) = steps[depth] {
                node = node._withUnsafeGuaranteedRef { descend(from: $0, to: index, depth) }
            } else {
                guard let next = step(edit, from: node.takeUnretainedValue(), depth) else { return }
                node = next
            }
            depth += 1
        }
        let target = node.takeUnretainedValue()
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
            _ = target.pushElement(id: edit.ids.first, value: edit.value)
        case .select, .deselect, .remove:
            break
        }
    }

    /// Selects child `index` of `node`, the node after `depth` segments, and returns the
    /// child's box made unique: a level above the last of a selecting edit, in one call.
    @inline(__always)
    private func descend(
        from node: StepNodeStorage, to index: Int, _ depth: Int
    ) -> Unmanaged<StepNodeStorage> {
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
    ) -> Unmanaged<StepNodeStorage>? {
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
            return .passUnretained(node.uniqueChild(index))
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
            return .passUnretained(node.uniqueElement(index))
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

/// Finds a presented modal that a gesture's removal would take away but that is declared not
/// user-dismissible.
enum UndismissibleModal {
    /// The path of such a modal, if removing the step `step` of `parent` (at `path`) would take
    /// one away: the step itself, or a modal its subtree presents (for an element, those of the
    /// elements above it too).
    static func find(removing step: PathStep, from parent: StepNodeStorage, at path: StepPath)
        -> StepPath?
    {
        switch step {
        case .child(let index):
            if case .present = parent.childKind(index), !parent.childIsUserDismissible(index) {
                return path
            }
            return find(in: parent.child(index).storage, at: path)
        case .element(let index):
            let stack = path.parent ?? .root
            for position in index..<parent.elementCount {
                let element = parent.element(position)
                if let found = find(in: element.storage, at: stack.appending(element.id)) {
                    return found
                }
            }
            return nil
        }
    }

    /// The path of a selected modal below `node` (at `path`) that is not user-dismissible.
    /// - Complexity: O(*s*) for the *s* selected steps and elements below `node`.
    private static func find(in node: StepNodeStorage, at path: StepPath) -> StepPath? {
        for layer in StepLayer.allCases {
            guard let index = node.selectedIndex(in: layer) else { continue }
            let childPath = path.appending(node.childKey(index))
            if case .present = node.childKind(index), !node.childIsUserDismissible(index) {
                return childPath
            }
            if let found = find(in: node.child(index).storage, at: childPath) { return found }
        }
        for position in 0..<node.elementCount {
            let element = node.element(position)
            if let found = find(in: element.storage, at: path.appending(element.id)) {
                return found
            }
        }
        return nil
    }
}
