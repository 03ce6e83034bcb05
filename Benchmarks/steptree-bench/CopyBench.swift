import StepTree

// A deep select on a copy of a tree that another value still holds, as the peer benchmark's
// `select.deep.onCopy` does: every level on the path is shared, so copy-on-write copies it.

/// The classic tree's shape, each nested node in a minimal copy-on-write box of its own: the
/// floor for a deep select on a copy in any design that boxes its nodes.
struct BoxedApp {
    enum Key { case home, explore, profile }
    var selected = Key.home
    var home = CopyOnWrite(PlainLeaf())
    var explore = CopyOnWrite(ClassicExplore())
    var profile = CopyOnWrite(BoxedProfile())
}

struct BoxedProfile {
    enum Key { case main, detail }
    var selected = Key.main
    var main = CopyOnWrite(PlainLeaf())
    var detail = CopyOnWrite(BoxedTheme())
}

struct BoxedTheme {
    enum Key { case light, dark }
    var selected: Key?
    var light = CopyOnWrite(PlainLeaf())
    var dark = CopyOnWrite(PlainLeaf())
}

/// A value in the standard library's own copy-on-write box, a one-element array: copied when
/// written while shared, with no exclusivity check (a class's stored `var` would add one).
struct CopyOnWrite<Value> {
    private var storage: [Value]

    init(_ value: Value) { storage = [value] }

    var value: Value {
        get { storage[0] }
        _modify { yield &storage[0] }
    }
}

enum CopyBench {
    /// `profile/detail/light` and `profile/detail/dark` in turn, each on a fresh copy of a
    /// tree that stays shared.
    static func typed() throws -> Runner {
        var check = ClassicApp()
        check.select(\.profile, \.detail, \.dark)
        try expect(
            check.selected.content == .profile && check.profile.selected.push == .detail
                && check.profile.detail.selected.content == .dark, "deep select on a copy")
        let base = ClassicApp()
        return { count in
            let shared = base
            return timeLoop(count) { index in
                var copy = shared
                if index & 1 == 0 {
                    copy.select(\.profile, \.detail, \.light)
                } else {
                    copy.select(\.profile, \.detail, \.dark)
                }
                blackHole(copy)
            }
        }
    }

    /// The same change on `BoxedApp`, by assignment: two box copies and nothing else.
    static func floor() throws -> Runner {
        let base = BoxedApp()
        var check = base
        check.profile.value.detail.value.selected = .dark
        try expect(
            base.profile.value.detail.value.selected == nil
                && check.profile.value.detail.value.selected == .dark,
            "the boxed floor copies what it writes")
        return { count in
            let shared = base
            return timeLoop(count) { index in
                var copy = shared
                copy.selected = .profile
                copy.profile.value.selected = .detail
                copy.profile.value.detail.value.selected = index & 1 == 0 ? .light : .dark
                blackHole(copy)
            }
        }
    }
}
