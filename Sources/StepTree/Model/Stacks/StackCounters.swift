// A stack put back in its initial state by the engine keeps its counter: the step and its
// identity restart (SPEC §1), but the ids its screens had are never minted again, so a screen
// pushed after the restart is told from one pushed before it, in the same change too.

extension Step {
    /// Puts the step back in `initial`, its initial state, identity included, keeping the
    /// counters of the stacks within it (through its steps: the elements are gone).
    /// - Complexity: O(1) when no stack within the step has pushed; otherwise O(*s*) for the
    ///   *s* steps within it outside stack elements (a number fixed by its type).
    mutating func restart(as initial: Step) {
        let old = box
        self = initial
        guard old.holdsUsedCounter else { return }
        uniqueStorage().adoptCounters(from: old)
    }
}

extension StepNodeStorage {
    /// Whether this step, or one of its steps (not inside an element), is a stack that has
    /// pushed.
    var holdsUsedCounter: Bool {
        // A recursive node in its initial state holds itself: nothing has pushed in it.
        guard !isInitialAtom else { return false }
        if elementCounter > 1 { return true }
        return (0..<childCount).contains { child($0).storage.holdsUsedCounter }
    }

    /// Raises the counters of the stacks in this box, unique, and in its steps to those of the
    /// same stacks in `old`, a box of the same shape.
    func adoptCounters(from old: StepNodeStorage) {
        if isStack { raiseElementCounter(to: old.elementCounter) }
        for index in 0..<min(childCount, old.childCount) {
            let oldChild = old.child(index).storage
            guard oldChild.holdsUsedCounter else { continue }
            uniqueChild(index).adoptCounters(from: oldChild)
        }
    }
}
