// What a typed select leaves behind, checked only in a build with `-DSTEPTREE_INTERNAL_CHECKS`
// (`.ci/run` runs the tests so); a plain build compiles the check to nothing. The typed selects
// write the selections in place, by byte offsets, rather than through the editor, which checks
// its own edits.

#if STEPTREE_INTERNAL_CHECKS
    extension StepsCollection {
        /// Traps, naming the invariant, unless this node selects the child stored at `a` in
        /// that child's layer.
        @usableFromInline
        func _checkSelects<A>(_ a: WritableKeyPath<Self, Step<A>>) {
            let key = Self.steps.key(for: a)
            guard let layer = Self.steps.kind(of: key)?.layer else {
                preconditionFailure("typed select: \(Self.self) has no kind for '\(key.rawValue)'")
            }
            if selected[layer] != key {
                preconditionFailure(
                    "typed select: \(Self.self) selects "
                        + "'\(selected[layer].map(\.rawValue) ?? "nothing")' in the \(layer) "
                        + "layer, not '\(key.rawValue)', just selected")
            }
        }

        /// Traps unless this node selects `a`, and `a` selects `b`.
        @usableFromInline
        func _checkSelects<A: StepsCollection, B>(
            _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>
        ) {
            _checkSelects(a)
            self[keyPath: a].value._checkSelects(b)
        }

        /// Traps unless the path `a`, `b`, `c` is selected level by level.
        @usableFromInline
        func _checkSelects<A: StepsCollection, B: StepsCollection, C>(
            _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
            _ c: WritableKeyPath<B, Step<C>>
        ) {
            _checkSelects(a)
            self[keyPath: a].value._checkSelects(b, c)
        }

        /// Traps unless the path `a`, `b`, `c`, `d` is selected level by level.
        @usableFromInline
        func _checkSelects<A: StepsCollection, B: StepsCollection, C: StepsCollection, D>(
            _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
            _ c: WritableKeyPath<B, Step<C>>, _ d: WritableKeyPath<C, Step<D>>
        ) {
            _checkSelects(a)
            self[keyPath: a].value._checkSelects(b, c, d)
        }
    }
#else
    extension StepsCollection {
        /// Checks nothing: the checks are compiled only with `-DSTEPTREE_INTERNAL_CHECKS`.
        @_alwaysEmitIntoClient @inline(__always)
        func _checkSelects<A>(_ a: WritableKeyPath<Self, Step<A>>) {}

        /// Checks nothing: the checks are compiled only with `-DSTEPTREE_INTERNAL_CHECKS`.
        @_alwaysEmitIntoClient @inline(__always)
        func _checkSelects<A: StepsCollection, B>(
            _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>
        ) {}

        /// Checks nothing: the checks are compiled only with `-DSTEPTREE_INTERNAL_CHECKS`.
        @_alwaysEmitIntoClient @inline(__always)
        func _checkSelects<A: StepsCollection, B: StepsCollection, C>(
            _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
            _ c: WritableKeyPath<B, Step<C>>
        ) {}

        /// Checks nothing: the checks are compiled only with `-DSTEPTREE_INTERNAL_CHECKS`.
        @_alwaysEmitIntoClient @inline(__always)
        func _checkSelects<A: StepsCollection, B: StepsCollection, C: StepsCollection, D>(
            _ a: WritableKeyPath<Self, Step<A>>, _ b: WritableKeyPath<A, Step<B>>,
            _ c: WritableKeyPath<B, Step<C>>, _ d: WritableKeyPath<C, Step<D>>
        ) {}
    }
#endif
