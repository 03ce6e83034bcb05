// What a typed deep link records while it selects in place, so that the global observer hears of
// every node whose selection changed without the deep link going through the general editor.
// Up to four levels are kept inline: a report costs no allocation.

/// What a typed deep link does with each level it selects: nothing (no observer is listening) or
/// record it for the observer (``SelectionTrail``).
///
/// The typed selections are generic over it, so that one implementation serves both and the
/// unobserved one compiles to the bare in-place selection.
@usableFromInline
protocol SelectionRecorder {
    /// Notes that the node at the next level, of table `table`, selected child `index`; returns
    /// the level's number.
    mutating func record(_ table: Unretained<StepTableShape>, index: Int) -> Int
    /// Notes that the selection at `level` changed in `layer` (from child `old`) or that its
    /// child was renewed.
    mutating func recordChange(at level: Int, layer: StepLayer, old: Int?, renewed: Bool)
    /// Whether `level` changed: only then is its child worth noting.
    func hasChange(at level: Int) -> Bool
    /// Notes the box of `child`, the step selected at `level`, once the level's edit is done.
    mutating func setChild<Value>(_ child: Step<Value>, at level: Int)
    /// Whether the recorder records: a recorder that does not is given nothing.
    static var isRecording: Bool { get }
}

/// The recorder of an unobserved deep link: records nothing.
@usableFromInline
struct NoSelectionRecorder: SelectionRecorder {
    @_alwaysEmitIntoClient init() {}

    @_alwaysEmitIntoClient @inline(__always)
    mutating func record(_ table: Unretained<StepTableShape>, index: Int) -> Int { 0 }

    @_alwaysEmitIntoClient @inline(__always)
    mutating func recordChange(at level: Int, layer: StepLayer, old: Int?, renewed: Bool) {}

    @_alwaysEmitIntoClient @inline(__always)
    func hasChange(at level: Int) -> Bool { false }

    @_alwaysEmitIntoClient @inline(__always)
    mutating func setChild<Value>(_ child: Step<Value>, at level: Int) {}

    @_alwaysEmitIntoClient static var isRecording: Bool { false }
}

/// The recorder of an observed deep link: the route, and the levels whose selection changed or
/// whose child was renewed.
///
/// It holds no references (a box it notes is unretained: the edited value owns it until the
/// trail is delivered, before the select returns), so recording costs no reference counting.
@usableFromInline
struct SelectionTrail: SelectionRecorder {
    /// One changed level.
    @usableFromInline
    struct Change {
        @usableFromInline var layer: StepLayer
        @usableFromInline var old: Int?
        @usableFromInline var renewed: Bool
        @usableFromInline var child: Unretained<StepNodeStorage>?

        @_alwaysEmitIntoClient init(layer: StepLayer, old: Int?, renewed: Bool) {
            self.layer = layer
            self.old = old
            self.renewed = renewed
        }
    }

    @usableFromInline var route = TypedRoute()
    /// The change at each level, valid where `changed` has the level's bit.
    @usableFromInline var changes: (Change, Change, Change, Change)
    /// Bit `n` set: level `n` changed.
    @usableFromInline var changed: UInt8 = 0

    @_alwaysEmitIntoClient init() {
        let unchanged = Change(layer: .content, old: nil, renewed: false)
        changes = (unchanged, unchanged, unchanged, unchanged)
    }

    @_alwaysEmitIntoClient static var isRecording: Bool { true }

    /// Runs a typed deep link, recorded and reported into ``SelectionSink/observers`` when the
    /// global observer is listening.
    ///
    /// `observed` runs with a trail that is delivered after it, else `unobserved` runs with a
    /// recorder that records nothing. Callers pass the same generic route twice, specialized for
    /// each recorder.
    @_alwaysEmitIntoClient @inline(__always)
    static func recordIfObserved(
        _ unobserved: (inout NoSelectionRecorder) -> Void,
        _ observed: (inout SelectionTrail) -> Void
    ) {
        if SelectionSink.observers.mayReport {
            recordAndDeliver(observed)
        } else {
            var none = NoSelectionRecorder()
            unobserved(&none)
        }
    }

    /// Runs `observed` with a trail and delivers it.
    ///
    /// Out of line, so that the deep link that calls it stays small enough to inline whole; the
    /// optimizer specializes it for each route, which is then selected and recorded in one
    /// function.
    @_alwaysEmitIntoClient @inline(never)
    static func recordAndDeliver(_ observed: (inout SelectionTrail) -> Void) {
        var trail = SelectionTrail()
        observed(&trail)
        trail.deliver()
    }

    @_alwaysEmitIntoClient @inline(__always)
    mutating func record(_ table: Unretained<StepTableShape>, index: Int) -> Int {
        let level = route.count
        route.append(.init(table: table, index: index))
        return level
    }

    @_alwaysEmitIntoClient @inline(__always)
    mutating func recordChange(at level: Int, layer: StepLayer, old: Int?, renewed: Bool) {
        changed |= 1 &<< level
        let change = Change(layer: layer, old: old, renewed: renewed)
        switch level {
        case 0: changes.0 = change
        case 1: changes.1 = change
        case 2: changes.2 = change
        default: changes.3 = change
        }
    }

    @_alwaysEmitIntoClient @inline(__always)
    func hasChange(at level: Int) -> Bool { changed & (1 &<< level) != 0 }

    @_alwaysEmitIntoClient @inline(__always)
    mutating func setChild<Value>(_ child: Step<Value>, at level: Int) {
        let child = Unretained<StepNodeStorage>(child.storage)
        switch level {
        case 0: changes.0.child = child
        case 1: changes.1.child = child
        case 2: changes.2.child = child
        default: changes.3.child = child
        }
    }

    private func change(at level: Int) -> Change {
        switch level {
        case 0: changes.0
        case 1: changes.1
        case 2: changes.2
        default: changes.3
        }
    }

    /// Reports every level whose selection changed or was renewed into
    /// ``SelectionSink/observers``, from the root down, as the general editor would.
    @usableFromInline
    func deliver() {
        guard changed != 0 else { return }
        SelectionSink.observers.withListener { deliver(to: $0, holdingIn: $1) }
    }

    private func deliver(to installed: InstalledObserver, holdingIn held: SelectionReport.Held?) {
        var pending = changed
        while pending != 0 {
            let level = pending.trailingZeroBitCount
            pending &= pending - 1
            deliver(level: level, to: installed.observer, holdingIn: held)
        }
    }

    /// Tells `observer` of the change at `level`.
    ///
    /// Out of line: inlined in the loop, the four levels' slots were all addressed up front, on
    /// every delivery.
    @inline(never)
    private func deliver(
        level: Int, to observer: any StepsObserver, holdingIn held: SelectionReport.Held?
    ) {
        let change = change(at: level)
        let selection = SelectionChange(
            typed: .init(
                route: route, level: level, layer: change.layer, old: change.old,
                new: route[level].index, child: change.child?.object))
        SelectionReport.deliver(selection, to: observer, holdingIn: held)
    }
}
