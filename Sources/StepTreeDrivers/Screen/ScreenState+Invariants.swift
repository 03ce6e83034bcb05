// The invariants of a headless screen, checked only in a build with
// `-DSTEPTREE_INTERNAL_CHECKS` (`.ci/run` runs the tests so) after each `apply(_:reaching:)`; a
// plain build compiles the check to nothing.
import StepTree

#if STEPTREE_INTERNAL_CHECKS
    extension ScreenState {
        /// Traps, naming the invariant, when the containers, their frames, the window chain and
        /// the visible screen do not fit together.
        ///
        /// - Complexity: O(*s*) for *s* screens.
        func _checkInvariants() {
            guard table[.root] != nil else {
                preconditionFailure("ScreenState: no root container")
            }
            var identities = Set<StepIdentity>()
            for (id, container) in table {
                if container.owner.path != id.path {
                    preconditionFailure(
                        "ScreenState: the container \(id) is owned by \(container.owner.path)")
                }
                for (position, frame) in container.frames.enumerated() {
                    if frame.path.segments.count <= id.path.segments.count
                        || !frame.path.segments.starts(with: id.path.segments)
                    {
                        preconditionFailure(
                            "ScreenState: the frame \(frame.path) is not inside its container "
                                + "\(id)")
                    }
                    // Bottom first: a frame is never pushed right below one of its own
                    // descendants (compared with its neighbour only, to stay linear).
                    if position > 0, case let below = container.frames[position - 1],
                        below.path.segments.starts(with: frame.path.segments)
                    {
                        preconditionFailure(
                            "ScreenState: in \(id), \(frame.path) is above \(below.path), "
                                + "which it holds")
                    }
                }
                for frame in [container.owner] + container.frames {
                    if let identity = frame.identity, !identities.insert(identity).inserted {
                        preconditionFailure("ScreenState: \(frame.path) is on screen twice")
                    }
                }
            }
            _checkWindow()
        }

        /// Each presented modal has its container and each modal container its modal, once.
        private func _checkWindow() {
            var presented = Set<StepPath>()
            for modal in modals {
                if !presented.insert(modal.path).inserted {
                    preconditionFailure("ScreenState: \(modal.path) is presented twice")
                }
                if table[.modal(modal.path)] == nil {
                    preconditionFailure("ScreenState: the modal \(modal.path) has no container")
                }
            }
            for case .modal(let path) in table.keys where !presented.contains(path) {
                preconditionFailure(
                    "ScreenState: the container of \(path) stays, but it is not presented")
            }
        }
    }
#else
    extension ScreenState {
        /// Checks nothing: the checks are compiled only with `-DSTEPTREE_INTERNAL_CHECKS`.
        @inline(__always) func _checkInvariants() {}
    }
#endif
