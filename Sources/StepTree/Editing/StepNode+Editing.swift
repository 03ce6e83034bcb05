// An edit along a path, in two passes: the path is resolved and the edit checked, reading only,
// then `StepEditor` applies it; nothing is written unless every check passes.

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
        try ScratchBuffer<PathStep>.with(capacity: count) { room throws(StepPathError) in
            // A hand-written root is edited in place, with no box, when no one listens (a report
            // refers to the boxes of the nodes it names) and the edit ends below it (an edit at
            // the root's own children would check them through its box).
            if count > 1, edit.selects, !sink.mayReport,
                let table = StorageShape.table(of: Self.self)
            {
                try StepMemory.withMutableAddress(of: &self) { root throws(StepPathError) in
                    let planned = try Self.plan(
                        edit, along: segments,
                        from: .inPlace(InPlaceRoot(node: root, table: table)), into: room)
                    guard let steps = planned else { return }
                    StepEditor(edit, steps: steps, log: nil).apply(edit, inPlace: root, table)
                }
                return
            }
            try withBox { box throws(StepPathError) in
                guard let steps = try Self.plan(edit, along: segments, from: .box(box), into: room)
                else { return }
                let log = ChangeLog.start(segments, reporting: sink)
                StepEditor(edit, steps: steps, log: log).apply(edit, from: Unretained(box))
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

    /// Resolves the segments into `room` and checks the edit: the resolved steps, or `nil` for an
    /// edit that changes nothing.
    ///
    /// Kept apart from `edit(along:_:)` so that the nodes it reads are released before the
    /// edit, leaving the boxes uniquely referenced.
    @inline(__always)
    private static func plan(
        _ edit: StepEdit, along segments: some PathSegments, from root: EditRoot,
        into room: ScratchBuffer<PathStep>
    ) throws(StepPathError) -> ScratchBuffer<PathStep>? {
        var walk = PathWalk(from: root, into: room, tracksClosedFrames: !edit.selects)
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
        guard walk.hasParent else { return nil }
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
            if walk.passesThroughClosedFrame { return nil }
            if edit.byUser, let parent = walk.parent,
                let modal = UndismissibleModal.find(removing: walk.last, from: parent, at: path)
            {
                throw .notUserDismissible(modal)
            }
        case .setStack:
            guard walk.targetIsStack else { throw .notAStack(path) }
            try ElementIDs.validate(edit.ids, at: path)
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
            // The box was built by this stack, so it holds an element the stack accepts.
            if let element = edit.element {
                // The new element is one level below the stack, `count` segments below the root.
                let segments = walk.count + stack.levels(ofElement: element)
                if segments > StepPath.deepestElement { throw StepPath.tooDeep(element: segments) }
            }
        }
        return walk.steps
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
