// The invariants a stack keeps between its public operations, checked only in a build with
// `-DSTEPTREE_INTERNAL_CHECKS` (`.ci/run` runs the tests so); a plain build compiles the check
// to nothing.

#if STEPTREE_INTERNAL_CHECKS
    extension StepStack {
        /// Traps, naming the invariant, when the stack's caches, counter or ids disagree with
        /// its elements.
        ///
        /// A stack of more than ``_wholeCheckLimit`` elements is checked at its top element and
        /// in its index's size only.
        ///
        /// - Complexity: O(*n*) for *n* elements up to ``_wholeCheckLimit``, plus measuring their
        ///   depth when it is known; O(1) above.
        func _checkInvariants() {
            var seen = SegmentSet()
            var impliedNext: UInt64 = 1
            let checked = _checkedPositions
            for entry in entries[checked] {
                if !StepPath.isValidSegment(entry.id) {
                    preconditionFailure("StepStack: the id '\(entry.id)' is not a valid segment")
                }
                if !seen.insert(entry.id) {
                    preconditionFailure("StepStack: the id '\(entry.id)' is held twice")
                }
                if let number = Self._decimalNumber(entry.id), number >= impliedNext {
                    impliedNext = number + 1
                }
                // `value(of:)` downcasts the box unchecked: a box of another type is a crash
                // later, far from the edit that stored it.
                let boxFits =
                    destinations != nil
                    ? entry.box is DestinationStorage<Element> : entry.box is StepStorage<Element>
                if !boxFits {
                    preconditionFailure(
                        "StepStack: element '\(entry.id)' is boxed as \(type(of: entry.box)), "
                            + "not as an element of \(Element.self)")
                }
            }
            if nextID < impliedNext {
                preconditionFailure(
                    "StepStack: the counter \(nextID) would mint an id it minted before "
                        + "(the elements imply at least \(impliedNext))")
            }
            // A save holds at most this counter: past it, the stack could not be restored.
            if nextID > Self.maximumCounter {
                preconditionFailure(
                    "StepStack: the counter \(nextID) is above \(Self.maximumCounter), the "
                        + "largest a save may hold")
            }
            _checkPositions(checked)
            if checked.count == entries.count { _checkDepth() }
        }

        /// Stacks up to this long are checked whole after each operation: a longer one only at
        /// its top, so that a checked build stays linear in the pushes a test makes (20,000 in
        /// one of them).
        static var _wholeCheckLimit: Int { 64 }

        /// The positions checked: all of them, or the top one of a long stack.
        private var _checkedPositions: Range<Int> {
            entries.count <= Self._wholeCheckLimit
                ? entries.indices : entries.index(before: entries.endIndex)..<entries.endIndex
        }

        /// The id index exists exactly for a stack longer than the threshold, and maps each id to
        /// its element's position.
        private func _checkPositions(_ checked: Range<Int>) {
            guard let positions else {
                if entries.count > Self.indexThreshold {
                    preconditionFailure(
                        "StepStack: \(entries.count) elements and no id index (more than "
                            + "\(Self.indexThreshold) are indexed)")
                }
                return
            }
            if entries.count <= Self.indexThreshold {
                preconditionFailure(
                    "StepStack: an id index for \(entries.count) elements (at most "
                        + "\(Self.indexThreshold) are searched)")
            }
            if positions.count != entries.count {
                preconditionFailure(
                    "StepStack: the id index has \(positions.count) ids for \(entries.count) "
                        + "elements")
            }
            for position in checked
            where positions[SegmentKey(entries[position].id)] != entries[position].slot {
                let entry = entries[position]
                preconditionFailure(
                    "StepStack: the id index puts '\(entry.id)' in slot "
                        + "\(positions[SegmentKey(entry.id)].map(String.init) ?? "none"), "
                        + "not in \(entry.slot)")
            }
        }

        /// A depth the stack says it knows is the one its elements have, within the limit.
        private func _checkDepth() {
            guard let knownDepth else { return }
            let measured = entries.reduce(0) { max($0, Self.levels(of: $1.box)) }
            if knownDepth != measured {
                preconditionFailure(
                    "StepStack: the known depth \(knownDepth) is not the elements' \(measured)")
            }
            if knownDepth > Self.maximumLevels {
                preconditionFailure(
                    "StepStack: elements nest \(knownDepth) levels, more than "
                        + "\(Self.maximumLevels)")
            }
        }

        /// The number a minted id spells (decimal, no leading zero, below the largest counter),
        /// read independently of the stack's own reading.
        private static func _decimalNumber(_ id: String) -> UInt64? {
            guard !id.isEmpty, id.allSatisfy({ $0.isASCII && $0.isNumber }),
                id == "0" || !id.hasPrefix("0"), let number = UInt64(id),
                number < maximumCounter
            else { return nil }
            return number
        }
    }
#else
    extension StepStack {
        /// Checks nothing: the checks are compiled only with `-DSTEPTREE_INTERNAL_CHECKS`.
        @inline(__always) func _checkInvariants() {}
    }
#endif

#if STEPTREE_INTERNAL_CHECKS
    extension StackStorage: InvariantCheckedStorage {
        func checkValueInvariants() { value._checkInvariants() }
    }
#endif
