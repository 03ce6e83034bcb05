// What an edit along a path leaves behind, checked only in a build with
// `-DSTEPTREE_INTERNAL_CHECKS` (`.ci/run` runs the tests so); a plain build compiles the check
// to nothing.

#if STEPTREE_INTERNAL_CHECKS
    extension StepEditor {
        /// Walks the path again from `start`, the node after `startDepth` steps, and traps,
        /// naming the invariant, when a node on it is inconsistent or the edit did not leave
        /// what its operation promises: each step of a selecting edit selected in its node,
        /// nothing covering a shown step, the ids a stack was set to, a pushed element on top, a
        /// removed step gone, and a report whose selections are the nodes' own.
        ///
        /// - Complexity: O(*d*) nodes for a path of depth *d*, each checked as its type says.
        func _checkInvariants(
            after edit: StepEdit, from start: Unretained<StepNodeStorage>, at startDepth: Int
        ) {
            let path = "'\(log?.path.description ?? "\(steps.count) steps")'"
            var node = start.object
            var walked = [node]
            for depth in startDepth..<steps.count {
                Self._checkNode(node, on: path)
                let isLast = depth == steps.count - 1
                switch steps[depth] {
                case .child(let index):
                    let layer = node.childLayer(index)
                    let selected = node.selectedIndex(in: layer)
                    if selects, selected != index {
                        preconditionFailure(
                            "StepEditor: \(operation) along \(path) leaves step \(depth + 1) "
                                + "'\(node.childKey(index))' unselected")
                    }
                    if operation == .show,
                        let covering = layer.above.first(where: {
                            node.selectedIndex(in: $0) != nil
                        })
                    {
                        preconditionFailure(
                            "StepEditor: show along \(path) leaves the \(covering) layer "
                                + "selected above step \(depth + 1)")
                    }
                    if isLast, !selects {
                        if selected == index {
                            preconditionFailure(
                                "StepEditor: \(operation) of \(path) leaves its step selected")
                        }
                        return _checkReport(walked, from: startDepth)
                    }
                    node = node.child(index).storage
                case .element(let index):
                    if isLast, operation == .remove {
                        // A closed frame's element goes alone: those below it stay, those above
                        // move down; otherwise it goes with every element above it.
                        if edit.alone ? node.elementCount < index : node.elementCount != index {
                            preconditionFailure(
                                "StepEditor: remove\(edit.alone ? " alone" : "") of \(path) "
                                    + "leaves \(node.elementCount) elements, not "
                                    + "\(edit.alone ? "at least " : "")\(index)")
                        }
                        return _checkReport(walked, from: startDepth)
                    }
                    if operation == .show, index != node.elementCount - 1 {
                        preconditionFailure(
                            "StepEditor: show along \(path) leaves elements above step "
                                + "\(depth + 1)")
                    }
                    node = node.element(index).storage
                }
                walked.append(node)
            }
            Self._checkNode(node, on: path)
            _checkTarget(node, after: edit, on: path)
            _checkReport(walked, from: startDepth)
        }

        /// What the operation promises at the path's last step.
        private func _checkTarget(_ target: StepNodeStorage, after edit: StepEdit, on path: String)
        {
            switch operation {
            case .show:
                if target.isStack, target.elementCount > 0 {
                    preconditionFailure(
                        "StepEditor: show of the stack \(path) leaves \(target.elementCount) "
                            + "elements on it")
                }
                var shown = target
                while true {
                    if let covering = [StepLayer.push, .modal].first(where: {
                        shown.selectedIndex(in: $0) != nil
                    }) {
                        preconditionFailure(
                            "StepEditor: show of \(path) leaves the \(covering) layer selected "
                                + "in its content")
                    }
                    guard let content = shown.selectedIndex(in: .content) else { break }
                    shown = shown.child(content).storage
                }
            case .setStack:
                let ids = (0..<target.elementCount).map { target.element($0).id }
                if ids != edit.ids {
                    preconditionFailure(
                        "StepEditor: the stack \(path) holds \(ids), not the ids \(edit.ids) it "
                            + "was set to")
                }
            case .push:
                if target.elementCount == 0 {
                    preconditionFailure("StepEditor: push onto \(path) leaves the stack empty")
                }
                let top = target.element(target.elementCount - 1).id
                if let id = edit.ids.first, top != id {
                    preconditionFailure(
                        "StepEditor: push of '\(id)' onto \(path) leaves '\(top)' on top")
                }
            case .select, .deselect, .remove:
                break
            }
        }

        /// The last change reported for each walked node and layer names the child that node
        /// selects there now: an observer is told the state the edit made.
        ///
        /// `walked[i]` is the node after `startDepth + i` steps; changes below the target (a
        /// show's uncovering) and element renewals are not compared.
        private func _checkReport(_ walked: [StepNodeStorage], from startDepth: Int) {
            guard let log else { return }
            var checked = Set<[Int]>()
            for change in log.report.changes.reversed() {
                let depth = change.path.segments.count
                let position = depth - startDepth
                guard walked.indices.contains(position),
                    depth >= steps.count || !Self._isElement(steps[depth]),
                    checked.insert([depth, change.layer.rawValue]).inserted
                else { continue }
                let node = walked[position]
                let selected = node.selectedIndex(in: change.layer).map(node.childKey)
                if selected != change.newKey {
                    preconditionFailure(
                        "StepEditor: the report says \(change.path) selects "
                            + "\(change.newKey ?? "nothing") in the \(change.layer) layer; it "
                            + "selects \(selected ?? "nothing")")
                }
            }
        }

        private static func _isElement(_ step: PathStep) -> Bool {
            if case .element = step { true } else { false }
        }

        /// A node's selection fits its children, and its value's own invariants hold.
        private static func _checkNode(_ node: StepNodeStorage, on path: String) {
            if let problem = node.selectionProblem {
                preconditionFailure("StepEditor: a node on \(path): \(problem)")
            }
            for layer in StepLayer.allCases {
                guard let index = node.selectedIndex(in: layer) else { continue }
                guard index >= 0, index < node.childCount else {
                    preconditionFailure(
                        "StepEditor: a \(node.typeName) on \(path) selects child \(index) of "
                            + "\(node.childCount)")
                }
                if node.childLayer(index) != layer {
                    preconditionFailure(
                        "StepEditor: a \(node.typeName) on \(path) selects "
                            + "'\(node.childKey(index))' in the \(layer) layer, not in its own")
                }
            }
            if node.requiresContent, node.selectedIndex(in: .content) == nil {
                preconditionFailure(
                    "StepEditor: a \(node.typeName) on \(path) shows no destination")
            }
            (node as? any InvariantCheckedStorage)?.checkValueInvariants()
        }
    }
#else
    extension StepEditor {
        /// Checks nothing: the checks are compiled only with `-DSTEPTREE_INTERNAL_CHECKS`.
        @inline(__always) func _checkInvariants(
            after edit: StepEdit, from start: Unretained<StepNodeStorage>, at startDepth: Int
        ) {}
    }
#endif
