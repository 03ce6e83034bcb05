// Storage whose value checks its own invariants, only in a build with
// `-DSTEPTREE_INTERNAL_CHECKS` (`.ci/run` runs the tests so); a plain build compiles it to
// nothing. It sits with the storage it describes, so that the boxes that conform to it need
// nothing from the editor that calls it.

#if STEPTREE_INTERNAL_CHECKS
    /// A box whose value has invariants of its own (a stack, tabs, a schema-driven node),
    /// checked by the editor on each node an edit walks through.
    protocol InvariantCheckedStorage: StepNodeStorage {
        /// Traps, naming the invariant, when the value in the box breaks one of its own.
        func checkValueInvariants()
    }
#endif
