// The invariants a list of tabs keeps between its public operations, checked only in a build
// with `-DSTEPTREE_INTERNAL_CHECKS` (`.ci/run` runs the tests so); a plain build compiles the
// check to nothing.

#if STEPTREE_INTERNAL_CHECKS
    extension StepTabs {
        /// Traps, naming the invariant, when the tabs' ids or counter are inconsistent (as a
        /// stack's), or the selection names no tab, or none is selected among some.
        ///
        /// - Complexity: O(*n*) for *n* tabs, as a stack's check.
        func _checkInvariants() {
            tabs._checkInvariants()
            if let selectedID {
                if !tabs.contains(id: selectedID) {
                    preconditionFailure("StepTabs: the selected id '\(selectedID)' names no tab")
                }
            } else if let first = tabs.ids.first {
                // Decoding refuses this state, so an operation must never make it.
                preconditionFailure(
                    "StepTabs: \(tabs.count) tabs and none selected (the first is '\(first)')")
            }
        }
    }
#else
    extension StepTabs {
        /// Checks nothing: the checks are compiled only with `-DSTEPTREE_INTERNAL_CHECKS`.
        @inline(__always) func _checkInvariants() {}
    }
#endif

#if STEPTREE_INTERNAL_CHECKS
    extension TabsStorage: InvariantCheckedStorage {
        func checkValueInvariants() { value._checkInvariants() }
    }
#endif
