// The invariants a schema-driven node keeps against its schema, checked only in a build with
// `-DSTEPTREE_INTERNAL_CHECKS` (`.ci/run` runs the tests so); a plain build compiles the check
// to nothing. The editor runs it on every schema-driven node along the path of an edit.

#if STEPTREE_INTERNAL_CHECKS
    extension DynamicSteps {
        /// Traps, naming the invariant, when this node's selection, children or elements do not
        /// fit its schema (the node alone, not the nodes below it).
        ///
        /// - Complexity: O(*c*) for *c* children, plus the top elements (at most 64).
        func _checkInvariants() {
            let place = schema.key.isEmpty ? "the root" : "'\(schema.key)'"
            for layer in StepLayer.allCases {
                guard let index = selection[layer] else { continue }
                guard schema.children.indices.contains(index) else {
                    preconditionFailure(
                        "DynamicSteps: \(place) selects child \(index) in the \(layer) layer, "
                            + "of \(schema.children.count)")
                }
                if schema.children[index].kind.layer != layer {
                    preconditionFailure(
                        "DynamicSteps: \(place) selects '\(schema.children[index].key)', a "
                            + "\(schema.children[index].kind.layer) step, in the \(layer) layer")
                }
            }
            if children.count != schema.children.count {
                preconditionFailure(
                    "DynamicSteps: \(place) stores \(children.count) children for the schema's "
                        + "\(schema.children.count)")
            }
            for (index, child) in children.enumerated() {
                let expected = schema.children[index]
                // `DynamicStorage` reads kinds and layers from its own schema: a child stored
                // under another schema would be edited as a node it is not.
                if child.value.schema !== expected {
                    preconditionFailure(
                        "DynamicSteps: \(place) stores its child '\(expected.key)' with the "
                            + "schema of '\(child.value.schema.key)'")
                }
            }
            if schema.hasDestinations { _checkDestinations(place) }
            if schema.kind != .stack, !elements.isEmpty {
                preconditionFailure(
                    "DynamicSteps: \(place) is not a stack and holds \(elements.count) elements")
            }
            let elementSchema = schema.element ?? StepSchema.leaf
            for entry in elements.entries.suffix(StepStack<DynamicSteps>._wholeCheckLimit) {
                guard let box = entry.box as? StepStorage<DynamicSteps> else { continue }
                if box.value.schema !== elementSchema {
                    preconditionFailure(
                        "DynamicSteps: element '\(entry.id)' of \(place) has the schema of "
                            + "'\(box.value.schema.key)', not its stack's element schema")
                }
            }
            elements._checkInvariants()
        }

        /// An element shows exactly one destination, and only that one has state.
        private func _checkDestinations(_ place: String) {
            guard let shown = selection.content else {
                preconditionFailure("DynamicSteps: \(place) shows none of its destinations")
            }
            for (index, child) in children.enumerated() where index != shown {
                let initial = schema.initialChildren[index]
                if child.storage !== initial.storage, child != initial {
                    preconditionFailure(
                        "DynamicSteps: \(place) keeps state for '\(schema.children[index].key)', "
                            + "a destination it does not show")
                }
            }
        }
    }

    extension DynamicStorage: InvariantCheckedStorage {
        func checkValueInvariants() {
            if value.schema !== schema {
                preconditionFailure(
                    "DynamicStorage: the box's schema is not the one of the node it holds")
            }
            value._checkInvariants()
        }
    }
#else
    extension DynamicSteps {
        /// Checks nothing: the checks are compiled only with `-DSTEPTREE_INTERNAL_CHECKS`.
        @inline(__always) func _checkInvariants() {}
    }
#endif
