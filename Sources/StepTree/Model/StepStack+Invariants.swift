// The invariants a stack keeps between its public operations, checked only in a build with
// `-DSTEPTREE_INTERNAL_CHECKS` (`.ci/run` runs the tests so); a plain build compiles the check
// to nothing.

#if STEPTREE_INTERNAL_CHECKS
    extension StepStack {
        /// Traps, naming the invariant, when the stack's caches, counter or ids disagree with
        /// its elements.
        ///
        /// - Complexity: O(*n*) for *n* elements, plus measuring their depth when it is known.
        func _checkInvariants() {
            var seen = Set<SegmentKey>()
            var impliedNext: UInt64 = 1
            for entry in entries {
                if !StepPath.isValidSegment(entry.id) {
                    preconditionFailure("StepStack: the id '\(entry.id)' is not a valid segment")
                }
                if !seen.insert(SegmentKey(entry.id)).inserted {
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
            if nextID > Self.maximumCounter {
                preconditionFailure(
                    "StepStack: the counter \(nextID) is above \(Self.maximumCounter)")
            }
            _checkPositions()
            _checkDepth()
        }

        /// The id index exists exactly for a stack longer than the threshold, and maps each id to
        /// its element's position.
        private func _checkPositions() {
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
            for (position, entry) in entries.enumerated()
            where positions[SegmentKey(entry.id)] != position {
                preconditionFailure(
                    "StepStack: the id index puts '\(entry.id)' at "
                        + "\(positions[SegmentKey(entry.id)].map(String.init) ?? "no position"), "
                        + "not at \(position)")
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
            if knownDepth > StepPath.maximumDepth {
                preconditionFailure(
                    "StepStack: elements nest \(knownDepth) levels, more than "
                        + "\(StepPath.maximumDepth)")
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
