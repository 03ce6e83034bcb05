// The floor for `select.deep.onCopy` in any design that keeps each node in a copy-on-write box,
// as StepTree does: the classic tree's shape as plain structs, each nested node in the standard
// library's own box (a one-element array), and the same deep select on a copy by assignment.

import BenchCore

struct BoxedApp {
    enum Key { case home, explore, profile }
    var selected = Key.home
    var home = Boxed(Leaf())
    var explore = Boxed(Leaf())
    var profile = Boxed(BoxedProfile())
}

struct BoxedProfile {
    enum Key { case main, detail }
    var selected = Key.main
    var main = Boxed(Leaf())
    var detail = Boxed(BoxedTheme())
}

struct BoxedTheme {
    enum Key { case light, dark }
    var selected: Key?
    var light = Boxed(Leaf())
    var dark = Boxed(Leaf())
}

struct Leaf {}

/// A value in a one-element array: copied when written while shared, with no exclusivity check.
struct Boxed<Value> {
    private var storage: [Value]
    init(_ value: Value) { storage = [value] }
    var value: Value {
        get { storage[0] }
        _modify { yield &storage[0] }
    }
}

/// `select.deep.onCopy` on `BoxedApp`: two box copies and the selections.
func copyFloorWorkload() -> Workload {
    Workload("floor.select.deep.onCopy") {
        let base = BoxedApp()
        var check = base
        check.profile.value.detail.value.selected = .dark
        try expect(
            base.profile.value.detail.value.selected == nil
                && check.profile.value.detail.value.selected == .dark,
            "the boxed floor copies what it writes")
        return { count in
            var local = base
            return timeLoop(count) { index in
                escape(&local)
                var next = local
                next.selected = .profile
                next.profile.value.selected = .detail
                next.profile.value.detail.value.selected = index & 1 == 0 ? .light : .dark
                blackHole(next)
            }
        }
    }
}
