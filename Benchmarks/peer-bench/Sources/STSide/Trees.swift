// StepTree's trees: the same two trees as VDSide/Trees.swift.
import StepTree

public struct ExploreData: StepValue {
    public var query = ""
    public init(query: String = "") { self.query = query }
}

// VDFlow's classic tree. ThemeSteps has no `none` child: VDFlow's `none` is StepTree's
// empty selection (the default here, as VDFlow's `detail: ThemeSteps = .none`).
public struct AppSteps: StepsCollection {
    public enum Key: String, StepKey { case home, explore, profile }
    public var selected = StepSelection<Key>(.home)
    public var home = Step()
    public var explore = Step(ExploreData())
    public var profile = Step(ProfileSteps())
    public static let steps = StepTable<Self>(
        .tab(.home, \.home), .tab(.explore, \.explore), .tab(.profile, \.profile))
    public init() {}
}

public struct ProfileSteps: StepsCollection {
    public enum Key: String, StepKey { case main, detail }
    public var selected = StepSelection<Key>(.main)
    public var main = Step()
    public var detail = Step(ThemeSteps())
    public static let steps = StepTable<Self>(.inline(.main, \.main), .push(.detail, \.detail))
    public init() {}
}

public struct ThemeSteps: StepsCollection {
    public enum Key: String, StepKey { case light, dark }
    public var selected = StepSelection<Key>()
    public var light = Step()
    public var dark = Step()
    public static let steps = StepTable<Self>(.inline(.light, \.light), .inline(.dark, \.dark))
    public init() {}
}

// The large tree: 10 tabs, each 3 levels of 5 children (10 + 50 + 250 + 1,250 = 1,560 steps).
public struct LRoot: StepsCollection {
    public enum Key: String, StepKey { case t0, t1, t2, t3, t4, t5, t6, t7, t8, t9 }
    public var selected = StepSelection<Key>(.t0)
    public var t0 = Step(L1())
    public var t1 = Step(L1())
    public var t2 = Step(L1())
    public var t3 = Step(L1())
    public var t4 = Step(L1())
    public var t5 = Step(L1())
    public var t6 = Step(L1())
    public var t7 = Step(L1())
    public var t8 = Step(L1())
    public var t9 = Step(L1())
    public static let steps = StepTable<Self>(
        .tab(.t0, \.t0), .tab(.t1, \.t1), .tab(.t2, \.t2), .tab(.t3, \.t3), .tab(.t4, \.t4),
        .tab(.t5, \.t5), .tab(.t6, \.t6), .tab(.t7, \.t7), .tab(.t8, \.t8), .tab(.t9, \.t9))
    public init() {}
}

public struct L1: StepsCollection {
    public enum Key: String, StepKey { case c0, c1, c2, c3, c4 }
    public var selected = StepSelection<Key>(push: .c0)
    public var c0 = Step(L2())
    public var c1 = Step(L2())
    public var c2 = Step(L2())
    public var c3 = Step(L2())
    public var c4 = Step(L2())
    public static let steps = StepTable<Self>(
        .push(.c0, \.c0), .push(.c1, \.c1), .push(.c2, \.c2), .push(.c3, \.c3), .push(.c4, \.c4))
    public init() {}
}

public struct L2: StepsCollection {
    public enum Key: String, StepKey { case c0, c1, c2, c3, c4 }
    public var selected = StepSelection<Key>(push: .c0)
    public var c0 = Step(L3())
    public var c1 = Step(L3())
    public var c2 = Step(L3())
    public var c3 = Step(L3())
    public var c4 = Step(L3())
    public static let steps = StepTable<Self>(
        .push(.c0, \.c0), .push(.c1, \.c1), .push(.c2, \.c2), .push(.c3, \.c3), .push(.c4, \.c4))
    public init() {}
}

public struct L3: StepsCollection {
    public enum Key: String, StepKey { case c0, c1, c2, c3, c4 }
    public var selected = StepSelection<Key>(.c0)
    public var c0 = Step()
    public var c1 = Step()
    public var c2 = Step()
    public var c3 = Step()
    public var c4 = Step()
    public static let steps = StepTable<Self>(
        .inline(.c0, \.c0), .inline(.c1, \.c1), .inline(.c2, \.c2), .inline(.c3, \.c3),
        .inline(.c4, \.c4))
    public init() {}
}

/// The classic tree after the README's deep link: home first, then profile / detail / dark.
func deepTree() -> AppSteps {
    var steps = AppSteps()
    steps.select(\.profile, \.detail, \.dark)
    return steps
}

/// The large tree, t0 first, then t9 / c4 / c4 / c4 selected.
func deepLargeTree() -> LRoot {
    var steps = LRoot()
    steps.select(\.t9, \.c4, \.c4, \.c4)
    return steps
}

/// Counts every bare-value selection StepTree reports to its global observer.
final class CountingObserver: StepsObserver, @unchecked Sendable {
    var calls = 0
    func didSelect(_ selection: SelectionChange) { calls += 1 }
}
