import StepTree
import Synchronization

// A hand-written tree four levels deep with two children per node, so that two deep links,
// `a/b/c/d` and `e/f/g/h`, can alternate and every operation changes the root's selection.

struct LinkRoot: StepsCollection {
    enum Key: String, StepKey { case a, e }
    var selected = StepSelection<Key>()
    var a = Step(LinkLevel1())
    var e = Step(LinkLevel1())
    static let steps = StepTable<Self>(.tab(.a, \.a), .tab(.e, \.e))
    init() {}
}

struct LinkLevel1: StepsCollection {
    enum Key: String, StepKey { case b, f }
    var selected = StepSelection<Key>()
    var b = Step(LinkLevel2())
    var f = Step(LinkLevel2())
    static let steps = StepTable<Self>(.push(.b, \.b), .push(.f, \.f))
    init() {}
}

struct LinkLevel2: StepsCollection {
    enum Key: String, StepKey { case c, g }
    var selected = StepSelection<Key>()
    var c = Step(LinkLevel3())
    var g = Step(LinkLevel3())
    static let steps = StepTable<Self>(.push(.c, \.c), .push(.g, \.g))
    init() {}
}

struct LinkLevel3: StepsCollection {
    enum Key: String, StepKey { case d, h }
    var selected = StepSelection<Key>()
    var d = Step()
    var h = Step()
    static let steps = StepTable<Self>(.inline(.d, \.d), .inline(.h, \.h))
    init() {}
}

// The same shape as plain structs, with no library: the floor for a selection change.

struct PlainRoot {
    enum Key { case a, e }
    var selected: Key?
    var a = PlainLevel1()
    var e = PlainLevel1()
}

struct PlainLevel1 {
    enum Key { case b, f }
    var selected: Key?
    var b = PlainLevel2()
    var f = PlainLevel2()
}

struct PlainLevel2 {
    enum Key { case c, g }
    var selected: Key?
    var c = PlainLevel3()
    var g = PlainLevel3()
}

struct PlainLevel3 {
    enum Key { case d, h }
    var selected: Key?
    var d = PlainLeaf()
    var h = PlainLeaf()
}

struct PlainLeaf {}

/// An observer that counts the bare-value selections it is told about.
final class SelectionCounter: StepsObserver {
    let calls = Atomic<Int>(0)

    func didSelect(_ selection: SelectionChange) {
        calls.add(1, ordering: .relaxed)
    }
}

enum SelectBench {
    static let targets = ["a/b/c/d", "e/f/g/h"]

    /// Checks that `steps` shows the deep link of operation `index`.
    private static func check(_ steps: LinkRoot, after index: Int) throws(WrongResult) {
        let expected = "/" + targets[index & 1]
        let shown = steps.visibleScreen.description
        try expect(shown == expected, "deep link shows \(shown), expected \(expected)")
    }

    @inline(__always)
    private static func selectTyped(_ steps: inout LinkRoot, _ index: Int) {
        if index & 1 == 0 {
            steps.select(\.a, \.b, \.c, \.d)
        } else {
            steps.select(\.e, \.f, \.g, \.h)
        }
    }

    /// A runner for one way of making the two deep links: each is checked once, then timed.
    @inline(__always)
    private static func deepLinks(
        _ operation: @escaping (inout LinkRoot, Int) throws -> Void
    ) throws -> Runner {
        var steps = LinkRoot()
        for index in 0..<2 {
            try operation(&steps, index)
            try check(steps, after: index)
        }
        return { count in
            var steps = LinkRoot()
            return try timeLoop(count) { index in
                try operation(&steps, index)
                blackHole(steps)
            }
        }
    }

    static func typed() throws -> Runner { try deepLinks(selectTyped) }

    @inline(__always)
    private static func selectValue(_ steps: inout LinkRoot, _ index: Int) {
        if index & 1 == 0 {
            steps.select(\.a, \.b, \.c, with: LinkLevel3.selecting(\.d))
        } else {
            steps.select(\.e, \.f, \.g, with: LinkLevel3.selecting(\.h))
        }
    }

    /// The deep links of `typed`, their last node renewed with a value (a node selecting the
    /// leaf): what a renewal with a value costs at select time.
    static func valued() throws -> Runner {
        var steps = LinkRoot()
        selectValue(&steps, 0)
        let first = steps.a.b.c.renewal
        selectValue(&steps, 0)
        try expect(
            !first.isInitial && steps.a.b.c.renewal != first
                && steps.a.b.c.value == LinkLevel3.selecting(\.d),
            "a renewal with a value gives a new history and the value")
        return try deepLinks(selectValue)
    }

    /// One step renewed with two values in turn, as a toggle is (VDFlow's comparison does
    /// this): `a/b/c` with a node selecting `d`, then one selecting `h`.
    static func toggled() throws -> Runner {
        @inline(__always) func toggle(_ steps: inout LinkRoot, _ index: Int) {
            steps.select(
                \.a, \.b, \.c,
                with: index & 1 == 0 ? LinkLevel3.selecting(\.d) : LinkLevel3.selecting(\.h))
        }
        var steps = LinkRoot()
        for index in 0..<2 {
            toggle(&steps, index)
            let shown = steps.visibleScreen.description
            let expected = index == 0 ? "/a/b/c/d" : "/a/b/c/h"
            try expect(shown == expected, "a toggled value shows \(shown), expected \(expected)")
        }
        return { count in
            var local = steps
            return timeLoop(count) { index in
                toggle(&local, index)
                blackHole(local)
            }
        }
    }

    /// `typed` with a global observer installed that counts the selections it is told about.
    static func observed() throws -> Runner {
        let counter = SelectionCounter()
        StepsObservation.observer = counter
        defer { StepsObservation.observer = nil }
        let checked = try deepLinks(selectTyped)
        let calls = counter.calls.load(ordering: .relaxed)
        // The two checked deep links start from a new tree: each selects on all four levels.
        try expect(calls == 8, "the observer was told of \(calls) selections, expected 8")
        return { count in
            StepsObservation.observer = counter
            defer { StepsObservation.observer = nil }
            return try checked(count)
        }
    }

    /// A deep link that changes one node, the last: `a/b/c/d` and `a/b/c/h` alternate with the
    /// counting observer installed (one report per link, as in the VDFlow comparison).
    static func observedLeaf() throws -> Runner {
        let counter = SelectionCounter()
        var steps = LinkRoot()
        steps.select(\.a, \.b, \.c, \.d)
        StepsObservation.observer = counter
        defer { StepsObservation.observer = nil }
        steps.select(\.a, \.b, \.c, \.h)
        let calls = counter.calls.load(ordering: .relaxed)
        try expect(calls == 1, "the observer was told of \(calls) selections, expected 1")
        try expect(steps.visibleScreen.description == "/a/b/c/h", "the link did not land")
        return { [steps] count in
            StepsObservation.observer = counter
            defer { StepsObservation.observer = nil }
            var local = steps
            return timeLoop(count) { index in
                if index & 1 == 0 {
                    local.select(\.a, \.b, \.c, \.d)
                } else {
                    local.select(\.a, \.b, \.c, \.h)
                }
                blackHole(local)
            }
        }
    }

    static func path() throws -> Runner {
        try deepLinks { steps, index in
            try steps.select(path: StepPath(parsing: targets[index & 1]))
        }
    }

    /// The same deep links as `path`, landing on exactly that screen: what covers it goes.
    static func shown() throws -> Runner {
        try deepLinks { steps, index in try steps.show(path: StepPath(parsing: targets[index & 1]))
        }
    }

    /// `path` on a schema-driven tree (the small generated one): two deep links through the top
    /// element of a stack, alternating between the tabs, as deep links into a served schema go.
    static func schemaPath(_ tree: BuiltTree) throws -> Runner {
        let links = ["t0/list/a1/detail/dark", "t1/list/a1/detail/light"]
        var state = tree.state
        for link in links {
            try state.select(path: StepPath(parsing: link))
            let shown = state.visibleScreen.description
            try expect(shown == "/" + link, "deep link shows \(shown), expected /\(link)")
        }
        return { count in
            var state = tree.state
            return try timeLoop(count) { index in
                try state.select(path: StepPath(parsing: links[index & 1]))
                blackHole(state)
            }
        }
    }

    /// The same change written as direct assignments through the library's own structs: the
    /// floor for a copy-on-write tree, with one uniqueness check per level and no key look-up.
    @inline(__always)
    private static func assign(_ steps: inout LinkRoot, _ index: Int) {
        if index & 1 == 0 {
            steps.selected.content = .a
            steps.a.selected.push = .b
            steps.a.b.selected.push = .c
            steps.a.b.c.selected.content = .d
        } else {
            steps.selected.content = .e
            steps.e.selected.push = .f
            steps.e.f.selected.push = .g
            steps.e.f.g.selected.content = .h
        }
    }

    static func assigned() throws -> Runner { try deepLinks(assign) }

    /// The steps of a `LinkRoot`: 2 + 4 + 8 + 16.
    static let stepCount = 30

    /// The bytes one step of a `LinkRoot` takes after a deep link, its share of the value and of
    /// the heap; `nil` where the heap cannot be measured.
    static func bytesPerStep() -> Double? {
        let count = 10_000
        guard let before = heapInUse() else { return nil }
        var trees: [LinkRoot] = []
        trees.reserveCapacity(count)
        for index in 0..<count {
            var steps = LinkRoot()
            selectTyped(&steps, index)
            trees.append(steps)
        }
        guard let after = heapInUse() else { return nil }
        blackHole(trees.count)
        return withExtendedLifetime(trees) { Double(after - before) / Double(count * stepCount) }
    }

    @inline(__always)
    private static func selectPlain(_ root: inout PlainRoot, _ index: Int) {
        if index & 1 == 0 {
            root.selected = .a
            root.a.selected = .b
            root.a.b.selected = .c
            root.a.b.c.selected = .d
        } else {
            root.selected = .e
            root.e.selected = .f
            root.e.f.selected = .g
            root.e.f.g.selected = .h
        }
    }

    static func baseline() throws -> Runner {
        var root = PlainRoot()
        selectPlain(&root, 0)
        try expect(
            root.selected == .a && root.a.selected == .b && root.a.b.selected == .c
                && root.a.b.c.selected == .d, "plain deep link a/b/c/d not selected")
        selectPlain(&root, 1)
        try expect(
            root.selected == .e && root.e.selected == .f && root.e.f.selected == .g
                && root.e.f.g.selected == .h, "plain deep link e/f/g/h not selected")
        return { count in
            var root = PlainRoot()
            return timeLoop(count) { index in
                selectPlain(&root, index)
                blackHole(root)
            }
        }
    }
}
